/**
 * createApp(): the companion server as a Hono app. The error handler, the security headers and
 * CORS (which answers preflights before anything else) cover every route; each API resource is a router that
 * guards itself (see `siteRouter`): key -> site, the organization's hourly limit, the per-IP
 * daily limit on the assistant, then in each route the JSON body validation. Tests call
 * `app.request()`; `startServer()` listens.
 */
import { Hono } from 'hono';
import { BODY_LIMIT_BYTES } from '../api/limits.ts';
import { AgentFiles, type AgentFilesOptions } from './agents/agent-files.ts';
import { type FeedbackStore, MemoryFeedbackStore } from './agents/feedback-store.ts';
import { publicRequestLimit } from './agents/public-access.ts';
import { packageVersion } from './cli/usage.ts';
import type { Insights } from './insights/insights.ts';
import { corsPolicy } from './middleware/cors.ts';
import { handleErrors, notFound } from './middleware/errors.ts';
import { type RequestLogOptions, requestLog } from './middleware/request-log.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { siteGuards, trustedHops } from './middleware/site-guards.ts';
import { closeOnUnreadBody } from './middleware/unread-body.ts';
import { analyticsRoutes } from './routes/analytics.ts';
import { type AssistantOptions, assistantRoutes } from './routes/assistant.ts';
import { type HealthCheck, healthRoutes } from './routes/health.ts';
import { insightsPageRoutes } from './routes/insights-page.ts';
import { llmsRoutes, rootLlmsRoutes } from './routes/llms.ts';
import { markdownRoutes } from './routes/markdown.ts';
import { mcpDiscoveryRoutes, mcpRoutes } from './routes/mcp.ts';
import { pageRoutes } from './routes/page.ts';
import { searchRoutes } from './routes/search.ts';
import { widgetRoutes } from './routes/widget.ts';
import type { LimiterFactory } from './stores/limiters.ts';
import type { AppEnv, Organization } from './types.ts';

export interface AppOptions {
  organizations: Organization[];
  /** Allowed browser origins; default '*' (keys are public). */
  corsOrigins?: string[] | '*';
  /** Largest accepted JSON body in bytes; default 1 MB. */
  bodyLimitBytes?: number;
  /** Trusted proxy hops in front of the server (X-Forwarded-For); 0 or false: none. */
  trustProxy?: number | boolean;
  /** Where rate-limit counters live (stores/limiters.ts); default: this process's memory. */
  limiters?: LimiterFactory;
  /** The assistant endpoints (v1 and v2); without it they answer 404. */
  assistant?: AssistantOptions;
  /** Folder of the built widget, served under /widget/ when set. */
  widgetDir?: string;
  /** Folder of the built Insights page, served under /insights/ (unset: a 404 that says so). */
  insightsDir?: string;
  /** False while indexes are still being built (GET /health answers 503). */
  isReady?: () => boolean;
  /** One log line per request (middleware/request-log.ts); default: none. */
  requestLog?: RequestLogOptions;
  /** The stores GET /health/ready checks. */
  checks?: () => HealthCheck[];
  /** True once the server is stopping (GET /health/ready answers 503). */
  isDraining?: () => boolean;
  /** GET /health/ready answers 200 while only Redis is down (`--ready-without-redis`). */
  serveDegraded?: boolean;
  /** Where unexpected errors are reported; default console.error. */
  log?: (message: string, error: unknown) => void;
  /** The path every route lives under, for a host server that passes full URLs; default '/'. */
  basePath?: string;
  /**
   * Where feedback from readers and agents goes; default: the insights store, else memory
   * (the latest 10,000).
   */
  feedback?: FeedbackStore;
  /** Records answers and searches, and backs the insights API (`/v1/analytics`). */
  insights?: Insights;
  /** The agent routes: llms.txt size limits, keyless requests per client per hour. */
  agents?: AgentFilesOptions & { publicRequestsPerHour?: number };
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>().basePath(options.basePath ?? '/');
  app.onError(handleErrors(options.log ? { log: options.log } : {}));
  app.notFound(notFound);
  if (options.requestLog) app.use('*', requestLog(options.requestLog));
  app.use('*', securityHeaders());
  app.use('*', closeOnUnreadBody());
  app.use('*', corsPolicy({ origins: options.corsOrigins ?? '*' }));
  app.route('/health', healthRoutes(options));
  if (options.widgetDir) app.route('/widget', widgetRoutes({ dir: options.widgetDir }));
  app.route('/insights', insightsPageRoutes({ dir: options.insightsDir }));

  const guards = siteGuards(options);
  const maxBytes = options.bodyLimitBytes ?? BODY_LIMIT_BYTES;
  const { insights } = options;
  const memoryFeedback = new MemoryFeedbackStore();
  const feedback = options.feedback ?? insights?.feedback(memoryFeedback) ?? memoryFeedback;
  app.route('/v1/page', pageRoutes({ guards: guards.site, maxBytes }));
  app.route(
    '/v1/search',
    searchRoutes({ guards: guards.site, maxBytes, ...(insights && { insights }) }),
  );
  if (options.assistant) {
    const assistant = {
      ...options.assistant,
      guards: guards.assistant,
      maxBytes,
      feedback,
      ...(insights && { insights }),
      ...(options.log && { log: options.log }),
    };
    app.route('/v1/assistant', assistantRoutes({ ...assistant, version: 1 }));
    app.route('/v2/assistant', assistantRoutes({ ...assistant, version: 2 }));
  }

  // For agents: MCP with the API's keys and limits; llms.txt and .md pages keyless, per client.
  const files = new AgentFiles(options.agents);
  const version = packageVersion();
  const trustProxy = trustedHops(options.trustProxy);
  const perHour = options.agents?.publicRequestsPerHour;
  const limit = publicRequestLimit({ trustProxy, ...(perHour && { perHour }) });
  const { organizations, corsOrigins } = options;
  app.route(
    '/v1/analytics',
    analyticsRoutes({ organizations, store: insights?.store ?? Promise.resolve(undefined) }),
  );
  const { authenticate, limits } = guards;
  app.route(
    '/mcp',
    mcpRoutes({
      organizations,
      authenticate,
      limits,
      files,
      feedback,
      corsOrigins,
      maxBytes,
      version,
    }),
  );
  const publicDocs = { organizations, files, limit, trustProxy };
  app.route('/llms', llmsRoutes(publicDocs));
  app.route('/', rootLlmsRoutes(publicDocs));
  app.route('/md', markdownRoutes(publicDocs));
  app.route('/.well-known', mcpDiscoveryRoutes({ ...publicDocs, version }));
  return app;
}
