/**
 * The widget calls the API from the docs site's origin: every endpoint answers preflights,
 * and scripts may read the thread and rate-limit headers (EXPOSED_HEADERS). Hono's own CORS
 * middleware, configured for the contract.
 */
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { EXPOSED_HEADERS } from '../../api/limits.ts';

export interface CorsOptions {
  /** Allowed origins, or '*' for any (keys are public, so any is the hosted default). */
  origins: string[] | '*';
}

export function corsPolicy(options: CorsOptions): MiddlewareHandler {
  return cors({
    origin: options.origins,
    allowMethods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    // Browser MCP clients send their protocol version after the handshake.
    allowHeaders: ['Authorization', 'Content-Type', 'Mcp-Protocol-Version'],
    exposeHeaders: [...EXPOSED_HEADERS],
    maxAge: 86_400,
  });
}
