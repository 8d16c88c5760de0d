import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../../../src/server/docs-index/docs-index.ts';
import { VITE_DOCS } from '../../../support/corpora.ts';
import { indexSite, pathsOf, writeSite } from '../../../support/docs-sites.ts';

let corpusIndex: Promise<SiteIndex> | undefined;
const corpus = () => {
  corpusIndex ??= indexSite(VITE_DOCS);
  return corpusIndex;
};

describe('the VitePress corpus (vite-docs)', () => {
  it('publishes clean URLs, index pages as their folder', async () => {
    const index = await corpus();
    expect(index.profile.framework).toBe('vitepress');
    const markdown = readdirSync(VITE_DOCS, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.md') && file !== 'SOURCE.md',
    );
    expect(index.pageCount).toBe(markdown.length);
    expect(index.getPage('guide/')?.file).toBe('guide/index.md');
    expect(index.getPage('guide/features')?.file).toBe('guide/features.md');
    expect(index.getPage('')?.file).toBe('index.md');
    expect(index.getPage('guide/features')?.anchorStyle).toBe('vitepress');
    // The repository's own files are not pages.
    expect(index.getPage('SOURCE')).toBeUndefined();
  });

  it('resolves the links between pages and the targets of public/_redirects exactly', async () => {
    const index = await corpus();
    const links = new Set<string>();
    for (const page of index.allPages()) {
      const source = readFileSync(join(VITE_DOCS, page.file), 'utf8');
      for (const match of source.matchAll(/\]\(\/([^)#?\s]*)/g)) {
        // Pages link to `x`, `x.md` or (older posts) `x.html`; images are not pages.
        if (!/\.(?:png|svg|jpg|webp|txt)$/.test(match[1]!)) {
          links.add(match[1]!.replace(/\.(?:md|html)$/, ''));
        }
      }
    }
    // Redirects that end on a page of this site (not on a file or on another redirect).
    const rules = readFileSync(join(VITE_DOCS, 'public/_redirects'), 'utf8');
    const sources = new Set([...rules.matchAll(/^\/(\S+)\s/gm)].map(([, source]) => source));
    for (const [, target] of rules.matchAll(/^\/[^\s*]+\s+\/([^\s#*:]+?)(?:#\S*)?\s+301$/gm)) {
      if (!sources.has(target!) && !/\.\w+$/.test(target!)) links.add(target!);
    }
    expect(links.size).toBeGreaterThan(30);
    const inexact = [...links].filter((link) => index.getPage(link)?.path !== link);
    expect(inexact).toEqual([]);
  });

  it('takes sidebar groups and labels from .vitepress/config.ts', async () => {
    const index = await corpus();
    expect(index.getPage('guide/features')?.navigation).toEqual(['Guide']);
    expect(index.getPage('guide/api-environment-plugins')?.navigation).toEqual(['Environment API']);
    expect(index.getPage('config/server-options')?.navigation).toEqual(['Config']);
    const apis = index.search('plugin hooks', { filter: { group: 'APIs' }, pageSize: 5 });
    expect(apis.length).toBeGreaterThan(0);
    expect(apis.every((result) => result.metadata.group === 'APIs')).toBe(true);
  });
});

describe('VitePress settings', () => {
  const config = (body: string) =>
    `import { defineConfig } from 'vitepress'\nexport default defineConfig(${body})\n`;

  it('publishes .html paths without cleanUrls, from srcDir, without srcExclude', async () => {
    const root = await writeSite({
      '.vitepress/config.mts': config(
        `{ srcDir: 'src', srcExclude: ['**/README.md', 'drafts/**'] }`,
      ),
      'src/index.md': '# Home',
      'src/guide/index.md': '# Guide',
      'src/guide/getting-started.md': '# Getting started',
      'src/guide/README.md': '# Excluded',
      'src/drafts/idea.md': '# Excluded',
      'src/posts/[slug].md': '# A dynamic route needs its paths loader',
      'outside.md': '# Not under srcDir',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      '': 'src/index.md',
      'guide/': 'src/guide/index.md',
      'guide/getting-started.html': 'src/guide/getting-started.md',
    });
    const index = await indexSite(root);
    expect(index.getPage('guide/getting-started')?.path).toBe('guide/getting-started.html');
    expect(index.getPage('/guide/index.html')?.path).toBe('guide/');
  });

  it('applies rewrites as in the VitePress routing guide', async () => {
    const root = await writeSite({
      '.vitepress/config.ts': config(`{
        cleanUrls: true,
        rewrites: {
          'packages/pkg-a/src/index.md': 'pkg-a/index.md',
          'packages/:pkg/src/:slug*': ':pkg/:slug*',
        },
      }`),
      'packages/pkg-a/src/index.md': '# A',
      'packages/pkg-b/src/index.md': '# B',
      'packages/pkg-b/src/guide/intro.md': '# B intro',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      'pkg-a/': 'packages/pkg-a/src/index.md',
      'pkg-b/': 'packages/pkg-b/src/index.md',
      'pkg-b/guide/intro': 'packages/pkg-b/src/guide/intro.md',
    });
  });

  it('reads locales, finds .vitepress in docs/ and inlines @include partials', async () => {
    const root = await writeSite({
      'docs/.vitepress/config.js': config(`{
        cleanUrls: true,
        locales: {
          root: { label: 'English', lang: 'en-US' },
          fr: { label: 'Français', lang: 'fr', link: '/fr/' },
        },
        themeConfig: { sidebar: [{ text: 'Basics', items: [{ text: 'Setup guide', link: '/setup' }] }] },
      }`),
      'docs/setup.md': '<!--@include: ./parts/steps.md{2,3}-->\n\nThen deploy.',
      'docs/parts/steps.md': 'Line one.\nInstall the otter CLI.\nRun otter init.\nLine four.',
      'docs/fr/setup.md': '# Installation\n\nInstallez la CLI.',
    });
    const index = await indexSite(root);
    expect(index.getPage('setup')).toMatchObject({
      title: 'Setup guide',
      navigation: ['Basics'],
      language: 'en-US',
      includes: ['docs/parts/steps.md'],
    });
    expect(index.getPage('setup')?.content).toContain('Install the otter CLI.\nRun otter init.');
    expect(index.getPage('setup')?.content).not.toContain('Line four');
    expect(index.getPage('fr/setup')).toMatchObject({ language: 'fr', translationKey: 'setup' });
  });

  it('titles a home page naming no title by its hero name, else the site title of its locale', async () => {
    const root = await writeSite({
      '.vitepress/config.ts': config(`{
        title: 'Otter',
        locales: {
          root: { label: 'English', lang: 'en-US' },
          es: { label: 'Español', lang: 'es', title: 'Nutria' },
          fr: { label: 'Français', lang: 'fr' },
        },
      }`),
      'index.md':
        '---\nlayout: home\nhero:\n  name: <span class="brand">Otter</span> Docs\n  text: Fast static sites\n---\n\n<Features />',
      'es/index.md': '---\nlayout: home\nhero:\n  text: Sitios estáticos rápidos\n---\n',
      'fr/index.md': '---\nlayout: home\n---\n\n## Fonctionnalités',
      'titled/index.md': '---\nlayout: home\ntitle: Own title\nhero:\n  name: Hero\n---\n',
      'guide.md': 'No heading here.',
    });
    const index = await indexSite(root);
    expect(index.getPage('')?.title).toBe('Otter Docs');
    // The locale's own title; a locale without one takes the site's, before any heading.
    expect(index.getPage('es/')?.title).toBe('Nutria');
    expect(index.getPage('fr/')?.title).toBe('Otter');
    expect(index.getPage('titled/')?.title).toBe('Own title');
    // Only a home page: another page naming no title keeps the name of its file.
    expect(index.getPage('guide.html')?.title).toBe('Guide');
  });
});
