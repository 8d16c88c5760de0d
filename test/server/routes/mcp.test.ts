import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryFeedbackStore } from '../../../src/server/agents/feedback-store.ts';
import { MCP_REPLY_CHARACTERS } from '../../../src/server/agents/mcp-server.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { type RunningServer, startServer } from '../../../src/server/serve.ts';
import { AI_SDK_DOCS } from '../../support/corpora.ts';
import { writeSite } from '../../support/docs-sites.ts';
import { ACME_KEY, GLOBEX_KEY, organizations, testApp } from '../../support/server.ts';

const TINY_KEY = 'da_dsc_tiny0123456789abcdefg';
const BATCH_KEY = 'da_dsc_batch0123456789abcdef';

let server: RunningServer;
const feedback = new MemoryFeedbackStore();

beforeAll(async () => {
  const small = await writeSite({
    'index.md': '---\ntitle: Globex\n---\nGlobex makes widgets.',
    'guides/setup.md': '---\ntitle: Setup\n---\nInstall the widget with npm.',
    'internal.md': '---\ntitle: Internal\ngroups: [staff]\n---\nRotate the widget keys.',
  });
  const linked = await writeSite({
    'index.md': '---\ntitle: Home\n---\nStart with [the setup](guides/setup.md).',
    'guides/setup.md': '---\ntitle: Setup\n---\n## Install\n\nInstall the widget with npm.',
    'reference/element.md': [
      '---\ntitle: Element\n---',
      'See [install](../guides/setup.md#install), [home](../index.md) and [setup](/guides/setup/).',
      '![logo](../assets/logo.png) [npm](https://www.npmjs.com) [below](#attributes) `[x](./a.md)`',
      '```md\n[in code](../guides/setup.md)\n```',
      '[ref]: ../guides/setup.md',
      '## Attributes',
    ].join('\n\n'),
  });
  const folder = await mkdtemp(join(tmpdir(), 'da-mcp-'));
  const file = join(folder, 'docs-assistant.config.json');
  await writeFile(
    file,
    JSON.stringify({
      organizations: [
        {
          name: 'acme',
          keys: [ACME_KEY],
          sites: [{ domain: 'acme', docs: AI_SDK_DOCS, siteUrl: 'https://ai-sdk.dev' }],
        },
        {
          name: 'globex',
          keys: [GLOBEX_KEY],
          sites: [
            { domain: 'globex', docs: small, mcp: { anonymous: true } },
            { domain: 'linked', docs: linked },
            { domain: 'published', docs: linked, siteUrl: 'https://globex.dev/docs/' },
          ],
        },
        {
          name: 'tiny',
          keys: [TINY_KEY],
          limits: { orgPerHour: 4 },
          sites: [{ domain: 'tiny', docs: small }],
        },
        {
          name: 'batch',
          keys: [BATCH_KEY],
          limits: { orgPerHour: 10 },
          sites: [{ domain: 'batch', docs: small }],
        },
      ],
    }),
  );
  const config = await loadConfig(['--config', file, '--port', '0']);
  server = await startServer(config, { log: () => {}, widgetDir: false, feedback });
}, 60_000);

afterAll(() => server?.close());

async function connect(domain: string, key?: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'docs-assistant-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${domain}`), {
    requestInit: { headers: { ...(key && { Authorization: `Bearer ${key}` }), ...headers } },
  });
  await client.connect(transport);
  return client;
}

function rest(path: string, body: unknown, key = ACME_KEY) {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then((response) => response.json());
}

/** POST /v1/page's Markdown of an acme page with its links published, as MCP serves it. */
const asServedToAgents = (content: string) =>
  content.replaceAll('](/docs/', '](https://ai-sdk.dev/docs/');

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

