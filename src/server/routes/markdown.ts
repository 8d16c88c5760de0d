/**
 * GET /md/{domain}/{path}.md: one page as clean Markdown (agents/clean-markdown.ts), the `.md`
 * twin of the published page that the llms.txt proposal asks for. Public like the published
 * site (no key) and limited per client; a page restricted to groups does not exist here. Pages
 * come from the in-memory index only; the path never touches the file system.
 */
import { Hono } from 'hono';
import { publicPage } from '../agents/agent-pages.ts';
import { sitesByDomain } from '../agents/public-access.ts';
import { errorResponse } from '../middleware/errors.ts';
import type { AppEnv } from '../types.ts';
import { PUBLIC_DOCS_CACHE_CONTROL, type PublicDocsRouteOptions } from './llms.ts';

export function markdownRoutes(options: PublicDocsRouteOptions): Hono<AppEnv> {
  const sites = sitesByDomain(options.organizations);
  return new Hono<AppEnv>().use('*', options.limit).get('/:domain/:path{.+\\.md}', (c) => {
    const site = sites.get(c.req.param('domain'));
    const page = site && publicPage(site.index, c.req.param('path'));
    if (!page) return errorResponse(c, 404, 'Page not found');
    // Names the site in the request log, as the keyed routes do.
    c.set('site', site);
    return c.body(options.files.markdownOf(page, site), 200, {
      'Content-Type': 'text/markdown; charset=utf-8',
      'Cache-Control': PUBLIC_DOCS_CACHE_CONTROL,
    });
  });
}
