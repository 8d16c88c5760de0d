/**
 * The security headers every response carries, through Hono's `secureHeaders`: no MIME
 * sniffing (a page quoted as `text/markdown` or JSON is never run as HTML or script), no
 * framing, no referrer, and a `default-src 'none'` policy for a response opened in a tab (the
 * API serves data, never a page that needs to load anything). A route that sets one of these
 * headers itself keeps its own value: the widget's files stay `Cross-Origin-Resource-Policy:
 * cross-origin` (other sites load them) and the Insights page keeps its own policy.
 * `Strict-Transport-Security` is left to the proxy that terminates TLS: it knows the host and
 * whether its subdomains are all on HTTPS; the server itself speaks plain HTTP.
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
    overwrite: false,
  });
}
