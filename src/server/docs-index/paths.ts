/**
 * Page paths as docs frameworks publish them (Docusaurus, Nextra, Fumadocs, the AI SDK site):
 * the file path without extension, `index` naming its folder, numeric ordering prefixes dropped.
 * Also the normalisation of paths that clients send, which must never escape the docs folder.
 */

import { normalizePagePath } from '../../api/paths.ts';

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
 * The widget normalises the paths it links and asks for with the same function.
 */
export function normalizeRequestPath(input: string): string | undefined {
  return normalizePagePath(input);
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}
