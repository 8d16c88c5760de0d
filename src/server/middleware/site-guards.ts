/**
 * The guards of the `{domain}`-scoped API, built once per app so that every router shares the
 * same counters: the key resolves the organization and its site, then the client's own limit
 * (per IP per minute on page and search, per IP per day on the assistant) is checked *before*
 * the organization's hourly limit, so a request refused for its client costs the organization
 * nothing. Before any limit, a browser request from an origin the site does not allow is 403.
 * Every counter is keyed by organization, and the per-IP ones also by site.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { IP_REQUESTS_PER_MINUTE } from '../../api/limits.ts';
import type { LimiterFactory } from '../stores/limiters.ts';
import type { AppEnv, Organization } from '../types.ts';
import { authenticate } from './auth.ts';
import { originGuard } from './origins.ts';
import { clientAddress, rateLimitCounter, rateLimits } from './rate-limit.ts';

export type SiteGuards = MiddlewareHandler<AppEnv>[];

export interface SiteGuardOptions {
  organizations: Organization[];
  /** Trusted proxy hops in front of the server (X-Forwarded-For); 0 or false: none. */
  trustProxy?: number | boolean;
  /** Where the counters live (memory or Redis); default: this process's memory. */
  limiters?: LimiterFactory;
}

export interface ApiGuards {
  /** A valid key of the organization owning `{domain}`, within the IP and hourly limits. */
  site: SiteGuards;
  /** The same, with the assistant's daily limit per client address. */
  assistant: SiteGuards;
  /** The key check alone, for a router that may also admit a request without one (MCP). */
  authenticate: MiddlewareHandler<AppEnv>;
  /**
   * The assistant's limits without the key and origin checks, after a router's own (same
   * counters): MCP checks origins itself, for clients that are not browsers.
   */
  limits: SiteGuards;
}

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/** `trustProxy` as a number of hops (`true` is one proxy). */
export function trustedHops(trustProxy: number | boolean | undefined): number {
  if (trustProxy === true) return 1;
  if (typeof trustProxy === 'number' && Number.isInteger(trustProxy) && trustProxy > 0) {
    return trustProxy;
  }
  return 0;
}

export function siteGuards(options: SiteGuardOptions): ApiGuards {
  const hops = trustedHops(options.trustProxy);
  // The counters are named by organization (and site): two organizations never share one.
  const organizationKey = (c: Context<AppEnv>) => `org:${c.get('organization').name}`;
  const clientKey = (c: Context<AppEnv>) =>
    `org:${c.get('organization').name}|site:${c.get('site').domain}|ip:${clientAddress(c, hops)}`;
  const perOrganization = rateLimitCounter({
    subject: 'organization',
    windowSeconds: HOUR,
    ...(options.limiters && { limiters: options.limiters }),
    points: (c) => c.get('organization').limits.orgPerHour,
    key: organizationKey,
  });
  const perClientPerMinute = rateLimitCounter({
    subject: 'IP address',
    windowSeconds: MINUTE,
    ...(options.limiters && { limiters: options.limiters }),
    points: (c) => c.get('organization').limits.ipPerMinute ?? IP_REQUESTS_PER_MINUTE,
    key: clientKey,
  });
  const perClientPerDay = rateLimitCounter({
    subject: 'IP address',
    windowSeconds: DAY,
    ...(options.limiters && { limiters: options.limiters }),
    points: (c) => c.get('organization').limits.ipPerDay,
    key: clientKey,
  });
  const auth = authenticate(options);
  // A page on another site is refused before any counter moves (the domain allowlist).
  const origin = originGuard();
  // The client's own limit first: a request refused for its client costs the organization nothing.
  // Each list is one middleware; the counters are shared (an organization has one hourly count).
  const limits = [rateLimits(perClientPerDay, perOrganization)];
  return {
    site: [auth, origin, rateLimits(perClientPerMinute, perOrganization)],
    assistant: [auth, origin, ...limits],
    authenticate: auth,
    limits,
  };
}
