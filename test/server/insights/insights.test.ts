/**
 * Insights (issue 18) through the real CLI, on a SQLite file and on PostgreSQL: recorded
 * conversations in three languages give the expected counts, topics and content gaps; feedback
 * needs the thread's key; the insights API takes admin keys only; logging off records nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFeedbackStore } from '../../../src/server/agents/feedback-store.ts';
import { Insights } from '../../../src/server/insights/insights.ts';
import { InsightsStore } from '../../../src/server/insights/insights-store.ts';
import { openSqliteDriver } from '../../../src/server/insights/sql-driver.ts';
import type { Site } from '../../../src/server/types.ts';
import {
  askServer,
  type CliProcess,
  type Engine,
  missingEngine,
  startCli,
  startPostgres,
} from '../../support/engines.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/sites/mintlify', import.meta.url));
const CLI = fileURLToPath(new URL('../../../src/server/cli.ts', import.meta.url));
const KEY = 'da_dsc_insights0123456789abc';
const ADMIN = 'da_admin_insights0123456789abcdefgh';

const ask = (server: CliProcess, question: string, currentPath?: string) =>
  askServer(server.url, KEY, question, { ...(currentPath && { currentPath }) });

const feedback = (server: CliProcess, body: object, key = KEY) =>
  fetch(`${server.url}/v1/assistant/docs/feedback`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

const read = (server: CliProcess, path: string, key: string | null = ADMIN) =>
  fetch(`${server.url}/v1/analytics/docs/${path}`, {
    headers: key ? { Authorization: `Bearer ${key}` } : {},
  });

async function readJson<T>(server: CliProcess, path: string): Promise<T> {
  const response = await read(server, path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** The questions every engine records, and what each should count as. */
async function recordConversations(server: CliProcess) {
  const covered = await ask(server, 'How do I book a launch?');
  await ask(server, '¿Cómo reservo un lanzamiento?', 'es/quickstart');
  await ask(server, '如何发射卫星?', 'zh');
  const gaps = [
    await ask(server, 'How do I configure webhook retries?'),
    await ask(server, 'Can webhook retries be configured?'),
    await ask(server, 'webhook retries configuration'),
  ];
  await ask(server, 'What is the refund policy for cancelled flights?');
  await fetch(`${server.url}/v1/search/docs`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: 'xylophone' }),
  });
  return { covered, gaps };
}

async function waitFor<T>(check: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 50; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out');
}

interface Overview {
  questions: number;
  mostCited: { value: string; count: number }[];
  neverCited: string[];
  covered: number;
  languages: { value: string; count: number }[];
  searches: { total: number; withoutResults: number };
  feedback: { up: number; down: number };
}

