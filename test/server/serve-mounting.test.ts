/**
 * The library API mounted into a server of one's own, as the docs show it: node:http,
 * Express, Hono and Fastify, each under a prefix beside the host's own routes. Every host
 * serves the JSON API, a streamed answer, CORS preflights and the widget through the mount.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createServer,
  type DocsAssistantServer,
  loadConfig,
  type ServerOptions,
  startServer,
} from '../../src/server/index.ts';
import { readSse } from '../support/assistant-streams.ts';

const KEY = 'da_dsc_mount0123456789abcdef';
const PREFIX = '/docs-assistant';
let docs: string;
let widgetDir: string;

beforeAll(async () => {
  docs = await mkdtemp(join(tmpdir(), 'da-mount-docs-'));
  await writeFile(join(docs, 'intro.md'), '# Intro\n## Streaming\nStreaming sends tokens early.');
  widgetDir = await mkdtemp(join(tmpdir(), 'da-mount-widget-'));
  await mkdir(join(widgetDir, 'chunks'));
  await writeFile(join(widgetDir, 'docs-assistant.js'), 'import "./chunks/panel-AbC123.js";');
  await writeFile(join(widgetDir, 'chunks', 'panel-AbC123.js'), 'export const panel = 1;');
});

async function docsAssistant(options: ServerOptions = {}): Promise<DocsAssistantServer> {
  const config = await loadConfig(['--docs', docs, '--key', KEY]);
  const server = createServer(config, { log: () => {}, widgetDir, ...options });
  await server.ready;
  return server;
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** Listens on a free loopback port; the base URL of the host server. */
async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const hosts: [string, () => Promise<string>][] = [
  [
    'node:http',
    async () => {
      const assistant = await docsAssistant({ basePath: PREFIX });
      return listen(
        createHttpServer((request, response) => {
          if (request.url?.startsWith(`${PREFIX}/`)) return assistant.handler(request, response);
          response.end('host page');
        }),
      );
    },
  ],
  [
    'Express',
    async () => {
      const assistant = await docsAssistant();
      const app = express();
      // Before any body parser: the assistant reads the request body itself.
      app.use(PREFIX, assistant.handler);
      app.use(express.json());
      app.get('/', (_request, response) => {
        response.send('host page');
      });
      return listen(createHttpServer(app));
    },
  ],
  [
    'Hono',
    async () => {
      const assistant = await docsAssistant();
      const app = new Hono().get('/', (c) => c.text('host page')).route(PREFIX, assistant.app);
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      close = () => new Promise((resolve) => server.close(() => resolve()));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  ],
  [
    'Fastify',
    async () => {
      const assistant = await docsAssistant({ basePath: PREFIX });
      const fastify = Fastify();
      fastify.get('/', async () => 'host page');
      await fastify.register(
        async (scope) => {
          // The assistant reads the raw request body itself; Fastify must leave it unread.
          scope.removeAllContentTypeParsers();
          scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
          scope.all('/*', (request, reply) => {
            reply.hijack();
            assistant.handler(request.raw, reply.raw);
          });
        },
        { prefix: PREFIX },
      );
      const url = await fastify.listen({ port: 0, host: '127.0.0.1' });
      close = () => fastify.close();
      return url;
    },
  ],
];

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${KEY}`,
      'Content-Type': 'application/json',
      Origin: 'https://docs.example.com',
    },
    body: JSON.stringify(body),
  });

describe.each(hosts)('docs-assistant mounted in %s', (_host, start) => {
  it('serves the API, a streamed answer, preflights and the widget under its prefix', async () => {
    const base = await start();
    expect(await (await fetch(`${base}/`)).text()).toBe('host page');

    const page = await post(`${base}${PREFIX}/v1/page/docs`, { path: 'intro' });
    expect(page.status).toBe(200);
    expect((await page.json()).path).toBe('intro');
    expect(page.headers.get('access-control-allow-origin')).toBe('*');
    const anonymous = await fetch(`${base}${PREFIX}/v1/search/docs`, { method: 'POST' });
    expect(anonymous.status).toBe(401);

    const answer = await post(`${base}${PREFIX}/v2/assistant/docs/message`, {
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'streaming tokens' }] }],
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-thread-id')).toBeTruthy();
    const { chunks, done } = await readSse(answer);
    expect(done).toBe(true);
    expect(chunks.some((c) => c.type === 'text-delta')).toBe(true);
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });

    const preflight = await fetch(`${base}${PREFIX}/v2/assistant/docs/message`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://docs.example.com', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');

    const widget = await fetch(`${base}${PREFIX}/widget/docs-assistant.js`);
    expect(widget.status).toBe(200);
    expect(widget.headers.get('content-type')).toMatch(/^text\/javascript/);
    const chunk = await fetch(`${base}${PREFIX}/widget/chunks/panel-AbC123.js`);
    expect(await chunk.text()).toBe('export const panel = 1;');
    expect((await fetch(`${base}${PREFIX}/health`)).status).toBe(200);
  });
});

describe('serve --base-path, behind a proxy that forwards a path of the public site', () => {
  it('answers every route under the path, says so in its url, and links llms.txt under it', async () => {
    const config = await loadConfig([
      '--docs',
      docs,
      '--key',
      KEY,
      '--port',
      '0',
      '--data-dir',
      'none',
      '--base-path',
      '/assistant/',
    ]);
    const server = await startServer(config, { log: () => {}, widgetDir, requestLog: false });
    close = () => server.close(0);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/assistant$/);
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    expect((await fetch(`${server.url}/widget/docs-assistant.js`)).status).toBe(200);
    expect((await fetch(new URL('/health', server.url))).status).toBe(404);
    const llms = await (await fetch(`${server.url}/llms/docs/llms.txt`)).text();
    expect(llms).toContain(`(${server.url}/md/docs/intro.md)`);
    const search = await post(`${server.url}/v1/search/docs`, { query: 'streaming' });
    expect(search.status).toBe(200);
  });
});
