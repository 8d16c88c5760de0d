/**
 * The thread stores on their own, SQLite and PostgreSQL alike: keys, bounds in bytes and
 * count (also when two replicas append to one thread), retention.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThreadStore } from '../../../src/server/assistant/thread-store.ts';
import { PostgresThreadStore } from '../../../src/server/stores/postgres-threads.ts';
import { SqliteThreadStore } from '../../../src/server/stores/sqlite-threads.ts';
import type { ThreadBounds } from '../../../src/server/stores/thread-rules.ts';
import { type Engine, missingEngine, startPostgres } from '../../support/engines.ts';

interface StoreOptions extends Partial<ThreadBounds> {
  now?: () => number;
}

const noPostgres = missingEngine('postgres');
let postgres: (Engine & { remove(): Promise<void> }) | undefined;
let databases = 0;

beforeAll(async () => {
  if (!noPostgres) postgres = await startPostgres();
}, 60_000);
afterAll(async () => {
  await postgres?.stop();
  await postgres?.remove();
});

/** A store on a database of its own (PostgreSQL: a new database per call). */
async function postgresStore(options: StoreOptions): Promise<PostgresThreadStore> {
  const name = `threads_${++databases}`;
  const client = new pg.Client({ connectionString: postgres!.url });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(postgres!.url);
  url.pathname = `/${name}`;
  return PostgresThreadStore.open(url.href, options);
}

const engines: [string, boolean, (options: StoreOptions) => Promise<ThreadStore>][] = [
  ['SQLite', false, (options) => SqliteThreadStore.open(':memory:', options)],
  ['PostgreSQL', Boolean(noPostgres), postgresStore],
];

describe.each(engines)('%s thread store', (_name, skip, open) => {
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