function checksFor(engine: () => { server: CliProcess }) {
  let recorded: Awaited<ReturnType<typeof recordConversations>>;

  it('records each answer: counts, languages, coverage, searches without results', async () => {
    const { server } = engine();
    recorded = await recordConversations(server);
    const overview = await waitFor(async () => {
      const found = await readJson<Overview>(server, 'overview');
      return found.questions === 7 && found.searches.total === 1 ? found : undefined;
    });
    expect(overview.covered).toBeGreaterThanOrEqual(3);
    expect(overview.covered).toBeLessThanOrEqual(4);
    expect(overview.languages.map((l) => l.value).sort()).toEqual(['en', 'es', 'zh']);
    expect(overview.searches.withoutResults).toBeLessThanOrEqual(1);
    const conversations = await readJson<{ items: { question: string; covered: boolean }[] }>(
      server,
      'conversations?covered=false',
    );
    const uncovered = conversations.items.map((item) => item.question);
    expect(uncovered).toEqual(expect.arrayContaining(['webhook retries configuration']));
    expect(uncovered).not.toContain('How do I book a launch?');
  });

  it('lists the pages no answer cited: every listed page that is not cited', async () => {
    const { server } = engine();
    const overview = await readJson<Overview>(server, 'overview');
    const cited = overview.mostCited.map((entry) => entry.value);
    expect(cited.length).toBeGreaterThan(0);
    expect(overview.neverCited.length).toBeGreaterThan(0);
    expect(overview.neverCited.filter((path) => cited.includes(path))).toEqual([]);
    // The same in a range with no answers: every page is never cited.
    const before = await readJson<Overview>(server, 'overview?from=2020-01-01&to=2020-01-31');
    expect(before.neverCited).toEqual(expect.arrayContaining([...cited, ...overview.neverCited]));
  });

  it('groups the unanswered questions into a content gap with its suggestion', async () => {
    const { server } = engine();
    const gaps = await readJson<{
      items: { terms: string[]; count: number; examples: string[]; suggestion: string }[];
    }>(server, 'gaps');
    const webhooks = gaps.items.find((group) => group.terms.includes('webhook'));
    expect(webhooks).toMatchObject({ count: 3 });
    expect(webhooks!.terms).toEqual(expect.arrayContaining(['retries']));
    expect(webhooks!.suggestion).toMatch(/webhook/);
    // The refund question is its own group, not mixed with webhooks.
    expect(gaps.items.some((group) => group.examples[0]?.startsWith('What is the refund'))).toBe(
      true,
    );
  });

  it('takes a reader’s thumbs with the thread key only, latest one wins', async () => {
    const { server } = engine();
    const { threadId, threadKey, messageId } = recorded.covered;
    const wrong = await feedback(server, { threadId, threadKey: 'nope', messageId, helpful: true });
    expect(wrong.status).toBe(404);
    const noKey = await fetch(`${server.url}/v1/assistant/docs/feedback`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ threadId, threadKey, messageId, helpful: true }),
    });
    expect(noKey.status).toBe(401);
    expect((await feedback(server, { threadId, threadKey, messageId, helpful: true })).status).toBe(
      204,
    );
    const down = { threadId, threadKey, messageId, helpful: false, reason: 'outdated' };
    expect((await feedback(server, { ...down, comment: 'Tuesday is wrong' })).status).toBe(204);
    // Thumbs on an answer this thread never had: taken as the contract says (204), kept nowhere.
    for (const unknown of ['not-an-answer', recorded.gaps[0]!.messageId]) {
      const stray = { threadId, threadKey, messageId: unknown, helpful: true };
      expect((await feedback(server, stray)).status).toBe(204);
    }
    const overview = await readJson<Overview>(server, 'overview');
    expect(overview.feedback).toEqual({ up: 0, down: 1 });
    const byPage = await readJson<{ items: { path: string; down: number; comments: string[] }[] }>(
      server,
      'feedback',
    );
    expect(byPage.items[0]).toMatchObject({ down: 1, comments: ['outdated: Tuesday is wrong'] });
    const disliked = await readJson<{ items: { helpful: boolean | null }[] }>(
      server,
      'conversations?feedback=down',
    );
    expect(disliked.items).toHaveLength(1);
  });

  it('reads with an admin key only: no key, a public key and a bad query are refused', async () => {
    const { server } = engine();
    expect((await read(server, 'overview', null)).status).toBe(401);
    const publicKey = await read(server, 'overview', KEY);
    expect(publicKey.status).toBe(401);
    expect(((await publicKey.json()) as { message: string }).message).toMatch(/admin key/);
    expect((await read(server, 'overview?from=yesterday')).status).toBe(400);
    // An admin key is never a public key.
    const asPublic = await fetch(`${server.url}/v1/search/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'Content-Type': 'application/json' },
      body: '{"query":"launch"}',
    });
    expect(asPublic.status).toBe(401);
  });

  it('pages a list with its cursor, exports CSV and shows a transcript', async () => {
    const { server } = engine();
    const first = await readJson<{ items: { threadId: string }[]; cursor?: string }>(
      server,
      'conversations?limit=4',
    );
    expect(first.items).toHaveLength(4);
    const second = await readJson<{ items: unknown[]; cursor?: string }>(
      server,
      `conversations?limit=4&cursor=${first.cursor}`,
    );
    expect(second.items).toHaveLength(3);
    expect(second.cursor).toBeUndefined();
    const csv = await read(server, 'conversations?format=csv');
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toMatch(/^at,threadId,messageId,question,/);
    expect(lines).toHaveLength(8);
    const transcript = await readJson<{ items: { question: string }[] }>(
      server,
      `threads/${recorded.covered.threadId}`,
    );
    expect(transcript.items.map((item) => item.question)).toEqual(['How do I book a launch?']);
    expect((await read(server, 'threads/no-such-thread')).status).toBe(404);
  });

  it('keeps an agent’s report through MCP submit_feedback with the readers’ feedback', async () => {
    const { server } = engine();
    const client = new Client({ name: 'insights-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/docs`), {
        requestInit: { headers: { Authorization: `Bearer ${KEY}` } },
      }),
    );
    const result = await client.callTool({
      name: 'submit_feedback',
      arguments: { path: 'api/launch', problem: 'The launch window table is missing Fridays.' },
    });
    await client.close();
    expect(result.isError).toBeFalsy();
    const byPage = await readJson<{
      items: { path: string; down: number; fromAgents: number; comments: string[] }[];
    }>(server, 'feedback');
    expect(byPage.items.find((item) => item.path === 'api/launch')).toEqual({
      path: 'api/launch',
      up: 0,
      down: 1,
      fromAgents: 1,
      comments: ['problem: The launch window table is missing Fridays.'],
    });
  });
}

