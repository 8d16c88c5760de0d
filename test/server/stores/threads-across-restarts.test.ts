/**
 * Production state (issue 17), threads: with real engines and the real CLI, a thread survives
 * restarts (SQLite, the default) and is shared by replicas (PostgreSQL): started on one,
 * continued on any other, a wrong key refused everywhere.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CliProcess,
  type Engine,
  missingEngine,
  startCli,
  startPostgres,
} from '../../support/engines.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));
const KEY = 'da_dsc_stores0123456789abcdef';

interface Asked {
  status: number;
  threadId?: string;
  threadKey?: string;
}

async function ask(
  server: CliProcess,
  question: string,
  thread: { threadId?: string; threadKey?: string } = {},
): Promise<Asked> {
  const response = await fetch(`${server.url}/v2/assistant/docs/message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fp: 'anonymous',
      ...thread,
      messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
  await response.text();
  return {
    status: response.status,
    threadId: response.headers.get('x-thread-id') ?? undefined,
    threadKey: response.headers.get('x-thread-key') ?? undefined,
  };
}

describe('SQLite, the default: a restart loses nothing', () => {
  let data: string;
  beforeAll(async () => {
    data = await mkdtemp(join(tmpdir(), 'da-sqlite-'));
  });
  afterAll(() => rm(data, { recursive: true, force: true }));

  it('continues a thread after the CLI restarts, with its key only', async () => {
    const args = ['--docs', DOCS, '--key', KEY, '--data-dir', data];
    const first = await startCli(args);
    expect(first.output()).toMatch(/Keeping threads in sqlite \(.*docs-assistant\.db\)/);
    const started = await ask(first, 'How do I install it?');
    expect(started.status).toBe(200);
    expect(await first.stop()).toBe(0);

    const second = await startCli(args);
    try {
      const thread = { threadId: started.threadId!, threadKey: started.threadKey! };
      const continued = await ask(second, 'And then?', thread);
      expect(continued.status).toBe(200);
      expect(continued.threadId).toBe(started.threadId);
      expect((await ask(second, 'And then?', { ...thread, threadKey: 'wrong' })).status).toBe(404);
      const ready = await fetch(`${second.url}/health/ready`);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: [
          { name: 'sqlite', ok: true },
          { name: 'insights', ok: true },
        ],
      });
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('keeps nothing with --data-dir none', async () => {
    const memory = await startCli(['--docs', DOCS, '--key', KEY, '--data-dir', 'none']);
    try {
      expect(memory.output()).toMatch(/Keeping threads in memory \(lost on restart\)/);
    } finally {
      await memory.stop();
    }
  }, 30_000);
});

const noPostgres = missingEngine('postgres');

describe.skipIf(noPostgres)('PostgreSQL: replicas share threads', () => {
  let postgres: Engine & { remove(): Promise<void> };
  let replicas: CliProcess[] = [];
  const startReplicas = () =>
    Promise.all(
      [0, 1, 2].map(() =>
        startCli([
          '--docs',
          DOCS,
          '--key',
          KEY,
          '--database-url',
          postgres.url,
          '--data-dir',
          'none',
          '--log-format',
          'json',
        ]),
      ),
    );

  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await postgres?.stop();
    await postgres?.remove();
  });

  it('three replicas starting together migrate once; a thread continues on every one', async () => {
    replicas = await startReplicas();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const migrations = await client.query('SELECT version FROM schema_migrations');
    expect(migrations.rows).toEqual([{ version: 1 }, { version: 2 }, { version: 3 }]);

    const [first, second, third] = replicas;
    const started = await ask(first!, 'How do I install it?');
    expect(started.status).toBe(200);
    const thread = { threadId: started.threadId!, threadKey: started.threadKey! };
    for (const replica of [second!, third!, first!]) {
      const continued = await ask(replica, 'And then?', thread);
      expect(continued.status).toBe(200);
      expect((await ask(replica, 'And then?', { ...thread, threadKey: 'wrong-key' })).status).toBe(
        404,
      );
    }
    const stored = await client.query(
      'SELECT role FROM thread_messages WHERE thread_id = $1 ORDER BY id',
      [thread.threadId],
    );
    expect(stored.rows.map((row) => row.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    // The key itself is not stored, only its hash.
    const keys = await client.query('SELECT key_hash FROM threads WHERE id = $1', [
      thread.threadId,
    ]);
    expect(keys.rows[0].key_hash).not.toContain(thread.threadKey);
    await client.end();

    // All three restarted: the thread still continues.
    await Promise.all(replicas.map((replica) => replica.stop()));
    replicas = await startReplicas();
    for (const replica of replicas) {
      expect((await ask(replica, 'Still there?', thread)).status).toBe(200);
      const ready = await fetch(`${replica.url}/health/ready`);
      expect(await ready.json()).toEqual({
        status: 'ready',
        checks: [
          { name: 'postgres', ok: true },
          { name: 'insights', ok: true },
        ],
      });
    }
  }, 120_000);

  it('says when the database is down, and recovers when it is back', async () => {
    const [replica] = replicas;
    await postgres.stop();
    const down = await fetch(`${replica!.url}/health/ready`);
    expect(down.status).toBe(503);
    const body = await down.json();
    expect(body.status).toBe('unavailable');
    expect(body.checks[0]).toMatchObject({ name: 'postgres', ok: false });
    // Search needs no database: readers still get results.
    const search = await fetch(`${replica!.url}/v1/search/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'install' }),
    });
    expect(search.status).toBe(200);
    // An answer needs its thread: 503 with Retry-After in the contract's shape, not a 500, and
    // one JSON log line saying why, never a multi-line stack.
    const logged = replica!.output().length;
    const answer = await fetch(`${replica!.url}/v2/assistant/docs/message`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fp: 'anonymous',
        messages: [
          { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] },
        ],
      }),
    });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await answer.json()).toEqual({ message: expect.any(String) });
    const linesAfter = () => replica!.output().slice(logged).split('\n');
    const answerLines = () => linesAfter().filter((line) => line.includes('/v2/assistant'));
    for (let attempt = 0; attempt < 50 && answerLines().length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answerLines()).toHaveLength(1);
    expect(JSON.parse(answerLines()[0]!)).toMatchObject({
      route: '/v2/assistant/:domain/message',
      status: 503,
      error: expect.stringContaining('postgres'),
    });
    // No stack frame anywhere (the search's insights record failing is one line of its own).
    expect(linesAfter().filter((line) => /^\s+at /.test(line))).toEqual([]);
    await postgres.start();
    let ready = 503;
    for (let attempt = 0; attempt < 50 && ready !== 200; attempt++) {
      ready = (await fetch(`${replica!.url}/health/ready`)).status;
      if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(ready).toBe(200);
  }, 60_000);
});
