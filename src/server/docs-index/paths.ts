/**
 * Page paths as docs frameworks publish them (Docusaurus, Nextra, Fumadocs, the AI SDK site):
 * the file path without extension, `index` naming its folder, numeric ordering prefixes dropped.
 * Also the normalisation of paths that clients send, which must never escape the docs folder.
 */

const DOC_EXTENSION = /\.mdx?$/i;
/** `02-foundations` -> `foundations`; a bare number (`404.md`) is a name, not a prefix. */
const ORDER_PREFIX = /^\d+[-_.](?=.)/;

/** True for files the index loads. */
export function isDocFile(file: string): boolean {
  return DOC_EXTENSION.test(file);
}

/** `docs/02-foundations/01-overview.mdx` -> `docs/foundations/overview`; root `index.mdx` -> ``. */
export function pagePathFromFile(file: string): string {
  const segments = file
    .replace(/\\/g, '/')
    .replace(DOC_EXTENSION, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(ORDER_PREFIX, ''));
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop();
  return segments.join('/').toLowerCase();
}

/**
 * A frontmatter `slug`: absolute (`/guides/setup`) replaces the whole path, relative replaces
 * the last segment, as in Docusaurus.
 */
export function applySlug(pagePath: string, slug: string): string {
  const trimmed = slug.trim();
  if (trimmed.startsWith('/')) return trimSlashes(trimmed).toLowerCase();
  const parent = pagePath.split('/').slice(0, -1);
  return [...parent, trimSlashes(trimmed)].filter(Boolean).join('/').toLowerCase();
}

/**
 * The lookup key for a path a client sent: tolerant of what people paste (slashes, `.md`,
 * `#anchor`, `?query`, percent-encoding, a full URL) and `undefined` for anything that tries to
 * leave the docs tree. Lookups only ever hit the in-memory index, so this is defence in depth.
 */
export function normalizeRequestPath(input: string): string | undefined {
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
  if (last >= 0) segments[last] = segments[last]!.replace(DOC_EXTENSION, '');
  if (segments.at(-1)?.toLowerCase() === 'index') segments.pop();
  return segments.join('/').toLowerCase();
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}
