/**
 * The thread stores on their own, SQLite and PostgreSQL alike: keys, bounds in bytes and
 * count (also when two replicas append to one thread, in turn or at once), retention, and
 * PostgreSQL's counts of a thread's messages when an older schema is migrated.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadStore } from '../../../src/server/assistant/thread-store.ts';
import {
  POSTGRES_THREAD_MIGRATIONS,
  PostgresThreadStore,
} from '../../../src/server/stores/postgres-threads.ts';
import { SqliteThreadStore } from '../../../src/server/stores/sqlite-threads.ts';
import type { ThreadBounds } from '../../../src/server/stores/thread-rules.ts';
import { type Engine, missingEngine, startPostgres } from '../../support/engines.ts';

interface StoreOptions extends Partial<ThreadBounds> {
  now?: () => number;
}

const noPostgres = missingEngine('postgres');
let postgres: (Engine & { remove(): Promise<void> }) | undefined;
let databases = 0;
let files: string;

beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), 'da-thread-stores-'));
  if (!noPostgres) postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  await postgres?.remove();
  await rm(files, { recursive: true, force: true });
});

/** A new PostgreSQL database's URL. */
async function postgresDatabase(): Promise<string> {
  const name = `threads_${++databases}`;
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(postgres!.url);
  url.pathname = `/${name}`;
  return url.href;
}

interface StoreEngine {
  /** Where a new, empty store lives (a file, a database). */
  database(): Promise<string>;
  /** A store on `where`: each call is another replica. */
  openAt(where: string, options: StoreOptions): Promise<ThreadStore>;
}

const engines: [string, boolean, StoreEngine][] = [
  [
    'SQLite',
    false,
    {
      database: async () => join(files, `threads-${++databases}.db`),
      openAt: (file, options) => SqliteThreadStore.open(file, options),
    },
  ],
  [
    'PostgreSQL',
    Boolean(noPostgres),
    {
      database: postgresDatabase,
      openAt: (url, options) => PostgresThreadStore.open(url, options),
    },
  ],
];

describe.each(engines)('%s thread store', (_name, skip, engine) => {
  const open = async (options: StoreOptions) => engine.openAt(await engine.database(), options);

  it.skipIf(skip)('opens a thread with its key only, on its own domain only', async () => {
    const store = await open({});
    const thread = await store.create('acme', 'fp');
    await store.append(thread, [{ role: 'user', text: 'Hello', at: 1 }]);
    const opened = await store.open('acme', thread.id, thread.key);
    expect(opened?.messages).toEqual([{ role: 'user', text: 'Hello', at: 1 }]);
    expect(await store.open('acme', thread.id, 'wrong')).toBeUndefined();
    expect(await store.open('globex', thread.id, thread.key)).toBeUndefined();
    expect(await store.open('acme', 'no-such-id', thread.key)).toBeUndefined();
    await store.close?.();
  });

  it.skipIf(skip)(
    'keeps a thread within its bounds: bytes per message, bytes and messages per thread',
    async () => {
      const store = await open({ maxMessageBytes: 10, maxThreadBytes: 25, maxMessages: 3 });
      const thread = await store.create('acme', 'fp');
      await store.append(thread, [{ role: 'user', text: '🚀🚀🚀🚀', at: 1 }]);
      for (const letter of ['a', 'b', 'c']) {
        await store.append(thread, [{ role: 'user', text: letter.repeat(10), at: 2 }]);
      }
      const opened = await store.open('acme', thread.id, thread.key);
      // 4 × 10 bytes > 25: the two newest stay, the emoji message (cut to 8 bytes) went first.
      expect(opened!.messages.map((m) => m.text)).toEqual(['bbbbbbbbbb', 'cccccccccc']);
      for (let i = 0; i < 5; i++) {
        await store.append(thread, [{ role: 'assistant', text: String(i), at: 3 }]);
      }
      const texts = (await store.open('acme', thread.id, thread.key))!.messages.map((m) => m.text);
      expect(texts).toEqual(['2', '3', '4']);
      await store.close?.();
    },
  );

  it.skipIf(skip)(
    'keeps the bounds when two replicas append to one thread, each with its own view of it',
    async () => {
      const store = await open({ maxMessages: 20, maxThreadBytes: 10_000 });
      const thread = await store.create('acme', 'fp');
      // Two readers of the same thread: each append sees only what it opened.
      const first = (await store.open('acme', thread.id, thread.key))!;
      const second = (await store.open('acme', thread.id, thread.key))!;
      for (let i = 0; i < 30; i++) {
        await store.append(i % 2 ? first : second, [{ role: 'user', text: `m${i}`, at: i }]);
      }
      const kept = (await store.open('acme', thread.id, thread.key))!.messages;
      expect(kept.length).toBeLessThanOrEqual(20);
      expect(kept.at(-1)!.text).toBe('m29');
      expect(kept.map((m) => m.at)).toEqual([...kept.map((m) => m.at)].sort((a, b) => a - b));
      await store.close?.();
    },
  );

  it.skipIf(skip)(
    'keeps the bounds exactly when two replicas append to one thread at the same time',
    async () => {
      const where = await engine.database();
      const replicas = [
        await engine.openAt(where, { maxMessages: 20, maxThreadBytes: 10_000 }),
        await engine.openAt(where, { maxMessages: 20, maxThreadBytes: 10_000 }),
      ];
      const thread = await replicas[0]!.create('acme', 'fp');
      const views = await Promise.all(
        replicas.map((replica) => replica.open('acme', thread.id, thread.key, { messages: false })),
      );
      // 50 appends in flight at once, 25 through each replica's connections.
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          replicas[i % 2]!.append(views[i % 2]!, [{ role: 'user', text: `m${i}`, at: i }]),
        ),
      );
      const kept = (await replicas[0]!.open('acme', thread.id, thread.key))!.messages;
      // Exactly the bound: no append was lost from the count, none counted twice.
      expect(kept).toHaveLength(20);
      expect(new Set(kept.map((m) => m.text)).size).toBe(20);
      // By bytes too: 12 more messages of 900 bytes keep the newest 11 (9,900 bytes).
      for (let i = 0; i < 12; i++) {
        await replicas[i % 2]!.append(views[i % 2]!, [
          { role: 'assistant', text: String(i).padEnd(900, '.'), at: 100 + i },
        ]);
      }
      const texts = (await replicas[1]!.open('acme', thread.id, thread.key))!.messages.map(
        (m) => m.text[0] + (m.text[1] === '.' ? '' : m.text[1]!),
      );
      expect(texts).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11']);
      await Promise.all(replicas.map((replica) => replica.close?.()));
    },
  );

  it.skipIf(skip)('opens a thread without reading its messages, and appends to it', async () => {
    const store = await open({ maxMessages: 3 });
    const thread = await store.create('acme', 'fp');
    await store.append(thread, [{ role: 'user', text: 'a', at: 1 }]);
    const opened = await store.open('acme', thread.id, thread.key, { messages: false });
    expect(opened).toMatchObject({ id: thread.id, domain: 'acme', fp: 'fp', messages: [] });
    expect(await store.open('acme', thread.id, 'wrong', { messages: false })).toBeUndefined();
    for (const text of ['b', 'c', 'd']) {
      await store.append(opened!, [{ role: 'assistant', text, at: 2 }]);
    }
    expect(opened!.messages.map((m) => m.text)).toEqual(['b', 'c', 'd']);
    const stored = (await store.open('acme', thread.id, thread.key))!.messages;
    expect(stored.map((m) => m.text)).toEqual(['b', 'c', 'd']);
    await store.close?.();
  });

  it.skipIf(skip)('deletes threads idle since before the retention cut', async () => {
    let now = 1000;
    const store = await open({ now: () => now });
    const old = await store.create('acme', 'fp');
    await store.append(old, [{ role: 'user', text: 'old', at: now }]);
    now = 5000;
    const recent = await store.create('acme', 'fp');
    expect(await store.prune?.(2000)).toBe(1);
    expect(await store.open('acme', old.id, old.key)).toBeUndefined();
    expect(await store.open('acme', recent.id, recent.key)).toBeDefined();
    await store.close?.();
  });
});

