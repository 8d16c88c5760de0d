/**
 * Production state figures (issue 17), in one run so they compare: the latency each store
 * adds to a request against memory, p50/p99, and the time to first chunk of an answer with
 * every store on (three CLI replicas' setup, one process measured).
 * - Limits: a search request through the app with counters in memory, then in Redis.
 * - Threads: what one answer asks of the store (create or open the thread, record the
 *   question, record the answer) in memory, SQLite and PostgreSQL, in conversations of five
 *   questions and in a thread at the 100-message bound.
 * Starts a real redis-server and PostgreSQL (test/support/engines.ts). `node bench/stores.ts`
 * runs it alone; `bench/run.ts` with the other benchmarks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../src/server/app.ts';
import { MemoryThreadStore, type ThreadStore } from '../src/server/assistant/thread-store.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { type Limiters, memoryLimiters, redisLimiters } from '../src/server/stores/limiters.ts';
import { PostgresThreadStore } from '../src/server/stores/postgres-threads.ts';
import { SqliteThreadStore } from '../src/server/stores/sqlite-threads.ts';
import { missingEngine, startCli, startPostgres, startRedis } from '../test/support/engines.ts';
import { percentile, round } from './stats.ts';

const DOCS = fileURLToPath(new URL('../test/fixtures/corpora/ai-sdk-docs', import.meta.url));
const KEY = 'da_dsc_benchstores0123456789';
const ROUNDS = 2000;
const WARM_UP = 200;

export interface StoreFigures {
  what: string;
  store: string;
  p50Ms: number;
  p99Ms: number;
  addedP50Ms: number | string;
  addedP99Ms: number | string;
}

export async function benchStores(): Promise<StoreFigures[]> {
  const missing = missingEngine('redis') ?? missingEngine('postgres');
  if (missing) {
    console.log(`Skipped: ${missing}`);
    return [];
  }
  const redis = await startRedis();
  const postgres = await startPostgres();
  const dir = await mkdtemp(join(tmpdir(), 'da-bench-stores-'));
  try {
    const { index } = await buildDocsIndex(DOCS);
    const figures: StoreFigures[] = [];

    const limitFigures = async (store: string, limiters: Limiters) => {
      const app = createApp({
        organizations: [
          {
            name: 'bench',
            keys: [KEY],
            limits: { orgPerHour: 10_000_000, ipPerDay: 10_000_000, ipPerMinute: 10_000_000 },
            sites: [{ domain: 'docs', index }],
          },
        ],
        limiters: limiters.create,
        log: () => {},
      });
      const request = () =>
        app.request('/v1/search/docs', {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: '{"query":"streamText","pageSize":1}',
        });
      const times = await timed(async () => {
        await (await request()).arrayBuffer();
      });
      await limiters.close();
      return { what: 'search request (limits)', store, ...times };
    };
    const memoryLimits = await limitFigures('memory', memoryLimiters());
    const redisLimits = await limitFigures(
      'redis',
      redisLimiters(redis.url, () => {}),
    );
    figures.push(withAdded(memoryLimits, memoryLimits), withAdded(redisLimits, memoryLimits));

    /**
     * What answers ask of a thread store, in two shapes: conversations as readers have them
     * (a new thread every 5 questions: create or open, record the question, record the
     * answer), and follow-ups in a thread already at the bound (100 messages), the worst case.
     */
    // As the assistant route opens a thread: without its stored messages.
    const answering = { messages: false };
    const threadFigures = async (store: string, threads: ThreadStore) => {
      let thread = await threads.create('docs', 'anonymous');
      let asked = 0;
      const conversation = await timed(async () => {
        if (asked++ % 5 === 0) thread = await threads.create('docs', 'anonymous');
        else thread = (await threads.open('docs', thread.id, thread.key, answering)) ?? fail();
        await threads.append(thread, [
          { role: 'user', text: 'How do I stream text?', at: Date.now() },
        ]);
        await threads.append(thread, [
          { role: 'assistant', text: 'Use `streamText`: '.repeat(40), at: Date.now() },
        ]);
      });
      const full = await threads.create('docs', 'anonymous');
      const fullThread = await timed(async () => {
        const opened = (await threads.open('docs', full.id, full.key, answering)) ?? fail();
        await threads.append(opened, [
          { role: 'user', text: 'How do I stream text?', at: Date.now() },
        ]);
        await threads.append(opened, [
          { role: 'assistant', text: 'Use `streamText`: '.repeat(40), at: Date.now() },
        ]);
      });
      await threads.close?.();
      return [
        { what: 'an answer’s thread work (conversations of 5)', store, ...conversation },
        { what: 'an answer’s thread work (thread at 100 messages)', store, ...fullThread },
      ];
    };
    const memoryThreads = await threadFigures('memory', new MemoryThreadStore());
    const sqlite = await threadFigures(
      'sqlite',
      await SqliteThreadStore.open(join(dir, 'bench.db')),
    );
    const pg = await threadFigures('postgres', await PostgresThreadStore.open(postgres.url));
    for (const shape of [0, 1]) {
      figures.push(
        withAdded(memoryThreads[shape]!, memoryThreads[shape]!),
        withAdded(sqlite[shape]!, memoryThreads[shape]!),
        withAdded(pg[shape]!, memoryThreads[shape]!),
      );
    }

    // Time to first chunk with every store on: the CLI with PostgreSQL and Redis.
    const server = await startCli([
      '--docs',
      DOCS,
      '--key',
      KEY,
      '--database-url',
      postgres.url,
      '--redis-url',
      redis.url,
      '--log-format',
      'json',
    ]);
    try {
      const firstChunk: number[] = [];
      for (let i = 0; i < 120; i++) {
        const started = performance.now();
        const response = await fetch(`${server.url}/v2/assistant/docs/message`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            fp: 'anonymous',
            messages: [
              { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I stream text?' }] },
            ],
          }),
        });
        const reader = response.body!.getReader();
        await reader.read();
        if (i >= 20) firstChunk.push(performance.now() - started);
        while (!(await reader.read()).done) {}
      }
      figures.push({
        what: 'answer, time to first chunk',
        store: 'postgres + redis (CLI)',
        p50Ms: round(percentile(firstChunk, 50)),
        p99Ms: round(percentile(firstChunk, 99)),
        addedP50Ms: '',
        addedP99Ms: '',
      });
    } finally {
      await server.stop();
    }
    return figures;
  } finally {
    await redis.stop();
    await postgres.stop();
    await postgres.remove();
    await rm(dir, { recursive: true, force: true });
  }
}

function fail(): never {
  throw new Error('thread lost');
}

async function timed(run: () => Promise<void>): Promise<{ p50Ms: number; p99Ms: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return { p50Ms: round(percentile(times, 50)), p99Ms: round(percentile(times, 99)) };
}

function withAdded(
  figures: Omit<StoreFigures, 'addedP50Ms' | 'addedP99Ms'>,
  base: { p50Ms: number; p99Ms: number },
): StoreFigures {
  return {
    ...figures,
    addedP50Ms: round(figures.p50Ms - base.p50Ms),
    addedP99Ms: round(figures.p99Ms - base.p99Ms),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchStores());
