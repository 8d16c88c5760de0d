/**
 * GET /widget/*: the built browser bundle (dist/widget), so the one-line script tag can
 * point at the companion server. Hashed chunks are immutable and cached for a year; the
 * entry files keep stable names and are revalidated on every load. Module scripts load
 * cross-origin in CORS mode, so every file allows any origin. A file built with compressed
 * siblings (`x.js.br`, `x.js.gz`) is sent compressed to clients that accept it.
 */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { cacheServedFile, IMMUTABLE } from './static-cache.ts';

export interface WidgetRouteOptions {
  /** Folder of the built widget (the vite output, `dist/widget`). */
  dir: string;
}

const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Cache policy of one served file: hashed chunk names never change content. */
export function widgetCacheControl(path: string) {
  return path.includes('/chunks/') ? IMMUTABLE : REVALIDATE;
}

export function widgetRoutes({ dir }: WidgetRouteOptions) {
  const routes = new Hono();
  routes.use('*', async function widgetHeaders(c, next) {
    await next();
    cacheServedFile(c, widgetCacheControl(c.req.path));
    c.header('Access-Control-Allow-Origin', '*');
    c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    c.header('X-Content-Type-Options', 'nosniff');
  });
  routes.on(
    ['GET', 'HEAD'],
    '/*',
    serveStatic({
      root: dir,
      index: 'docs-assistant.js',
      precompressed: true,
      // The file's path below where the router is mounted (`/widget`, or deeper in a host app).
      rewriteRequestPath: (path, c) => path.slice(c.req.routePath.length - 2) || '/',
    }),
    (c) => c.json({ message: 'Not found' }, 404),
  );
  return routes;
}
