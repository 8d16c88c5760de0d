/**
 * The whole server from a configuration, as `docs-assistant serve` runs it: every endpoint,
 * the assistant with the configured model and a thread store, and the built widget at
 * /widget/. `createServer()` builds it without listening, to mount in a server of your own
 * (its `app` for Hono, its `handler` for node:http, Express or Fastify); `startServer()` also
 * listens. Either way the sites are indexed in the background (GET /health answers 503 until
 * `ready`), so the port answers at once even for a large site.
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener, serve } from '@hono/node-server';
import type { LanguageModel } from 'ai';
import type { Hono } from 'hono';
import type { FeedbackStore } from './agents/feedback-store.ts';
import { type AppOptions, createApp } from './app.ts';
import { assistantModelOf, modelFromFlags } from './assistant/models.ts';
import type { ThreadStore } from './assistant/thread-store.ts';
import type { ServerConfig } from './config.ts';
import { SiteIndex } from './docs-index/docs-index.ts';
import { findSitesBelow } from './docs-index/frameworks/detect.ts';
import { DocsFolder } from './docs-index/frameworks/docs-folder.ts';
import type { FrameworkName } from './docs-index/frameworks/types.ts';
import { buildDocsIndex } from './docs-index/load.ts';
import { type DocsWatcher, watchDocs } from './docs-index/watch.ts';
import { applyHttpLimits, httpServerOptions } from './http-limits.ts';
import { Insights } from './insights/insights.ts';
import { Lifecycle } from './lifecycle.ts';
import type { HealthCheck } from './routes/health.ts';
import { memoryLimiters, redisLimiters } from './stores/limiters.ts';
import { deferredThreads, openStores } from './stores/open-stores.ts';
import type { AppEnv, Organization } from './types.ts';

export interface ServerOptions {
  /** Start-up, indexing and watch lines; default console.log. */
  log?: (line: string) => void;
  /**
   * The language model that writes the answers: any AI SDK language model, or an AI Gateway
   * model id. Default: the config's `--model`/`--model-base-url`, else the embedded model.
   */
  model?: LanguageModel;
  /**
   * Where conversation threads are kept; default: the config's stores (SQLite in the data
   * folder, PostgreSQL with a database URL, memory with `--data-dir none`).
   */
  threads?: ThreadStore;
  /** Where feedback from readers and agents is kept; default: in memory, the latest 10,000. */
  feedback?: FeedbackStore;
  /** The built widget served at /widget/; default: the one in this package; false: none. */
  widgetDir?: string | false;
  /** The built Insights page served at /insights/; default: the one in this package. */
  insightsDir?: string | false;
  /**
   * The path the server answers under when the host passes it full URLs (node:http, Fastify),
   * e.g. '/docs-assistant'. Not for Express `use(prefix, handler)` or Hono `route(prefix, app)`,
   * which take the prefix off themselves. Default '/'.
   */
  basePath?: string;
  /** False: no line per request (they go to `log` in the config's `--log-format`). */
  requestLog?: false;
  /** App options over everything above (tests and the demo wire their own parts here). */
  app?: Partial<AppOptions>;
}

export interface StartOptions extends ServerOptions {
  /** Called once the port is open, before indexing (GET /health answers 503 until ready). */
  onListening?: (url: string) => void;
}

export interface DocsAssistantServer {
  /** The Hono app: `app.fetch` for any fetch-style runtime, `parent.route(prefix, app)`. */
  app: Hono<AppEnv>;
  /** A Node request listener: `http.createServer(handler)`, Express `use(prefix, handler)`. */
  handler: (request: IncomingMessage, response: ServerResponse) => void;
  organizations: Organization[];
  /** The built widget's folder, served at /widget/ (undefined: not served). */
  widgetDir: string | undefined;
  /**
   * Resolves once every site is indexed and the stores are open; rejects when a docs folder
   * cannot be read or a store cannot be opened.
   */
  ready: Promise<void>;
  /** The answers in flight, and the graceful stop. */
  lifecycle: Lifecycle;
  /** Stops watching the docs folders and closes the stores. */
  close(): Promise<void>;
}

export interface RunningServer extends DocsAssistantServer {
  /** `http://host:port`, with the port actually bound, and the base path if any. */
  url: string;
  /**
   * Stops gracefully: no new connections, GET /health/ready answers 503, answers in flight
   * finish within `graceMs` (default: the config's `--shutdown-grace`, 10 s) and the rest end
   * with an "interrupted" error chunk; then the stores close.
   */
  close(graceMs?: number): Promise<void>;
}

/** Progress lines at most this often, the first when indexing is slow enough to wonder. */
const PROGRESS_AFTER_MS = 1000;

