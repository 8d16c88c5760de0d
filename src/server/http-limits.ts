/**
 * What one client may hold of the HTTP server itself: open connections, and the time it may
 * take to send a request. Node's own defaults let a client hold a connection for a minute
 * without sending a header and accept connections without bound; a docs site's public server
 * needs tighter ones. The timeouts bound *receiving* a request: an answer may stream for as
 * long as the model writes (Node's `requestTimeout` stops counting once the request is in).
 */
import type { Server, ServerOptions } from 'node:http';

export interface HttpLimits {
  /** Open connections at once; the next ones are closed at once by Node. */
  maxConnections: number;
  /** Seconds a client has to send the request line and headers. */
  headersTimeout: number;
  /** Seconds a client has to send the whole request, body included. */
  requestTimeout: number;
  /** Seconds an idle keep-alive connection stays open between requests. */
  keepAliveTimeout: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxConnections: 1000,
  headersTimeout: 10,
  requestTimeout: 30,
  keepAliveTimeout: 5,
};

/**
 * Options for `http.createServer()` (through `@hono/node-server`'s `serverOptions`). Node
 * checks the header and request timeouts every `connectionsCheckingInterval`; at its default
 * (30 s) a silent connection would live up to 40 s, so it is checked every second.
 */
export function httpServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeout * 1000,
    requestTimeout: limits.requestTimeout * 1000,
    keepAliveTimeout: limits.keepAliveTimeout * 1000,
    connectionsCheckingInterval: Math.min(1000, limits.headersTimeout * 1000),
  };
}

/** The limits Node sets on the listening server rather than at creation. */
export function applyHttpLimits(server: Server, limits: HttpLimits): void {
  server.maxConnections = limits.maxConnections;
}