describe('insights on a SQLite file (the default)', () => {
  let data: string;
  let server: CliProcess;
  beforeAll(async () => {
    data = await mkdtemp(join(tmpdir(), 'da-insights-'));
    server = await startCli([
      '--docs',
      DOCS,
      '--key',
      KEY,
      '--admin-key',
      ADMIN,
      '--data-dir',
      data,
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await rm(data, { recursive: true, force: true });
  });
  checksFor(() => ({ server }));

  it('prints the content gaps in the terminal and writes them as Markdown', async () => {
    const out = join(data, 'gaps.md');
    const run = spawnSync(
      process.execPath,
      [CLI, 'gaps', '--docs', DOCS, '--data-dir', data, '--since', '1d', '--out', out],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^# Content gaps: docs, /);
    expect(run.stdout).toMatch(/## 1\. .*webhook.* \(3 questions\)/);
    expect(run.stdout).toContain('- webhook retries configuration');
    expect(await readFile(out, 'utf8')).toBe(run.stdout);
  });

  it('keeps them across a restart', async () => {
    await server.stop();
    server = await startCli([
      '--docs',
      DOCS,
      '--key',
      KEY,
      '--admin-key',
      ADMIN,
      '--data-dir',
      data,
    ]);
    const overview = await readJson<Overview>(server, 'overview');
    expect(overview.questions).toBe(7);
  });
});

const noPostgres = missingEngine('postgres');
describe.skipIf(noPostgres)('insights on PostgreSQL', () => {
  let postgres: Engine & { remove(): Promise<void> };
  let server: CliProcess;
  beforeAll(async () => {
    postgres = await startPostgres();
    server = await startCli(
      ['--docs', DOCS, '--key', KEY, '--admin-key', ADMIN, '--data-dir', 'none'],
      { DATABASE_URL: postgres.url },
    );
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await postgres?.stop();
    await postgres?.remove();
  });
  checksFor(() => ({ server }));
});

describe('logging off', () => {
  let data: string;
  let server: CliProcess;
  beforeAll(async () => {
    data = await mkdtemp(join(tmpdir(), 'da-insights-off-'));
    server = await startCli([
      ...['--docs', DOCS, '--key', KEY, '--admin-key', ADMIN, '--data-dir', data],
      ...['--insights', 'off'],
    ]);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await rm(data, { recursive: true, force: true });
  });

  it('records nothing', async () => {
    await ask(server, 'How do I book a launch?');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const overview = await readJson<Overview>(server, 'overview');
    expect(overview.questions).toBe(0);
    expect(overview.searches.total).toBe(0);
  });
});

describe('feedback as the answer ends', () => {
  it('keeps thumbs sent before the answer they rate is written', async () => {
    const store = new InsightsStore(await openSqliteDriver(':memory:'));
    const insights = new Insights(Promise.resolve(store), () => {});
    const site = { domain: 'docs' } as Site;
    // The route records an answer once its stream ended; a client may rate it at once.
    insights.recordAnswer({
      site,
      at: Date.now(),
      threadId: 'thread-1',
      messageId: 'answer-1',
      question: 'How do I book a launch?',
      retrieved: [],
      text: 'Book it on the launch page.',
      sources: [],
      modelCites: true,
      model: 'embedded',
      firstChunkMs: 1,
      totalMs: 2,
      stopped: false,
      fp: 'reader',
    });
    const feedback = insights.feedback(new MemoryFeedbackStore());
    const rate = (messageId: string) =>
      feedback.add({
        domain: 'docs',
        source: 'reader',
        helpful: true,
        threadId: 'thread-1',
        messageId,
      });
    expect(await rate('answer-1')).toBeDefined();
    expect(await rate('answer-2')).toBeUndefined();
    expect(await feedback.list({ domain: 'docs' })).toHaveLength(1);
  });
});
