import { describe, expect, it } from 'vitest';
import { stripNumberPrefix } from '../../../../src/server/docs-index/frameworks/docusaurus-routes.ts';
import { buildDocsIndex } from '../../../../src/server/docs-index/load.ts';
import {
  DOCUSAURUS_INSTANCES_SITE,
  DOCUSAURUS_SITE,
  indexSite,
  pathsOf,
  writeSite,
} from '../../../support/docs-sites.ts';

const CONFIG = `export default { presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };`;

describe('Docusaurus paths', () => {
  it('publishes docs as the Docusaurus docs describe: ids, slugs, category indexes', async () => {
    // The examples of "Docs introduction" (Document ID, Customizing doc URLs).
    const root = await writeSite({
      'docusaurus.config.js': CONFIG,
      'docs/greeting.md': '# Hello',
      'docs/guide/hello.md': '# Hello from the guide',
      'docs/guide/part.md': '---\nid: part1\n---\n# Part 1',
      'docs/guide/bonjour.md': '---\nslug: /bonjour\n---\n# Bonjour',
      'docs/guide/relative.md': '---\nslug: salut\n---\n# Salut',
      'docs/guide/up.md': '---\nslug: ../up-one\n---\n# Up',
      'docs/Guides/index.md': '# Guides index',
      'docs/Other/README.mdx': '# Other readme',
      'docs/Same/Same.md': '# Same name as its folder',
      'docs/02-tutorial/01-first steps.md': '# First',
      'docs/02-tutorial/2021-08-26-release.md': '# A date, not a prefix',
      'docs/02-tutorial/1.2-notes.md': '# A version, not a prefix',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      // An absolute slug is still under the route base path.
      'docs/bonjour': 'docs/guide/bonjour.md',
      'docs/greeting': 'docs/greeting.md',
      'docs/guide/hello': 'docs/guide/hello.md',
      'docs/guide/part1': 'docs/guide/part.md',
      'docs/guide/salut': 'docs/guide/relative.md',
      'docs/Guides': 'docs/Guides/index.md',
      'docs/Other': 'docs/Other/README.mdx',
      'docs/Same': 'docs/Same/Same.md',
      'docs/tutorial/1.2-notes': 'docs/02-tutorial/1.2-notes.md',
      'docs/tutorial/2021-08-26-release': 'docs/02-tutorial/2021-08-26-release.md',
      'docs/tutorial/first steps': 'docs/02-tutorial/01-first steps.md',
      'docs/up-one': 'docs/guide/up.md',
    });
  });

  it('follows routeBasePath, the docs path and trailingSlash', async () => {
    const root = await writeSite({
      'docusaurus.config.ts': `const config = {
        trailingSlash: true,
        presets: [['@docusaurus/preset-classic', { docs: { path: 'content', routeBasePath: '/' } }]],
      };
      export default config;`,
      'content/intro.md': '# Intro',
      'content/setup/index.md': '# Setup',
      'docs/stray.md': '# Not the docs folder of this site',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      'intro/': 'content/intro.md',
      'setup/': 'content/setup/index.md',
    });
  });

  it('reads path options as Docusaurus resolves them: ./x, path.join(__dirname, …)', async () => {
    // pnpm.io's second docs instance.
    const root = await writeSite({
      'docusaurus.config.ts': `import path from 'node:path';
      export default {
        presets: [['classic', { docs: { path: './docs', sidebarPath: './sidebars.json' } }]],
        plugins: [['@docusaurus/plugin-content-docs', {
          id: 'pnpr',
          path: './pnpr-docs',
          routeBasePath: 'pnpr',
          sidebarPath: path.join(__dirname, 'sidebars-pnpr.json'),
        }]],
      };`,
      'sidebars.json': '{ "docs": [{ "type": "category", "label": "Usage", "items": ["cli"] }] }',
      'sidebars-pnpr.json':
        '{ "pnpr": [{ "type": "category", "label": "Setup", "items": ["cli"] }] }',
      'docs/cli.md': '# pnpm CLI',
      'pnpr-docs/cli.md': '# pnpr CLI',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({ 'docs/cli': 'docs/cli.md', 'pnpr/cli': 'pnpr-docs/cli.md' });
    expect(index.getPage('docs/cli')?.navigation).toEqual(['Usage']);
    expect(index.getPage('pnpr/cli')?.navigation).toEqual(['Setup']);
  });

  it('reports a version whose folder is missing (one a build step copies)', async () => {
    // pnpm.io: `copy-docs` copies docs/ to versioned_docs/version-11.x before each build.
    const root = await writeSite({
      'docusaurus.config.js': `module.exports = { presets: [['classic', { docs: {
        routeBasePath: '/', includeCurrentVersion: false, lastVersion: '11.x' } }]] };`,
      'versions.json': '["11.x", "10.x"]',
      'docs/cli.md': '# pnpm 11 CLI',
      'versioned_docs/version-10.x/cli.md': '# pnpm 10 CLI',
    });
    const { index, problems } = await buildDocsIndex(root);
    expect(pathsOf(index)).toEqual({ '10.x/cli': 'versioned_docs/version-10.x/cli.md' });
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'versioned_docs/version-11.x',
        message: expect.stringContaining('there is no such folder'),
      }),
    ]);
  });

  it("publishes a locale's i18n/ copy of a page, in place of the original, and no other", async () => {
    // Docusaurus lists the pages of the docs folder and reads each from the locale's i18n/
    // folder where it is there, the default locale's included (apache/rocketmq-site's layout:
    // its English pages in i18n/en/, the default locale).
    const root = await writeSite({
      'docusaurus.config.js': `module.exports = {
        i18n: { defaultLocale: 'en', locales: ['zh', 'en'] },
        presets: [['classic', { docs: { sidebarPath: require.resolve('./sidebars.js') } }]],
      };`,
      'sidebars.js': `module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };`,
      'docs/01-quickstart/01quickstart.md': '# 本地部署 RocketMQ',
      'docs/02-producer/01concept.md': '# 基本概念',
      'i18n/en/docusaurus-plugin-content-docs/current/01-quickstart/01quickstart.md':
        '# Run RocketMQ locally',
      'i18n/en/docusaurus-plugin-content-docs/current/99-removed/old.md': '# No original',
      'i18n/zh/docusaurus-plugin-content-docs/current/removed.md': '# 没有原文',
      'src/pages/team.md': '# Team',
      'i18n/en/docusaurus-plugin-content-pages/team.md': '# The team',
      'i18n/zh/docusaurus-plugin-content-pages/gone.md': '# 没有原文',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      'docs/quickstart/01quickstart':
        'i18n/en/docusaurus-plugin-content-docs/current/01-quickstart/01quickstart.md',
      'docs/producer/01concept': 'docs/02-producer/01concept.md',
      team: 'i18n/en/docusaurus-plugin-content-pages/team.md',
      // The originals the English copies replace are what the zh site, with no copy of its
      // own, publishes (the Chinese site of rocketmq.apache.org).
      'zh/docs/quickstart/01quickstart': 'docs/01-quickstart/01quickstart.md',
      'zh/team': 'src/pages/team.md',
    });
    expect(index.getPage('docs/quickstart/01quickstart')).toMatchObject({
      title: 'Run RocketMQ locally',
      language: 'en',
      navigation: ['quickstart'],
    });
    expect(index.getPage('zh/docs/quickstart/01quickstart')).toMatchObject({
      title: '本地部署 RocketMQ',
      language: 'zh',
      translationKey: 'docs/quickstart/01quickstart',
    });
    // A Chinese reader is answered from the Chinese page, an English one from the English.
    expect(index.search('RocketMQ', { filter: { language: 'zh' } })[0]?.path).toBe(
      'zh/docs/quickstart/01quickstart',
    );
    expect(index.search('RocketMQ', { filter: { language: 'en' } })[0]?.path).toBe(
      'docs/quickstart/01quickstart',
    );
  });

  it('numbers prefixes like Docusaurus, and only those', () => {
    expect(stripNumberPrefix('01-intro')).toBe('intro');
    expect(stripNumberPrefix('0 --- Client API')).toBe('Client API');
    expect(stripNumberPrefix('2021-08-26-welcome')).toBe('2021-08-26-welcome');
    expect(stripNumberPrefix('8.0-notes')).toBe('8.0-notes');
    expect(stripNumberPrefix('404')).toBe('404');
    expect(stripNumberPrefix('01-intro', false)).toBe('01-intro');
  });
});

