/**
 * What the keyless agent routes share (llms.txt, `.md` pages, discovery): finding a site by its
 * domain, the per-client limit that bounds them (they are public like the published site, so
 * a client is all there is to count), and the address the server is reached at, for the
 * absolute links these files carry.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress, rateLimit } from '../middleware/rate-limit.ts';
import type { AppEnv, Organization, Site } from '../types.ts';

/** Requests per client address per hour on the keyless agent routes, by default. */
export const PUBLIC_REQUESTS_PER_HOUR = 3000;

export interface PublicLimitOptions {
  /** Requests per client address per hour; default 3,000. */
  perHour?: number;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  /** Proxy hops trusted for the client address (see `trustedHops`). */
  trustProxy?: number;
}

/** One limiter for all keyless agent routes, keyed by client address. */
export function publicRequestLimit(options: PublicLimitOptions = {}): MiddlewareHandler<AppEnv> {
  const points = options.perHour ?? PUBLIC_REQUESTS_PER_HOUR;
  return rateLimit({
    subject: 'IP address',
    windowSeconds: 3600,
    points: () => points,
    key: (c) => `agents:${clientAddress(c, options.trustProxy ?? 0)}`,
  });
}

/** Every site by its domain (domains are unique across organizations). */
export function sitesByDomain(organizations: Organization[]): Map<string, Site> {
  const sites = new Map<string, Site>();
  for (const organization of organizations) {
    for (const site of organization.sites) sites.set(site.domain, site);
  }
  return sites;
}

/**
 * The server's own address as the client reached it, and the path it is mounted under:
 * `suffix` is the route's own part of the request path (`/llms/acme/llms.txt`). The host is
 * the request's `Host`, which a proxy in front passes on (nginx `proxy_set_header Host $host`)
 * and a shared cache keys its copies by. `X-Forwarded-Host` is never read: a proxy that does
 * not overwrite it passes on whatever the client wrote, and a cache would then keep a file
 * linking to the client's host for every reader. Behind a trusted proxy, `X-Forwarded-Proto`
 * (`http` or `https`) names the scheme, as the proxy sets it.
 */
export function publicBase(c: Context<AppEnv>, suffix: string, trustProxy: number): string {
  const url = new URL(c.req.url);
  let origin = url.origin;
  if (trustProxy > 0) {
    const proto = firstValue(c.req.header('x-forwarded-proto'));
    if (proto === 'http' || proto === 'https') origin = `${proto}://${url.host}`;
  }
  const path = url.pathname;
  const prefix = path.endsWith(suffix) ? path.slice(0, path.length - suffix.length) : '';
  return `${origin}${prefix}`;
}

function firstValue(header: string | undefined): string | undefined {
  return header?.split(',')[0]?.trim() || undefined;
}
