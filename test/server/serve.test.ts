import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryThreadStore } from '../../src/server/assistant/thread-store.ts';
import { loadConfig } from '../../src/server/config.ts';
import { type RunningServer, startServer } from '../../src/server/serve.ts';
import { scriptedModel } from '../support/assistant-models.ts';
import { readSse } from '../support/assistant-streams.ts';

const KEY = 'da_dsc_serve0123456789abcdef';

async function docsFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'da-serve-'));
  await mkdir(join(dir, '01-guide'));
  await writeFile(
    join(dir, '01-guide', 'index.mdx'),
    '---\ntitle: Guide\n---\n# Guide\nStart here.',
  );
  await writeFile(join(dir, '01-guide', '02-setup.md'), '# Setup\n## Install\nRun the installer.');
  await writeFile(join(dir, 'broken.md'), '---\ntitle: [unclosed\n---\n');
  return dir;
}

let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const api = (path: string, body: unknown) =>
  fetch(`${server!.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('startServer', () => {
  it('indexes, reports skipped files and serves every endpoint on a real port', async () => {
    const docs = await docsFolder();
    const lines: string[] = [];
    const config = await loadConfig([
      '--docs',
      docs,
      '--key',
      KEY,
      '--port',
      '0',
      '--domain',
      'acme',
    ]);
    server = await startServer(config, { log: (line) => lines.push(line) });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines).toContainEqual(expect.stringMatching(/^Skipped broken\.md: /));
    expect(lines).toContainEqual(
      expect.stringMatching(/^Indexed 2 pages \(3 sections\) in \d+\.\d s$/),
    );

    const health = await fetch(`${server.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok', sites: 1, pages: 2, sections: 3 });
    const page = await api('/v1/page/acme', { path: '/guide/setup.md' });
    expect(await page.json()).toEqual({
      path: 'guide/setup',
      content: '# Setup\n## Install\nRun the installer.',
      language: 'en',
    });
    const search = await api('/v1/search/acme', { query: 'installer' });
    expect((await search.json())[0]).toMatchObject({
      path: 'guide/setup',
      metadata: { title: 'Setup', heading: 'Install', anchor: 'install' },
    });
    const tooBig = await fetch(`${server.url}/v1/search/acme`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: 'x'.repeat(1_100_000) }),
    });
    expect(tooBig.status).toBe(413);
  });

  it('re-indexes changed, added and removed files with --watch', async () => {
    const docs = await docsFolder();
    const lines: string[] = [];
    const config = await loadConfig(['--docs', docs, '--key', KEY, '--port', '0', '--watch']);
    server = await startServer(config, { log: (line) => lines.push(line) });
    const pageStatus = async (path: string) => (await api('/v1/page/docs', { path })).status;
    const until = async (check: () => Promise<boolean>) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        if (await check()) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`timed out; log:\n${lines.join('\n')}`);
    };

    await writeFile(join(docs, '01-guide', '03-new.md'), '# New page\nFresh words: quokka.');
    await until(async () => (await pageStatus('guide/new')) === 200);
    const found = await (await api('/v1/search/docs', { query: 'quokka' })).json();
    expect(found[0].path).toBe('guide/new');

    await writeFile(join(docs, '01-guide', '03-new.md'), '# Renamed title\nNow about wombats.');
    await until(async () => {
      const results = await (await api('/v1/search/docs', { query: 'wombats' })).json();
      return results[0]?.metadata.title === 'Renamed title';
    });
    expect(await (await api('/v1/search/docs', { query: 'quokka' })).json()).toEqual([]);

    await rm(join(docs, '01-guide', '03-new.md'));
    await until(async () => (await pageStatus('guide/new')) === 404);

    await rm(join(docs, '01-guide'), { recursive: true });
    await until(async () => (await pageStatus('guide/setup')) === 404);
    expect((await (await fetch(`${server.url}/health`)).json()).pages).toBe(0);
    expect(lines).toContainEqual(expect.stringMatching(/^Re-indexed 01-guide\/03-new\.md/));
  });
});

