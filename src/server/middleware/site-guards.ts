/**
 * The guards of the `{domain}`-scoped API, built once per app so that every router shares the
 * same counters: the key resolves the organization and its site, the organization's hourly
 * limit counts page, search and assistant requests alike, and the assistant adds a daily
 * limit per client address.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, Organization } from '../types.ts';
import { authenticate } from './auth.ts';
import { clientAddress, rateLimit } from './rate-limit.ts';

export type SiteGuards = MiddlewareHandler<AppEnv>[];

export interface SiteGuardOptions {
  organizations: Organization[];
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
}

export interface ApiGuards {
  /** A valid key of the organization owning `{domain}`, within its hourly limit. */
  site: SiteGuards;
  /** The same, and the client address within its daily limit on the assistant. */
  assistant: SiteGuards;
  /** The key check alone, for a router that may also admit a request without one (MCP). */
  authenticate: MiddlewareHandler<AppEnv>;
  /** The assistant's limits without the key check, after a router's own (same counters). */
  limits: SiteGuards;
}

const HOUR = 3600;
const DAY = 86_400;

export function siteGuards(options: SiteGuardOptions): ApiGuards {
  const perOrganization = rateLimit({
    subject: 'organization',
    windowSeconds: HOUR,
    points: (c) => c.get('organization').limits.orgPerHour,
    key: (c) => c.get('organization').name,
  });
  const perClientAddress = rateLimit({
    subject: 'IP address',
    windowSeconds: DAY,
    points: (c) => c.get('organization').limits.ipPerDay,
    key: (c) => clientAddress(c, options.trustProxy ?? false),
  });
  const keyCheck = authenticate(options);
  const site = [keyCheck, perOrganization];
  const limits = [perOrganization, perClientAddress];
  return { site, assistant: [...site, perClientAddress], authenticate: keyCheck, limits };
}
