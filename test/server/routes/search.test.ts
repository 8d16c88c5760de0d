import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SEARCH_QUERY_MAX_CHARS } from '../../../src/api/limits.ts';
import type { SearchResult } from '../../../src/api/types.ts';
import { organizations, post, testApp } from '../../support/server.ts';

describe('POST /v1/search/{domain}', () => {
  const app = testApp();
  const search = async (body: unknown) => {
    const response = await app.request('/v1/search/acme', post(body));
    return { status: response.status, body: (await response.json()) as SearchResult[] };
  };

  it('returns an array of results in the contract shape, best first', async () => {
    const { status, body } = await search({ query: 'install' });
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({
      path: 'docs/start/install',
      content: expect.stringContaining('npm install'),
      metadata: { title: 'Installation', description: 'Install it', score: expect.any(Number) },
    });
    const scores = body.map((result) => result.metadata.score!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores.every((score) => score > 0 && score <= 1)).toBe(true);
  });

  it('names the section heading and anchor', async () => {
    const { body } = await search({ query: 'dark mode' });
    expect(body[0]!.metadata).toMatchObject({ heading: 'Dark mode', anchor: 'dark-mode' });
  });

  it('reads the first 4000 characters of a query: a huge one costs what a long question costs', async () => {
    const padding = 'zzqx '.repeat(800);
    expect(padding.length).toBe(SEARCH_QUERY_MAX_CHARS);
    expect((await search({ query: `accent ${padding}` })).body.length).toBeGreaterThan(0);
    // Past the cut, a term is not searched at all.
    const { status, body } = await search({ query: `${padding}accent ${'x'.repeat(900_000)}` });
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('honours pageSize and defaults to 10', async () => {
    expect((await search({ query: 'accent', pageSize: 1 })).body).toHaveLength(1);
    expect((await search({ query: 'accent' })).body.length).toBeGreaterThan(1);
  });

  it('drops results under scoreThreshold', async () => {
    const all = (await search({ query: 'accent colour' })).body;
    const cut = all[0]!.metadata.score! - 0.0001;
    const strict = (await search({ query: 'accent colour', scoreThreshold: cut })).body;
    expect(strict.length).toBeLessThan(all.length);
    expect(strict.every((result) => result.metadata.score! >= cut)).toBe(true);
    expect((await search({ query: 'accent colour', scoreThreshold: 1 })).body).toEqual([]);
  });

  it('filters by version (unversioned pages match every version), tag and groups; group pages only for their groups', async () => {
    const paths = async (filter: unknown) =>
      (await search({ query: 'accent', filter })).body.map((result) => result.path).sort();
    // docs/internal is restricted to the `staff` group: only a caller naming it sees it.
    expect(await paths({ version: 'v1' })).toEqual(['docs/guides/theming-v1']);
    expect(await paths({ version: 'v2' })).toEqual(['docs/guides/theming']);
    expect(await paths({ tag: 'setup' })).toEqual([]);
    expect(await paths({ groups: ['customers'] })).toEqual([
      'docs/guides/theming',
      'docs/guides/theming-v1',
    ]);
    expect(await paths({ groups: ['staff'] })).toContain('docs/internal');
    expect(await paths(null)).toEqual(['docs/guides/theming', 'docs/guides/theming-v1']);
    expect(await paths({ groups: [] })).toEqual(['docs/guides/theming', 'docs/guides/theming-v1']);
  });

  it('returns an empty array for a query with no words', async () => {
    expect((await search({ query: '' })).body).toEqual([]);
    expect((await search({ query: '  ?! ' })).body).toEqual([]);
  });

  it.each([
    [{}, 'query'],
    [{ query: 'x', pageSize: 0 }, 'pageSize'],
    [{ query: 'x', pageSize: 51 }, 'pageSize'],
    [{ query: 'x', pageSize: 2.5 }, 'pageSize'],
    [{ query: 'x', scoreThreshold: 2 }, 'scoreThreshold'],
    [{ query: 'x', filter: { groups: 'staff' } }, 'filter.groups'],
    [{ query: 'x', filter: 'v1' }, 'filter'],
  ])('answers 400 for %j', async (body, field) => {
    const response = await app.request('/v1/search/acme', post(body));
    expect(response.status).toBe(400);
    const { issues } = await response.json();
    expect(issues[0].path.join('.')).toBe(field);
  });
});

describe('links to the published site', () => {
  it('adds metadata.url when the site has a siteUrl', async () => {
    const response = await testApp().request('/v1/search/acme', post({ query: 'dark mode' }));
    const [first] = (await response.json()) as SearchResult[];
    expect(first!.metadata.url).toBe('https://docs.acme.dev/docs/guides/theming#dark-mode');
  });
});

describe('POST /v1/search/{domain} with a navigation group (this project’s extension)', () => {
  it('keeps the pages under that group, at any depth, in any case', async () => {
    const { buildDocsIndex } = await import('../../../src/server/docs-index/load.ts');
    const docs = fileURLToPath(new URL('../../fixtures/sites/mintlify', import.meta.url));
    const { index } = await buildDocsIndex(docs);
    const [acme, ...others] = organizations();
    const app = testApp({
      organizations: [{ ...acme!, sites: [{ domain: 'acme', index }] }, ...others],
    });
    const search = async (filter?: Record<string, string>) => {
      const response = await app.request('/v1/search/acme', post({ query: 'install', filter }));
      expect(response.status).toBe(200);
      return ((await response.json()) as SearchResult[]).map((result) => result.path);
    };
    const everywhere = await search();
    const editing = await search({ group: 'editing' });
    expect(editing.length).toBeGreaterThan(0);
    expect(editing.every((path) => path.startsWith('editing/'))).toBe(true);
    expect(everywhere.some((path) => !path.startsWith('editing/'))).toBe(true);
    // A nested group is also under its parent, and the tab counts as a group too.
    expect(await search({ group: 'Getting started' })).toEqual(expect.arrayContaining(editing));
    expect(await search({ group: 'No such group' })).toEqual([]);
  });
});
