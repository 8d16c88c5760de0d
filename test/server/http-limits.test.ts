/**
 * Connection limits (issue 15, finding 10): the server as `serve` starts it holds no more
 * connections than configured, and a client that opens a connection and never sends a request
 * is closed after the header timeout instead of being held for a minute; one client address
 * holds no more than its own share, so that it cannot keep every other reader out.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { DEFAULT_HTTP_LIMITS } from '../../src/server/http-limits.ts';
import { type RunningServer, startServer } from '../../src/server/serve.ts';

const DOCS = fileURLToPath(new URL('../fixtures/questions/tiny-docs', import.meta.url));

let server: RunningServer;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  const config = await loadConfig([
    '--docs',
    DOCS,
    '--port',
    '0',
    '--max-connections',
    '3',
    '--headers-timeout',
    '1',
    '--request-timeout',
    '2',
  ]);
  server = await startServer(config, { log: () => {}, widgetDir: false });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await server?.close();
});

/** A connection that sends nothing; resolves once it is open. */
async function silentConnection(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => {});
  // Read what the server sends (a 408), or 'close' never comes.
  socket.resume();
  await once(socket, 'connect');
  return socket;
}

describe('HTTP server limits', () => {
  it('has defaults a public server can live with', async () => {
    const config = await loadConfig(['--docs', DOCS]);
    expect(config.http).toEqual(DEFAULT_HTTP_LIMITS);
    expect(DEFAULT_HTTP_LIMITS.headersTimeout).toBeLessThanOrEqual(10);
    await expect(
      loadConfig(['--docs', DOCS, '--headers-timeout', '20', '--request-timeout', '10']),
    ).rejects.toThrow(/cannot be longer than the request timeout/);
  });

  it('closes connections over the cap, and silent ones after the header timeout', async () => {
    const held = await Promise.all([silentConnection(), silentConnection(), silentConnection()]);
    const closedHeld = held.map((socket) => once(socket, 'close'));
    // The fourth is over the cap: Node closes it without reading a byte.
    const extra = await silentConnection();
    await once(extra, 'close');
    // The three that never sent a header are closed by the server (408), not held.
    await Promise.all(closedHeld);
    // Then the server answers again.
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
  }, 15_000);
});

describe('connections per client address', () => {
  const started: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(started.map((running) => running.close()));
  });

  async function start(...flags: string[]) {
    const config = await loadConfig([
      '--docs',
      DOCS,
      '--port',
      '0',
      '--max-connections-per-address',
      '2',
      ...flags,
    ]);
    const running = await startServer(config, { log: () => {}, widgetDir: false });
    started.push(running);
    return Number(new URL(running.url).port);
  }

  /** A connection from `from`, which asks for /health after `ask` ms; resolves with what it read. */
  function client(to: number, from: string, ask = 0) {
    const socket = connect({ port: to, host: '127.0.0.1', localAddress: from });
    sockets.push(socket);
    socket.on('error', () => {});
    let read = '';
    socket.on('data', (chunk) => {
      read += chunk;
    });
    const opened = once(socket, 'connect');
    const closed = once(socket, 'close').then(() => read);
    void opened.then(() =>
      setTimeout(() => {
        if (!socket.destroyed)
          socket.write('GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      }, ask),
    );
    return { opened, closed };
  }

  it('closes a client’s connections past its share, and serves other addresses', async () => {
    const port = await start();
    const held = [client(port, '127.0.0.1', 500), client(port, '127.0.0.1', 500)];
    await Promise.all(held.map((connection) => connection.opened));
    // The third from the same address is closed before it can ask anything.
    const third = client(port, '127.0.0.1', 500);
    expect(await third.closed).toBe('');
    // Another address is served meanwhile, and so are the two held ones.
    expect(await client(port, '127.0.0.2').closed).toMatch(/^HTTP\/1\.1 200/);
    for (const connection of held) expect(await connection.closed).toMatch(/^HTTP\/1\.1 200/);
    // Once they are closed, the address may connect again.
    expect(await client(port, '127.0.0.1').closed).toMatch(/^HTTP\/1\.1 200/);
  }, 15_000);

  it('does not count per address behind trusted proxies (every peer is a proxy)', async () => {
    const port = await start('--trust-proxy', '1');
    const connections = [0, 1, 2].map(() => client(port, '127.0.0.1', 300));
    for (const connection of connections) {
      expect(await connection.closed).toMatch(/^HTTP\/1\.1 200/);
    }
  }, 15_000);
});
