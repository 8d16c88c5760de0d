/**
 * Where the server keeps its state, from the configuration:
 * - PostgreSQL when a database URL is given (`--database-url`, `DATABASE_URL`): replicas share
 *   threads;
 * - else SQLite in the data folder (`--data-dir`, default `.docs-assistant`): one machine,
 *   nothing lost on restart;
 * - else memory (`--data-dir none`, or a Node without `node:sqlite`), bounded, lost on restart.
 * Old threads are deleted by the server itself (`--retention-days`, default 30).
 */
import { join, resolve } from 'node:path';
import { MemoryThreadStore, type ThreadStore } from '../assistant/thread-store.ts';
import type { InsightsStore } from '../insights/insights-store.ts';

export interface StoreSettings {
  /** The data folder, or 'none' for memory only. */
  dataDir: string;
  databaseUrl?: string;
  /** Rate-limit counters shared by replicas in Redis (`--redis-url`, `REDIS_URL`). */
  redisUrl?: string;
  /** Readiness stays 200 (`degraded`) while Redis is down (`--ready-without-redis`). */
  readyWithoutRedis?: boolean;
  /** Threads idle for longer are deleted; default 30 days. */
  retentionDays: number;
}

export interface OpenedStores {
  threads: ThreadStore;
  /** What readers asked, searched and thought (none without `node:sqlite` or a database). */
  insights: InsightsStore | undefined;
  /** 'postgres', 'sqlite' or 'memory'. */
  kind: string;
  /** Where, for the start-up line (the URL without its password). */
  where: string;
  /** The readiness checks of the configured stores. */
  checks: { name: string; check: () => Promise<void> }[];
  close(): Promise<void>;
}

/** How often old threads are looked for. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Answers and searches kept by the in-memory insights (`--data-dir none`). */
const MEMORY_INSIGHTS_ROWS = 50_000;

export const DEFAULT_RETENTION_DAYS = 30;

export async function openStores(
  settings: StoreSettings,
  log: (line: string) => void,
): Promise<OpenedStores> {
  const opened = await openThreads(settings, log);
  const { threads } = opened;
  let insights: InsightsStore | undefined;
  try {
    insights = await openInsights(settings, opened.kind);
  } catch (error) {
    await threads.close?.();
    throw error;
  }
  const prune = () => {
    const before = Date.now() - settings.retentionDays * DAY_MS;
    const report = (what: string) =>
      [
        (deleted: number) => {
          if (deleted > 0)
            log(`Deleted ${deleted} ${what} older than ${settings.retentionDays} days`);
        },
        (error: unknown) => log(`Could not delete old ${what}: ${(error as Error).message}`),
      ] as const;
    threads.prune?.(before).then(...report('threads'));
    insights?.prune(before).then(...report('insights records'));
    if (insights && settings.dataDir === 'none' && !settings.databaseUrl) {
      insights.keepNewest(MEMORY_INSIGHTS_ROWS).catch(() => {});
    }
  };
  prune();
  const timer = setInterval(prune, PRUNE_EVERY_MS);
  timer.unref();
  return {
    ...opened,
    insights,
    checks: [
      ...(threads.check ? [{ name: opened.kind, check: () => threads.check!() }] : []),
      ...(insights ? [{ name: 'insights', check: () => insights!.check() }] : []),
    ],
    async close() {
      clearInterval(timer);
      await threads.close?.();
      await insights?.close();
    },
  };
}

/** Insights live beside the threads: same database, or the same SQLite file, or memory. */
export async function openInsights(
  settings: StoreSettings,
  threadsKind: string,
): Promise<InsightsStore | undefined> {
  const { InsightsStore } = await import('../insights/insights-store.ts');
  const drivers = await import('../insights/sql-driver.ts');
  if (settings.databaseUrl) {
    return new InsightsStore(await drivers.openPostgresDriver(settings.databaseUrl));
  }
  try {
    await import('node:sqlite');
  } catch {
    return undefined;
  }
  const file =
    settings.dataDir === 'none' || threadsKind === 'memory'
      ? ':memory:'
      : join(resolve(settings.dataDir), 'docs-assistant.db');
  return new InsightsStore(await drivers.openSqliteDriver(file));
}

async function openThreads(
  settings: StoreSettings,
  log: (line: string) => void,
): Promise<Pick<OpenedStores, 'threads' | 'kind' | 'where'>> {
  if (settings.databaseUrl) {
    const { PostgresThreadStore } = await import('./postgres-threads.ts');
    const threads = await PostgresThreadStore.open(settings.databaseUrl);
    return { threads, kind: 'postgres', where: withoutPassword(settings.databaseUrl) };
  }
  if (settings.dataDir === 'none') {
    return { threads: new MemoryThreadStore(), kind: 'memory', where: 'memory' };
  }
  const file = join(resolve(settings.dataDir), 'docs-assistant.db');
  let sqlite: typeof import('./sqlite-threads.ts');
  try {
    await import('node:sqlite');
    sqlite = await import('./sqlite-threads.ts');
  } catch {
    log(
      `Warning: this Node (${process.version}) has no node:sqlite (Node 22.13 or later has it): threads are kept in memory and lost on restart`,
    );
    return { threads: new MemoryThreadStore(), kind: 'memory', where: 'memory' };
  }
  const threads = await sqlite.SqliteThreadStore.open(file);
  return { threads, kind: 'sqlite', where: file };
}

/** `postgres://user:secret@host/db` → `postgres://user@host/db`. */
function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'postgres';
  }
}

/**
 * A thread store that is still opening: each call waits for it. The server answers at once
 * (health, search) while a database connects and migrates; an answer waits for it.
 */
export function deferredThreads(opening: Promise<ThreadStore>): ThreadStore {
  // Rejections are the caller's to report through `ready`; a request then fails on its own.
  opening.catch(() => {});
  return {
    create: async (domain, fp) => (await opening).create(domain, fp),
    open: async (domain, id, key) => (await opening).open(domain, id, key),
    append: async (thread, messages) => (await opening).append(thread, messages),
  };
}
