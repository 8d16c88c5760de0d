import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_PATTERN } from '../../src/api/limits.ts';
import { ConfigError, generateKey, loadConfig } from '../../src/server/config.ts';

const KEY = 'da_dsc_0123456789abcdefXYZ';

async function configFile(content: unknown): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'da-config-'));
  const file = join(dir, 'docs-assistant.config.json');
  await writeFile(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('flags', () => {
  it('configures one site with the documented defaults', async () => {
    const config = await loadConfig(['--docs', 'site/docs', '--key', KEY], '/srv');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      watch: false,
      corsOrigins: '*',
      organizations: [
        {
          keys: [KEY],
          limits: { orgPerHour: 10_000, ipPerDay: 10_000 },
          sites: [{ domain: 'docs', docs: '/srv/site/docs' }],
        },
      ],
    });
    expect(config.generatedKey).toBeUndefined();
  });

  it('takes every flag, --key and --cors-origin repeatable', async () => {
    const config = await loadConfig([
      '--docs=/d',
      '--domain',
      'acme',
      '--key',
      KEY,
      '--key',
      `${KEY}2`,
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--site-url',
      'https://docs.acme.dev',
      '--cors-origin',
      'https://a.dev',
      '--cors-origin',
      'https://b.dev',
      '--watch',
    ]);
    expect(config).toMatchObject({
      host: '0.0.0.0',
      port: 0,
      watch: true,
      corsOrigins: ['https://a.dev', 'https://b.dev'],
      organizations: [
        {
          keys: [KEY, `${KEY}2`],
          sites: [{ domain: 'acme', docs: '/d', siteUrl: 'https://docs.acme.dev' }],
        },
      ],
    });
  });

  it('takes the framework of the site, detected when not given', async () => {
    const named = await loadConfig(['--docs', '/d', '--framework', 'starlight']);
    expect(named.organizations[0]!.sites[0]).toEqual({
      domain: 'docs',
      docs: '/d',
      framework: 'starlight',
    });
    const detected = await loadConfig(['--docs', '/d']);
    expect(detected.organizations[0]!.sites[0]!.framework).toBeUndefined();
  });

  it('generates a fresh key when none is given', async () => {
    const first = await loadConfig(['--docs', '/d']);
    const second = await loadConfig(['--docs', '/d']);
    expect(first.generatedKey).toMatch(KEY_PATTERN);
    expect(first.organizations[0]!.keys).toEqual([first.generatedKey]);
    expect(second.generatedKey).not.toBe(first.generatedKey);
    expect(generateKey()).toMatch(KEY_PATTERN);
  });

  it.each([
    [[], /--docs/],
    [['--docs', '/d', '--key', 'secret'], /--key/],
    [['--docs', '/d', '--port', 'http'], /--port/],
    [['--docs', '/d', '--port', '70000'], /--port/],
    [['--docs', '/d', '--domain', 'a.b'], /--domain/],
    [['--docs', '/d', '--site-url', 'not a url'], /--site-url/],
    [['--docs', '/d', '--framework', 'hugo'], /--framework.*mintlify/],
    [['--docs', '/d', '--unknown'], /unknown/i],
    [['--docs', '/d', '--base-path', 'assistant'], /--base-path must be a path/],
    [['--docs', '/d', '--base-path', 'https://x.dev/a'], /--base-path must be a path/],
    [['--docs', '/d', '--base-path', '/a?b'], /--base-path must be a path/],
  ])('rejects %j', async (args, message) => {
    await expect(loadConfig(args)).rejects.toThrow(ConfigError);
    await expect(loadConfig(args)).rejects.toThrow(message);
  });
});

