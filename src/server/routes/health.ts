/**
 * GET /health, without a key: 200 once every site's index is ready, with page and section
 * counts (totals only, so the endpoint does not list the sites it serves).
 */
import { Hono } from 'hono';
import type { AppEnv, Organization, Site } from '../types.ts';

export interface HealthOptions {
  organizations: Organization[];
  /** False while indexes are still being built. */
  isReady?: () => boolean;
}

export function healthRoutes(options: HealthOptions): Hono<AppEnv> {
  const sites = new Set<Site>(options.organizations.flatMap((organization) => organization.sites));
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    if (options.isReady && !options.isReady()) return c.json({ status: 'starting' }, 503);
    let pages = 0;
    let sections = 0;
    for (const site of sites) {
      pages += site.index.pageCount;
      sections += site.index.sectionCount;
    }
    return c.json({ status: 'ok', sites: sites.size, pages, sections });
  });
}
