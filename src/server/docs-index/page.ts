/** Turns one Markdown/MDX file into a Page: frontmatter, published path, clean content. */

import { type PageSource, splitFrontmatter } from './frameworks/frontmatter.ts';
import { frontmatterText } from './frameworks/page-rules.ts';
import { plainPath } from './frameworks/plain.ts';
import { type AnchorStyle, isMdxFile, type PagePlacement } from './frameworks/types.ts';
import {
  FenceTracker,
  parseHeading,
  plainText,
  stripMdxComments,
  stripMdxStatements,
} from './markdown.ts';
import type { Page, PageMeta } from './types.ts';

export interface PageExtras {
  anchorStyle?: AnchorStyle;
  /** Partial files inlined into the body. */
  includes?: string[];
  /** The page is Markdown, not MDX: `{/* … *\/}` is its text (default: MDX). */
  markdown?: boolean;
}

/**
 * Parses a page of a folder without framework configuration (path from the file, language
 * from frontmatter). Throws when the frontmatter is not valid YAML; the loader reports and
 * skips such files.
 */
export function parsePage(file: string, source: string): Page {
  const parsed = splitFrontmatter(source);
  const path = plainPath(file, parsed.data);
  const language = frontmatterText(parsed.data.language ?? parsed.data.lang);
  return buildPage(
    file,
    parsed,
    { path, translationKey: path, ...(language && { language }) },
    { markdown: !isMdxFile(file) },
  );
}

/** A page from its parsed source and where its framework publishes it. */
export function buildPage(
  file: string,
  { data, body }: PageSource,
  placement: PagePlacement,
  extras: PageExtras = {},
): Page {
  const content = stripMdxStatements(extras.markdown ? body : stripMdxComments(body)).replace(
    /^\s*\n/,
    '',
  );
  const { path, navTitle } = placement;
  const own = frontmatterText(data.title);
  const meta: PageMeta = {
    title:
      (placement.navTitleFirst ? navTitle : undefined) ??
      own ??
      firstHeading(content, 1) ??
      placement.defaultTitle ??
      navTitle ??
      firstHeading(content) ??
      titleFromPath(path || file),
    tags: list(data.tags ?? data.tag),
    groups: list(data.groups),
  };
  const description = frontmatterText(data.description);
  if (description) meta.description = description;
  const version = placement.version ?? frontmatterText(data.version);
  if (version) meta.version = version;
  if (placement.language) meta.language = placement.language;
  if (placement.navigation?.length) meta.navigation = placement.navigation;
  const page: Page = {
    ...meta,
    path,
    file,
    content,
    anchorStyle: extras.anchorStyle ?? 'github',
    translationKey: placement.translationKey,
  };
  if (placement.unlisted) page.unlisted = true;
  if (extras.includes?.length) page.includes = extras.includes;
  return page;
}

/** The first heading (of `level` only, when given) outside code. */
function firstHeading(content: string, level?: number): string | undefined {
  const fences = new FenceTracker();
  for (const line of content.split('\n')) {
    if (fences.isCode(line)) continue;
    const heading = parseHeading(line);
    if (heading && (level === undefined || heading.level === level)) {
      return plainText(heading.text) || undefined;
    }
  }
  return undefined;
}

/** Last resort: `foundations/prompt-engineering` -> `Prompt engineering`. */
function titleFromPath(path: string): string {
  const name = path
    .replace(/\/$/, '')
    .split('/')
    .at(-1)!
    .replace(/\.(?:mdx?|html)$/, '')
    .replace(/[-_]+/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function list(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  if (items.length > 0) return items.map(frontmatterText).filter((item) => item !== undefined);
  const single = frontmatterText(value);
  return single ? [single] : [];
}
