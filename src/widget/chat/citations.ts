/**
 * The pages an answer cites, from its `search` tool results, its `source-url` parts and the
 * links in its text that point at doc pages, deduplicated by path and numbered in order.
 */
import { normalizePagePath, resolveLink, withoutPageFile } from '../../api/paths.ts';
import type { SearchResult } from '../../api/types.ts';
import type { Citation, DocsUIMessage } from './types.ts';

export interface DocLink {
  path: string;
  anchor?: string;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const NOT_A_PAGE =
  /\.(?:png|jpe?g|gif|svg|webp|avif|ico|pdf|zip|gz|tgz|mp4|webm|mp3|json|txt|css|js)$/i;

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The doc page a link points at, or undefined for in-page anchors, other sites, mail and files.
 * Relative links are doc paths: resolved against `base` (the published path of the page they
 * are on: `./api-javascript` on `guide/api-hmr` is `guide/api-javascript`), else from the root.
 * Absolute http(s) links count when their origin is in `docOrigins`. The `.md`, `.mdx` and
 * `.html` forms of a page's address (VitePress accepts `.html`) are the page.
 */
export function docLinkOf(
  href: string,
  docOrigins: readonly string[] = defaultOrigins(),
  base?: string,
): DocLink | undefined {
  const value = href.trim();
  if (value === '' || value.startsWith('#')) return undefined;
  let rest = value;
  if (base !== undefined && !SCHEME.test(value) && !value.startsWith('/')) {
    const link = resolveLink(value, base);
    if (!link) return undefined;
    rest = link.path + link.hash;
  } else if (SCHEME.test(value) || value.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(value, 'https://invalid.invalid');
    } catch {
      return undefined;
    }
    if (
      (url.protocol !== 'https:' && url.protocol !== 'http:') ||
      !docOrigins.includes(url.origin)
    ) {
      return undefined;
    }
    rest = url.pathname + url.hash;
  }
  const [pathPart = '', hash] = rest.split('#', 2);
  const path = normalizePagePath(withoutPageFile(pathPart.replace(/\?.*$/s, '')));
  // '' is the site's home page (`index.md` at the root), a page like any other.
  if (path === undefined || NOT_A_PAGE.test(path)) return undefined;
  const anchor = hash ? safeDecode(hash) : undefined;
  return anchor ? { path, anchor } : { path };
}

function defaultOrigins(): string[] {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? [origin] : [];
}

function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The results of every finished `search` tool call in the message. */
export function searchResultsOf(message: DocsUIMessage): SearchResult[] {
  const results: SearchResult[] = [];
  for (const part of message.parts) {
    const p = part as { type: string; toolName?: string; state?: string; output?: unknown };
    const isSearch =
      p.type === 'tool-search' || (p.type === 'dynamic-tool' && p.toolName === 'search');
    if (!isSearch || p.state !== 'output-available' || !Array.isArray(p.output)) continue;
    for (const item of p.output) {
      const r = item as Partial<SearchResult> | null;
      if (r && typeof r.path === 'string') results.push(r as SearchResult);
    }
  }
  return results;
}

/** `[text](href)` links in Markdown, outside code. */
export function markdownLinksOf(text: string): { text: string; href: string }[] {
  const withoutCode = text.replace(/```[\s\S]*?(?:```|$)|`[^`\n]*`/g, '');
  const links: { text: string; href: string }[] = [];
  const pattern = /(!?)\[((?:[^[\]\\]|\\.)*)\]\(\s*<?([^\s)>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;
  for (const match of withoutCode.matchAll(pattern)) {
    if (match[1] === '!') continue; // images are not citations
    links.push({ text: (match[2] ?? '').replace(/[*_`~]/g, '').trim(), href: match[3] ?? '' });
  }
  return links;
}

/** The targets of links that are the whole of a Markdown list item (`- [text](href)`). */
function listedLinksOf(text: string): Set<string> {
  const listed = new Set<string>();
  const item = /^[ \t]*(?:[-*+]|\d+[.)])[ \t]+(.*\S)[ \t]*$/gm;
  for (const match of text.matchAll(item)) {
    const links = markdownLinksOf(match[1]!);
    const [only] = links;
    if (links.length === 1 && only && /^\[(?:[^[\]\\]|\\.)*\]\([^)]*\)$/.test(match[1]!.trim())) {
      listed.add(only.href);
    }
  }
  return listed;
}

