/**
 * POST /v1/search/{domain}: sections ranked by relevance, best first, at most one per page.
 * With a site URL, `metadata.url` links to the section on the published site.
 */
import type { Hono } from 'hono';
import { searchRequestSchema } from '../../api/schemas.ts';
import type { SearchResult } from '../../api/types.ts';
import type { Insights } from '../insights/insights.ts';
import { validateJson } from '../middleware/validate-json.ts';
import type { AppEnv } from '../types.ts';
import { type SiteRouteOptions, siteRouter } from './site-router.ts';

export interface SearchRouteOptions extends SiteRouteOptions {
  /** Where searches are recorded (insights: searches without results). */
  insights?: Insights;
}

export function searchRoutes(options: SearchRouteOptions): Hono<AppEnv> {
  const validBody = validateJson(searchRequestSchema, options);
  return siteRouter(options.guards).post('/:domain', validBody, (c) => {
    const { query, pageSize, scoreThreshold, filter } = c.req.valid('json');
    const site = c.get('site');
    const results = site.index.search(query, { pageSize, scoreThreshold, filter: filter ?? null });
    options.insights?.recordSearch(site, query, results);
    return c.json(site.siteUrl ? withPageUrls(results, site.siteUrl) : results);
  });
}

/** With --site-url, each result also carries the absolute link to its section. */
function withPageUrls(results: SearchResult[], siteUrl: string): SearchResult[] {
  const base = siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`;
  return results.map((result) => {
    const anchor = result.metadata.anchor ? `#${result.metadata.anchor}` : '';
    const url = new URL(`${result.path}${anchor}`, base).href;
    return { ...result, metadata: { ...result.metadata, url } };
  });
}
