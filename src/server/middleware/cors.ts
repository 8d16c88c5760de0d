/**
 * The widget calls the API from the docs site's origin: every endpoint answers preflights,
 * and scripts may read the thread and rate-limit headers (EXPOSED_HEADERS). Preflights are
 * Hono's own CORS middleware, configured for the contract. Other requests get the same headers
 * as Hono's middleware gives them, set with `c.header()` (see headers.ts) rather than on
 * `c.res`: touching `c.res` before the handler makes Hono copy the handler's response into a
 * new one (a web stream body), which took @hono/node-server off its fast path for every
 * request (about a third of the page endpoint's time).
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { EXPOSED_HEADERS } from '../../api/limits.ts';
import { ensureHeaders } from './headers.ts';

export interface CorsOptions {
  /** Allowed origins, or '*' for any (keys are public, so any is the hosted default). */
  origins: string[] | '*';
}

export function corsPolicy(options: CorsOptions): MiddlewareHandler {
  const { origins } = options;
  const preflight = cors({
    origin: origins,
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    // Browser MCP clients send their protocol version after the handshake.
    allowHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version'],
    exposeHeaders: [...EXPOSED_HEADERS],
    maxAge: 86_400,
  });
  const exposed: Record<string, string> = {
    'Access-Control-Expose-Headers': EXPOSED_HEADERS.join(','),
  };
  const allowed = origins === '*' ? undefined : new Set(origins);
  // The headers for each allowed origin, built once (the set is fixed).
  const headersByOrigin = new Map<string, Record<string, string>>();
  for (const origin of allowed ?? ['*']) {
    headersByOrigin.set(origin, { 'Access-Control-Allow-Origin': origin, ...exposed });
  }
  return async function corsHeaders(c, next) {
    if (c.req.method === 'OPTIONS') return preflight(c, next);
    const headers = allowed
      ? (headersByOrigin.get(c.req.header('origin') ?? '') ?? exposed)
      : headersByOrigin.get('*')!;
    for (const name in headers) c.header(name, headers[name]);
    await next();
    // A response the handler built itself: what `c.header()` did not reach.
    ensureHeaders(c, headers);
    if (!allowed) return;
    try {
      c.res.headers.append('Vary', 'Origin');
    } catch {
      c.header('Vary', 'Origin', { append: true });
    }
  };
}
