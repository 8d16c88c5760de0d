import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { fromAddress, indexOf, organizations, testApp } from '../../support/server.ts';

const get = (app: ReturnType<typeof testApp>, path: string, headers: Record<string, string> = {}) =>
  app.request(path, { headers }, fromAddress('203.0.113.7'));

describe('GET /llms/{domain}/llms.txt', () => {
  it('lists the public pages by group, each linking its .md page on this server', async () => {
    const app = testApp();
    const response = await get(app, '/llms/acme/llms.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await response.text();
    // No title configured, no home page: the host of its published site.
    expect(text).toMatch(/^# docs.acme.dev\n/);
    expect(text).toContain(
      '- [Installation](http://localhost/md/acme/docs/start/install.md): Install it',
    );
    expect(text).not.toContain('Internal runbook');
    // Every link answers with the page as Markdown.
    const links = [...text.matchAll(/\]\((http:\/\/localhost\/md\/[^)]+)\)/g)].map(
      (match) => match[1]!,
    );
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) {
      const page = await get(app, new URL(link).pathname);
      expect(page.status).toBe(200);
    }
  });

  it('has llms-full.txt with every listed page as clean Markdown', async () => {
    const text = await (await get(testApp(), '/llms/acme/llms-full.txt')).text();
    expect(text).toContain('\n# Theming\nSource: https://docs.acme.dev/docs/guides/theming\n');
    expect(text).not.toContain('import X');
    expect(text).not.toContain('Rotate the accent keys');
  });

  it('gives relative links the published addresses the site resolves them to', async () => {
    const orgs = organizations();
    const index = orgs[0]!.sites[0]!.index as ReturnType<typeof indexOf>;
    index.upsert(
      parsePage(
        'docs/guides/deploy.md',
        '---\ntitle: Deploy\n---\nFirst [theme it](./theming.mdx#dark-mode).',
      ),
    );
    const text = await (
      await get(testApp({ organizations: orgs }), '/llms/acme/llms-full.txt')
    ).text();
    expect(text).toContain(
      'First [theme it](https://docs.acme.dev/docs/guides/theming#dark-mode).',
    );
  });

  it('is rebuilt once the index changes (as --watch changes it)', async () => {
    const orgs = organizations();
    const app = testApp({ organizations: orgs });
    expect(await (await get(app, '/llms/acme/llms.txt')).text()).not.toContain('Deploy');
    const index = orgs[0]!.sites[0]!.index as ReturnType<typeof indexOf>;
    index.upsert(parsePage('docs/guides/deploy.md', '---\ntitle: Deploy\n---\nShip it.'));
    expect(await (await get(app, '/llms/acme/llms.txt')).text()).toContain('[Deploy]');
  });

  it('links the Host the proxy passes on, the scheme a trusted proxy names, and the mount path', async () => {
    const proxied = testApp({ trustProxy: true });
    const headers = { 'X-Forwarded-Proto': 'https' };
    const url = 'http://assistant.acme.dev/llms/acme/llms.txt';
    expect(await (await get(proxied, url, headers)).text()).toContain(
      '(https://assistant.acme.dev/md/acme/docs/start/install.md)',
    );
    const untrusted = testApp();
    expect(await (await get(untrusted, url, headers)).text()).toContain(
      '(http://assistant.acme.dev/md/acme/docs/start/install.md)',
    );
    const mounted = testApp({ basePath: '/assistant' });
    expect(await (await get(mounted, '/assistant/llms/acme/llms.txt')).text()).toContain(
      '(http://localhost/assistant/md/acme/docs/start/install.md)',
    );
  });

  it('never links a host the client wrote: a shared cache keeps the file for every reader', async () => {
    // A proxy that does not overwrite X-Forwarded-Host passes the client's value on.
    const proxied = testApp({ trustProxy: true });
    const url = 'http://assistant.acme.dev/llms/acme/llms.txt';
    const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
    const response = await get(proxied, url, forged);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    const text = await response.text();
    expect(text).not.toContain('evil.example');
    expect(text).toContain('(https://assistant.acme.dev/md/acme/docs/start/install.md)');
    const full = await (
      await get(proxied, url.replace('llms.txt', 'llms-full.txt'), forged)
    ).text();
    expect(full).not.toContain('evil.example');
    const discovery = await get(proxied, 'http://assistant.acme.dev/.well-known/mcp.json', forged);
    expect(await discovery.text()).not.toContain('evil.example');
  });

  it('answers 404 for an unknown site and needs no key', async () => {
    expect((await get(testApp(), '/llms/nope/llms.txt')).status).toBe(404);
    expect((await get(testApp(), '/llms/globex/llms.txt')).status).toBe(200);
  });

  it('limits requests per client, not per site', async () => {
    const app = testApp({ agents: { publicRequestsPerHour: 2 } });
    expect((await get(app, '/llms/acme/llms.txt')).status).toBe(200);
    expect((await get(app, '/md/acme/docs/start/install.md')).status).toBe(200);
    const refused = await get(app, '/llms/globex/llms.txt');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    const other = await app.request('/llms/acme/llms.txt', {}, fromAddress('198.51.100.9'));
    expect(other.status).toBe(200);
  });
});

