/**
 * A reader's thumbs across replicas: votes on one answer sent at once, or changed from up to
 * down, may each reach another replica and be written in any order. The store keeps one entry
 * per answer, the vote with the highest version (the widget's, else when a replica received
 * it), whichever write lands last: two stores on one SQLite file and on one PostgreSQL, then
 * two real server processes on a shared SQLite data folder, and on a shared PostgreSQL with
 * their limits in Redis, under concurrent votes.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedbackInput } from '../../../src/server/agents/feedback-store.ts';
import { InsightsStore } from '../../../src/server/insights/insights-store.ts';
import {
  openPostgresDriver,
  openSqliteDriver,
  type SqlDriver,
} from '../../../src/server/insights/sql-driver.ts';
import {
  type AskedAnswer,
  askServer,
  type CliProcess,
  type Engine,
  missingEngine,
  startCli,
  startPostgres,
  startRedis,
} from '../../support/engines.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));
const KEY = 'da_dsc_feedbackrace0123456789';
const ADMIN = 'da_admin_feedbackrace0123456789abcdef';
const noPostgres = missingEngine('postgres');
const noRedis = missingEngine('redis');

let postgres: (Engine & { remove(): Promise<void> }) | undefined;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'da-feedback-race-'));
  if (!noPostgres) postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  await postgres?.remove();
  await rm(dir, { recursive: true, force: true });
});

/** Votes 1…n on one answer, alternating up and down, in a shuffled order. */
function shuffledVotes(n: number): { version: number; helpful: boolean }[] {
  const votes = Array.from({ length: n }, (_, i) => ({ version: i + 1, helpful: i % 2 === 0 }));
  for (let i = votes.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [votes[i], votes[j]] = [votes[j]!, votes[i]!];
  }
  return votes;
}

describe.each([
  { engine: 'sqlite', skip: undefined },
  { engine: 'postgres', skip: noPostgres },
])('two $engine stores on one database (two replicas)', ({ engine, skip }) => {
  it.skipIf(skip)('keep one vote per answer, the highest version, in any write order', async () => {
    const open = (): Promise<SqlDriver> =>
      engine === 'sqlite'
        ? openSqliteDriver(join(dir, 'stores.db'))
        : openPostgresDriver(postgres!.url);
    const drivers = [await open(), await open()];
    try {
      const [a, b] = drivers.map((driver) => new InsightsStore(driver)) as [
        InsightsStore,
        InsightsStore,
      ];
      // Not the servers' site below, which count their own votes in the same database.
      const answer = { domain: 'stores', threadId: `t-${engine}`, messageId: `m-${engine}` };
      await a.recordAnswer({
        ...answer,
        at: Date.now(),
        question: 'How do I install it?',
        retrieved: [],
        cited: [],
        covered: true,
        model: 'embedded',
        firstChunkMs: 1,
        totalMs: 1,
        stopped: false,
        fpHash: 'reader',
      });
      const vote = (helpful: boolean, version?: number): FeedbackInput => ({
        ...answer,
        source: 'reader',
        helpful,
        ...(version !== undefined && { version }),
      });
      const readerVotes = async () =>
        (await a.list({ domain: 'stores', source: 'reader' })).filter(
          (entry) => entry.messageId === answer.messageId,
        );
      // The later vote (down, version 2) is written first by one replica; the earlier one
      // (up, version 1) lands after it on the other and changes nothing.
      await b.add(vote(false, 2));
      await a.add(vote(true, 1));
      expect((await readerVotes()).map((entry) => entry.helpful)).toEqual([false]);
      // Many at once, over both stores: the highest version stays, once.
      const votes = shuffledVotes(40).map(({ version, helpful }) => vote(helpful, version + 2));
      await Promise.all(votes.map((input, i) => (i % 2 === 0 ? a : b).add(input)));
      expect((await readerVotes()).map((entry) => entry.helpful)).toEqual([false]);
      // Without a version, the time it is received orders it: after every client's count.
      await a.add(vote(true));
      expect((await readerVotes()).map((entry) => entry.helpful)).toEqual([true]);
    } finally {
      await Promise.all(drivers.map((driver) => driver.close()));
    }
  });
});

async function sendVote(
  server: CliProcess,
  answer: AskedAnswer,
  helpful: boolean,
  version?: number,
): Promise<number> {
  const response = await fetch(`${server.url}/v1/assistant/docs/feedback`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...answer, helpful, ...(version !== undefined && { version }) }),
  });
  await response.arrayBuffer();
  return response.status;
}

async function feedbackTotals(server: CliProcess): Promise<{ up: number; down: number }> {
  const response = await fetch(`${server.url}/v1/analytics/docs/overview`, {
    headers: { Authorization: `Bearer ${ADMIN}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { feedback: { up: number; down: number } }).feedback;
}

/** The answer once its record is in the shared store (each replica checks thumbs against it). */
async function askedAndRecorded(replicas: CliProcess[]): Promise<AskedAnswer> {
  const answer = await askServer(replicas[0]!.url, KEY, 'How do I install it?');
  for (let attempt = 0; attempt < 50; attempt++) {
    await sendVote(replicas[1]!, answer, true, 0);
    if ((await feedbackTotals(replicas[1]!)).up === 1) return answer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the answer was never recorded');
}

describe.each([
  { engine: 'sqlite', skip: undefined },
  { engine: 'postgres', skip: noPostgres ?? noRedis },
])('two server processes sharing $engine', ({ engine, skip }) => {
  let replicas: CliProcess[] = [];
  let redis: (Engine & { remove(): Promise<void> }) | undefined;

  beforeAll(async () => {
    if (skip) return;
    const config = join(dir, `${engine}.json`);
    await writeFile(
      config,
      JSON.stringify({
        organizations: [
          {
            name: 'acme',
            keys: [KEY],
            adminKeys: [ADMIN],
            sites: [{ domain: 'docs', docs: DOCS }],
          },
        ],
      }),
    );
    const stores =
      engine === 'sqlite'
        ? ['--data-dir', join(dir, 'shared-data')]
        : ['--data-dir', 'none', '--database-url', postgres!.url];
    if (engine === 'postgres') redis = await startRedis();
    const start = () =>
      startCli(['--config', config, ...stores, ...(redis ? ['--redis-url', redis.url] : [])]);
    // One after the other: the first creates the SQLite file's tables.
    replicas = [await start(), await start()];
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await redis?.stop();
    await redis?.remove();
  });

  it.skipIf(skip)(
    'keep the last vote, once, whichever replica writes last',
    async () => {
      const answer = await askedAndRecorded(replicas);
      // Forty votes at once over both replicas, sent in a shuffled order: the highest version
      // (40, a thumbs down) stays, counted once.
      const votes = shuffledVotes(40);
      const statuses = await Promise.all(
        votes.map(({ version, helpful }, i) =>
          sendVote(replicas[i % 2]!, answer, helpful, version + 1),
        ),
      );
      expect(statuses.every((status) => status === 204)).toBe(true);
      for (const replica of replicas) {
        expect(await feedbackTotals(replica)).toEqual({ up: 0, down: 1 });
      }
      // A client without versions: up on one replica, then down on the other 50 ms later;
      // ordered by when each replica received them.
      const up = sendVote(replicas[0]!, answer, true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const down = sendVote(replicas[1]!, answer, false);
      expect(await Promise.all([up, down])).toEqual([204, 204]);
      expect(await feedbackTotals(replicas[0]!)).toEqual({ up: 0, down: 1 });
    },
    60_000,
  );
});
