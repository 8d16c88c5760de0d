/**
 * Keys -> organization -> site. A missing, malformed or unknown key is 401; a valid key whose
 * organization does not own `{domain}` is 403 with the same message whether or not the domain
 * exists, so keys cannot be used to discover other sites.
 */
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { ADMIN_KEY_PATTERN, KEY_PATTERN } from '../../api/limits.ts';
import type { AppEnv, Organization } from '../types.ts';
import { errorResponse } from './errors.ts';

export interface AuthOptions {
  organizations: Organization[];
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function authenticate(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const organizationByKey = new Map<string, Organization>();
  for (const organization of options.organizations) {
    for (const key of organization.keys) organizationByKey.set(key, organization);
  }
  return async function authenticated(c, next) {
    const key = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    const organization = key && KEY_PATTERN.test(key) ? organizationByKey.get(key) : undefined;
    if (!organization) {
      c.header('WWW-Authenticate', 'Bearer');
      return errorResponse(c, 401, 'Missing or invalid API key');
    }
    const domain = c.req.param('domain');
    const site = organization.sites.find((candidate) => candidate.domain === domain);
    if (!site) return errorResponse(c, 403, 'This key does not give access to this domain');
    c.set('organization', organization);
    c.set('site', site);
    await next();
  };
}

/**
 * Admin keys -> organization -> site, for the insights API. Admin keys are secrets: they are
 * looked up by their SHA-256 (no comparison of the secret itself), public keys are never
 * accepted here (and admin keys never by `authenticate`). Same 401/403 rules as above.
 */
export function authenticateAdmin(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const organizationOf = adminOrganizations(options);
  return async function adminAuthenticated(c, next) {
    const organization = organizationOf(c.req.header('authorization'));
    if (!organization) return refuseAdmin(c);
    const domain = c.req.param('domain');
    const site = organization.sites.find((candidate) => candidate.domain === domain);
    if (!site) return errorResponse(c, 403, 'This key does not give access to this domain');
    c.set('organization', organization);
    c.set('site', site);
    await next();
  };
}

/**
 * An admin key -> its organization, for what spans the organization's sites
 * (`GET /v1/analytics/sites`); sets `organization` only. Same 401 rules as above.
 */
export function authenticateAdminOrganization(options: AuthOptions): MiddlewareHandler<AppEnv> {
  const organizationOf = adminOrganizations(options);
  return async function adminOrganizationAuthenticated(c, next) {
    const organization = organizationOf(c.req.header('authorization'));
    if (!organization) return refuseAdmin(c);
    c.set('organization', organization);
    await next();
  };
}

/** The organization of the admin key in an Authorization header, if any. */
function adminOrganizations(options: AuthOptions) {
  const organizationByHash = new Map<string, Organization>();
  for (const organization of options.organizations) {
    for (const key of organization.adminKeys ?? []) {
      organizationByHash.set(sha256(key), organization);
    }
  }
  return (authorization: string | undefined): Organization | undefined => {
    const key = BEARER.exec(authorization ?? '')?.[1];
    return key && ADMIN_KEY_PATTERN.test(key) ? organizationByHash.get(sha256(key)) : undefined;
  };
}

function refuseAdmin(c: Context<AppEnv>): Response {
  const key = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
  c.header('WWW-Authenticate', 'Bearer');
  const message =
    key && KEY_PATTERN.test(key)
      ? 'A public key cannot read insights: use an admin key (da_admin_…)'
      : 'Missing or invalid admin key';
  return errorResponse(c, 401, message);
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
