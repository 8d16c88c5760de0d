/**
 * createApp(): the companion server as a Hono app. Middleware runs in this order: errors,
 * CORS (answers preflights before anything else), then per API route auth (key -> site), the
 * organization's hourly limit, the per-IP daily limit on assistant routes, and in each route
 * the JSON body validation. Tests call `app.request()`; `startServer()` listens.
 */
import { Hono } from 'hono';
import { BODY_LIMIT_BYTES } from '../api/limits.ts';
import { authenticate } from './middleware/auth.ts';
import { corsPolicy } from './middleware/cors.ts';
import { handleErrors, notFound } from './middleware/errors.ts';
import { clientAddress, rateLimit } from './middleware/rate-limit.ts';
import { type AssistantRouteOptions, assistantRoutes } from './routes/assistant.ts';
import { healthRoutes } from './routes/health.ts';
import { pageRoutes } from './routes/page.ts';
import { searchRoutes } from './routes/search.ts';
import { widgetRoutes } from './routes/widget.ts';
import type { AppEnv, Organization } from './types.ts';

export interface AppOptions {
  organizations: Organization[];
  /** Allowed browser origins; default '*' (keys are public). */
  corsOrigins?: string[] | '*';
  /** Largest accepted JSON body in bytes; default 1 MB. */
  bodyLimitBytes?: number;
  /** Take the client IP from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy?: boolean;
  /** The assistant endpoints (v1 and v2); without it they answer 404. */
  assistant?: AssistantRouteOptions;
  /** Folder of the built widget, served under /widget/ when set. */
  widgetDir?: string;
  /** False while indexes are still being built (GET /health answers 503). */
  isReady?: () => boolean;
  /** Where unexpected errors are reported; default console.error. */
  log?: (message: string, error: unknown) => void;
}

const HOUR = 3600;
const DAY = 86_400;

/** The API routes that need a key, and which of them are assistant routes. */
export const API_ROUTES = {
  page: '/v1/page/:domain',
  search: '/v1/search/:domain',
  assistantV1: '/v1/assistant/:domain/message',
  assistantV2: '/v2/assistant/:domain/message',
} as const;

export function createApp(options: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(handleErrors(options.log ? { log: options.log } : {}));
  app.notFound(notFound);
  app.use('*', corsPolicy({ origins: options.corsOrigins ?? '*' }));
  app.route('/health', healthRoutes(options));
  if (options.widgetDir) app.route('/widget', widgetRoutes({ dir: options.widgetDir }));

  const guard = authenticate(options);
  const perOrganization = rateLimit({
    subject: 'organization',
    windowSeconds: HOUR,
    points: (c) => c.get('organization').limits.orgPerHour,
    key: (c) => c.get('organization').name,
  });
  const perClientAddress = rateLimit({
    subject: 'IP address',
    windowSeconds: DAY,
    points: (c) => c.get('organization').limits.ipPerDay,
    key: (c) => clientAddress(c, options.trustProxy ?? false),
  });
  for (const path of Object.values(API_ROUTES)) app.use(path, guard, perOrganization);
  app.use(API_ROUTES.assistantV1, perClientAddress);
  app.use(API_ROUTES.assistantV2, perClientAddress);

  const body = { maxBytes: options.bodyLimitBytes ?? BODY_LIMIT_BYTES };
  app.route('/v1/page', pageRoutes(body));
  app.route('/v1/search', searchRoutes(body));
  if (options.assistant) app.route('/', assistantRoutes({ ...body, ...options.assistant }));
  return app;
}
