/**
 * Links to published docs pages. Relative (`/docs/foundations/overview#anchor`) so they work on
 * the doc site the widget runs on; absolute when the site's published address is configured.
 */
export function pageLink(path: string, anchor?: string, siteUrl?: string): string {
  const base = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const hash = anchor ? `#${anchor}` : '';
  return `${base}/${path.replace(/^\/+/, '')}${hash}`;
}
