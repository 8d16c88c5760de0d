/**
 * The three corpora end to end through the server (createApp, real indexes): search, page
 * and v2 answers in the reader's language, at the paths each site publishes.
 */
import { describe, expect, it } from 'vitest';
import { assistantApp, assistantPost } from '../../support/assistant-app.ts';
import { assistantBody, readSse } from '../../support/assistant-streams.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS, VITE_DOCS } from '../../support/corpora.ts';
import { indexSite } from '../../support/docs-sites.ts';

const request = assistantPost;

async function siteApp(docs: string) {
  return assistantApp({ index: await indexSite(docs) }).app;
}

describe('the corpora through the server', () => {
  it('Starlight: pages with or without the trailing slash, answers in the reader’s language', async () => {
    const app = await siteApp(STARLIGHT_DOCS);
    for (const path of ['guides/i18n/', '/guides/i18n', 'guides/i18n']) {
      const response = await app.request('/v1/page/docs', request({ path }));
      expect(response.status, path).toBe(200);
      expect((await response.json()).path).toBe('guides/i18n/');
    }
    const search = await app.request(
      '/v1/search/docs',
      request({ query: 'sidebar', filter: { language: 'ko' }, pageSize: 5 }),
    );
    const results = await search.json();
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result: { path: string }) => result.path.startsWith('ko/'))).toBe(true);

    const answer = await app.request(
      '/v2/assistant/docs/message',
      request(
        assistantBody('How do I add a sidebar group?', { currentPath: '/zh-cn/guides/sidebar/' }),
      ),
    );
    const { chunks } = await readSse(answer);
    const output = chunks.find((chunk) => chunk.type === 'tool-output-available')!.output;
    expect(output.length).toBeGreaterThan(0);
    expect(output.every((result: { path: string }) => result.path.startsWith('zh-cn/'))).toBe(true);
    const sources = chunks.filter((chunk) => chunk.type === 'source-url');
    expect(sources.every((source) => source.url.includes('zh-cn/'))).toBe(true);
  });

  it('VitePress: clean URLs, and .html or index forms of them', async () => {
    const app = await siteApp(VITE_DOCS);
    for (const [path, published] of [
      ['guide/features', 'guide/features'],
      ['/guide/features.html', 'guide/features'],
      ['guide/', 'guide/'],
      ['/guide/index.html', 'guide/'],
      ['guide', 'guide/'],
    ]) {
      const response = await app.request('/v1/page/docs', request({ path }));
      expect(response.status, path).toBe(200);
      expect((await response.json()).path, path).toBe(published);
    }
    const search = await app.request('/v1/search/docs', request({ query: 'server proxy options' }));
    expect((await search.json())[0].path).toMatch(/^config\/server-options$/);
  });

  it('a plain folder keeps today’s paths', async () => {
    const app = await siteApp(AI_SDK_DOCS);
    const response = await app.request(
      '/v1/page/docs',
      request({ path: 'docs/foundations/overview/' }),
    );
    expect((await response.json()).path).toBe('docs/foundations/overview');
  });
});
