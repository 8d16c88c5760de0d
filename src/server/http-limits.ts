/**
 * What one client may hold of the HTTP server itself: open connections, and the time it may
 * take to send a request. Node's own defaults let a client hold a connection for a minute
 * without sending a header and accept connections without bound; a docs site's public server
 * needs tighter ones. The timeouts bound *receiving* a request: an answer may stream for as
 * long as the model writes (Node's `requestTimeout` stops counting once the request is in).
 */
import type { Server, ServerOptions } from 'node:http';
import { countedAddress } from './middleware/rate-limit.ts';

export interface HttpLimits {
  /** Open connections at once; the next ones are closed at once by Node. */
  maxConnections: number;
  /**
   * Open connections at once from one client address (an IPv6 client: its /56), so that one
   * client cannot hold all `maxConnections`; not applied behind trusted proxies (every peer is
   * a proxy then, which has limits of its own).
   */
  maxConnectionsPerAddress: number;
  /** Seconds a client has to send the request line and headers. */
  headersTimeout: number;
  /** Seconds a client has to send the whole request, body included. */
  requestTimeout: number;
  /** Seconds an idle keep-alive connection stays open between requests. */
  keepAliveTimeout: number;
}

export const DEFAULT_HTTP_LIMITS: HttpLimits = {
  maxConnections: 1000,
  maxConnectionsPerAddress: 100,
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

/**
 * The limits set on the listening server rather than at creation: Node's cap on connections,
 * and ours per client address (`trustedProxies` > 0: none, the peers are the proxies).
 */
export function applyHttpLimits(server: Server, limits: HttpLimits, trustedProxies = 0): void {
  server.maxConnections = limits.maxConnections;
  if (trustedProxies > 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket) => {
    const address = countedAddress(socket.remoteAddress ?? 'unknown');
    const count = (open.get(address) ?? 0) + 1;
    if (count > limits.maxConnectionsPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
