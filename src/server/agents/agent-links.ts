/**
 * Links in the Markdown MCP serves, made followable by an agent. A page's source links other
 * pages as its author wrote them: relative to the page (`./setup`), or to its file
 * (`../reference/element.md#attributes`). An agent that passes such a link to `get_page` has
 * lost the page it came from, so each link to a page of the site is rewritten to that page's
 * published address (absolute with the site's URL, else `/path`), which `get_page` and
 * `resources/read` take as they take a search result's `path`, and which the agent can cite.
 * Links to other sites, to assets and to anchors of the page itself are left as written.
 */
import { normalizePagePath, resolveLink } from '../../api/paths.ts';
import type { DocsIndex, Page } from '../docs-index/types.ts';
import type { Site } from '../types.ts';
import { publicPage, publishedUrl } from './agent-pages.ts';
import { mapLinkTargets } from './markdown/mdx-tokens.ts';

/** Another site (`https:`, `mailto:`, `//host`), or an anchor of the page itself. */
const NOT_ANOTHER_PAGE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;
/** A link written as a file (`../guide/setup.md`) names the file, relative to the linking file. */
const DOC_FILE = /\.mdx?(?:[?#]|$)/i;
/** `](target` of an inline link or image, the target optionally in `<…>`. */
const INLINE_LINK = /\]\(\s*(<?)([^)\s>]+)/g;
/** `[id]: target`, a reference definition. */
const REFERENCE_LINK = /^(\s{0,3}\[[^\]]+\]:\s*<?)([^\s>]+)/;

/**
 * The public page a path or address names: a search result's `path`, the page's published
 * path or URL (also under the site URL's base path, `https://acme.dev/docs/x`), with or
 * without `.md`, a trailing slash or an `#anchor`.
 */
export function agentPage(
  site: Pick<Site, 'index' | 'siteUrl'>,
  requested: string,
): Page | undefined {
  const page = publicPage(site.index, requested);
  if (page || !site.siteUrl) return page;
  const base = new URL(site.siteUrl.endsWith('/') ? site.siteUrl : `${site.siteUrl}/`);
  if (base.pathname === '/') return undefined;
  // The published URL, or the root-relative path on its host, under the site's base path.
  let path = requested.trim();
  if (path.toLowerCase().startsWith(base.origin.toLowerCase()))
    path = path.slice(base.origin.length);
  if (!path.startsWith('/')) path = `/${path}`;
  return path.startsWith(base.pathname)
    ? publicPage(site.index, path.slice(base.pathname.length))
    : undefined;
}

/** A link to a file the site's build bundles (`./img/a.png`, `../files/x.pdf`), not a page. */
const ASSET_FILE = /\.(?!mdx?(?:[?#]|$)|html?(?:[?#]|$))[a-z0-9]{1,8}(?:[?#]|$)/i;

/**
 * The page's Markdown with its relative links as the published site resolves them, from the
 * site's root: a link to a page's file or path (`../guides/setup.md`, `./y`) at that page's
 * published path (`/docs/guides/setup`), any other relative address against the page's own
 * published path, as a browser resolves it there. Root-relative paths, other sites, anchors of
 * the page itself and files the site's build bundles (images, downloads) are left as written.
 * `servedAt`: the path the page is served at, when it is not its own (a language's fallback).
 */
export function withSitePaths(
  markdown: string,
  page: Pick<Page, 'path' | 'file'>,
  index: Pick<DocsIndex, 'getPage' | 'servedPath'>,
  servedAt: string = page.path,
): string {
  if (!markdown.includes('](') && !markdown.includes(']:')) return markdown;
  // A default-language page served under a language's prefix (`fr/docs/x`, `servedPath`) links
  // the pages of that language's site: `fr/` before each linked page's own path.
  const prefix =
    servedAt !== page.path && servedAt.endsWith(page.path)
      ? servedAt.slice(0, servedAt.length - page.path.length)
      : '';
  const served = (linked: Page): string => {
    if (!prefix) return linked.path;
    const there = `${prefix}${linked.translationKey ?? linked.path}`;
    const copy = index.getPage(there);
    return copy ? (index.servedPath?.(copy, there) ?? copy.path) : linked.path;
  };
  const target = (href: string): string => {
    if (NOT_ANOTHER_PAGE.test(href) || href.startsWith('/') || ASSET_FILE.test(href)) return href;
    const file = DOC_FILE.test(href);
    const resolved = resolveLink(href, file ? page.file : page.path);
    if (!resolved) return href;
    const key = normalizePagePath(resolved.path);
    const linked = key === undefined ? undefined : index.getPage(`/${key}`);
    if (linked) return `/${served(linked)}${resolved.hash}`;
    // A file that is no page: where the site publishes it is the build's affair.
    if (file) return href;
    const url = new URL(href, `https://page.invalid/${servedAt.replace(/^\/+/, '')}`);
    return `${url.pathname}${url.search}${url.hash}`;
  };
  return mapLinkTargets(markdown, { inline: INLINE_LINK, reference: REFERENCE_LINK }, target);
}

/** The page's Markdown with every link to a public page of the site at its published address. */
export function withAgentLinks(
  markdown: string,
  page: Pick<Page, 'path' | 'file'>,
  site: Pick<Site, 'index' | 'siteUrl'>,
): string {
  if (!markdown.includes('](') && !markdown.includes(']:')) return markdown;
  const target = (href: string): string => {
    if (NOT_ANOTHER_PAGE.test(href)) return href;
    const resolved = resolveLink(href, DOC_FILE.test(href) ? page.file : page.path);
    if (!resolved) return href;
    const key = normalizePagePath(resolved.path);
    const linked = key === undefined ? undefined : agentPage(site, `/${key}`);
    if (!linked) return href;
    return publishedUrl(site.siteUrl, linked.path, resolved.hash.slice(1) || undefined);
  };
  return mapLinkTargets(markdown, { inline: INLINE_LINK, reference: REFERENCE_LINK }, target);
}
