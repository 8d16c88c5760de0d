/**
 * POST /v1/search/{domain}: sections ranked by relevance, best first, at most one per page.
 */
import { Hono } from 'hono';
import { searchRequestSchema } from '../../api/schemas.ts';
import type { SearchResult } from '../../api/types.ts';
import { type ValidateJsonOptions, validateJson } from '../middleware/validate-json.ts';
import type { AppEnv } from '../types.ts';

export function searchRoutes(options: ValidateJsonOptions = {}): Hono<AppEnv> {
  return new Hono<AppEnv>().post('/:domain', validateJson(searchRequestSchema, options), (c) => {
    const { query, pageSize, scoreThreshold, filter } = c.req.valid('json');
    const results: SearchResult[] = c
      .get('site')
      .index.search(query, { pageSize, scoreThreshold, filter: filter ?? null });
    return c.json(results);
  });
}