describe('config file', () => {
  const issueExample = {
    limits: { orgPerHour: 10000, ipPerDay: 10000, ipPerMinute: 600 },
    organizations: [
      {
        name: 'acme',
        keys: [KEY],
        limits: { orgPerHour: 500 },
        sites: [{ domain: 'acme', docs: './docs', siteUrl: 'https://docs.acme.dev' }],
      },
      { name: 'globex', keys: [`${KEY}G`], sites: [{ domain: 'globex', docs: '/g' }] },
    ],
  };

  it('takes a base path from --base-path or the file’s basePath, the flag first', async () => {
    const site = { domain: 'a', docs: '.' };
    const file = await configFile({
      basePath: '/from-file/',
      organizations: [{ name: 'a', keys: [KEY], sites: [site] }],
    });
    expect((await loadConfig(['--config', file])).basePath).toBe('/from-file');
    expect((await loadConfig(['--config', file, '--base-path', '/flag'])).basePath).toBe('/flag');
    expect((await loadConfig(['--docs', '.', '--base-path', '/a/b/'])).basePath).toBe('/a/b');
    expect((await loadConfig(['--docs', '.', '--base-path', '/'])).basePath).toBeUndefined();
    expect((await loadConfig(['--docs', '.'])).basePath).toBeUndefined();
  });

  it('reads the documented shape, docs relative to the file', async () => {
    const file = await configFile(issueExample);
    const config = await loadConfig(['--config', file]);
    expect(config.organizations).toEqual([
      {
        name: 'acme',
        keys: [KEY],
        limits: { orgPerHour: 500, ipPerDay: 10000, ipPerMinute: 600 },
        sites: [
          { domain: 'acme', docs: join(file, '..', 'docs'), siteUrl: 'https://docs.acme.dev' },
        ],
      },
      {
        name: 'globex',
        keys: [`${KEY}G`],
        limits: { orgPerHour: 10000, ipPerDay: 10000, ipPerMinute: 600 },
        sites: [{ domain: 'globex', docs: '/g' }],
      },
    ]);
    expect(config.generatedKey).toBeUndefined();
  });

  it('reads a framework per site', async () => {
    const file = await configFile({
      organizations: [
        {
          name: 'acme',
          keys: [KEY],
          sites: [
            { domain: 'acme', docs: './site', framework: 'docusaurus' },
            { domain: 'blog', docs: './blog' },
          ],
        },
      ],
    });
    const [acme, blog] = (await loadConfig(['--config', file])).organizations[0]!.sites;
    expect(acme!.framework).toBe('docusaurus');
    expect(blog!.framework).toBeUndefined();
  });

  it('reads trustProxy as a number of hops, true meaning one', async () => {
    const hops = async (file: object, ...args: string[]) =>
      (await loadConfig(['--config', await configFile({ ...issueExample, ...file }), ...args]))
        .trustProxy;
    expect(await hops({})).toBe(0);
    expect(await hops({ trustProxy: 2 })).toBe(2);
    expect(await hops({ trustProxy: true })).toBe(1);
    expect(await hops({ trustProxy: 2 }, '--trust-proxy', '0')).toBe(0);
    expect((await loadConfig(['--docs', '.', '--trust-proxy'])).trustProxy).toBe(1);
    expect((await loadConfig(['--docs', '.', '--trust-proxy', '--watch'])).trustProxy).toBe(1);
    expect((await loadConfig(['--docs', '.', '--trust-proxy', '3'])).trustProxy).toBe(3);
    await expect(loadConfig(['--docs', '.', '--trust-proxy', 'yes'])).rejects.toThrow(
      /number of proxy hops/,
    );
  });

  it('applies file-wide limits and lets flags override host, port and origins', async () => {
    const file = await configFile({
      ...issueExample,
      limits: { ipPerDay: 50 },
      port: 9000,
      host: '::1',
    });
    const fromFile = await loadConfig(['--config', file]);
    expect(fromFile).toMatchObject({ port: 9000, host: '::1' });
    expect(fromFile.organizations[1]!.limits).toEqual({
      orgPerHour: 10000,
      ipPerDay: 50,
      ipPerMinute: 600,
    });
    const overridden = await loadConfig(['--config', file, '--port', '1234']);
    expect(overridden.port).toBe(1234);
  });

  it.each([
    ['not json', /cannot read/],
    [{ organizations: [] }, /organizations/],
    [
      { organizations: [{ name: 'a', keys: ['bad'], sites: [{ domain: 'a', docs: '.' }] }] },
      /keys\.0/,
    ],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.' }] },
          { name: 'b', keys: [KEY], sites: [{ domain: 'b', docs: '.' }] },
        ],
      },
      /key .* twice/,
    ],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.' }] },
          { name: 'a', keys: [`${KEY}b`], sites: [{ domain: 'b', docs: '.' }] },
        ],
      },
      /organization name a appears twice/,
    ],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.' }] },
          { name: 'b', keys: [`${KEY}b`], sites: [{ domain: 'a', docs: '.' }] },
        ],
      },
      /domain a appears twice/,
    ],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.', framework: 'jekyll' }] },
        ],
      },
      /sites\.0\.framework/,
    ],
    [
      {
        organizations: [
          {
            name: 'a',
            keys: [KEY],
            limits: { orgPerHour: -1 },
            sites: [{ domain: 'a', docs: '.' }],
          },
        ],
      },
      /orgPerHour/,
    ],
  ])('rejects %j', async (content, message) => {
    const file = await configFile(content);
    await expect(loadConfig(['--config', file])).rejects.toThrow(message);
  });

  it('accepts every field docs/reference/server.md documents', async () => {
    const file = await configFile({
      $schema: './docs-assistant.schema.json',
      host: '0.0.0.0',
      port: 9000,
      basePath: '/assistant',
      corsOrigins: ['https://docs.acme.dev'],
      allowedOrigins: ['https://docs.acme.dev'],
      requireOrigin: true,
      trustProxy: 1,
      data: 'none',
      databaseUrl: 'postgres://db/x',
      redisUrl: 'redis://cache',
      readyWithoutRedis: true,
      retentionDays: 7,
      promptBudget: '96k',
      http: {
        maxConnections: 100,
        maxConnectionsPerAddress: 10,
        headersTimeout: 10,
        requestTimeout: 60,
        keepAliveTimeout: 5,
      },
      limits: { orgPerHour: 100, ipPerDay: 100, ipPerMinute: 10 },
      organizations: [
        {
          name: 'acme',
          keys: [KEY],
          adminKeys: ['da_admin_0123456789abcdefghijklmnop'],
          limits: { orgPerHour: 50 },
          allowedOrigins: ['https://docs.acme.dev'],
          requireOrigin: false,
          sites: [
            {
              domain: 'acme',
              docs: './docs',
              siteUrl: 'https://docs.acme.dev',
              framework: 'vitepress',
              title: 'Acme',
              description: 'Acme docs',
              logging: true,
              logQuestions: false,
              mcp: { anonymous: true },
              allowedOrigins: ['https://docs.acme.dev'],
              requireOrigin: true,
            },
          ],
        },
      ],
    });
    const config = await loadConfig(['--config', file]);
    expect(config.organizations[0]!.sites[0]).toMatchObject({ framework: 'vitepress' });
    expect(config.stores).toMatchObject({ redisUrl: 'redis://cache', readyWithoutRedis: true });
    // A flag wins over the file, as every flag does; the default follows the contract (503).
    const flagged = await loadConfig(['--config', file, '--ready-without-redis']);
    expect(flagged.stores.readyWithoutRedis).toBe(true);
  });

  it.each([
    [{ organisations: [] }, 'unknown field organisations (did you mean organizations?)'],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.', siteURL: 'x' }] },
        ],
      },
      'unknown field organizations[0].sites[0].siteURL (did you mean siteUrl?)',
    ],
    [
      {
        http: { maxConnection: 5 },
        organizations: [{ name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.' }] }],
      },
      'unknown field http.maxConnection (did you mean maxConnections?)',
    ],
    [
      {
        organizations: [
          { name: 'a', keys: [KEY], sites: [{ domain: 'a', docs: '.', color: 'red' }] },
        ],
      },
      'unknown field organizations[0].sites[0].color (the fields here: domain, docs, siteUrl,',
    ],
  ])('refuses the unknown field in %j, naming the nearest known one', async (content, message) => {
    const file = await configFile(content);
    const error = await loadConfig(['--config', file]).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(`${file}: `)).toBe(true);
    expect((error as Error).message).toContain(message);
  });

  it('reports a missing file', async () => {
    await expect(loadConfig(['--config', '/nonexistent/x.json'])).rejects.toThrow(ConfigError);
  });
});
