/**
 * Insights figures (issue 18), in one run:
 * - what recording adds to an answer: the app answering through a SQLite thread store, with
 *   insights on and off (the write happens after the stream ends; the figure is the time to
 *   the last byte, p50/p99, and the store's own insert time);
 * - the insights API on SQLite over 100,000 logged questions in 30 days: overview,
 *   conversations, topics, gaps, p50/p99.
 * `node bench/insights.ts` runs it alone; `bench/run.ts` with the other benchmarks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/server/app.ts';
import { resolveModel } from '../src/server/assistant/models.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { Insights } from '../src/server/insights/insights.ts';
import { InsightsStore } from '../src/server/insights/insights-store.ts';
import { openSqliteDriver } from '../src/server/insights/sql-driver.ts';
import { SqliteThreadStore } from '../src/server/stores/sqlite-threads.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { percentile, round } from './stats.ts';

const KEY = 'da_dsc_benchinsights0123456789';
const ADMIN = 'da_admin_benchinsights0123456789abcdef';
const QUESTIONS = ['How do I stream text?', 'How do I call tools?', 'What is generateObject?'];

export interface InsightsFigures {
  what: string;
  p50Ms: number;
  p99Ms: number;
}

export async function benchInsights(): Promise<InsightsFigures[]> {
  const dir = await mkdtemp(join(tmpdir(), 'da-bench-insights-'));
  try {
    const { index } = await buildDocsIndex(AI_SDK_DOCS);
    const figures: InsightsFigures[] = [];
    const file = join(dir, 'docs-assistant.db');
    const threads = await SqliteThreadStore.open(file);
    const store = new InsightsStore(await openSqliteDriver(file));
    const app = (logging: boolean) =>
      createApp({
        organizations: [
          {
            name: 'bench',
            keys: [KEY],
            adminKeys: [ADMIN],
            limits: { orgPerHour: 1e9, ipPerDay: 1e9, ipPerMinute: 1e9 },
            sites: [{ domain: 'docs', index, insights: { logging, logQuestions: true } }],
          },
        ],
        assistant: { model: resolveModel({}), threads },
        insights: new Insights(Promise.resolve(store), () => {}),
        log: () => {},
      });
    const answer = async (served: ReturnType<typeof createApp>, i: number) => {
      const response = await served.request('/v2/assistant/docs/message', {
        method: 'POST',
        headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          fp: 'bench',
          messages: [{ role: 'user', parts: [{ type: 'text', text: QUESTIONS[i % 3] }] }],
        }),
      });
      await response.text();
    };
    // Interleaved, so both see the same machine state.
    const on = app(true);
    const off = app(false);
    const times = { on: [] as number[], off: [] as number[] };
    for (let i = 0; i < 1200; i++) {
      for (const [name, served] of [
        ['on', on],
        ['off', off],
      ] as const) {
        const started = performance.now();
        await answer(served, i);
        if (i >= 200) times[name].push(performance.now() - started);
      }
    }
    const p = (list: number[], q: number) => round(percentile(list, q));
    figures.push(
      { what: 'answer, insights off', p50Ms: p(times.off, 50), p99Ms: p(times.off, 99) },
      { what: 'answer, insights on', p50Ms: p(times.on, 50), p99Ms: p(times.on, 99) },
      {
        what: 'added by recording (on − off)',
        p50Ms: round(p(times.on, 50) - p(times.off, 50)),
        p99Ms: round(p(times.on, 99) - p(times.off, 99)),
      },
    );

    // 100,000 questions over 30 days in a fresh database.
    const big = new InsightsStore(await openSqliteDriver(join(dir, 'big.db')));
    const now = Date.now();
    const paths = [...(index.allPages?.() ?? [])].map((page) => page.path).slice(0, 400);
    const words = ['stream', 'tool', 'object', 'agent', 'cache', 'retry', 'embed', 'image'];
    for (let i = 0; i < 100_000; i++) {
      const path = paths[i % paths.length]!;
      const covered = i % 7 !== 0;
      await big.recordAnswer({
        domain: 'docs',
        at: now - Math.floor((i / 100_000) * 30 * 86_400_000),
        threadId: `t${Math.floor(i / 3)}`,
        messageId: `m${i}`,
        question: `How do I ${words[i % 8]} with ${words[(i >> 3) % 8]} ${i % 50}?`,
        language: i % 10 === 0 ? 'fr' : 'en',
        retrieved: [{ path, score: 0.4 + (i % 5) / 10 }],
        cited: covered ? [path] : [],
        covered,
        model: 'embedded',
        firstChunkMs: 5,
        totalMs: 9,
        stopped: false,
        fpHash: 'x',
      });
    }
    const bigApp = createApp({
      organizations: [
        {
          name: 'bench',
          keys: [KEY],
          adminKeys: [ADMIN],
          limits: { orgPerHour: 1e9, ipPerDay: 1e9, ipPerMinute: 1e9 },
          sites: [{ domain: 'docs', index }],
        },
      ],
      insights: new Insights(Promise.resolve(big), () => {}),
      log: () => {},
    });
    for (const path of ['overview', 'conversations', 'topics', 'gaps', 'feedback', 'searches']) {
      const list: number[] = [];
      for (let i = 0; i < 25; i++) {
        const started = performance.now();
        const response = await bigApp.request(`/v1/analytics/docs/${path}`, {
          headers: { Authorization: `Bearer ${ADMIN}` },
        });
        if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
        await response.text();
        if (i >= 5) list.push(performance.now() - started);
      }
      figures.push({
        what: `insights API ${path}, 100,000 questions in 30 days (SQLite)`,
        p50Ms: p(list, 50),
        p99Ms: p(list, 99),
      });
    }
    await big.close();
    await store.close();
    await threads.close();
    return figures;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.table(await benchInsights());
