/** Turns one Markdown/MDX file into a Page: frontmatter, published path, clean content. */
import matter from 'gray-matter';
import { FenceTracker, parseHeading, plainText, stripMdxStatements } from './markdown.ts';
import { applySlug, pagePathFromFile } from './paths.ts';
import type { Page, PageMeta } from './types.ts';

const refuse = (): never => {
  throw new Error('executable frontmatter is not supported');
};
/**
 * Passing options also bypasses gray-matter's global cache, which would keep every source in
 * memory. gray-matter would `eval` a `---js` block: docs are data, never code.
 */
const MATTER_OPTIONS = { engines: { js: refuse, javascript: refuse, coffee: refuse } };

/**
 * Parses a page. Throws when the frontmatter is not valid YAML; the loader reports and skips
 * such files.
 */
export function parsePage(file: string, source: string): Page {
  const { data, content: body } = matter(source.replace(/^\uFEFF/, ''), MATTER_OPTIONS);
  const content = stripMdxStatements(body).replace(/^\s*\n/, '');
  let path = pagePathFromFile(file);
  const slug = text(data.slug);
  if (slug) path = applySlug(path, slug);
  const meta: PageMeta = {
    title: text(data.title) ?? firstHeading(content) ?? titleFromPath(path || file),
    tags: list(data.tags ?? data.tag),
    groups: list(data.groups),
  };
  const description = text(data.description);
  if (description) meta.description = description;
  const version = text(data.version);
  if (version) meta.version = version;
  const language = text(data.language ?? data.lang);
  if (language) meta.language = language;
  return { ...meta, path, file, content };
}

function firstHeading(content: string): string | undefined {
  const fences = new FenceTracker();
  for (const line of content.split('\n')) {
    if (fences.isCode(line)) continue;
    const heading = parseHeading(line);
    if (heading) return plainText(heading.text) || undefined;
  }
  return undefined;
}

/** Last resort: `foundations/prompt-engineering` -> `Prompt engineering`. */
function titleFromPath(path: string): string {
  const name = path
    .split('/')
    .at(-1)!
    .replace(/\.mdx?$/, '')
    .replace(/[-_]+/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** YAML may hand us numbers, dates or booleans where we expect text. */
function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') return undefined;
  const result = String(value).trim();
  return result === '' ? undefined : result;
}

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  if (items.length > 0) return items.map(text).filter((item) => item !== undefined);
  const single = text(value);
  return single ? [single] : [];
}
