/**
 * Connection limits (issue 15, finding 10): the server as `serve` starts it holds no more
 * connections than configured, and a client that opens a connection and never sends a request
 * is closed after the header timeout instead of being held for a minute.
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
