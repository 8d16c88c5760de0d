/**
 * The security headers every response carries, through Hono's `secureHeaders`: no MIME
 * sniffing (a page quoted as `text/markdown` or JSON is never run as HTML or script), no
 * framing, no referrer, and a `default-src 'none'` policy for a response opened in a tab (the
 * API serves data, never a page that needs to load anything). A route that sets one of these
 * headers itself keeps its own value: the widget's files stay `Cross-Origin-Resource-Policy:
 * cross-origin` (other sites load them) and the Insights page keeps its own policy.
 * `Strict-Transport-Security` is left to the proxy that terminates TLS: it knows the host and
 * whether its subdomains are all on HTTPS; the server itself speaks plain HTTP.
 *
 * Served by Node (`c.env.outgoing`, @hono/node-server's HttpBindings), the headers go on the
 * Node response before the route runs, and the headers the route's response carries take
 * precedence over them, as Node's `writeHead` documents. `secureHeaders` sets them on the
 * route's Response after it ran, which costs a Headers object per response: a fifth of the
 * page endpoint's throughput in `bench/server.ts` (ratio to bare `node:http` 0.37–0.51 against
 * 0.47–0.58 without). Other runtimes (`app.fetch`, `app.request`) go through `secureHeaders`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../types.ts';

const OPTIONS: Parameters<typeof secureHeaders>[0] = {
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: 'DENY',
  strictTransportSecurity: false,
  overwrite: false,
};

export function securityHeaders(): MiddlewareHandler<AppEnv> {
  const onResponse = secureHeaders(OPTIONS);
  let headers: Promise<[string, string][]> | undefined;
  return async (c, next) => {
    const outgoing = c.env?.outgoing;
    if (!outgoing) return onResponse(c, next);
    headers ??= headersOf(onResponse);
    for (const [name, value] of await headers) outgoing.setHeader(name, value);
    await next();
  };
}

/** The headers the middleware sets, read once from a response of a bare app it runs in. */
async function headersOf(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const app = new Hono().use(middleware).get('/', (c) => c.body(null, 204));
  const response = await app.request('/');
  return [...response.headers];
}
