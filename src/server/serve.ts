/**
 * startServer(): indexes every site, starts listening and returns a handle. The CLI, the demo
 * and tests use it (port 0 picks a free port).
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { type AppOptions, createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import type { SiteIndex } from './index/docs-index.ts';
import { buildDocsIndex } from './index/load.ts';
import { type DocsWatcher, watchDocs } from './index/watch.ts';
import type { AppEnv, Organization } from './types.ts';

export interface StartOptions {
  /** Start-up and watch lines; default console.log. */
  log?: (line: string) => void;
  /** More app options (the assistant, the widget folder), merged over the config's. */
  app?: Partial<AppOptions>;
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
  const indexes = await indexSites(config, log);
  const watchers: DocsWatcher[] = config.watch
    ? [...indexes].map(([docs, index]) => watchDocs(docs, index, { log }))
    : [];
  const organizations: Organization[] = config.organizations.map((organization) => ({
    ...organization,
    sites: organization.sites.map((site) => ({
      domain: site.domain,
      ...(site.siteUrl && { siteUrl: site.siteUrl }),
      index: indexes.get(site.docs)!,
    })),
  }));
  const app = createApp({
    organizations,
    corsOrigins: config.corsOrigins,
    trustProxy: config.trustProxy,
    ...options.app,
  });
  const server: ServerType = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${port}`,
    app,
    organizations,
    close: () =>
      new Promise<void>((resolve) => {
        for (const watcher of watchers) watcher.close();
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** One index per docs folder (sites may share a folder), with the start-up report. */
async function indexSites(
  config: ServerConfig,
  log: (line: string) => void,
): Promise<Map<string, SiteIndex>> {
  const indexes = new Map<string, SiteIndex>();
  const folders = [
    ...new Set(config.organizations.flatMap((o) => o.sites.map((site) => site.docs))),
  ];
  for (const docs of folders) {
    let reported = Date.now();
    const built = await buildDocsIndex(docs, {
      onProgress: ({ done, total }) => {
        if (Date.now() - reported < PROGRESS_AFTER_MS) return;
        reported = Date.now();
        log(`Indexing ${docs}: ${done}/${total} files`);
      },
    });
    for (const problem of built.problems) log(`Skipped ${problem.file}: ${problem.message}`);
    const { pageCount, sectionCount } = built.index;
    const where = folders.length > 1 ? ` from ${docs}` : '';
    log(
      `Indexed ${count(pageCount, 'page')} (${count(sectionCount, 'section')})${where} in ${(built.milliseconds / 1000).toFixed(1)} s`,
    );
    indexes.set(docs, built.index);
  }
  return indexes;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
