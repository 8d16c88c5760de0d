/**
 * Every `{domain}`-scoped API resource is a site router. The guards it is built with run
 * before each of its routes, those written today and any added later, so no route of a
 * resource ships without auth and limits (and `c.get('site')` is always set in a handler).
 */
import { Hono } from 'hono';
import type { SiteGuards } from '../middleware/site-guards.ts';
import type { AppEnv } from '../types.ts';

export interface SiteRouteOptions {
  /** Run before every route of the router (auth, limits); see `siteGuards`. */
  guards: SiteGuards;
  /** Largest accepted JSON body in bytes; default 1 MB. */
  maxBytes?: number;
}

/** A router whose routes all live under `/:domain` and all pass `guards` first. */
export function siteRouter(guards: SiteGuards): Hono<AppEnv> {
  return new Hono<AppEnv>().use('/:domain/*', ...guards);
}
