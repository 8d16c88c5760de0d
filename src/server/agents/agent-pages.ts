/**
 * Which pages agents see, and where each is published. Everything served to agents (MCP,
 * llms.txt, `.md` pages, the export) is public: a page restricted to `groups` is never served,
 * whatever the caller sends, since these routes carry no groups of their own. Lists (llms.txt,
 * MCP resources) also leave out unlisted pages and other languages and versions than the site's
 * default, which a reader of the site does not find in its navigation either.
 */
import type { DocsIndex, Page } from '../docs-index/types.ts';

/** A page agents may read: one without access groups. */
export function isPublicPage(page: Page): boolean {
  return page.groups.length === 0;
}

/** A public page by any accepted form of its path; undefined for anything else. */
export function publicPage(index: DocsIndex, path: string): Page | undefined {
  const page = index.getPage(path);
  return page && isPublicPage(page) ? page : undefined;
}

/** The pages a list for agents names, in the site's order. */
export function listedPages(index: DocsIndex): Page[] {
  const profile = index.profile;
  const language = profile?.defaultLanguage;
  const version = profile?.versions[0]?.name;
  const pages: Page[] = [];
  for (const page of index.allPages?.() ?? []) {
    if (!isPublicPage(page) || page.unlisted) continue;
    if (language && page.language && page.language !== language) continue;
    if (version && page.version && page.version !== version) continue;
    pages.push(page);
  }
  return pages;
}

/** Where a page's Markdown lives beside the site: `guides/setup/` -> `guides/setup.md`. */
export function markdownFileOf(path: string): string {
  const bare = path.replace(/\/+$/, '');
  return `${bare === '' ? 'index' : bare}.md`;
}

/** The page (and section) on the published site: absolute with a site URL, else root-relative. */
export function publishedUrl(siteUrl: string | undefined, path: string, anchor?: string): string {
  const hash = anchor ? `#${anchor}` : '';
  if (!siteUrl) return `/${path}${hash}`;
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return new URL(`${path}${hash}`, base).href;
}

/**
 * The navigation group a page is listed under: its trail, or its folder when it has none,
 * below `base`, the folders every listed page sits in (`en/docs/` on a Nextra site, `docs/` on
 * a Fumadocs one): a language or docs prefix names no group.
 */
export function navigationGroupOf(page: Page, base: readonly string[] = []): string[] {
  if (page.navigation?.length) return page.navigation;
  const folders = segmentsOf(page.path).slice(base.length, -1);
  if (folders.length === 0) return ['Pages'];
  return folders.map(humanize);
}

/**
 * The pages by navigation group, groups in the site's order: a group comes where its first
 * page or the first page of a group below it does, so a parent is listed before its children
 * even when the site's first page under it sits in a child ("Cookbook", then "Cookbook >
 * Guides"), and the children of one parent stay together.
 */
export function pagesByGroup(
  pages: readonly Page[],
  base: readonly string[] = [],
): { group: string[]; pages: Page[] }[] {
  const groups = new Map<string, { group: string[]; pages: Page[] }>();
  // where each group, or any group below it, is first seen
  const firstSeen = new Map<string, number>();
  for (const [position, page] of pages.entries()) {
    const group = navigationGroupOf(page, base);
    const key = JSON.stringify(group);
    const entry = groups.get(key) ?? { group, pages: [] };
    entry.pages.push(page);
    groups.set(key, entry);
    for (let depth = 1; depth <= group.length; depth++) {
      const prefix = JSON.stringify(group.slice(0, depth));
      if (!firstSeen.has(prefix)) firstSeen.set(prefix, position);
    }
  }
  const seen = (group: string[], depth: number) =>
    firstSeen.get(JSON.stringify(group.slice(0, depth))) ?? 0;
  return [...groups.values()].sort((a, b) => {
    const depth = Math.min(a.group.length, b.group.length);
    for (let d = 1; d <= depth; d++) {
      const order = seen(a.group, d) - seen(b.group, d);
      if (order !== 0) return order;
    }
    return a.group.length - b.group.length;
  });
}

/** The leading path segments that all the pages share (none for a site with a home page). */
export function commonFolders(pages: readonly Page[]): string[] {
  let common: string[] | undefined;
  for (const page of pages) {
    const segments = segmentsOf(page.path);
    if (common === undefined) common = segments;
    let shared = 0;
    while (shared < common.length && common[shared] === segments[shared]) shared++;
    common = common.slice(0, shared);
    if (common.length === 0) break;
  }
  return common ?? [];
}

function segmentsOf(path: string): string[] {
  const bare = path.replace(/\/+$/, '');
  return bare === '' ? [] : bare.split('/');
}

function humanize(segment: string): string {
  const words = segment.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
