import { resolveLink } from '../../api/paths.ts';

/**
 * Links to published docs pages. Relative (`/docs/foundations/overview#anchor`) so they work on
 * the doc site the widget runs on; absolute when the site's published address is configured.
 */
export function pageLink(path: string, anchor?: string, siteUrl?: string): string {
  const base = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const hash = anchor ? `#${anchor}` : '';
  return `${base}/${path.replace(/^\/+/, '')}${hash}`;
}

/**
 * A quoted line's Markdown links as the reader's page needs them: a relative link is written
 * for the page it was on (`./api-javascript` on `guide/api-hmr`), so it is resolved against that
 * page's published path, and a link to a source file (`../config/index.md`) becomes the page's
 * address. Links to other sites, anchors and images' own addresses stay as they are.
 */
export function siteLinks(markdown: string, pagePath: string, siteUrl?: string): string {
  if (!markdown.includes('](')) return markdown;
  return markdown.replace(/\]\(\s*([^)\s]+)/g, (whole, target: string) => {
    if (/^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i.test(target)) return whole;
    const link = resolveLink(target, pagePath);
    return link ? `](${pageLink(link.path, link.hash.slice(1) || undefined, siteUrl)}` : whole;
  });
}
