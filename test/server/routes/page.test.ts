import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { COMPONENTS_PAGE } from '../../support/components-page.ts';
import { ACME_KEY, folderApp, post, testApp } from '../../support/server.ts';

describe('POST /v1/page/{domain}', () => {
  const app = testApp();
  const page = (path: unknown) => app.request('/v1/page/acme', post({ path }));

  it('returns the page content without frontmatter or MDX imports', async () => {
    const response = await page('docs/guides/theming');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      path: 'docs/guides/theming',
      content: '## Dark mode\nSet the accent colour.',
      language: 'en',
    });
  });

  it('names the language of a page that has its own (front matter), else the site default', async () => {
    const app = await folderApp({
      'intro.md': '# Intro\nWelcome.',
      'salam.md': '---\nlang: fa\n---\n# سلام\nخوش آمدید.',
    });
    const languageOf = async (path: string) =>
      (await (await app.request('/v1/page/acme', post({ path }))).json()).language;
    expect(await languageOf('salam')).toBe('fa');
    expect(await languageOf('intro')).toBe('en');
  });

  it("serves a Docusaurus page a locale has not translated at that locale's path, in its own language", async () => {
    const app = await folderApp({
      'docusaurus.config.js': `export default { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } };`,
      'docs/intro.md': '# Intro\nWelcome.',
      'docs/setup.md': '# Setup\nInstall it.\n\nThen [start](./intro.md) or [read on](./more).',
      'docs/more.md': '# More',
      'i18n/fr/docusaurus-plugin-content-docs/current/intro.md': '# Introduction\nBienvenue.',
    });
    const served = async (path: string) =>
      (await app.request('/v1/page/acme', post({ path }))).json();
    // Its links lead to the French site's pages, translated or not, as they do there.
    expect(await served('/fr/docs/setup/')).toEqual({
      path: 'fr/docs/setup',
      content: '# Setup\nInstall it.\n\nThen [start](/fr/docs/intro) or [read on](/fr/docs/more).',
      language: 'en',
    });
    expect(await served('docs/setup')).toMatchObject({
      path: 'docs/setup',
      content: '# Setup\nInstall it.\n\nThen [start](/docs/intro) or [read on](/docs/more).',
    });
    expect(await served('fr/docs/intro')).toMatchObject({ path: 'fr/docs/intro', language: 'fr' });
  });

  it('gives relative links the site paths the published site resolves them to, in either format', async () => {
    const app = await folderApp({
      'guides/setup.md':
        '# Setup\nThen [deploy](./deploy.md#ship) or read [the API](../reference/api).',
      'guides/deploy.md': '# Deploy',
      'reference/api.md': '# API',
    });
    for (const format of ['source', 'markdown']) {
      const response = await app.request('/v1/page/acme', post({ path: 'guides/setup', format }));
      expect((await response.json()).content, format).toBe(
        '# Setup\nThen [deploy](/guides/deploy#ship) or read [the API](/reference/api).',
      );
    }
  });

  it.each([
    '/docs/guides/theming',
    'docs/guides/theming/',
    'docs/guides/theming.mdx',
    'docs/guides/theming.md',
    'docs/guides/theming#dark-mode',
    'docs/guides/theming?ref=nav',
    'docs%2Fguides%2Ftheming',
    '/docs/guides/%74heming',
    'DOCS/Guides/Theming',
    'https://docs.acme.dev/docs/guides/theming#dark-mode',
  ])('normalises %j', async (path) => {
    const response = await page(path);
    expect(response.status).toBe(200);
    expect((await response.json()).path).toBe('docs/guides/theming');
  });

  it('finds index pages by their folder and pages by their file path', async () => {
    expect((await (await page('docs/start')).json()).path).toBe('docs/start');
    expect((await (await page('docs/start/index.mdx')).json()).path).toBe('docs/start');
    expect((await (await page('docs/01-start/02-install.md')).json()).path).toBe(
      'docs/start/install',
    );
  });

  it('answers 404 for an unknown page', async () => {
    const response = await page('docs/nope');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Page not found' });
  });

  it('serves a page restricted to groups only to a caller naming one of them', async () => {
    const restricted = (groups?: unknown) =>
      app.request('/v1/page/acme', post({ path: 'docs/internal', ...(groups ? { groups } : {}) }));
    for (const groups of [undefined, [], ['customers']]) {
      const response = await restricted(groups);
      expect(response.status, JSON.stringify(groups)).toBe(404);
      expect(await response.json()).toEqual({ message: 'Page not found' });
    }
    const member = await restricted(['customers', 'staff']);
    expect(member.status).toBe(200);
    expect((await member.json()).content).toBe('Rotate the accent keys.');
    expect((await page('docs/guides/theming')).status).toBe(200);
    expect((await restricted('staff')).status).toBe(400);
  });

  it('answers 400 without a string path', async () => {
    expect((await page(undefined)).status).toBe(400);
    expect((await page(['docs'])).status).toBe(400);
  });
});

