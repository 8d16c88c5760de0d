import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../../../src/server/docs-index/docs-index.ts';
import { STARLIGHT_DOCS } from '../../../support/corpora.ts';
import { indexSite, pathsOf, writeSite } from '../../../support/docs-sites.ts';

let corpusIndex: Promise<SiteIndex> | undefined;
const corpus = () => {
  corpusIndex ??= indexSite(STARLIGHT_DOCS);
  return corpusIndex;
};

/** The site-internal links of the corpus pages (`/guides/i18n/`, `/ja/reference/...`). */
function linksOf(index: SiteIndex): { from: string; link: string }[] {
  const links: { from: string; link: string }[] = [];
  for (const page of index.allPages()) {
    const source = readFileSync(join(STARLIGHT_DOCS, page.file), 'utf8');
    for (const match of source.matchAll(/\]\((\/[^)#?\s]*)/g)) {
      links.push({ from: page.path, link: match[1]!.slice(1) });
    }
  }
  return links;
}

describe('the Starlight corpus', () => {
  it('publishes every page at its Starlight URL, with the trailing slash of trailingSlash: always', async () => {
    const index = await corpus();
    expect(index.profile.framework).toBe('starlight');
    expect(index.pageCount).toBe(338);
    expect(index.getPage('guides/authoring-content/')?.file).toBe(
      'src/content/docs/guides/authoring-content.mdx',
    );
    expect(index.getPage('ja/guides/i18n/')?.file).toBe('src/content/docs/ja/guides/i18n.mdx');
    expect(index.getPage('')?.file).toBe('src/content/docs/index.mdx');
    expect(index.getPage('zh-cn/')?.file).toBe('src/content/docs/zh-cn/index.mdx');
    // With or without the slash, as readers and clients paste them.
    expect(index.getPage('/guides/authoring-content')?.path).toBe('guides/authoring-content/');
  });

  it('resolves the links the pages make to each other exactly', async () => {
    const index = await corpus();
    const links = linksOf(index);
    const english = links.filter(({ from }) => index.getPage(from)?.language === 'en');
    expect(english.length).toBeGreaterThan(100);
    const inexact = english.filter(({ link }) => index.getPage(link)?.path !== link);
    expect(inexact).toEqual([]);
    // Links into a translation the page lacks land on the English page, as Starlight falls back.
    const unresolved = links.filter(({ link }) => !index.getPage(link));
    expect(unresolved.length / links.length).toBeLessThan(0.01);
  });

  it('knows the language of every page and the English page each one translates', async () => {
    const index = await corpus();
    expect(index.profile.languages).toHaveLength(17);
    expect(index.getPage('ja/guides/i18n/')).toMatchObject({
      language: 'ja',
      translationKey: 'guides/i18n/',
      navigation: ['ガイド'],
    });
    expect(index.getPage('zh-cn/guides/i18n/')).toMatchObject({
      language: 'zh-CN',
      navigation: ['指南'],
    });
    expect(index.getPage('fa/')?.language).toBe('fa');
    expect(index.getPage('guides/i18n/')?.navigation).toEqual(['Guides']);
    const languages = new Set([...index.allPages()].map((page) => page.language));
    expect(languages.has(undefined)).toBe(false);
  });

  it('keeps translated copies out of the top 5 of English questions', async () => {
    const index = await corpus();
    const questions = [
      'How do I add a group to the sidebar?',
      'How can I translate my site into several languages?',
      'How do I show code with line highlighting?',
      'How do I override a built-in component?',
      'Where do I put custom CSS?',
      'How do I use tabs in a page?',
      'What frontmatter fields does a page support?',
      'How do I configure the site search?',
      'How do I add a new page?',
      'What does the route data contain?',
    ];
    for (const question of questions) {
      const top = index.search(question, { pageSize: 5 });
      expect(top.length, question).toBeGreaterThan(0);
      expect(
        top.filter((result) => result.metadata.language !== 'en').map((result) => result.path),
        question,
      ).toEqual([]);
    }
  });

  it('answers Japanese and Chinese readers from their pages', async () => {
    const index = await corpus();
    const japanese = index.search('サイドバーを設定するには', { pageSize: 5 });
    expect(japanese.length).toBeGreaterThan(0);
    expect(japanese.every((result) => result.metadata.language === 'ja')).toBe(true);
    const chinese = index.search('如何配置 sidebar 分组', { pageSize: 5 });
    expect(chinese.length).toBeGreaterThan(0);
    expect(chinese.every((result) => result.metadata.language === 'zh-CN')).toBe(true);
    const reading = index.search('sidebar', { pageSize: 5, boostPath: '/ja/guides/sidebar/' });
    expect(reading.length).toBeGreaterThan(0);
    expect(reading.every((result) => result.metadata.language === 'ja')).toBe(true);
  });

  it('falls back to the English page where a translation is missing', async () => {
    const index = await corpus();
    // Danish has two pages; its readers get English for the rest.
    const danish = index.search('sidebar groups', { pageSize: 5, filter: { language: 'da' } });
    expect(danish.length).toBeGreaterThan(0);
    expect(danish.every((result) => ['da', 'en'].includes(String(result.metadata.language)))).toBe(
      true,
    );
    expect(index.getPage('da/guides/sidebar/')?.path).toBe('guides/sidebar/');
  });
});

describe('Starlight settings', () => {
  const astro = (options: string) => `import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
export default defineConfig({ ${options} integrations: [starlight({ title: 'T' })] });`;

  it('publishes without the slash for trailingSlash: never, and follows slug frontmatter', async () => {
    const root = await writeSite({
      'astro.config.mjs': astro(`trailingSlash: 'never',`),
      'src/content/docs/index.mdx': '---\ntitle: Home\n---\nHi.',
      'src/content/docs/Guides/Getting Started.md': '---\ntitle: Start\n---\nGo.',
      'src/content/docs/moved.md': '---\ntitle: Moved\nslug: elsewhere/page\n---\nHere.',
      'src/content/docs/_partial.md': '---\ntitle: Partial\n---\nNot collected.',
      'src/content/docs/wip.md': '---\ntitle: WIP\ndraft: true\n---\nNot built.',
      'src/content/docs/quiet.md':
        '---\ntitle: Quiet\npagefind: false\n---\nNot searched: kestrel.',
      'docs/stray.md': '---\ntitle: Stray\n---\nOutside the content collection.',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      '': 'src/content/docs/index.mdx',
      'elsewhere/page': 'src/content/docs/moved.md',
      'guides/getting-started': 'src/content/docs/Guides/Getting Started.md',
      quiet: 'src/content/docs/quiet.md',
    });
    expect(index.search('kestrel')).toEqual([]);
  });

  it("reads locales the config imports from the site's own files", async () => {
    // As tauri-apps/tauri-docs (`import locales from './locales.json'`), and a module of its own.
    const pages = {
      'src/content/docs/index.mdx': '---\ntitle: Home\n---\nHi.',
      'src/content/docs/fr/index.mdx': '---\ntitle: Accueil\n---\nSalut.',
      'src/content/docs/zh-cn/index.mdx': '---\ntitle: 首页\n---\n你好。',
    };
    const json = await writeSite({
      ...pages,
      'locales.json': JSON.stringify({
        root: { label: 'English', lang: 'en' },
        fr: { label: 'Français', lang: 'fr' },
        'zh-cn': { label: '简体中文', lang: 'zh-cn' },
      }),
      'astro.config.mjs': `import starlight from '@astrojs/starlight';
import locales from './locales.json';
export default { integrations: [starlight({ title: 'T', defaultLocale: 'root', locales })] };`,
    });
    const module = await writeSite({
      ...pages,
      'config/i18n.ts': `export const locales = { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } };`,
      'astro.config.mjs': `import starlight from '@astrojs/starlight';
import { locales as all } from './config/i18n.js';
export default { integrations: [starlight({ title: 'T', defaultLocale: 'root', locales: all })] };`,
    });
    const languages = (index: SiteIndex) =>
      Object.fromEntries([...index.allPages()].map((page) => [page.path, page.language]));
    expect(languages(await indexSite(json))).toEqual({ '': 'en', 'fr/': 'fr', 'zh-cn/': 'zh-CN' });
    // zh-cn is not one of this site's locales: a folder of English pages.
    expect(languages(await indexSite(module))).toEqual({ '': 'en', 'fr/': 'fr', 'zh-cn/': 'en' });
  });
});