export function createServer(
  config: ServerConfig,
  options: ServerOptions = {},
): DocsAssistantServer {
  const log = options.log ?? ((line: string) => console.log(line));
  const basePath = options.basePath ?? config.basePath;
  // One index per docs folder (sites may share one).
  const indexes = new Map<string, SiteIndex>();
  const frameworks = new Map<string, FrameworkName | undefined>();
  for (const organization of config.organizations) {
    for (const site of organization.sites) {
      if (!indexes.has(site.docs)) indexes.set(site.docs, new SiteIndex());
      if (!frameworks.has(site.docs)) frameworks.set(site.docs, site.framework);
    }
  }
  const organizations: Organization[] = config.organizations.map((organization) => ({
    ...organization,
    sites: organization.sites.map((site) => ({
      domain: site.domain,
      ...(site.siteUrl && { siteUrl: site.siteUrl }),
      index: indexes.get(site.docs)!,
      docs: site.docs,
      ...(site.title && { title: site.title }),
      ...(site.description && { description: site.description }),
      ...(site.mcp && { mcp: site.mcp }),
      ...(site.origins && { origins: site.origins }),
      ...(site.insights && { insights: site.insights }),
    })),
  }));
  const model = options.model ? assistantModelOf(options.model) : modelFromFlags(config.flags);
  const widgetDir = options.widgetDir === undefined ? builtWidgetDir() : options.widgetDir;
  const insightsDir = options.insightsDir === undefined ? builtInsightsDir() : options.insightsDir;
  let indexed = false;
  // Threads go to the configured store unless the caller brings its own.
  const ownThreads = options.threads ?? options.app?.assistant?.threads;
  const stores = ownThreads ? undefined : openStores(config.stores, log);
  // Ready once the indexes are built and the stores opened: a replica whose database has not
  // answered yet must not be sent readers whose threads it cannot continue.
  let storesOpened = stores === undefined;
  stores?.then(
    (opened) =>
      log(
        `Keeping threads in ${opened.kind === 'memory' ? 'memory (lost on restart)' : `${opened.kind} (${opened.where})`}`,
      ),
    () => {},
  );
  const limiters = config.stores.redisUrl
    ? redisLimiters(config.stores.redisUrl, log)
    : memoryLimiters();
  if (limiters.kind === 'redis') log('Counting rate limits in Redis, shared by every replica');
  // Without Redis every request is still served, counted per process (stores/limiters.ts):
  // readiness says `degraded` (503, or 200 with --ready-without-redis), liveness stays up and
  // names it.
  const limiterChecks: HealthCheck[] = limiters.check
    ? [
        {
          name: 'redis',
          check: limiters.check,
          optional: true,
          ...(limiters.isDown && { isDown: limiters.isDown }),
        },
      ]
    : [];
  let checks: HealthCheck[] = limiterChecks;
  const lifecycle = new Lifecycle();
  // Insights are recorded in the configured stores (none when the caller brings its threads).
  const insights = new Insights(
    stores ? stores.then((opened) => opened.insights) : Promise.resolve(undefined),
    log,
  );
  const app = createApp({
    organizations,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    limiters: limiters.create,
    assistant: {
      model,
      threads: ownThreads ?? deferredThreads(stores!.then((opened) => opened.threads)),
      promptBudget: config.promptBudget,
      lifecycle,
    },
    ...(options.feedback && { feedback: options.feedback }),
    insights,
    ...(widgetDir && { widgetDir }),
    ...(insightsDir && { insightsDir }),
    isReady: () => indexed && storesOpened,
    checks: () => checks,
    isDraining: () => lifecycle.draining,
    ...(config.stores.readyWithoutRedis && { serveDegraded: true }),
    ...(options.requestLog !== false && {
      requestLog: { format: config.logFormat, write: log, logQuestions: config.logQuestions },
    }),
    // A collector reads one JSON object per line: an unexpected error's stack stays in it.
    ...(config.logFormat === 'json' && { log: jsonErrorLog(log) }),
    ...(basePath && { basePath }),
    ...options.app,
  });
  log(`Answering with ${model.description}`);

  const watchers: DocsWatcher[] = [];
  let closed = false;
  // Indexing holds the event loop for long stretches: the database connects and migrates
  // first, or its connection timeout could fire on a database that answered in time. A store
  // that fails is reported through `ready`; the sites are indexed all the same.
  const storesSettled = stores?.then(
    () => {},
    () => {},
  );
  const indexing = (storesSettled ?? Promise.resolve())
    .then(() => indexSites(indexes, frameworks, log))
    .then(() => {
      indexed = true;
      if (config.watch && !closed) {
        for (const [docs, index] of indexes) watchers.push(watchDocs(docs, index, { log }));
      }
    });
  const ready = Promise.all([
    indexing,
    stores?.then((opened) => {
      checks = [...opened.checks, ...limiterChecks];
      storesOpened = true;
    }),
  ]).then(() => {});
  // A failure is the caller's to handle through `ready`; never an unhandled rejection.
  ready.catch(() => {});
  return {
    app,
    handler: getRequestListener(app.fetch),
    organizations,
    widgetDir: widgetDir || undefined,
    ready,
    lifecycle,
    async close() {
      closed = true;
      for (const watcher of watchers.splice(0)) watcher.close();
      const opened = await stores?.catch(() => undefined);
      await opened?.close();
      await limiters.close();
    },
  };
}