describe('path traversal', () => {
  it('never serves a file outside the index, whatever the spelling', async () => {
    const root = await mkdtemp(join(tmpdir(), 'da-traversal-'));
    const docs = join(root, 'docs');
    await mkdir(join(docs, 'guide'), { recursive: true });
    await writeFile(join(docs, 'guide', 'intro.md'), '# Intro\nWelcome.');
    await writeFile(join(docs, 'notes.txt'), 'not a page');
    await writeFile(join(docs, '.secret.md'), '# hidden');
    await writeFile(join(root, 'secret.md'), '# Secret\nTOP SECRET');
    const { index } = await buildDocsIndex(docs);
    const app = createApp({
      organizations: [
        {
          name: 'o',
          keys: [ACME_KEY],
          limits: { orgPerHour: 1000, ipPerDay: 1000 },
          sites: [{ domain: 'acme', index }],
        },
      ],
    });
    const attempts = [
      '../secret',
      '../secret.md',
      'guide/../../secret',
      '..%2fsecret',
      '%2e%2e/secret',
      '%2e%2e%2fsecret.md',
      '%252e%252e%252fsecret',
      '..\\secret',
      '....//secret',
      `${root}/secret.md`,
      '/etc/passwd',
      'file:///etc/passwd',
      'guide/intro\u0000.md',
      'guide/intro%00',
      'notes.txt',
      'notes',
      '.secret',
      'guide/../guide/intro',
    ];
    for (const path of attempts) {
      const response = await app.request('/v1/page/acme', post({ path }));
      const text = await response.text();
      expect(text).not.toContain('TOP SECRET');
      expect(text).not.toContain('root:');
      expect(response.status, path).toBe(404);
    }
    const ok = await app.request('/v1/page/acme', post({ path: 'guide/intro' }));
    expect(ok.status).toBe(200);
  });
});

describe('format: "markdown" (the page view)', () => {
  it('renders each kind of docs-framework component as Markdown and keeps heading anchors', async () => {
    const app = await folderApp({ 'guide.mdx': COMPONENTS_PAGE });
    const read = async (format?: string) => {
      const response = await app.request(
        '/v1/page/acme',
        post({ path: 'guide', ...(format ? { format } : {}) }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { content: string }).content;
    };
    const source = await read();
    expect(source).toContain('<Note>Node 22 is required.</Note>');
    expect(await read('source')).toBe(source);
    const markdown = await read('markdown');
    expect(markdown).not.toMatch(
      /<\/?(?:Note|Steps|Step|Tabs|TabItem|Card|Accordion|FileTree|Warning|Fancy)\b/,
    );
    expect(markdown).not.toContain(':::');
    for (const fragment of [
      '## Install {#setup}',
      '> **Note**',
      '> Node 22 is required.',
      '> **Caution: Careful**',
      '> Back up first.',
      '**Click to expand**',
      '1. **Add the tag**',
      '2. **Reload**',
      '**npm**',
      'pnpm add acme',
      '[API reference](/api)',
      '**Why two files?**',
      'Unknown components keep their text.',
    ]) {
      expect(markdown).toContain(fragment);
    }
    const bad = await app.request('/v1/page/acme', post({ path: 'guide', format: 'html' }));
    expect(bad.status).toBe(400);
  });
});
