/**
 * The domain allowlist: a site's public key may be tied to the origins its docs are served
 * from. A browser sends `Origin` with every cross-origin request (and with same-origin POSTs),
 * so a request from another site's page is refused with 403 before any work or quota is spent.
 * Requests without `Origin` (curl, servers, SDK scripts) are admitted unless the site requires
 * one. This is not authentication: a non-browser client can send any `Origin` it likes. It
 * stops other web pages from spending a site's quota and its model bill through their readers'
 * browsers, which is what keys in a page's source cannot do alone.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Site } from '../types.ts';
import { errorResponse } from './errors.ts';

/** Who may call a site from a browser. */
export interface OriginPolicy {
  /**
   * Origins allowed to call (`https://docs.acme.dev`, `http://localhost:3000`), or with one
   * leading wildcard label for subdomains (`https://*.acme.dev`). Absent: any origin.
   */
  allowedOrigins?: string[];
  /** Refuse requests that carry no `Origin` header; default false (curl, servers, SDKs). */
  requireOrigin?: boolean;
}

/**
 * Checks that an allowlist entry is an origin (scheme, host, optional port, nothing else) or
 * one with a `*.` wildcard label, and returns it in the form browsers send (lower case, no
 * default port). Throws an Error saying what is wrong.
 */
export function normalizeOriginPattern(pattern: string): string {
  const trimmed = pattern.trim();
  const wildcard = /^([a-z][a-z0-9+.-]*:\/\/)\*\.(.+)$/i.exec(trimmed);
  const concrete = wildcard ? `${wildcard[1]}${wildcard[2]}` : trimmed;
  let url: URL | undefined;
  try {
    url = new URL(concrete);
  } catch {
    url = undefined;
  }
  if (!url || url.origin === 'null' || url.username || url.password) {
    throw new Error(`${pattern} is not an origin (scheme://host[:port])`);
  }
  if (url.pathname !== '/' || url.search || url.hash || concrete.endsWith('#')) {
    throw new Error(`${pattern} is not an origin: drop the path (scheme://host[:port])`);
  }
  return wildcard ? url.origin.replace('://', '://*.') : url.origin;
}

/** A test for origins against an allowlist of exact origins and `scheme://*.domain` entries. */
export function originMatcher(patterns: readonly string[]): (origin: string) => boolean {
  const exact = new Set<string>();
  const suffixes: { scheme: string; suffix: string }[] = [];
  for (const pattern of patterns) {
    const normalized = normalizeOriginPattern(pattern);
    const wildcard = /^([a-z][a-z0-9+.-]*:\/\/)\*(\..+)$/.exec(normalized);
    if (wildcard) suffixes.push({ scheme: wildcard[1]!, suffix: wildcard[2]! });
    else exact.add(normalized);
  }
  return (origin) => {
    const candidate = origin.toLowerCase();
    if (exact.has(candidate)) return true;
    return suffixes.some(
      ({ scheme, suffix }) =>
        candidate.startsWith(scheme) &&
        candidate.endsWith(suffix) &&
        // At least one label before the suffix, and no path smuggled in.
        candidate.length > scheme.length + suffix.length &&
        !candidate.slice(scheme.length).includes('/'),
    );
  };
}

const matchers = new WeakMap<readonly string[], (origin: string) => boolean>();

/** Whether a request with this `Origin` (undefined: none sent) may call the site. */
export function originAllowed(site: Pick<Site, 'origins'>, origin: string | undefined): boolean {
  const policy = site.origins;
  if (!policy) return true;
  if (origin === undefined) return policy.requireOrigin !== true;
  const allowed = policy.allowedOrigins;
  if (!allowed) return true;
  let matches = matchers.get(allowed);
  if (!matches) {
    matches = originMatcher(allowed);
    matchers.set(allowed, matches);
  }
  return matches(origin);
}

/**
 * After the key check (the site is known): 403 for an origin the site does not allow, before
 * any limit is counted. The CORS middleware has already set its headers, so the page that made
 * the request can read why it was refused.
 */
export function originGuard(): MiddlewareHandler<AppEnv> {
  return async function allowedOrigin(c, next) {
    const origin = c.req.header('origin');
    if (!originAllowed(c.get('site'), origin)) {
      const message =
        origin === undefined
          ? 'This site accepts requests from its own pages only: the Origin header is missing'
          : `Requests from ${origin} are not allowed for this site`;
      return errorResponse(c, 403, message);
    }
    await next();
  };
}
