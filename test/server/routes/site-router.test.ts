/**
 * Security lives with what it protects: a route added later to any API router is guarded by
 * that router's own middleware, without anyone listing its path anywhere.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { handleErrors } from '../../../src/server/middleware/errors.ts';
import { siteGuards } from '../../../src/server/middleware/site-guards.ts';
import { assistantRoutes } from '../../../src/server/routes/assistant.ts';
import { pageRoutes } from '../../../src/server/routes/page.ts';
import { searchRoutes } from '../../../src/server/routes/search.ts';
import { siteRouter } from '../../../src/server/routes/site-router.ts';
import type { AppEnv } from '../../../src/server/types.ts';
import {
  ACME_KEY,
  embeddedAssistant,
  fromAddress,
  GLOBEX_KEY,
  organizations,
  post,
} from '../../support/server.ts';

/** Each router with guards of its own, so that every case starts with fresh counters. */
function guards() {
  const orgs = organizations();
  orgs[0]!.limits = { orgPerHour: 3, ipPerDay: 2 };
  return siteGuards({ organizations: orgs });
}
const assistant = (version: 1 | 2) =>
  assistantRoutes({ ...embeddedAssistant(), guards: guards().assistant, version });

const routers: [string, () => Hono<AppEnv>][] = [
  ['page', () => pageRoutes({ guards: guards().site })],
  ['search', () => searchRoutes({ guards: guards().site })],
  ['assistant v1', () => assistant(1)],
  ['assistant v2', () => assistant(2)],
  ['a new resource', () => siteRouter(guards().site)],
];

/** Adds a throwaway route to a router, as a later feature would, and mounts it. */
function withThrowawayRoute(router: Hono<AppEnv>) {
  router.post('/:domain/throwaway', (c) => c.json({ site: c.get('site').domain }));
  const app = new Hono<AppEnv>().route('/v9/resource', router);
  app.onError(handleErrors({ log: () => {} }));
  return (key?: string, domain = 'acme') => {
    const init = post({}, key);
    if (!key) delete (init.headers as Record<string, string>)['Authorization'];
    return app.request(`/v9/resource/${domain}/throwaway`, init, fromAddress('10.0.0.1'));
  };
}

describe.each(routers)('a route added to the %s router', (name, router) => {
  const request = withThrowawayRoute(router());

  it('answers 401 without a key and 403 for a domain the key does not own', async () => {
    const anonymous = await request();
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Missing or invalid API key' });
    expect((await request('da_dsc_unknown0123456789abc')).status).toBe(401);
    expect((await request(GLOBEX_KEY, 'acme')).status).toBe(403);
  });

  it('reaches the handler with the site set, within the limits', async () => {
    const ok = await request(ACME_KEY);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ site: 'acme' });
    // The organization allows 3 per hour, the assistant's client address 2 per day.
    const limit = name.startsWith('assistant') ? 2 : 3;
    expect(ok.headers.get('RateLimit-Limit')).toBe(String(limit));
    for (let n = 1; n < limit; n++) expect((await request(ACME_KEY)).status).toBe(200);
    expect((await request(ACME_KEY)).status).toBe(429);
  });
});
