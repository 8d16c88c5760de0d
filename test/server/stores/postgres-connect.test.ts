/**
 * A replica starting under load (session 18 QA): indexing a large site held the event loop past
 * pg's connection timeout, the timer fired before the database's answer was read, and the
 * process exited with "Connection terminated due to connection timeout". With a real
 * PostgreSQL: a connection made while the event loop is blocked still opens both stores, and
 * so do the pool's later connections (session 19); a database that does not answer still
 * fails in one timeout (503 for a request), and the server opens its stores before it indexes.
 */
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { openPostgresDriver } from '../../../src/server/insights/sql-driver.ts';
import { createServer as createDocsServer } from '../../../src/server/serve.ts';
import { PostgresThreadStore } from '../../../src/server/stores/postgres-threads.ts';
import { type Engine, missingEngine, startPostgres } from '../../support/engines.ts';

const TIMEOUT_MS = 300;

/** Holds the event loop, as indexing a large site does. */
function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy
  }
}

const noPostgres = missingEngine('postgres');

describe.skipIf(noPostgres)('PostgreSQL connections while the event loop is busy', () => {
  let postgres: Engine & { remove(): Promise<void> };

  beforeAll(async () => {
    postgres = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
    await postgres?.remove();
  });

  it('opens the thread store although the loop was blocked past the connection timeout', async () => {
    const opening = PostgresThreadStore.open(postgres.url, { timeoutMs: TIMEOUT_MS });
    blockEventLoop(TIMEOUT_MS * 3);
    const store = await opening;
    const thread = await store.create('docs', 'reader');
    expect(await store.open('docs', thread.id, thread.key)).toMatchObject({ id: thread.id });
    await store.close();
  });

  it('opens the insights store although the loop was blocked past the connection timeout', async () => {
    const opening = openPostgresDriver(postgres.url, { timeoutMs: TIMEOUT_MS });
    blockEventLoop(TIMEOUT_MS * 3);
    const driver = await opening;
    expect(await driver.all('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await driver.close();
  });

  it('makes later connections of the pool through a blocked loop too, for both stores', async () => {
    const store = await PostgresThreadStore.open(postgres.url, { timeoutMs: TIMEOUT_MS });
    const driver = await openPostgresDriver(postgres.url, { timeoutMs: TIMEOUT_MS });
    // The pools keep one connection each from opening: the others are new connections.
    const creating = Array.from({ length: 4 }, () => store.create('docs', 'reader'));
    const reading = Array.from({ length: 3 }, () => driver.all('SELECT 1 AS one'));
    blockEventLoop(TIMEOUT_MS * 3);
    const [threads, rows] = await Promise.all([Promise.all(creating), Promise.all(reading)]);
    expect(rows).toEqual([[{ one: 1 }], [{ one: 1 }], [{ one: 1 }]]);
    for (const thread of threads) {
      expect(await store.open('docs', thread.id, thread.key)).toMatchObject({ id: thread.id });
    }
    await store.close();
    await driver.close();
  });

  it('indexes only once its stores are open', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-connect-'));
    await writeFile(join(docs, 'index.md'), '# Home\nStart here.');
    const lines: string[] = [];
    const config = await loadConfig([
      '--docs',
      docs,
      '--key',
      'da_dsc_connect0123456789abcdef',
      '--database-url',
      postgres.url,
    ]);
    const server = createDocsServer(config, { log: (line) => lines.push(line) });
    await server.ready;
    await server.close();
    await rm(docs, { recursive: true, force: true });
    const kept = lines.findIndex((line) => line.startsWith('Keeping threads in postgres'));
    const indexed = lines.findIndex((line) => line.startsWith('Indexed'));
    expect(kept).toBeGreaterThanOrEqual(0);
    expect(indexed).toBeGreaterThan(kept);
  });
});

describe('a database that does not answer', () => {
  it('still fails in one timeout when the loop was idle', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const opening = PostgresThreadStore.open(`postgres://docs@127.0.0.1:${port}/docs`, {
      timeoutMs: TIMEOUT_MS,
    });
    await expect(opening).rejects.toThrow(/timeout/);
    // One connection attempt: not tried again while the loop waited for it.
    expect(sockets).toHaveLength(1);
    for (const socket of sockets) socket.destroy();
    silent.close();
  });
});
