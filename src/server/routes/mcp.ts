/**
 * POST /mcp/{domain}: the site's Model Context Protocol server over Streamable HTTP, from the
 * official SDK. Stateless: each request gets a fresh server and transport (no session id), so
 * any replica answers any request; replies are JSON. In order, a request passes:
 * - the Origin check (DNS-rebinding protection): a browser Origin must be an allowed origin;
 * - auth: the site's public key as a bearer token, or none when the site allows anonymous MCP
 *   (a key that is sent is always checked: a wrong one is 401, another organization's 403);
 * - the same organization and client limits as the other endpoints; a `tools/call` refused by
 *   a limit is answered as a tool error (the model reads why and when to retry), anything else
 *   as HTTP 429. A batch counts one request per message (the SDK takes up to 100), so that
 *   batching does not multiply what a client may ask within its limits.
 * GET (a server-sent stream) and DELETE (a session) answer 405: a stateless server has neither.
 */
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { z } from 'zod/v4';
import type { AgentFiles } from '../agents/agent-files.ts';
import type { FeedbackStore } from '../agents/feedback-store.ts';
import { serverCard } from '../agents/mcp-discovery.ts';
import { createMcpServer } from '../agents/mcp-server.ts';
import { publicBase } from '../agents/public-access.ts';
import { errorResponse } from '../middleware/errors.ts';
import { originAllowed } from '../middleware/origins.ts';
import { validateJson } from '../middleware/validate-json.ts';
import type { AppEnv, Organization, Site } from '../types.ts';

export interface McpRouteOptions {
  organizations: Organization[];
  /** Resolves the key to its organization and `{domain}` to its site (401/403). */
  authenticate: MiddlewareHandler<AppEnv>;
  /** The organization and client limits shared with the other endpoints. */
  limits: MiddlewareHandler<AppEnv>[];
  files: AgentFiles;
  feedback: FeedbackStore;
  /** Browser origins allowed to call; '*' (the default) allows none but the server's own. */
  corsOrigins?: string[] | '*';
  /** Largest accepted JSON body in bytes; default 1 MB. */
  maxBytes?: number;
  /** The version the server reports in the MCP handshake. */
  version: string;
}

/** A JSON-RPC message or a batch of them; the SDK validates each message itself. */
const jsonRpcBodySchema = z.union([
  z.looseObject({ jsonrpc: z.literal('2.0') }),
  z.array(z.looseObject({ jsonrpc: z.literal('2.0') })),
]);

type JsonRpcBody = z.infer<typeof jsonRpcBodySchema>;

export function mcpRoutes(options: McpRouteOptions): Hono<AppEnv> {
  const owners = new Map<string, { organization: Organization; site: Site }>();
  for (const organization of options.organizations) {
    for (const site of organization.sites) owners.set(site.domain, { organization, site });
  }
  const validBody = validateJson(jsonRpcBodySchema, { maxBytes: options.maxBytes });
  const notAllowed = (c: Context<AppEnv>) => {
    c.header('Allow', 'POST');
    return errorResponse(c, 405, 'This MCP server is stateless: send JSON-RPC messages with POST');
  };

  return (
    new Hono<AppEnv>()
      // First, so that they cost no key check and no quota.
      .get('/:domain', notAllowed)
      .delete('/:domain', notAllowed)
      .use('/:domain', allowedOrigin(options.corsOrigins ?? '*', owners))
      .use('/:domain', limitsAsToolErrors(options.maxBytes))
      .use('/:domain', keyOrAnonymous(options.authenticate, owners))
      .use('/:domain', ...options.limits)
      .post('/:domain', validBody, countBatch(options.limits), async (c) => {
        const server = createMcpServer({
          site: c.get('site'),
          files: options.files,
          feedback: options.feedback,
          version: options.version,
        });
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await server.connect(transport);
        try {
          const response = await transport.handleRequest(c.req.raw, {
            parsedBody: c.req.valid('json'),
          });
          // Through c.body() so that headers set by middleware (CORS, RateLimit-*) apply.
          const headers = Object.fromEntries(response.headers);
          if (!response.body) return c.body(null, response.status as 202, headers);
          return c.body(await response.text(), response.status as 200, headers);
        } finally {
          await server.close();
        }
      })
  );
}

/**
 * DNS-rebinding protection (MCP transport spec): a request from a web page carries its Origin,
 * and only listed origins may call: the server's `corsOrigins` list, or the site's own
 * `allowedOrigins`. MCP clients that are not browsers send no Origin.
 */
