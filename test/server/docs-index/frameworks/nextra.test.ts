import { describe, expect, it } from 'vitest';
import { assistantApp, assistantPost } from '../../../support/assistant-app.ts';
import { indexSite, NEXTRA_SITE, pathsOf, writeSite } from '../../../support/docs-sites.ts';

const NEXT_CONFIG = `import nextra from 'nextra';\nconst withNextra = nextra({});\nexport default withNextra({});`;

describe('the Nextra fixture', () => {
  const site = () => indexSite(NEXTRA_SITE);

  it('publishes content/<locale>/ under /<locale>/docs, index as its folder', async () => {
    const index = await site();
    expect(index.profile.framework).toBe('nextra');
    expect(pathsOf(index)).toEqual({
      'de/docs': 'content/de/index.mdx',
      'de/docs/brewing/green-tea': 'content/de/brewing/green-tea.mdx',
      'de/docs/installation': 'content/de/installation.mdx',
      'en/docs': 'content/en/index.mdx',
      'en/docs/api/boil': 'content/en/api/boil.mdx',
      'en/docs/brewing': 'content/en/brewing/index.mdx',
      'en/docs/brewing/black-tea': 'content/en/brewing/black-tea.mdx',
      'en/docs/brewing/green-tea': 'content/en/brewing/green-tea.mdx',
      'en/docs/changelog-archive': 'content/en/changelog-archive.mdx',
      'en/docs/descaling': 'content/en/descaling.md',
      'en/docs/installation': 'content/en/installation.mdx',
      'en/docs/legacy': 'content/en/legacy.mdx',
    });
  });

  it('leaves out dot-files, pages outside the locale folders, components and the README', async () => {
    const index = await site();
    for (const word of ['zeppelin', 'marmalade', 'fumarole', 'quagmire']) {
      expect(index.search(word), word).toEqual([]);
    }
  });

  it('searches a display: hidden page (only its sidebar entry is hidden), not a searchable: false one', async () => {
    const index = await site();
    // Nextra builds hidden pages and its own search (Pagefind) finds them.
    expect(index.getPage('en/docs/legacy')?.unlisted).toBeUndefined();
    expect(index.search('samovar gasket')[0]?.path).toBe('en/docs/legacy');
    // `searchable: false` keeps a page out of Nextra's search: served by its URL, never searched.
    expect(index.getPage('en/docs/changelog-archive')).toMatchObject({ unlisted: true });
    expect(index.search('percolator firmware')).toEqual([]);
    expect(index.getPage('en/docs/descaling')?.unlisted).toBeUndefined();
  });

  it('knows each page’s language and the English page it translates', async () => {
    const index = await site();
    expect(index.profile.languages).toEqual(['en', 'de']);
    expect(index.profile.languagePrefixes).toEqual([{ prefix: 'de/', language: 'de' }]);
    expect(index.getPage('de/docs/brewing/green-tea')).toMatchObject({
      language: 'de',
      translationKey: 'en/docs/brewing/green-tea',
      title: 'Grüner Tee',
    });
    expect(index.getPage('en/docs')).toMatchObject({ language: 'en', translationKey: 'en/docs' });
  });

  it('groups pages by _meta separators and folder titles, per language', async () => {
    const index = await site();
    expect(index.getPage('en/docs/brewing/green-tea')?.navigation).toEqual([
      'Guides',
      'Brewing tea',
    ]);
    expect(index.getPage('de/docs/brewing/green-tea')?.navigation).toEqual([
      'Anleitungen',
      'Tee zubereiten',
    ]);
    // `descaling: ''` has no title: the file name's.
    expect(index.getPage('en/docs/descaling')?.navigation).toEqual(['Guides']);
    // A `type: 'page'` folder is a navbar tab, not under the sidebar's separator.
    expect(index.getPage('en/docs/api/boil')?.navigation).toEqual(['API']);
    expect(index.getPage('en/docs/installation')?.navigation).toBeUndefined();
    // The page's own title stays its title; headings without frontmatter title too.
    expect(index.getPage('en/docs/installation')?.title).toBe('Installation');
    expect(index.getPage('en/docs/descaling')?.title).toBe('Descaling');
  });

  it('answers a German question from the German page, an English one from the English page', async () => {
    const index = await site();
    const german = index.search('Wie heiß soll das Wasser für grünen Tee sein?', { pageSize: 3 });
    expect(german[0]?.path).toBe('de/docs/brewing/green-tea');
    const english = index.search('What water temperature for green tea?', { pageSize: 3 });
    expect(english[0]?.path).toBe('en/docs/brewing/green-tea');
    expect(english.some((result) => result.path.startsWith('de/'))).toBe(false);
  });

  it('serves search and pages at the published paths through the server', async () => {
    const { app } = assistantApp({ index: await site() });
    const search = await app.request(
      '/v1/search/docs',
      assistantPost({ query: 'limescale vinegar' }),
    );
    expect((await search.json())[0].path).toBe('en/docs/descaling');
    for (const path of ['/en/docs/descaling', 'https://kettle.dev/en/docs/descaling/']) {
      const page = await app.request('/v1/page/docs', assistantPost({ path }));
      expect(page.status, path).toBe(200);
      expect((await page.json()).path).toBe('en/docs/descaling');
    }
    const unsearched = await app.request(
      '/v1/page/docs',
      assistantPost({ path: '/en/docs/changelog-archive' }),
    );
    expect(unsearched.status).toBe(200);
  });
});

