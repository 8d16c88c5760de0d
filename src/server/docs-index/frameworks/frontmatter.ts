/** Frontmatter of pages and partials: YAML as data, never code. */
import matter from 'gray-matter';

const refuse = (): never => {
  throw new Error('executable frontmatter is not supported');
};
/**
 * Passing options also bypasses gray-matter's global cache, which would keep every source in
 * memory. gray-matter would `eval` a `---js` block: docs are data, never code.
 */
const MATTER_OPTIONS = { engines: { js: refuse, javascript: refuse, coffee: refuse } };

export interface PageSource {
  data: Record<string, unknown>;
  /** The Markdown after the frontmatter. */
  body: string;
}

/** Throws when the frontmatter is not valid YAML. */
export function splitFrontmatter(source: string): PageSource {
  const { data, content } = matter(source.replace(/^\uFEFF/, ''), MATTER_OPTIONS);
  return { data, body: content };
}

/** A partial's body; a partial with broken frontmatter is used as it is. */
export function splitFrontmatterBody(source: string): string {
  try {
    return splitFrontmatter(source).body;
  } catch {
    return source;
  }
}