function allowedOrigin(
  origins: string[] | '*',
  owners: Map<string, { site: Site }>,
): MiddlewareHandler<AppEnv> {
  const allowed = new Set(origins === '*' ? [] : origins);
  return async function mcpOrigin(c, next) {
    const origin = c.req.header('origin');
    if (origin !== undefined && !allowed.has(origin)) {
      const site = owners.get(c.req.param('domain') ?? '')?.site;
      if (!site?.origins?.allowedOrigins || !originAllowed(site, origin)) {
        return errorResponse(c, 403, `Origin ${origin} may not call this MCP server`);
      }
    }
    await next();
  };
}

/**
 * The limits counted the request once before its body was read; a batch of n messages is
 * counted n - 1 more times (the same counters), and refused with 429 when that goes over.
 */
function countBatch(
  limits: MiddlewareHandler<AppEnv>[],
): MiddlewareHandler<AppEnv, string, { out: { json: JsonRpcBody } }> {
  const counted = every(...limits);
  return async function batchCounted(c, next) {
    const body = c.req.valid('json');
    if (!Array.isArray(body) || body.length <= 1) return next();
    c.set('requestCost', body.length - 1);
    return counted(c, next);
  };
}

/** Without an Authorization header, a site that allows anonymous MCP is served as its owner's. */
function keyOrAnonymous(
  authenticate: MiddlewareHandler<AppEnv>,
  owners: Map<string, { organization: Organization; site: Site }>,
): MiddlewareHandler<AppEnv> {
  return async function mcpAccess(c, next) {
    const owner = owners.get(c.req.param('domain') ?? '');
    if (owner?.site.mcp?.anonymous && c.req.header('authorization') === undefined) {
      c.set('organization', owner.organization);
      c.set('site', owner.site);
      await next();
      return;
    }
    return authenticate(c, next);
  };
}

/**
 * A limit's 429 on a single `tools/call` becomes that call's result with `isError`, so the
 * model learns why and when to retry (the protocol's way to report a failed tool run);
 * RateLimit-* and Retry-After headers stay.
 */
function limitsAsToolErrors(maxBytes = 1024 * 1024): MiddlewareHandler<AppEnv> {
  return async function rateLimitToolErrors(c, next) {
    await next();
    if (c.res.status !== 429) return;
    const length = Number(c.req.header('content-length'));
    if (!(length > 0 && length <= maxBytes)) return;
    const call = await c.req
      .json()
      .then((body: unknown) => toolCallOf(body))
      .catch(() => undefined);
    if (!call) return;
    const { message } = (await c.res.clone().json()) as { message: string };
    const headers = new Headers(c.res.headers);
    headers.delete('Content-Length');
    headers.set('Content-Type', 'application/json');
    const result = { content: [{ type: 'text', text: message }], isError: true };
    // Unset first: assigning over a response would merge the old one's headers into it.
    c.res = undefined;
    c.res = new Response(JSON.stringify({ jsonrpc: '2.0', id: call.id, result }), {
      status: 200,
      headers,
    });
  };
}

function toolCallOf(body: unknown): { id: string | number } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { method, id } = body as { method?: unknown; id?: unknown };
  if (method !== 'tools/call') return undefined;
  return typeof id === 'string' || typeof id === 'number' ? { id } : undefined;
}

export interface McpDiscoveryOptions {
  organizations: Organization[];
  files: AgentFiles;
  /** The per-client limit of the keyless agent routes. */
  limit: MiddlewareHandler<AppEnv>;
  version: string;
  /** Take the public address from X-Forwarded-* (only behind a trusted proxy). */
  /** Proxy hops trusted for the client address (see `trustedHops`). */
  trustProxy?: number;
}

/** GET /.well-known/mcp.json: every site's MCP endpoint, each described as a Server Card. */
export function mcpDiscoveryRoutes(options: McpDiscoveryOptions): Hono<AppEnv> {
  return new Hono<AppEnv>().use('*', options.limit).get('/mcp.json', (c) => {
    const base = publicBase(c, '/.well-known/mcp.json', options.trustProxy ?? 0);
    const servers = options.organizations.flatMap((organization) =>
      organization.sites.map((site) =>
        serverCard(
          site,
          options.files.about(site),
          base,
          new URL(c.req.url).hostname,
          options.version,
        ),
      ),
    );
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json({ servers });
  });
}
