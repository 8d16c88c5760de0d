/**
 * Cache headers of built files served from disk (the widget, the Insights page): the file's
 * cache policy, and `Vary: Accept-Encoding` since a file with compressed siblings is sent
 * compressed to clients that accept it, so caches keep the two apart.
 */
import type { Context } from 'hono';

/** Hashed file names never change content. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sets the cache headers of a file just served (nothing on an error). */
export function cacheServedFile(c: Context, cacheControl: string): void {
  if (!c.res.ok) return;
  c.header('Cache-Control', cacheControl);
  if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
}