describe('Nextra settings', () => {
  it('publishes app/ page.mdx files at their route, route groups and private folders left out', async () => {
    // The examples of Nextra's "page.mdx File" and Next.js's route groups.
    const root = await writeSite({
      'next.config.mjs': NEXT_CONFIG,
      'app/page.mdx': '# Home',
      'app/docs/page.mdx': '# Docs',
      'app/docs/getting-started/page.mdx': '# Getting started',
      'app/(marketing)/about/page.mdx': '# About',
      'app/_components/note.mdx': 'A component.',
      'app/blog/[slug]/page.mdx': '# A dynamic route',
      'app/docs/_meta.ts': `export default { 'getting-started': 'Start here', index: { display: 'hidden' } };`,
      'app/layout.tsx': 'export default function Layout() {}',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      '': 'app/page.mdx',
      about: 'app/(marketing)/about/page.mdx',
      docs: 'app/docs/page.mdx',
      'docs/getting-started': 'app/docs/getting-started/page.mdx',
    });
    expect(index.getPage('docs/getting-started')?.navigation).toEqual(['Docs']);
    // Hidden from the sidebar only.
    expect(index.getPage('docs')?.unlisted).toBeUndefined();
  });

  it('reads a content folder without i18n, at the root unless contentDirBasePath says otherwise', async () => {
    const root = await writeSite({
      'package.json': '{"dependencies": {"nextra": "4.0.0"}}',
      'src/content/index.mdx': '# Home',
      'src/content/guide/_meta.tsx': `export default { '*': { display: 'hidden' }, intro: <b>Intro</b> };`,
      'src/content/guide/intro.md': '# Intro',
      'src/content/README.md': '# A page here too: Nextra collects every Markdown file',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      '': 'src/content/index.mdx',
      README: 'src/content/README.md',
      'guide/intro': 'src/content/guide/intro.md',
    });
    expect((await indexSite(root)).getPage('guide/intro')?.unlisted).toBeUndefined();
  });

  it('reads Nextra 2 pages with locale suffixes, the default locale unprefixed', async () => {
    // Nextra 2's i18n guide: `index.en.md`, `index.zh.md`, `_meta.en.json`.
    const root = await writeSite({
      'next.config.js': `const withNextra = require('nextra')({ theme: 'nextra-theme-docs' });
        module.exports = withNextra({ i18n: { locales: ['en', 'zh'], defaultLocale: 'en' } });`,
      'package.json': '{"dependencies": {"nextra": "2.13.0"}}',
      'pages/_app.mdx': 'The app.',
      'pages/index.en.mdx': '# Home',
      'pages/index.zh.mdx': '# 首页',
      'pages/docs/setup.en.mdx': '# Setup',
      'pages/docs/setup.zh.mdx': '# 安装',
      'pages/docs/_meta.en.json': '{"setup": "Set up"}',
      'pages/_meta.en.json': '{"docs": "Documentation"}',
      'pages/api/hello.md': '# Not a page: an API route folder',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      '': 'pages/index.en.mdx',
      'docs/setup': 'pages/docs/setup.en.mdx',
      zh: 'pages/index.zh.mdx',
      'zh/docs/setup': 'pages/docs/setup.zh.mdx',
    });
    expect(index.getPage('zh/docs/setup')).toMatchObject({
      language: 'zh',
      translationKey: 'docs/setup',
    });
    expect(index.getPage('docs/setup')?.navigation).toEqual(['Documentation']);
  });

  it('reads Nextra 3 locale folders in pages/, every language under its prefix', async () => {
    // Nextra 3's SWR example: pages/en/..., pages/es/..., _meta.ts per folder.
    const root = await writeSite({
      'next.config.ts': `import nextra from 'nextra';
        const withNextra = nextra({ theme: 'nextra-theme-docs', themeConfig: './theme.config.tsx' });
        export default withNextra({ i18n: { locales: ['en', 'es'], defaultLocale: 'en' } });`,
      'pages/_app.jsx': 'export default function App() {}',
      'pages/en/_meta.ts': "export default { docs: 'Docs' };",
      'pages/en/docs/options.mdx': '# Options',
      'pages/es/_meta.ts': "export default { docs: 'Documentación' };",
      'pages/es/docs/options.mdx': '# Opciones',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      'en/docs/options': 'pages/en/docs/options.mdx',
      'es/docs/options': 'pages/es/docs/options.mdx',
    });
    expect(index.getPage('es/docs/options')).toMatchObject({
      language: 'es',
      translationKey: 'en/docs/options',
      navigation: ['Documentación'],
    });
  });
});
