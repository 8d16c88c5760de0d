import { describe, expect, it } from 'vitest';
import { folderApp, fromAddress, testApp } from '../../support/server.ts';

const get = (path: string) => testApp().request(path, {}, fromAddress('203.0.113.7'));

describe('GET /md/{domain}/{path}.md', () => {
  it('serves a page as clean Markdown', async () => {
    const response = await get('/md/acme/docs/guides/theming.md');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toBe('# Theming\n\n## Dark mode\nSet the accent colour.\n');
  });

  it('finds a folder’s index page and the home page by their .md names', async () => {
    expect(await (await get('/md/acme/docs/start.md')).text()).toMatch(/^# Getting started\n/);
    expect((await get('/md/globex/index.md')).status).toBe(404);
    expect(await (await get('/md/globex/a.md')).text()).toBe('# A\n');
  });

  it('gives relative links the site paths the published site resolves them to', async () => {
    const app = await folderApp({
      'guides/setup.md':
        '# Setup\nThen [deploy](./deploy.md#ship), see [the API](../reference/api).',
      'guides/deploy.md': '# Deploy',
      'reference/api.md': '# API',
    });
    const response = await app.request('/md/acme/guides/setup.md', {}, fromAddress('203.0.113.7'));
    expect(await response.text()).toBe(
      '# Setup\n\nThen [deploy](/guides/deploy#ship), see [the API](/reference/api).\n',
    );
  });

  it('never serves a page restricted to groups', async () => {
    const response = await get('/md/acme/docs/internal.md');
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('Rotate');
  });

  it('answers 404 for unknown pages, sites, paths without .md and paths leaving the docs', async () => {
    for (const path of [
      '/md/acme/docs/nope.md',
      '/md/nope/docs/guides/theming.md',
      '/md/acme/docs/guides/theming',
      '/md/acme/..%2F..%2Fetc%2Fpasswd.md',
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