describe('POST /mcp/{domain} with the SDK client', () => {
  it('lists the tools with their annotations and input schemas', async () => {
    const client = await connect('acme', ACME_KEY);
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
    expect(Object.keys(byName).sort()).toEqual(['get_page', 'search_docs', 'submit_feedback']);
    expect(byName.search_docs!.annotations).toMatchObject({
      readOnlyHint: true,
      idempotentHint: true,
    });
    expect(byName.get_page!.annotations).toMatchObject({
      readOnlyHint: true,
      idempotentHint: true,
    });
    expect(byName.submit_feedback!.annotations).toMatchObject({ readOnlyHint: false });
    expect(byName.search_docs!.inputSchema.required).toEqual(['query']);
    expect(Object.keys(byName.search_docs!.inputSchema.properties!).sort()).toEqual([
      'language',
      'pageSize',
      'query',
      'version',
    ]);
    expect(byName.get_page!.inputSchema.required).toEqual(['path']);
    expect(client.getInstructions()).toContain('search_docs');
    await client.close();
  });

  it('answers search_docs with the ranking and results of POST /v1/search', async () => {
    const client = await connect('acme', ACME_KEY);
    const query = 'stream text from a language model';
    const result = (await client.callTool({
      name: 'search_docs',
      arguments: { query, pageSize: 5 },
    })) as CallToolResult;
    const found: { content: string; metadata: { url: string } }[] = await rest('/v1/search/acme', {
      query,
      pageSize: 5,
    });
    // The same sections, their links published as get_page gives them.
    const expected = found.map((hit) => ({ ...hit, content: asServedToAgents(hit.content) }));
    expect(expected).toHaveLength(5);
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ results: expected });
    expect(JSON.parse(textOf(result))).toEqual(expected);
    for (const hit of expected) expect(hit.metadata.url).toMatch(/^https:\/\/ai-sdk\.dev\//);
    await client.close();
  });

  it('tells an agent whose search found nothing what to try, in the docs’ language', async () => {
    const client = await connect('acme', ACME_KEY);
    // The AI SDK docs are in English; a question in Japanese matches no section.
    const result = (await client.callTool({
      name: 'search_docs',
      arguments: { query: 'テキストをストリーミングする方法' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ results: [] });
    const [json, hint] = result.content.map((part) => (part.type === 'text' ? part.text : ''));
    expect(JSON.parse(json!)).toEqual([]);
    expect(hint).toContain('written in English (en)');
    expect(hint).toContain('Search again with other words');
    await client.close();
  });

  it('answers get_page with the Markdown of POST /v1/page (links published), and an unknown path as a tool error', async () => {
    const client = await connect('acme', ACME_KEY);
    const path = 'docs/foundations/overview';
    const page = (await client.callTool({
      name: 'get_page',
      arguments: { path },
    })) as CallToolResult;
    const expected = await rest('/v1/page/acme', { path });
    expect(page.isError).toBeFalsy();
    expect(textOf(page)).toBe(asServedToAgents(expected.content));

    const missing = (await client.callTool({
      name: 'get_page',
      arguments: { path: 'docs/no-such-page' },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/No page at "docs\/no-such-page".*search_docs/);
    await client.close();
  });

  it('gives the links of a page as addresses get_page takes, with or without a site URL', async () => {
    const cases = [
      ['linked', '/guides/setup#install', '/', '/guides/setup'],
      [
        'published',
        'https://globex.dev/docs/guides/setup#install',
        'https://globex.dev/docs/',
        'https://globex.dev/docs/guides/setup',
      ],
    ] as const;
    for (const [domain, install, home, setup] of cases) {
      const client = await connect(domain, GLOBEX_KEY);
      const page = (await client.callTool({
        name: 'get_page',
        arguments: { path: 'reference/element' },
      })) as CallToolResult;
      const text = textOf(page);
      expect(text).toContain(`See [install](${install}), [home](${home}) and [setup](${setup}).`);
      // Assets, other sites, the page's own anchors and code stay as written.
      expect(text).toContain(
        '![logo](../assets/logo.png) [npm](https://www.npmjs.com) [below](#attributes) `[x](./a.md)`',
      );
      expect(text).toContain('[in code](../guides/setup.md)');
      expect(text).toContain(`[ref]: ${setup}`);
      // An agent follows a link as the page gives it.
      const followed = (await client.callTool({
        name: 'get_page',
        arguments: { path: install },
      })) as CallToolResult;
      expect(followed.isError).toBeFalsy();
      expect(textOf(followed)).toContain('Install the widget with npm.');
      const resource = await client.readResource({ uri: `docs://${domain}/reference/element` });
      expect(resource.contents[0]).toMatchObject({ text });
      await client.close();
    }
  });

  it('gives the links of a search result as addresses get_page takes', async () => {
    const client = await connect('linked', GLOBEX_KEY);
    const search = (await client.callTool({
      name: 'search_docs',
      arguments: { query: 'See install home and setup' },
    })) as CallToolResult;
    const results = (search.structuredContent as { results: { path: string; content: string }[] })
      .results;
    const element = results.find((result) => result.path === 'reference/element');
    // Written for reference/element as ../guides/setup.md#install: no page to get_page.
    expect(element?.content).toContain('See [install](/guides/setup#install), [home](/)');
    const followed = (await client.callTool({
      name: 'get_page',
      arguments: { path: '/guides/setup#install' },
    })) as CallToolResult;
    expect(followed.isError).toBeFalsy();
    expect(JSON.parse(textOf(search))).toEqual(results);
    await client.close();
  });

  it("reads and reports the site's home page by the path search_docs gives it, ''", async () => {
    const client = await connect('globex', GLOBEX_KEY);
    const search = (await client.callTool({
      name: 'search_docs',
      arguments: { query: 'Globex makes widgets' },
    })) as CallToolResult;
    const home = (search.structuredContent as { results: { path: string }[] }).results[0]!;
    expect(home.path).toBe('');
    const page = (await client.callTool({
      name: 'get_page',
      arguments: { path: home.path },
    })) as CallToolResult;
    expect(page.isError).toBeFalsy();
    expect(textOf(page)).toContain('Globex makes widgets.');
    const report = (await client.callTool({
      name: 'submit_feedback',
      arguments: { path: home.path, problem: 'Which widgets?' },
    })) as CallToolResult;
    expect(report.isError).toBeFalsy();
    expect(textOf(report)).toContain('the page /');
    await client.close();
  });

  it('lists pages as docs:// resources, page by page, and reads them', async () => {
    const client = await connect('acme', ACME_KEY);
    const first = await client.listResources();
    expect(first.resources).toHaveLength(200);
    expect(first.nextCursor).toBeDefined();
    const all = [...first.resources];
    let cursor = first.nextCursor;
    while (cursor) {
      const next = await client.listResources({ cursor });
      all.push(...next.resources);
      cursor = next.nextCursor;
    }
    expect(new Set(all.map((resource) => resource.uri)).size).toBe(all.length);
    expect(all.length).toBe(514);
    const overview = all.find(
      (resource) => resource.uri === 'docs://acme/docs/foundations/overview',
    );
    expect(overview).toMatchObject({ mimeType: 'text/markdown', title: 'Overview' });
    const read = await client.readResource({ uri: overview!.uri });
    const expected = await rest('/v1/page/acme', { path: 'docs/foundations/overview' });
    expect(read.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: asServedToAgents(expected.content),
    });
    await expect(client.readResource({ uri: 'docs://acme/nope' })).rejects.toThrow(/not found/i);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]!.uriTemplate).toBe('docs://acme/{+path}');
    await client.close();
  });

  it('stores submit_feedback as an agent’s report', async () => {
    const client = await connect('acme', ACME_KEY);
    const result = (await client.callTool({
      name: 'submit_feedback',
      arguments: {
        path: 'docs/foundations/overview',
        problem: 'The example uses a removed option.',
      },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOf(result)).toContain('recorded');
    const [entry] = await feedback.list({ domain: 'acme' });
    expect(entry).toMatchObject({
      source: 'agent',
      domain: 'acme',
      path: 'docs/foundations/overview',
      helpful: false,
      comment: 'The example uses a removed option.',
    });
    await client.close();
  });

  it('serves public pages only: a page restricted to groups is not found, searched or listed', async () => {
    const client = await connect('globex', GLOBEX_KEY);
    const page = (await client.callTool({
      name: 'get_page',
      arguments: { path: 'internal' },
    })) as CallToolResult;
    expect(page.isError).toBe(true);
    const search = (await client.callTool({
      name: 'search_docs',
      arguments: { query: 'rotate widget keys' },
    })) as CallToolResult;
    const paths = (search.structuredContent as { results: { path: string }[] }).results.map(
      (r) => r.path,
    );
    expect(paths).not.toContain('internal');
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.name).sort()).toEqual(['guides/setup', 'index']);
    await client.close();
  });
});

