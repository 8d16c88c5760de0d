import { describe, expect, it } from 'vitest';
import { withSitePaths } from '../../../src/server/agents/agent-links.ts';
import { indexSite, writeSite } from '../../support/docs-sites.ts';

describe('withSitePaths', () => {
  const site = async () =>
    indexSite(
      await writeSite({
        'docusaurus.config.js': `export default { presets: [['classic', { docs: {} }]] };`,
        'docs/intro.md': '# Intro',
        'docs/guides/01-setup.md': '# Setup',
        'docs/guides/deploy.md': '# Deploy',
        'docs/reference/api.md': '# API',
      }),
    );

  it('gives relative links the site paths the published site resolves them to', async () => {
    const index = await site();
    const page = index.getPage('docs/guides/deploy')!;
    const source = [
      'See [setup](./01-setup.md#install), [the API](../reference/api.md) and [intro](../intro).',
      'Also [next door](./setup) and [up](../reference/api#calls).',
      '[ref]: ../intro.md',
    ].join('\n');
    expect(withSitePaths(source, page, index)).toBe(
      [
        'See [setup](/docs/guides/setup#install), [the API](/docs/reference/api) and [intro](/docs/intro).',
        'Also [next door](/docs/guides/setup) and [up](/docs/reference/api#calls).',
        '[ref]: /docs/intro',
      ].join('\n'),
    );
  });

  it('resolves an address that is no page as a browser does on the page, and leaves the rest', async () => {
    const index = await site();
    const page = index.getPage('docs/guides/deploy')!;
    const source = [
      '[blog](../../blog/launch) [self](#top) [root](/docs/intro) [out](https://example.com/x)',
      '![diagram](./img/flow.png) [pdf](../files/spec.pdf) [missing](./gone.md)',
      '`[code](./setup)`',
      '```',
      '[fenced](./setup)',
      '```',
    ].join('\n');
    expect(withSitePaths(source, page, index)).toBe(
      [
        '[blog](/blog/launch) [self](#top) [root](/docs/intro) [out](https://example.com/x)',
        '![diagram](./img/flow.png) [pdf](../files/spec.pdf) [missing](./gone.md)',
        '`[code](./setup)`',
        '```',
        '[fenced](./setup)',
        '```',
      ].join('\n'),
    );
  });

  it('resolves against a published path with its trailing slash, as the site serves it', async () => {
    const index = await indexSite(
      await writeSite({
        'astro.config.mjs': `import starlight from '@astrojs/starlight';
export default { integrations: [starlight({ title: 'T' })] };`,
        'src/content/docs/guides/setup.md': '---\ntitle: Setup\n---\nText.',
        'src/content/docs/guides/deploy.md': '---\ntitle: Deploy\n---\nText.',
      }),
    );
    const page = index.getPage('guides/deploy/')!;
    expect(page.path).toBe('guides/deploy/');
    expect(withSitePaths('[a](../setup/) [b](./notes)', page, index)).toBe(
      '[a](/guides/setup/) [b](/guides/deploy/notes)',
    );
  });
});