describe('startServer as a library', () => {
  const ask = (text: string) => ({
    fp: 'anonymous',
    messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text }] }],
  });
  const answerOf = async (response: Response) =>
    (await readSse(response)).chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join('');

  it('answers on v2 and v1 out of the box, like the CLI (embedded model, threads in memory)', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-library-'));
    await writeFile(
      join(docs, 'setup.md'),
      '# Setup\n## Install\nRun the installer from the release page, then restart the service.',
    );
    const config = await loadConfig(['--docs', docs, '--key', KEY, '--port', '0']);
    server = await startServer(config, { log: () => {} });
    const v2 = await api('/v2/assistant/docs/message', ask('How do I run the installer?'));
    expect(v2.status).toBe(200);
    expect(await answerOf(v2)).toContain('installer');
    const v1 = await api('/v1/assistant/docs/message', ask('How do I run the installer?'));
    expect(v1.status).toBe(200);
    expect(await v1.text()).toMatch(/^d:\{"finishReason":"stop"/m);
  });

  it('takes the model from the config flags, or any AI SDK model and thread store given', async () => {
    const flagged = await loadConfig(['--docs', await docsFolder(), '--key', KEY, '--port', '0']);
    const lines: string[] = [];
    const threads = new MemoryThreadStore();
    server = await startServer(flagged, {
      log: (line) => lines.push(line),
      model: scriptedModel('From the given model.'),
      threads,
      widgetDir: false,
    });
    expect(lines).toContain('Answering with mock-model-id (mock-provider)');
    const response = await api('/v2/assistant/docs/message', ask('Anything?'));
    expect(await answerOf(response)).toBe('From the given model.');
    expect(threads.size).toBe(1);
    expect((await fetch(`${server.url}/widget/docs-assistant.js`)).status).toBe(404);
    await server.close();

    const gateway = await loadConfig([
      ...['--docs', await docsFolder(), '--key', KEY, '--port', '0'],
      ...['--model', 'openai/gpt-5-mini'],
    ]);
    server = await startServer(gateway, { log: (line) => lines.push(line) });
    expect(lines).toContain('Answering with openai/gpt-5-mini through the AI Gateway');
  });
});

describe('start-up', () => {
  it('listens before indexing: /health answers 503 until the index is ready', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-start-'));
    for (let n = 0; n < 2500; n++)
      await writeFile(join(docs, `p${n}.md`), `# Page ${n}\nText ${n}.`);
    const config = await loadConfig(['--docs', docs, '--key', KEY, '--port', '0']);
    let during: Promise<number> | undefined;
    server = await startServer(config, {
      log: () => {},
      onListening: (url) => {
        during = fetch(`${url}/health`).then((response) => response.status);
      },
    });
    expect(await during).toBe(503);
    const after = await fetch(`${server.url}/health`);
    expect(after.status).toBe(200);
    expect((await after.json()).pages).toBe(2500);
  });

  it('is not ready (/health, /health/ready) until its database has answered', async () => {
    // A database address that accepts connections and never answers.
    const sockets: Socket[] = [];
    const silent = createNetServer((socket) => sockets.push(socket));
    silent.listen(0, '127.0.0.1');
    await once(silent, 'listening');
    const { port } = silent.address() as AddressInfo;
    const config = await loadConfig([
      '--docs',
      await docsFolder(),
      '--key',
      KEY,
      '--port',
      '0',
      '--database-url',
      `postgres://docs@127.0.0.1:${port}/docs`,
    ]);
    let url = '';
    const started = startServer(config, { log: () => {}, onListening: (at) => (url = at) });
    started.catch(() => {});
    const statuses: number[] = [];
    // The two pages are indexed within this time; the database still has not answered.
    for (let n = 0; n < 15; n++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const path of ['/health', '/health/ready']) {
        statuses.push((await fetch(`${url}${path}`)).status);
      }
    }
    expect(new Set(statuses)).toEqual(new Set([503]));
    for (const socket of sockets) socket.destroy();
    silent.close();
    await expect(started).rejects.toThrow();
  });

  it('closes the port again when a docs folder cannot be read', async () => {
    const config = await loadConfig(['--docs', '/nonexistent/docs', '--key', KEY, '--port', '0']);
    let url = '';
    const failed = startServer(config, { log: () => {}, onListening: (at) => (url = at) });
    await expect(failed).rejects.toThrow(/ENOENT/);
    await expect(fetch(`${url}/health`)).rejects.toThrow();
  });
});
