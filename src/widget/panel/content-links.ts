import { type DocLink, docLinkOf, normalizeDocPath } from '../chat/citations.ts';
import type { Citation } from '../chat/types.ts';

/**
 * The doc page a link in an answer (or a shown page) points to, or undefined when it
 * should open normally. Doc pages are relative links, links to this site or to the origin
 * of a cited source, and links anywhere whose path is one of the cited pages.
 */
export function docPathOf(href: string, cited: readonly Citation[]): DocLink | undefined {
  const origins = [location.origin];
  for (const c of cited) {
    try {
      if (c.url) origins.push(new URL(c.url).origin);
    } catch {
      // A malformed source URL just does not add an origin.
    }
  }
  const link = docLinkOf(href, origins);
  if (link) return link;
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const path = normalizeDocPath(url.pathname);
    return cited.some((c) => c.path === path) ? { path } : undefined;
  } catch {
    return undefined;
  }
}