/** `createServer()` listening on the config's host and port; resolves once indexed. */
export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const server = createServer(config, options);
  const listener = serve({
    fetch: server.app.fetch,
    port: config.port,
    hostname: config.host,
    serverOptions: httpServerOptions(config.http),
  });
  applyHttpLimits(listener as Server, config.http, config.trustProxy);
  await once(listener, 'listening');
  const { port } = listener.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  // Where it answers: the base path (a proxy path) is part of every route.
  const url = `http://${host}:${port}${options.basePath ?? config.basePath ?? ''}`;
  options.onListening?.(url);
  const close = async (graceMs = config.shutdownGraceSeconds * 1000) => {
    // Stop accepting (idle keep-alive connections close now), let answers finish, then end.
    const stopped = new Promise<void>((resolve) => listener.close(() => resolve()));
    await server.lifecycle.drain(graceMs);
    // Answers write their last chunk and `[DONE]`; connections that go idle are closed as they
    // do, and whatever is still open after a short while is closed.
    const http = listener as Server;
    const idle = setInterval(() => http.closeIdleConnections(), 50);
    const lastWrites = new Promise((resolve) => setTimeout(resolve, 3000));
    await Promise.race([stopped, lastWrites]);
    clearInterval(idle);
    http.closeAllConnections();
    await stopped;
    await server.close();
  };
  try {
    await server.ready;
  } catch (error) {
    await close();
    throw error;
  }
  return { ...server, url, close };
}

/** Fills each folder's index, with the start-up report. */
async function indexSites(
  indexes: Map<string, SiteIndex>,
  frameworks: Map<string, FrameworkName | undefined>,
  log: (line: string) => void,
): Promise<void> {
  for (const [docs, index] of indexes) {
    let reported = Date.now();
    const built = await buildDocsIndex(docs, {
      index,
      framework: frameworks.get(docs),
      onProgress: ({ done, total }) => {
        if (Date.now() - reported < PROGRESS_AFTER_MS) return;
        reported = Date.now();
        log(`Indexing ${docs}: ${done}/${total} files`);
      },
    });
    if (built.framework !== 'plain') {
      const below = built.siteDir ? `, its one site, in ${built.siteDir}/` : '';
      log(`Read ${docs} as a ${built.framework} site${below}`);
    } else if (!frameworks.get(docs)) logSitesBelow(docs, log);
    for (const problem of built.problems) log(`Skipped ${problem.file}: ${problem.message}`);
    const where = indexes.size > 1 ? ` from ${docs}` : '';
    log(
      `Indexed ${count(index.pageCount, 'page')} (${count(index.sectionCount, 'section')})${where} in ${(built.milliseconds / 1000).toFixed(1)} s`,
    );
  }
}

/** A repository's root read as a plain folder: names the doc sites its subfolders hold (several). */
function logSitesBelow(docs: string, log: (line: string) => void): void {
  for (const { dir, framework } of findSitesBelow(new DocsFolder(docs)).slice(0, 3)) {
    log(
      `${docs} has no docs framework's configuration, but ${dir}/ holds a ${framework} site: serve --docs ${join(docs, dir)} to index it as it is published`,
    );
  }
}

/** An unexpected error as one JSON line, its stack a field of it. */
function jsonErrorLog(log: (line: string) => void) {
  return (message: string, error: unknown) =>
    log(
      JSON.stringify({
        time: new Date().toISOString(),
        level: 'error',
        message,
        error: (error as Error)?.message ?? String(error),
        ...((error as Error)?.stack && { stack: (error as Error).stack }),
      }),
    );
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The built widget that ships with the server: `dist/widget` beside `dist/server` in the
 * package, or the repository's `dist/widget` when the server runs from source. Undefined when
 * the widget has not been built (the server then answers the API only).
 */
export function builtWidgetDir(): string | undefined {
  return builtDir('widget', 'docs-assistant.js');
}

/** The built Insights page, found as the widget is (`dist/insights`). */
export function builtInsightsDir(): string | undefined {
  return builtDir('insights', 'index.html');
}

function builtDir(name: string, entry: string): string | undefined {
  for (const candidate of [`../${name}`, `../../dist/${name}`]) {
    const dir = fileURLToPath(new URL(candidate, import.meta.url));
    if (existsSync(join(dir, entry))) return dir;
  }
  return undefined;
}
