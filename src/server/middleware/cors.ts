/**
 * The widget calls the API from the docs site's origin: every endpoint answers preflights,
 * and scripts may read the thread and rate-limit headers (EXPOSED_HEADERS).
 *
 * Hand-written rather than hono/cors: that middleware sets its headers on `c.res` before the
 * handler runs, which makes @hono/node-server leave its fast path for every response (the
 * page endpoint served ~5x fewer requests per second with it, see README "Server").
 * Headers set with `c.header()` are merged into the handler's response instead (headers.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { EXPOSED_HEADERS } from '../../api/limits.ts';
import { announceHeaders, ensureHeaders } from './headers.ts';

export interface CorsOptions {
  /** Allowed origins, or '*' for any (keys are public, so any is the hosted default). */
  origins: string[] | '*';
}

const ALLOW_METHODS = 'GET, POST, OPTIONS';
const ALLOW_HEADERS = 'Authorization, Content-Type';
const MAX_AGE_SECONDS = '86400';
const EXPOSE = EXPOSED_HEADERS.join(', ');

export function corsPolicy(options: CorsOptions): MiddlewareHandler {
  const allowed = options.origins === '*' ? undefined : new Set(options.origins);
  return async function cors(c, next) {
    const origin = c.req.header('origin');
    const allowOrigin = allowed ? (origin && allowed.has(origin) ? origin : undefined) : '*';
    const headers: Record<string, string> = allowed ? { Vary: 'Origin' } : {};
    if (allowOrigin) {
      headers['Access-Control-Allow-Origin'] = allowOrigin;
      headers['Access-Control-Expose-Headers'] = EXPOSE;
    }
    announceHeaders(c, headers);
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      if (allowOrigin) {
        c.header('Access-Control-Allow-Methods', ALLOW_METHODS);
        c.header('Access-Control-Allow-Headers', ALLOW_HEADERS);
        c.header('Access-Control-Max-Age', MAX_AGE_SECONDS);
      }
      return c.body(null, 204);
    }
    await next();
    ensureHeaders(c, headers);
  };
}
