/**
 * What a click inside an answer or a shown page means: a code block's copy button, a doc page to
 * open in the panel, or a link to open normally (in a new tab).
 */
import { normalizePagePath } from '../../api/paths.ts';
import { type DocLink, docLinkOf } from '../chat/citations.ts';
import type { Citation } from '../chat/types.ts';

export type ContentAction =
  | { kind: 'copy-code'; button: HTMLElement; code: string }
  | { kind: 'open-page'; citation: Citation }
  | { kind: 'external'; link: HTMLAnchorElement };

/**
 * The doc page a link points to, or undefined when it should open normally. Doc pages are
 * relative links, links to this site or to the origin of a cited source, and links anywhere
 * whose path is one of the cited pages.
 */
export function docPathOf(
  href: string,
  cited: readonly Citation[],
  base?: string,
): DocLink | undefined {
  const origins = [location.origin];
  for (const c of cited) {
    try {
      if (c.url) origins.push(new URL(c.url).origin);
    } catch {
      // A malformed source URL just does not add an origin.
    }
  }
  const link = docLinkOf(href, origins, base);
  if (link) return link;
  try {
    const url = new URL(href);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
    const path = normalizePagePath(url.pathname);
    return path !== undefined && cited.some((c) => c.path === path) ? { path } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The action for a click in rendered content whose answer cites `cited`; undefined: none of ours.
 * `base` is the published path of the page shown, against which its relative links resolve.
 */
export function contentAction(
  event: MouseEvent,
  cited: readonly Citation[],
  base?: string,
): ContentAction | undefined {
  const path = event.composedPath();
  const copy = path.find(
    (node): node is HTMLElement => node instanceof HTMLElement && node.matches('[data-copy-code]'),
  );
  if (copy) {
    const code = copy.closest('[data-code-block]')?.querySelector('code')?.textContent ?? '';
    return { kind: 'copy-code', button: copy, code };
  }
  const link = path.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
  if (!link || event.defaultPrevented) return undefined;
  const doc = docPathOf(link.getAttribute('href') ?? '', cited, base);
  if (!doc) return { kind: 'external', link };
  // a modified click opens the link as the browser would (new tab, window, download)
  if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return undefined;
  const known = cited.find((c) => c.path === doc.path);
  return {
    kind: 'open-page',
    citation: known ? { ...known, ...doc } : { index: 0, title: '', ...doc },
  };
}
