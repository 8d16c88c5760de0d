/**
 * GET /widget/*: the built browser bundle (dist/widget), so the one-line script tag can
 * point at the companion server. Hashed chunks are immutable and cached for a year; the
 * entry files keep stable names and are revalidated on every load. Module scripts load
 * cross-origin in CORS mode, so every file allows any origin.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

export interface WidgetRouteOptions {
  /** Folder of the built widget (the vite output, `dist/widget`). */
  dir: string;
  /** Where the routes are mounted; default `/widget`. */
  basePath?: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/** Cache policy of one served file: hashed chunk names never change content. */
export function widgetCacheControl(path: string) {
  return path.includes('/chunks/') ? IMMUTABLE : REVALIDATE;
}

export function widgetRoutes({ dir, basePath = '/widget' }: WidgetRouteOptions) {
  const routes = new Hono();
  routes.use('*', async function widgetHeaders(c, next) {
    await next();
    if (c.res.ok) c.header('Cache-Control', widgetCacheControl(c.req.path));
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
      rewriteRequestPath: (path) => path.slice(basePath.length) || '/',
    }),
    (c) => c.json({ message: 'Not found' }, 404),
  );
  return routes;
}

/**
 * The built widget that ships with the server: `dist/widget` next to `dist/server` in the
 * package, or the repository's `dist/widget` when the server runs from source. Undefined when
 * the widget has not been built (the server then answers the API only).
 */
export function builtWidgetDir(): string | undefined {
  for (const candidate of ['../../widget', '../../../dist/widget']) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(join(dir, 'docs-assistant.js'))) return dir;
  }
  return undefined;
}