export interface CitationOptions {
  /** Origins whose absolute links are doc pages; defaults to the page's own origin. */
  docOrigins?: readonly string[];
}

/**
 * The cited pages of an assistant message, deduplicated by path and numbered from 1: the
 * `source-url` parts first (the server's own numbering, titled by section), then doc links in
 * the text; only when there are neither, the pages the search retrieved.
 */
export function citationsOf(message: DocsUIMessage, options?: CitationOptions): Citation[] {
  // messages are immutable snapshots, so a render loop can ask again for free
  if (options) return computeCitations(message, options);
  let cited = memo.get(message);
  if (!cited) {
    cited = computeCitations(message, {});
    memo.set(message, cited);
  }
  return cited;
}

const memo = new WeakMap<DocsUIMessage, Citation[]>();

function computeCitations(message: DocsUIMessage, options: CitationOptions): Citation[] {
  const results = searchResultsOf(message);
  const titles = new Map<string, string | undefined>();
  for (const result of results) {
    const path = normalizePagePath(result.path);
    if (path !== undefined) titles.set(path, result.metadata?.title);
  }
  const byPath = new Map<string, Omit<Citation, 'index'>>();
  const add = (citation: Omit<Citation, 'index'>) => {
    const existing = byPath.get(citation.path);
    if (!existing) {
      // The server titles its sources by section ("Page › Section"): two sections, or two
      // pages with one title, stay apart. Other citations take the page's search title, unless
      // their link text names that page and a section of it (the server's "More in:" and
      // closest-sections links), which the chip keeps: it opens at that section.
      const pageTitle = titles.get(citation.path);
      const title =
        citation.from === 'source' || !pageTitle || citation.title.startsWith(`${pageTitle} › `)
          ? citation.title
          : pageTitle;
      byPath.set(citation.path, { ...citation, title });
      return;
    }
    existing.url ??= citation.url;
    existing.anchor ??= citation.anchor;
    if (!existing.title) existing.title = citation.title;
  };
  /** A URL path that ends with a known result path is that page (hosted docs may add a prefix). */
  const knownPath = (path: string) => {
    if (titles.has(path)) return path;
    for (const known of titles.keys()) if (path.endsWith(`/${known}`)) return known;
    return path;
  };

  const sources = message.parts.filter((p) => p.type === 'source-url') as {
    url: string;
    title?: string;
  }[];
  const origins = [
    ...(options.docOrigins ?? defaultOrigins()),
    ...sources.map((s) => originOf(s.url)).filter((o): o is string => o !== undefined),
  ];

  for (const source of sources) {
    const link =
      docLinkOf(source.url, origins) ?? docLinkOf(source.url, [originOf(source.url) ?? '']);
    if (!link) continue;
    const path = knownPath(link.path);
    add({
      path,
      title: source.title || path,
      url: source.url,
      from: 'source',
      ...(link.anchor ? { anchor: link.anchor } : {}),
    });
  }
  let linksDocs = false;
  for (const part of message.parts) {
    if (part.type !== 'text') continue;
    const listed = listedLinksOf(part.text);
    for (const { text, href } of markdownLinksOf(part.text)) {
      const link = docLinkOf(href, origins);
      if (!link) continue;
      linksDocs = true;
      // A link that is a whole list item ("The closest sections are:" and its list) is already
      // shown as a list the reader can open: a chip would list it twice.
      if (listed.has(href)) continue;
      const path = knownPath(link.path);
      add({
        path,
        // `[3](/docs/x)` is a citation marker, not a title
        title: (/^\d+$/.test(text) ? '' : text) || path,
        from: 'link',
        ...(link.anchor ? { anchor: link.anchor } : {}),
      });
    }
  }
  // Retrieved pages become chips only when the answer cites nothing itself: an answer that
  // names its pages (or lists the closest ones when the docs do not cover the question) is
  // not followed by every page the search returned.
  if (byPath.size > 0 || linksDocs)
    return [...byPath.values()].map((citation, i) => ({ index: i + 1, ...citation }));
  for (const result of results) {
    const path = normalizePagePath(result.path);
    if (path === undefined) continue;
    const anchor = result.metadata?.anchor;
    add({
      path,
      title: result.metadata?.title || path,
      from: 'search',
      ...(anchor ? { anchor } : {}),
    });
  }
  return [...byPath.values()].map((citation, i) => ({ index: i + 1, ...citation }));
}
