/**
 * A response sent before the request's body was read (a 401, 403 or 429 before validation, a
 * 413 by declared length, an oversized question refused after its first KB) closes the
 * connection when the unread rest is large, instead of letting the server read it only to
 * drop it (issue 15).
 *
 * Why: @hono/node-server drains an unread body after the response (reads and drops it for
 * up to 500 ms, then closes). Each 64 KB read is a buffer that only a garbage collection
 * frees, and this server allocates so little else while refusing that collections are rare:
 * 37 drained 900 KB bodies left up to +25 MB of RSS, at the mercy of when V8 next collected.
 * With `Connection: close` the rest is never read. Measured (docs/operations/security.md):
 * undici's fetch, curl (also at 300 KB/s) and a client that writes its whole body before
 * reading all get the response, not a reset; fetch and curl stop sending when it comes.
 * Small bodies are still drained, so the connection stays open for the client's next request.
 */
import type { MiddlewareHandler } from 'hono';
import { ensureHeaders } from './headers.ts';
import { nodeRequest } from './read-body.ts';

export interface UnreadBodyOptions {
  /** An unread rest up to this many bytes (by Content-Length) is drained; default 64 KiB. */
  drainBytes?: number;
}

export function closeOnUnreadBody(options: UnreadBodyOptions = {}): MiddlewareHandler {
  const drainBytes = options.drainBytes ?? 64 * 1024;
  return async function closeOnUnreadBody(c, next) {
    await next();
    const incoming = nodeRequest(c);
    if (!incoming || incoming.readableEnded) return;
    const length = c.req.header('content-length');
    const large =
      length === undefined
        ? c.req.header('transfer-encoding') !== undefined
        : Number(length) > drainBytes;
    if (large) ensureHeaders(c, { Connection: 'close' });
  };
}