describe('GET /.well-known/mcp.json', () => {
  it('describes each site’s MCP endpoint as a Server Card', async () => {
    const orgs = organizations();
    orgs[1]!.sites[0]!.mcp = { anonymous: true };
    const response = await get(testApp({ organizations: orgs }), '/.well-known/mcp.json');
    expect(response.status).toBe(200);
    const { servers } = await response.json();
    expect(servers).toHaveLength(2);
    expect(servers[0]).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: 'localhost/acme',
      websiteUrl: 'https://docs.acme.dev',
      remotes: [
        {
          type: 'streamable-http',
          url: 'http://localhost/mcp/acme',
          headers: [{ name: 'Authorization', isRequired: true, isSecret: false }],
        },
      ],
      _meta: { 'docs-assistant/llms-txt': 'http://localhost/llms/acme/llms.txt' },
    });
    expect(servers[1].remotes[0].headers[0].isRequired).toBe(false);
    for (const server of servers) expect(server.description.length).toBeLessThanOrEqual(100);
  });
});

describe('GET /llms.txt and /llms-full.txt at the root, where agents look first', () => {
  it('sends a one-site server’s agents to its files, also under a base path', async () => {
    const [acme] = organizations();
    const one = [{ ...acme!, sites: acme!.sites.slice(0, 1) }];
    for (const [basePath, file] of [
      ['', 'llms.txt'],
      ['/assistant', 'llms-full.txt'],
    ] as const) {
      const app = testApp({ organizations: one, ...(basePath && { basePath }) });
      const asked = `http://assistant.acme.dev${basePath}/${file}`;
      const response = await get(app, asked);
      expect(response.status).toBe(302);
      const target = new URL(response.headers.get('location')!, asked);
      expect(target.pathname).toBe(`${basePath}/llms/acme/${file}`);
      expect((await get(app, target.href)).status).toBe(200);
    }
  });

  it('names each site’s files on a server of several sites', async () => {
    const response = await get(testApp(), '/llms.txt');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: 'llms.txt is kept per site here: /llms/acme/llms.txt, /llms/globex/llms.txt',
    });
  });

  it('leaves every other route to the others (its limit counts only these two)', async () => {
    const app = testApp({
      organizations: [
        { ...organizations()[0]!, sites: [{ domain: 'acme', index: indexOf({ 'a.md': '# A' }) }] },
      ],
    });
    expect((await get(app, '/health')).headers.get('ratelimit-limit')).toBeNull();
    expect((await get(app, '/llms.txt')).headers.get('ratelimit-limit')).not.toBeNull();
  });
});
