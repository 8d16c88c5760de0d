import { describe, expect, it } from 'vitest';
import { retrievePassages, searchQuery } from '../../../src/server/assistant/retrieval.ts';
import type { SiteIndex } from '../../../src/server/docs-index/docs-index.ts';
import { STARLIGHT_DOCS } from '../../support/corpora.ts';
import { indexSite, writeSite } from '../../support/docs-sites.ts';

let starlight: Promise<SiteIndex> | undefined;
const corpus = () => {
  starlight ??= indexSite(STARLIGHT_DOCS);
  return starlight;
};

const retrieve = async (question: string, extra: { currentPath?: string; filter?: object } = {}) =>
  retrievePassages(await corpus(), { question, pageSize: 5, ...extra });

describe('retrievePassages in the reader’s language', () => {
  it('answers an English question from English pages only', async () => {
    const { results, language } = await retrieve(
      'How do I translate my docs into other languages?',
    );
    expect(language).toBe('en');
    expect(results.length).toBeGreaterThan(0);
    expect(results.filter((result) => result.metadata.language !== 'en')).toEqual([]);
  });

  it('answers in the language of the page the reader is on', async () => {
    const { results, language } = await retrieve('How do I configure the sidebar?', {
      currentPath: '/ja/guides/i18n/',
    });
    expect(language).toBe('ja');
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((result) => result.metadata.language === 'ja')).toBe(true);
  });

  it('answers a question in the language it is written in', async () => {
    const { results, language } = await retrieve(
      'Comment configurer la barre latérale (sidebar) ?',
    );
    expect(language).toBe('fr');
    expect(results.every((result) => result.metadata.language === 'fr')).toBe(true);
  });

  it('lets filter.language win over the current page and the question', async () => {
    const { results, language } = await retrieve('How do I configure the sidebar?', {
      currentPath: '/ja/guides/i18n/',
      filter: { language: 'de' },
    });
    expect(language).toBe('de');
    expect(results.every((result) => result.metadata.language === 'de')).toBe(true);
  });
});

describe('retrievePassages with a selection', () => {
  const card = [
    { type: 'code' as const, value: '<Card title="Check this out">Interesting content.</Card>' },
  ];

  it('searches the selection with a question about it, and passes it on', async () => {
    const retrieval = retrievePassages(await corpus(), {
      question: 'What does this do?',
      context: card,
      pageSize: 5,
    });
    expect(retrieval.query).toContain('<Card');
    expect(retrieval.context).toEqual(card);
    expect(retrieval.results[0]?.path).toMatch(/card/);
  });

  it('searches a question about something else alone, as if nothing were selected', async () => {
    const question = 'How do I add a sidebar link?';
    const retrieval = retrievePassages(await corpus(), { question, context: card, pageSize: 5 });
    const alone = retrievePassages(await corpus(), { question, pageSize: 5 });
    expect(retrieval.query).toBe(question);
    expect(retrieval.context).toBeUndefined();
    expect(retrieval.results.map((r) => r.path)).toEqual(alone.results.map((r) => r.path));
    expect(retrieval.results[0]?.path).toMatch(/sidebar/);
  });

  it('searches selected code without the sentences in its strings, keeping its names and keys', () => {
    const query = searchQuery('What does this do?', [
      {
        type: 'code',
        value:
          "name: z.string().describe('Name of a fictional person.'),\nheaders: { 'Content-Encoding': 'none' },",
      },
      { type: 'textSelection', value: "Set 'pagefind: false' to hide a page." },
    ]);
    expect(query).toContain('describe(');
    expect(query).toContain("'Content-Encoding': 'none'");
    expect(query).not.toContain('fictional');
    expect(query).toContain("'pagefind: false'");
  });
});

describe('retrievePassages on a Docusaurus site a locale translates in part', () => {
  it("opens a first question with the untranslated page at the locale's path, once", async () => {
    const index = await indexSite(
      await writeSite({
        'docusaurus.config.js': `export default { i18n: { defaultLocale: 'en', locales: ['en', 'fr'] } };`,
        'docs/intro.md':
          '# Getting started\nInstall it with `npm create widgets`.\n\n## Next\nRead on.',
        'docs/setup.md': '# Setup\nConfigure the widgets.',
        'i18n/fr/docusaurus-plugin-content-docs/current/setup.md': '# Configuration\nConfigurez.',
      }),
    );
    const { results, language } = await retrievePassages(index, {
      question: 'How do I get started?',
      pageSize: 5,
      currentPath: '/fr/docs/setup',
    });
    expect(language).toBe('fr');
    const intro = results.filter((result) => result.path.endsWith('docs/intro'));
    expect(intro.length).toBeGreaterThan(0);
    expect(intro.every((result) => result.path === 'fr/docs/intro')).toBe(true);
  });
});
