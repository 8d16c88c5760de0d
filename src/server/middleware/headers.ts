/**
 * Response headers that middleware decides before the handler runs. They are set with
 * `c.header()` (merged into responses made with `c.json()`/`c.body()`, which keeps
 * @hono/node-server on its fast path) and, after the handler, added to a Response the
 * handler built itself, which `c.header()` never reaches.
 */
import type { Context } from 'hono';

export function announceHeaders(c: Context, headers: Record<string, string>): void {
  for (const name in headers) c.header(name, headers[name]);
}

/** After `next()`: the headers a handler-built Response is missing. */
export function ensureHeaders(c: Context, headers: Record<string, string>): void {
  const present = c.res.headers;
  const missing: [string, string][] = [];
  for (const name in headers) {
    if (!present.has(name)) missing.push([name, headers[name]!]);
  }
  if (missing.length === 0) return;
  try {
    for (const [name, value] of missing) c.res.headers.set(name, value);
  } catch {
    // Immutable headers (a proxied fetch response): copy the response to add them.
    const copy = new Response(c.res.body, c.res);
    for (const [name, value] of missing) copy.headers.set(name, value);
    c.res = copy;
  }
}
