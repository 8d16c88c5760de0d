import { describe, expect, it } from 'vitest';
import { indexSite, pathsOf, writeSite } from '../../../support/docs-sites.ts';

describe('a plain folder', () => {
  it('takes locale folders that mirror the other pages for translations', async () => {
    const root = await writeSite({
      'index.md': '# Home\nWelcome.',
      'guide/setup.md': '# Setup\nInstall the kettle.',
      'guide/usage.md': '# Usage\nBoil water.',
      'fr/guide/setup.md': '# Installation\nInstallez la bouilloire.',
      'zh-cn/guide/setup.md': '# 安装\n安装水壶。',
      // Named like a language (Italian, Go) but not mirroring the pages: no translations.
      'it/contributing.md': '# IT department\nAsk the IT desk.',
      'go/client.md': '# Go client\nThe Go library.',
    });
    const index = await indexSite(root);
    expect(index.profile.languages).toEqual(['en', 'fr', 'zh-CN']);
    expect(index.getPage('fr/guide/setup')).toMatchObject({
      language: 'fr',
      translationKey: 'guide/setup',
    });
    expect(index.getPage('zh-cn/guide/setup')?.language).toBe('zh-CN');
    expect(index.getPage('it/contributing')?.language).toBe('en');
    expect(index.search('kettle').map((result) => result.path)).toEqual(['guide/setup']);
    expect(index.search('bouilloire', { filter: { language: 'fr' } })[0]?.path).toBe(
      'fr/guide/setup',
    );
    // A French reader gets the English page that has no French copy.
    expect(index.search('boil water', { filter: { language: 'fr' } })[0]?.path).toBe('guide/usage');
  });

  it('reads a page language from its frontmatter, and keeps today’s paths', async () => {
    const root = await writeSite({
      'docs/01-start/index.mdx': '---\ntitle: Start\n---\nBegin.',
      'docs/01-start/02-bienvenue.md': '---\ntitle: Bienvenue\nlang: fr\n---\nBonjour.',
      'docs/_partial.mdx': 'Not a page.',
      'README.md': '# Repository readme',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      'docs/start': 'docs/01-start/index.mdx',
      'docs/start/bienvenue': 'docs/01-start/02-bienvenue.md',
    });
    expect(index.getPage('docs/start/bienvenue')?.language).toBe('fr');
  });
});