describe('POST /mcp/{domain}: access', () => {
  it('refuses a wrong key with 401 and another organization’s site with 403', async () => {
    await expect(connect('acme', 'da_dsc_wrong0123456789abcdef')).rejects.toMatchObject({
      code: 401,
    });
    await expect(connect('acme', GLOBEX_KEY)).rejects.toMatchObject({ code: 403 });
    await expect(connect('acme')).rejects.toMatchObject({ code: 401 });
  });

  it('lets agents in without a key where the site allows it, but still checks a key that is sent', async () => {
    const client = await connect('globex');
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(3);
    await client.close();
    await expect(connect('globex', 'da_dsc_wrong0123456789abcdef')).rejects.toMatchObject({
      code: 401,
    });
  });

  it('refuses a browser origin that is not allowed (DNS rebinding)', async () => {
    await expect(
      connect('globex', undefined, { Origin: 'https://evil.example' }),
    ).rejects.toMatchObject({
      code: 403,
    });
  });

  it('serves a listed browser origin, preflight included', async () => {
    const app = testApp({ corsOrigins: ['https://docs.acme.dev'] });
    const origin = { Origin: 'https://docs.acme.dev' };
    const preflight = await app.request('/mcp/acme', {
      method: 'OPTIONS',
      headers: {
        ...origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,mcp-protocol-version',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://docs.acme.dev');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/i);
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    };
    const response = await app.request('/mcp/acme', {
      method: 'POST',
      headers: {
        ...origin,
        Authorization: `Bearer ${ACME_KEY}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(200);
    expect((await response.json()).result.serverInfo.name).toBe('docs-assistant-acme');
    const foreign = await app.request('/mcp/acme', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Authorization: `Bearer ${ACME_KEY}` },
      body: JSON.stringify(initialize),
    });
    expect(foreign.status).toBe(403);
  });

  it("serves a browser origin in the site's own allowedOrigins, and no other", async () => {
    const [acme, ...others] = organizations();
    const guarded = {
      ...acme!,
      sites: acme!.sites.map((site) => ({
        ...site,
        origins: { allowedOrigins: ['https://docs.acme.dev'] },
      })),
    };
    const app = testApp({ organizations: [guarded, ...others] });
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 't', version: '1' },
      },
    };
    const call = (origin: string) =>
      app.request('/mcp/acme', {
        method: 'POST',
        headers: {
          Origin: origin,
          Authorization: `Bearer ${ACME_KEY}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(initialize),
      });
    expect((await call('https://docs.acme.dev')).status).toBe(200);
    expect((await call('https://evil.example')).status).toBe(403);
  });

  it('counts every message of a JSON-RPC batch in the limits', async () => {
    const batch = (size: number) =>
      fetch(`${server.url}/mcp/batch`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${BATCH_KEY}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(
          Array.from({ length: size }, (_, id) => ({
            jsonrpc: '2.0',
            id,
            method: 'tools/call',
            params: { name: 'search_docs', arguments: { query: 'widget' } },
          })),
        ),
      });
    const first = await batch(6);
    expect(first.status).toBe(200);
    expect(((await first.json()) as unknown[]).length).toBe(6);
    expect(first.headers.get('ratelimit-remaining')).toBe('4');
    const second = await batch(5);
    expect(second.status).toBe(429);
    expect(((await second.json()) as { message: string }).message).toMatch(
      /10 requests per hour per organization/,
    );
  });

  it('bounds what the replies to one batch carry, and says what to call again', async () => {
    const [hit] = (await rest('/v1/search/acme', { query: 'stream text', pageSize: 1 })) as {
      path: string;
    }[];
    const page = (await rest('/v1/page/acme', { path: hit!.path })) as { content: string };
    const content = asServedToAgents(page.content);
    const fits = Math.floor(MCP_REPLY_CHARACTERS / content.length);
    expect(fits).toBeGreaterThan(0);
    const size = fits + 5;
    const call = (id: number) =>
      id % 2 === 0
        ? { method: 'tools/call', params: { name: 'get_page', arguments: { path: hit!.path } } }
        : { method: 'resources/read', params: { uri: `docs://acme/${hit!.path}` } };
    const response = await fetch(`${server.url}/mcp/acme`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ACME_KEY}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify(
        Array.from({ length: size }, (_, id) => ({ jsonrpc: '2.0', id, ...call(id) })),
      ),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.length).toBeLessThan(MCP_REPLY_CHARACTERS * 1.2);
    const replies = JSON.parse(text) as {
      id: number;
      result?: CallToolResult & { contents?: { text: string }[] };
      error?: { code: number; message: string };
    }[];
    expect(replies).toHaveLength(size);
    const sent = replies.filter(
      (reply) =>
        reply.result?.contents?.[0]?.text === content ||
        (reply.result && !reply.result.isError && textOf(reply.result) === content),
    );
    expect(sent).toHaveLength(fits);
    const refused = replies.filter((reply) => !sent.includes(reply));
    for (const reply of refused) {
      const message = reply.error?.message ?? textOf(reply.result!);
      expect(reply.error?.code ?? (reply.result?.isError && 'tool error')).toBeTruthy();
      expect(message).toMatch(/one request carries at most .* in a request of its own/);
      expect(message).toContain(
        reply.id % 2 === 0 ? `get_page for "${hit!.path}"` : `docs://acme/${hit!.path}`,
      );
    }
    // The same page alone is sent, as the first reply of a request always is.
    const client = await connect('acme', ACME_KEY);
    const alone = (await client.callTool({
      name: 'get_page',
      arguments: { path: hit!.path },
    })) as CallToolResult;
    expect(textOf(alone)).toBe(content);
    await client.close();
  });

  it('answers GET and DELETE with 405: the server is stateless', async () => {
    const response = await fetch(`${server.url}/mcp/acme`, {
      headers: { Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });

  it('turns a rate limit on a tool call into a tool error, and on anything else into 429', async () => {
    const client = await connect('tiny', TINY_KEY);
    const results: CallToolResult[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      results.push(
        (await client.callTool({
          name: 'search_docs',
          arguments: { query: 'widget' },
        })) as CallToolResult,
      );
    }
    const refused = results.filter((result) => result.isError);
    expect(results[0]!.isError).toBeFalsy();
    expect(refused.length).toBeGreaterThan(0);
    expect(textOf(refused[0]!)).toMatch(
      /Rate limit exceeded: 4 requests per hour per organization\. Retry after \d+ s\./,
    );
    await expect(client.listTools()).rejects.toMatchObject({ code: 429 });
    await client.close();
  });
});
