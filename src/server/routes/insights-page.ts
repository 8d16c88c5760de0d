/**
 * GET /insights/: the Insights page (src/insights-app, built into dist/insights), a small web
 * app that reads the analytics API with an admin key the reader types in. The page holds
 * secrets-bearing data, so it is served under a strict Content-Security-Policy (scripts and
 * styles from this origin only, no inline code, no framing, no forms posting elsewhere),
 * without a referrer and never cached; its hashed assets are immutable. Without the build,
 * every path answers a 404 that says so.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { errorResponse } from '../middleware/errors.ts';
import type { AppEnv } from '../types.ts';
import { cacheServedFile, IMMUTABLE } from './static-cache.ts';

export interface InsightsPageOptions {
  /** Folder of the built page (the vite output, `dist/insights`); undefined: not built. */
  dir: string | undefined;
}

/** Scripts and styles from this origin only, no inline code, no framing, no forms elsewhere. */
export const INSIGHTS_PAGE_CSP = {
  defaultSrc: ["'none'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  baseUri: ["'none'"],
  formAction: ["'none'"],
  frameAncestors: ["'none'"],
};

/** The app-wide headers (middleware/security-headers.ts) keep these, set first. */
const pageHeaders = secureHeaders({
  contentSecurityPolicy: INSIGHTS_PAGE_CSP,
  xFrameOptions: 'DENY',
  strictTransportSecurity: false,
});
const NOT_BUILT = 'The Insights page is not built: run `npm run build` (it writes dist/insights)';

export function insightsPageRoutes({ dir }: InsightsPageOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', pageHeaders);
  if (!dir) {
    routes.all('*', (c) => errorResponse(c, 404, NOT_BUILT));
    return routes;
  }

  routes.on(
    ['GET', 'HEAD'],
    '/assets/*',
    async function immutableAssets(c, next) {
      await next();
      cacheServedFile(c, IMMUTABLE);
    },
    serveStatic({
      root: dir,
      precompressed: true,
      // The file's path below where the router is mounted (`/insights`, or deeper in a host app).
      rewriteRequestPath: (path, c) => path.slice(c.req.routePath.length - '/assets/*'.length),
    }),
  );
  routes.get('/*', async (c) => {
    // Where the router is mounted (`/insights`, or deeper in a host app).
    const mount = c.req.routePath.slice(0, -2);
    // `/insights` → `/insights/`, so the page's relative asset and API URLs resolve. A relative
    // Location (`insights/`) also holds behind a host that strips a prefix (Express `use`).
    if (c.req.path === mount) return c.redirect(`${mount.split('/').pop()}/`, 308);
    if (c.req.path !== `${mount}/`) return errorResponse(c, 404, 'Not found');
    // Read on each load (a small file): after a rebuild it names the new hashed assets.
    const html = await readFile(join(dir, 'index.html'), 'utf8').catch(() => undefined);
    if (html === undefined) return errorResponse(c, 404, NOT_BUILT);
    c.header('Cache-Control', 'no-store');
    return c.html(html);
  });
  routes.all('*', (c) => errorResponse(c, 404, 'Not found'));
  return routes;
}
