/**
 * GET /llms/{domain}/llms.txt and /llms/{domain}/llms-full.txt: the site for language models,
 * per the llms.txt proposal. Public like the published site (no key), public pages only, limited
 * per client; built from the index on first request and again after it changes.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AgentFiles } from '../agents/agent-files.ts';
import { publicBase, sitesByDomain } from '../agents/public-access.ts';
import { errorResponse } from '../middleware/errors.ts';
import type { AppEnv, Organization } from '../types.ts';

export interface PublicDocsRouteOptions {
  organizations: Organization[];
  files: AgentFiles;
  /** The per-client limit of the keyless agent routes (`publicRequestLimit`). */
  limit: MiddlewareHandler<AppEnv>;
  /** Take the public address from X-Forwarded-* (only behind a trusted proxy). */
  /** Proxy hops trusted for the client address (see `trustedHops`). */
  trustProxy?: number;
}

/** Proxies and agents may keep a copy this long; `--watch` changes show up after it. */
export const PUBLIC_DOCS_CACHE_CONTROL = 'public, max-age=300';

export function llmsRoutes(options: PublicDocsRouteOptions): Hono<AppEnv> {
  const sites = sitesByDomain(options.organizations);
  return new Hono<AppEnv>()
    .use('*', options.limit)
    .get('/:domain/:file{llms(?:-full)?\\.txt}', async (c) => {
      const domain = c.req.param('domain');
      const file = c.req.param('file') as 'llms.txt' | 'llms-full.txt';
      const site = sites.get(domain);
      if (!site) return errorResponse(c, 404, 'Not found');
      // Names the site in the request log, as the keyed routes do.
      c.set('site', site);
      const base = publicBase(c, `/llms/${domain}/${file}`, options.trustProxy ?? 0);
      const content = await options.files.file(site, file, `${base}/md/${domain}/`);
      return c.body(content, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': PUBLIC_DOCS_CACHE_CONTROL,
      });
    });
}

/**
 * GET /llms.txt and /llms-full.txt at the server's root, where the llms.txt proposal puts them
 * and where agents look first. This server holds them per site: with one site, a redirect to
 * its files (relative, so that it holds under a base path); with several, a 404 that names
 * where each site's are.
 */
export function rootLlmsRoutes(options: PublicDocsRouteOptions): Hono<AppEnv> {
  const domains = [...sitesByDomain(options.organizations).keys()];
  // The limit on these two routes only: this app is mounted at the root.
  return new Hono<AppEnv>().get('/:file{llms(?:-full)?\\.txt}', options.limit, (c) => {
    const file = c.req.param('file');
    if (domains.length === 1) return c.redirect(`llms/${domains[0]}/${file}`, 302);
    const where = domains.map((domain) => `/llms/${domain}/${file}`).join(', ');
    return errorResponse(c, 404, `${file} is kept per site here: ${where}`);
  });
}