describe('several docs plugin instances (react-native-website)', () => {
  it('publishes each instance under its route, labelled by its own sidebar', async () => {
    const index = await indexSite(DOCUSAURUS_INSTANCES_SITE);
    expect(pathsOf(index)).toEqual({
      'architecture/fabric-renderer': 'architecture/fabric-renderer.md',
      'architecture/glossary': 'architecture/architecture-glossary.md',
      'community/overview': 'community/overview.md',
      'community/support': 'community/support.md',
      'docs/environment-setup': 'versioned_docs/version-0.86/getting-started.md',
    });
    const navigation = (path: string) => index.getPage(path)?.navigation;
    // `require.resolve('./sidebarsArchitecture')`: the .ts file, not the site's sidebars.ts.
    expect(navigation('architecture/fabric-renderer')).toEqual(['Architecture', 'Rendering']);
    expect(navigation('architecture/glossary')).toEqual(['Architecture']);
    expect(navigation('community/support')).toEqual(['Community']);
    expect(navigation('docs/environment-setup')).toEqual(['Environment setup']);
    expect(index.getPage('docs/environment-setup')?.version).toBe('0.86');
  });
});

describe('the Docusaurus fixture', () => {
  const site = () => indexSite(DOCUSAURUS_SITE);

  it('publishes the last version at docs/, the current docs at docs/next/, French under fr/', async () => {
    expect(pathsOf(await site())).toEqual({
      'docs/intro': 'versioned_docs/version-1.0/intro.md',
      'docs/next/bonjour': 'docs/guides/custom-slug.md',
      'docs/next/guides': 'docs/guides/Guides.md',
      'docs/next/guides/deploy': 'docs/guides/02-deploy.mdx',
      'docs/next/guides/part1': 'docs/guides/renamed.md',
      'docs/next/guides/relative-here': 'docs/guides/relative-slug.md',
      'docs/next/intro': 'docs/intro.md',
      'docs/next/tutorial-basics/create-a-document': 'docs/tutorial-basics/02-create-a-document.md',
      'docs/next/tutorial-basics/create-a-page': 'docs/tutorial-basics/01-create-a-page.md',
      'docs/next/unlisted-page': 'docs/unlisted-page.md',
      'docs/tutorial-basics/create-a-page':
        'versioned_docs/version-1.0/tutorial-basics/create-a-page.md',
      'fr/docs/next/intro': 'i18n/fr/docusaurus-plugin-content-docs/current/intro.md',
      'fr/docs/next/tutorial-basics/create-a-page':
        'i18n/fr/docusaurus-plugin-content-docs/current/tutorial-basics/01-create-a-page.md',
      'markdown-page': 'src/pages/markdown-page.md',
    });
  });

  it('leaves out partials, drafts and the blog; serves unlisted pages without searching them', async () => {
    const index = await site();
    const files = Object.values(pathsOf(index));
    expect(files.some((file) => file.split('/').at(-1)!.startsWith('_'))).toBe(false);
    expect(files.some((file) => file.includes('/_partials/'))).toBe(false);
    expect(files.some((file) => file.startsWith('blog/'))).toBe(false);
    expect(index.search('zeppelin', { filter: { version: 'current' } })).toEqual([]);
    expect(index.search('gyroscope', { filter: { version: 'current' } })).toEqual([]);
    expect(index.getPage('docs/next/unlisted-page')?.title).toBe('Unlisted hovercraft page');
    expect(index.search('hovercraft', { filter: { version: 'current' } })).toEqual([]);
  });

  it('inlines an imported partial with its props', async () => {
    const page = (await site()).getPage('docs/next/guides/deploy')!;
    expect(page.content).toContain('Install the widgets command line with `npm install');
    expect(page.content).not.toContain('<InstallSteps');
    expect(page.content).not.toContain('import InstallSteps');
    expect(page.includes).toEqual(['docs/guides/_install-steps.mdx']);
  });

  it('labels pages from the sidebar and groups them by category, in their language', async () => {
    const index = await site();
    const page = (path: string) => index.getPage(path)!;
    expect(page('docs/next/tutorial-basics/create-a-page')).toMatchObject({
      title: 'Make a page',
      navigation: ['Tutorial - Basics'],
    });
    expect(page('docs/next/guides/deploy').navigation).toEqual(['Guides']);
    expect(page('docs/next/guides').navigation).toEqual(['Guides']);
    expect(page('fr/docs/next/tutorial-basics/create-a-page')).toMatchObject({
      title: 'Créer une page',
      navigation: ['Tutoriel - Bases'],
      language: 'fr',
      translationKey: 'docs/next/tutorial-basics/create-a-page',
    });
    const grouped = index.search('page', {
      filter: { group: 'Tutorial - Basics', version: 'current' },
    });
    expect(grouped.length).toBeGreaterThan(0);
    expect(grouped.every((result) => result.metadata.group === 'Tutorial - Basics')).toBe(true);
  });

  it('answers from the latest version unless the filter or the current page names another', async () => {
    const index = await site();
    const paths = (options: Parameters<typeof index.search>[1]) =>
      index.search('Node.js version create-widgets', options).map((result) => result.path);
    expect(paths({})[0]).toBe('docs/intro');
    expect(paths({}).some((path) => path.includes('next/'))).toBe(false);
    expect(index.search('Node.js version')[0]?.metadata.version).toBe('1.0');
    expect(paths({ filter: { version: 'current' } })).toContain('docs/next/intro');
    // The version's label and URL segment name it too.
    expect(paths({ filter: { version: 'Next' } })).toEqual(
      paths({ filter: { version: 'current' } }),
    );
    expect(paths({ boostPath: '/docs/next/guides/deploy' })).toContain('docs/next/intro');
    expect(paths({ boostPath: '/docs/next/guides/deploy' })).not.toContain('docs/intro');
  });

  it('answers a French reader from French pages, and from English where none is translated', async () => {
    const index = await site();
    const french = index.search('créer une page site widgets', {
      filter: { language: 'fr', version: 'current' },
    });
    const paths = french.map((result) => result.path);
    expect(paths).toContain('fr/docs/next/tutorial-basics/create-a-page');
    expect(paths).not.toContain('docs/next/tutorial-basics/create-a-page');
    // No French copy of this page: the English one answers, at the path the French site
    // publishes it under (Docusaurus builds every page of the default locale in each locale).
    const fallback = index.search('sidebar metadata sidebar_position', {
      filter: { language: 'fr', version: 'current' },
    })[0];
    expect(fallback).toMatchObject({
      path: 'fr/docs/next/tutorial-basics/create-a-document',
      metadata: { language: 'en' },
    });
    // Once in a result list: the English path is not there beside it.
    const all = index.search('sidebar metadata sidebar_position create a document', {
      filter: { language: 'fr', version: 'current' },
      pageSize: 50,
    });
    expect(all.map((result) => result.path)).not.toContain(
      'docs/next/tutorial-basics/create-a-document',
    );
    // A French reader on the untranslated page is on a French page: the current path says so.
    expect(
      index.search('sidebar_position', {
        boostPath: '/fr/docs/next/tutorial-basics/create-a-document',
        filter: { version: 'current' },
      })[0]?.path,
    ).toBe('fr/docs/next/tutorial-basics/create-a-document');
    // The page is served there, with the original's text, at the path it was asked by.
    const page = index.getPage('/fr/docs/next/tutorial-basics/create-a-document/')!;
    expect(page.file).toBe('docs/tutorial-basics/02-create-a-document.md');
    expect(index.servedPath(page, '/fr/docs/next/tutorial-basics/create-a-document/')).toBe(
      'fr/docs/next/tutorial-basics/create-a-document',
    );
    expect(index.servedPath(page, 'docs/next/tutorial-basics/create-a-document')).toBe(
      'docs/next/tutorial-basics/create-a-document',
    );
    // The last version has no French translation at all: all of it is under fr/ too.
    expect(
      index.search('Node.js version create-widgets', { filter: { language: 'fr' } })[0]?.path,
    ).toBe('fr/docs/intro');
    // A translated page is its translation, never the original at a French path.
    const translated = index.getPage('/fr/docs/next/intro/')!;
    expect(translated.language).toBe('fr');
    expect(index.servedPath(translated, '/fr/docs/next/intro/')).toBe('fr/docs/next/intro');
    const english = index.search('create a page', { filter: { version: 'current' } });
    expect(english.some((result) => result.path.startsWith('fr/'))).toBe(false);
  });
});
