/**
 * startServer(): starts listening, indexes every site (GET /health answers 503 meanwhile) and
 * resolves with a handle once the indexes are ready. The CLI, the demo and tests use it
 * (port 0 picks a free port).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { type AppOptions, createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { SiteIndex } from './docs-index/docs-index.ts';
import type { FrameworkName } from './docs-index/frameworks/types.ts';
import { buildDocsIndex } from './docs-index/load.ts';
import { type DocsWatcher, watchDocs } from './docs-index/watch.ts';
import type { AppEnv, Organization } from './types.ts';

export interface StartOptions {
  /** Start-up and watch lines; default console.log. */
  log?: (line: string) => void;
  /** More app options (the assistant, the widget folder), merged over the config's. */
  app?: Partial<AppOptions>;
  /** Called once the port is open, before indexing (GET /health answers 503 until ready). */
  onListening?: (url: string) => void;
}

export interface RunningServer {
  /** `http://host:port`, with the port actually bound. */
  url: string;
  app: Hono<AppEnv>;
  organizations: Organization[];
  close(): Promise<void>;
}

/** Progress lines at most this often, the first when indexing is slow enough to wonder. */
const PROGRESS_AFTER_MS = 1000;

export async function startServer(
  config: ServerConfig,
  options: StartOptions = {},
): Promise<RunningServer> {
  const log = options.log ?? ((line: string) => console.log(line));
  // One index per docs folder (sites may share one), filled after the port is open so that
  // health checks see 503 while a large site is still being indexed.
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
    })),
  }));
  let ready = false;
  const app = createApp({
    organizations,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    isReady: () => ready,
    ...options.app,
  });
  const server: ServerType = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  options.onListening?.(url);
  const watchers: DocsWatcher[] = [];
  const close = () =>
    new Promise<void>((resolve) => {
      for (const watcher of watchers) watcher.close();
      if ('closeAllConnections' in server) server.closeAllConnections();
      server.close(() => resolve());
    });
  try {
    await indexSites(indexes, frameworks, log);
  } catch (error) {
    await close();
    throw error;
  }
  ready = true;
  if (config.watch) {
    for (const [docs, index] of indexes) watchers.push(watchDocs(docs, index, { log }));
  }
  return { url, app, organizations, close };
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
    for (const problem of built.problems) log(`Skipped ${problem.file}: ${problem.message}`);
    const where = indexes.size > 1 ? ` from ${docs}` : '';
    log(
      `Indexed ${count(index.pageCount, 'page')} (${count(index.sectionCount, 'section')})${where} in ${(built.milliseconds / 1000).toFixed(1)} s`,
    );
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