describe.skipIf(noPostgres)('PostgreSQL thread store migrated from its first schema', () => {
  it('counts the messages threads already hold, and keeps the bounds from there', async () => {
    const url = await postgresDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(POSTGRES_THREAD_MIGRATIONS[0]!);
    await client.query(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL); INSERT INTO schema_migrations VALUES (1, 0)',
    );
    const store = await PostgresThreadStore.open(url, { maxMessages: 5 });
    const thread = await store.create('acme', 'fp');
    await store.close();
    // What the first schema's replicas wrote: rows and no counts.
    await client.query(
      `ALTER TABLE threads DROP COLUMN message_count, DROP COLUMN bytes, DROP COLUMN oldest_message_id;
       DELETE FROM schema_migrations WHERE version >= 2;
       DROP FUNCTION append_thread_messages`,
    );
    for (let i = 0; i < 4; i++) {
      await client.query(
        `INSERT INTO thread_messages (thread_id, role, text, bytes, at) VALUES ($1, 'user', $2, 2, $3)`,
        [thread.id, `m${i}`, i],
      );
    }
    const migrated = await PostgresThreadStore.open(url, { maxMessages: 5 });
    const counts = await client.query('SELECT message_count, bytes FROM threads WHERE id = $1', [
      thread.id,
    ]);
    expect(counts.rows).toEqual([{ message_count: 4, bytes: '8' }]);
    expect(await appendPastTheBound(migrated, thread)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    await migrated.close();
    await client.end();
  });
});

describe('SQLite thread store migrated from its first schema', () => {
  it('counts the messages threads already hold, and keeps the bounds from there', async () => {
    const file = join(files, 'first-schema.db');
    const store = await SqliteThreadStore.open(file, { maxMessages: 5 });
    const thread = await store.create('acme', 'fp');
    await store.close();
    // What the first schema's processes wrote: rows and no counts.
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(file);
    db.exec(
      `ALTER TABLE threads DROP COLUMN message_count;
       ALTER TABLE threads DROP COLUMN bytes;
       DELETE FROM schema_migrations WHERE version = 2;`,
    );
    const insert = db.prepare(
      `INSERT INTO thread_messages (thread_id, role, text, bytes, at) VALUES (?, 'user', ?, 2, ?)`,
    );
    for (let i = 0; i < 4; i++) insert.run(thread.id, `m${i}`, i);
    db.close();
    const migrated = await SqliteThreadStore.open(file, { maxMessages: 5 });
    expect(await appendPastTheBound(migrated, thread)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    await migrated.close();
  });
});

/**
 * Appends m4 and m5 to a thread of a migrated store holding m0…m3 with a bound of 5 messages,
 * as an answer does (the thread opened without its messages); the texts kept.
 */
async function appendPastTheBound(
  store: ThreadStore,
  thread: { id: string; key: string },
): Promise<string[]> {
  const opened = (await store.open('acme', thread.id, thread.key, { messages: false }))!;
  await store.append(opened, [
    { role: 'user', text: 'm4', at: 4 },
    { role: 'user', text: 'm5', at: 5 },
  ]);
  return (await store.open('acme', thread.id, thread.key))!.messages.map((m) => m.text);
}
