/**
 * Page paths as the companion server keys its pages and the widget asks for them: one
 * normalisation for both sides, so a link in an answer, a `source-url`, a search result's `path`
 * and what a client posts to `POST /v1/page/{domain}` all name a page the same way.
 * No dependencies and no DOM: the widget bundles it, the server imports it.
 */

const DOC_EXTENSION = /\.mdx?$/i;
/** A page's file forms in a link: `x.md`, `x.mdx`, `x.html` and `dir/index.html` are the page. */
const PAGE_FILE = /(?:\/index)?\.(?:mdx?|html?)$/i;

/** A link's path with the page's file form read as the page (`guide/x.html` → `guide/x`). */
export function withoutPageFile(path: string): string {
  return path.replace(PAGE_FILE, '');
}

/**
 * Where a link written on a page leads: `href` resolved against the published path of the page
 * it is on (`./api-javascript` on `guide/api-hmr` → `/guide/api-javascript`), as a path from the
 * site's root without the page's file form, and its `#hash`. Undefined for what is no URL.
 */
export function resolveLink(
  href: string,
  pagePath: string,
): { path: string; hash: string } | undefined {
  let url: URL;
  try {
    url = new URL(href, `https://page.invalid/${pagePath.replace(/^\/+/, '')}`);
  } catch {
    return undefined;
  }
  return { path: withoutPageFile(url.pathname), hash: url.hash };
}

/**
 * The page key of a path or address: tolerant of what links and people carry (leading and
 * trailing slashes, `./`, `.md`/`.mdx`, `#anchor`, `?query`, percent-encoding, a full http(s)
 * URL, a trailing `index`) and lower case, as pages are keyed. `undefined` for anything that
 * tries to leave the docs tree (`..`, NUL, backslashes, drive letters, encoded or not) or cannot
 * be decoded. The site's root page is `''`.
 *
 * `docs/02-foundations/Overview.mdx#intro` -> `docs/02-foundations/overview`.
 */
export function normalizePagePath(input: string): string | undefined {
  let path = input.trim();
  if (/^https?:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return undefined;
    }
  }
  path = path.replace(/[?#].*$/s, '');
  // Decode repeatedly so double-encoded traversal (`%252e%252e`) is seen for what it is.
  for (let round = 0; round < 3 && path.includes('%'); round++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return undefined;
    }
  }
  if (path.includes('\0') || path.includes('\\') || /^[a-z]:/i.test(path)) return undefined;
  const segments = path.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) return undefined;
  const last = segments.length - 1;
  if (last >= 0) segments[last] = (segments[last] ?? '').replace(DOC_EXTENSION, '');
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop();
  return segments.join('/').toLowerCase();
}
