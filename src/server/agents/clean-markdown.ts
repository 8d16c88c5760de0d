/**
 * One page as clean Markdown, for agents and the llms.txt files: the page's title as its H1,
 * its description as a blockquote, then its content with every MDX component, container
 * directive and MkDocs block turned into plain Markdown (markdown/). Frontmatter and MDX
 * `import`/`export` lines are already gone from `page.content`; HTML and MDX comments,
 * `<script>`/`<style>` blocks, `[[toc]]` markers and `{#custom-id}` heading suffixes go here, and
 * reference links the page does not define (mkdocs-autorefs) read as their text.
 * With the site's index, a relative link becomes the site path the published site resolves it
 * to; with the published site's address, a link to a path of the site (`](/docs/x)`) becomes an
 * absolute link to it: an agent reads the page from this server, where `/docs/x` is no page.
 */
import { EXPLICIT_ID } from '../../api/explicit-id.ts';
import { linesAndCode } from '../docs-index/markdown.ts';
import type { DocsIndex, Page } from '../docs-index/types.ts';
import { withSitePaths } from './agent-links.ts';
import { renderMdx } from './markdown/mdx-render.ts';
import { mapLinkTargets } from './markdown/mdx-tokens.ts';
import { parseMdx } from './markdown/mdx-tree.ts';
import { rewriteMkDocsBlocks } from './markdown/mkdocs-blocks.ts';
import { referenceLabels, referenceLinksAsText } from './markdown/reference-links.ts';

const HEADING_OPEN = /^\s{0,3}#{1,6}\s/;
/** Spaces ending a line, matched from the run's first (linear in a long run of spaces). */
const TRAILING_SPACES = /(?<![ \t])[ \t]+$/;
const TOC_MARKER = /^\s*\[\[toc\]\]\s*$/i;

/** What a page's `.md` version holds; its path and file resolve its relative links. */
export type MarkdownPage = Pick<Page, 'title' | 'description' | 'content'> &
  Partial<Pick<Page, 'path' | 'file'>>;

export interface CleanMarkdownOptions {
  /** The published site (`--site-url`): links to its paths are made absolute. */
  siteUrl?: string | undefined;
  /**
   * The site's pages: relative links (`../guides/x`, `./y.md`) become the site paths the
   * published site resolves them to (`withSitePaths`), then absolute with `siteUrl`.
   */
  index?: Pick<DocsIndex, 'getPage'> | undefined;
}

export function cleanMarkdown(page: MarkdownPage, options: CleanMarkdownOptions = {}): string {
  let body = markdownBody(page.content);
  if (options.index && page.path !== undefined && page.file !== undefined) {
    body = withSitePaths(body, { path: page.path, file: page.file }, options.index);
  }
  if (options.siteUrl) body = absoluteSiteLinks(body, options.siteUrl);
  const lines = body.split('\n');
  // A body that opens with its own H1 keeps it; otherwise the page title is the H1.
  const ownTitle = /^#\s+(.+)$/.exec(lines[0] ?? '')?.[0];
  const rest = ownTitle ? lines.slice(1).join('\n').trim() : body;
  const parts = [ownTitle ?? `# ${oneLine(page.title)}`];
  if (page.description) parts.push(`> ${oneLine(page.description)}`);
  if (rest) parts.push(rest);
  return `${parts.join('\n\n')}\n`;
}

export interface BodyOptions {
  /**
   * Keep `{#custom-id}` heading suffixes: a renderer that gives headings their published anchors
   * (the widget's page view) reads them. Plain Markdown readers would show them as text.
   */
  headingIds?: boolean;
}

/** The content with components rendered and tidied, without title or description. */
export function markdownBody(content: string, options: BodyOptions = {}): string {
  const rendered = renderMdx(parseMdx(rewriteMkDocsBlocks(content)));
  return tidy(referenceLinksAsText(rendered, referenceLabels(content)), options);
}

/** Blank lines collapsed and trailing spaces cut outside code; markers of the site's build gone. */
function tidy(markdown: string, { headingIds = false }: BodyOptions): string {
  const out: string[] = [];
  for (const [line, code] of linesAndCode(markdown, { nested: true })) {
    if (code) {
      out.push(line);
      continue;
    }
    if (TOC_MARKER.test(line)) continue;
    const cleaned = (headingIds ? line : withoutHeadingId(line)).replace(TRAILING_SPACES, '');
    if (cleaned === '' && (out.length === 0 || out.at(-1) === '')) continue;
    out.push(cleaned);
  }
  return out.join('\n').trim();
}

/** A heading line without its `{#custom-id}` suffix; any other line as it is. */
function withoutHeadingId(line: string): string {
  const open = HEADING_OPEN.exec(line);
  if (!open) return line;
  const id = EXPLICIT_ID.exec(line.slice(open[0].length));
  return id ? line.slice(0, open[0].length + id.index) : line;
}

/** `](/path)` and `[id]: /path`, outside code: the target a root-relative link names. */
const INLINE_LINK = /\]\((\/(?!\/)[^)\s]*)/g;
const REFERENCE_LINK = /^(\s{0,3}\[[^\]]+\]:\s*)(\/(?!\/)\S*)/;

/** Root-relative links made absolute on the published site, code spans and fences untouched. */
export function absoluteSiteLinks(markdown: string, siteUrl: string): string {
  const site = new URL(siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`);
  // A link that already starts with the site's base path (`/docs`, `/docs/x`, `/docs#a`)
  // names a full path on its host.
  const base = site.pathname.slice(0, -1);
  const namesBase = (href: string) =>
    base !== '' && href.startsWith(base) && /^(?:$|[/?#])/.test(href.slice(base.length));
  const absolute = (href: string) =>
    namesBase(href) ? new URL(href, site.origin).href : new URL(href.slice(1), site).href;
  return mapLinkTargets(markdown, { inline: INLINE_LINK, reference: REFERENCE_LINK }, absolute);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
