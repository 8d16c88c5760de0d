import { describe, expect, it } from 'vitest';
import type { IndexedSection, SectionEngine } from '../../../src/server/docs-index/engine.ts';
import { matchesFilter, searchSections } from '../../../src/server/docs-index/search.ts';

/** Sections of the given pages, and an engine that returns them with the given raw scores. */
function rank(
  query: string,
  hits: [pageTitle: string, pagePath: string, score: number, translationKey?: string][],
) {
  const sections = new Map<string, IndexedSection>();
  for (const [pageTitle, pagePath, , translationKey] of hits) {
    const id = `${pagePath}#${sections.size}`;
    sections.set(id, {
      id,
      pagePath,
      pageTitle,
      heading: '',
      headings: [pageTitle],
      anchor: '',
      lead: true,
      content: '',
      meta: { title: pageTitle, tags: [], groups: [], ...(translationKey && { translationKey }) },
    });
  }
  const found = [...sections.values()];
  const pages = [...new Set(found.map((section) => section.pagePath))];
  const engine = {
    search: () =>
      hits.map(([, , score], n) => ({
        section: found[n],
        score,
        queryTerms: [],
        page: pages.indexOf(found[n]!.pagePath),
        titleInitial: found[n]!.pageTitle.charCodeAt(0) || 0,
      })),
  } as unknown as SectionEngine;
  return searchSections(engine, query, {}).map((hit) => ({
    path: hit.section.pagePath,
    score: hit.score,
  }));
}

describe('searchSections', () => {
  it('represents each page by its best section and adds its next sections with less weight', () => {
    const ranked = rank('x', [
      ['A', 'a', 20],
      ['B', 'b', 18],
      ['B', 'b', 10],
      ['B', 'b', 10],
    ]);
    expect(ranked.map((hit) => hit.path)).toEqual(['b', 'a']);
  });

  it('prefers the page the query names (useChat, use-chat, "use chat")', () => {
    for (const query of ['useChat options', 'use-chat options', 'use chat options']) {
      const ranked = rank(query, [
        ['Stale values with useChat', 'troubleshooting/stale', 20],
        ['useChat', 'reference/use-chat', 16],
      ]);
      expect(ranked[0]!.path, query).toBe('reference/use-chat');
    }
    const unnamed = rank('chat options', [
      ['Stale values with useChat', 'troubleshooting/stale', 20],
      ['useChat', 'reference/use-chat', 16],
    ]);
    expect(unnamed[0]!.path).toBe('troubleshooting/stale');
  });

  it('names a page whatever its title starts with: capital, digit, punctuation, other script', () => {
    for (const [query, title] of [
      ['usechat options', 'UseChat'],
      ['2fa setup', '2FA'],
      ['usechat options', '`useChat`'],
      ['ÉTAT options', 'état'],
    ] as const) {
      const ranked = rank(query, [
        ['Stale values', 'troubleshooting/stale', 20],
        [title, 'reference/named', 16],
      ]);
      expect(ranked[0]!.path, title).toBe('reference/named');
    }
  });

  it('names a page by three words, and by its title after a namespace (AI_JSONParseError)', () => {
    for (const [query, title] of [
      ['json parse error in a catch block', 'AI_JSONParseError'],
      ['tool loop agent options', 'ToolLoopAgent'],
    ] as const) {
      const ranked = rank(query, [
        ['Error handling', 'guides/errors', 20],
        [title, 'reference/named', 16],
      ]);
      expect(ranked[0]!.path, title).toBe('reference/named');
    }
    // A title with spaces has no namespace; the name must be the whole title after it.
    for (const title of ['AI_JSONParseError and more', 'AI_JSONParseErrors']) {
      const ranked = rank('json parse error', [
        ['Error handling', 'guides/errors', 20],
        [title, 'reference/named', 16],
      ]);
      expect(ranked[0]!.path, title).toBe('guides/errors');
    }
  });

  it("names a translated page by its original's address: a capitalised name, or Latin in another script", () => {
    for (const query of [
      'Card 组件一定要写标题吗',
      'Kann ich eine Card ohne Überschrift verwenden',
      '给 icon 加类名',
    ]) {
      const ranked = rank(query, [
        ['使用组件', 'zh-cn/components/using-components/', 20, 'components/using-components/'],
        ['卡片', 'zh-cn/components/cards/', 16, 'components/cards/'],
        ['图标', 'zh-cn/components/icons/', 16, 'components/icons/'],
      ]);
      const named = query.includes('icon') ? 'zh-cn/components/icons/' : 'zh-cn/components/cards/';
      expect(ranked[0]!.path, query).toBe(named);
    }
    // A plain word of a Latin-script question names pages by their titles, in its language.
    const plain = rank('deux boutons sur ma page', [
      ['Boutons', 'fr/components/link-buttons/', 20, 'components/link-buttons/'],
      ['Pages', 'fr/guides/pages/', 16, 'guides/pages/'],
    ]);
    expect(plain[0]!.path).toBe('fr/components/link-buttons/');
    // Pages of the site's own language: by their titles only.
    const own = rank('Card title', [
      ['Using components', 'components/using-components/', 20, 'components/using-components/'],
      ['Boxes', 'components/cards/', 16, 'components/cards/'],
    ]);
    expect(own[0]!.path).toBe('components/using-components/');
  });

  it('maps raw scores to 0..1, monotonically', () => {
    const ranked = rank('x', [
      ['A', 'a', 1000],
      ['B', 'b', 25],
      ['C', 'c', 1],
    ]);
    expect(ranked.map((hit) => hit.score)).toEqual([1000 / 1025, 0.5, 1 / 26]);
  });
});

describe('matchesFilter', () => {
  const meta = { title: 't', version: 'v2', language: 'en', tags: ['api'], groups: [] };
  const staffOnly = { ...meta, groups: ['staff'] };
  const shared = { title: 't', tags: [], groups: [] };

  it('matches pages of that version, and shared pages without one', () => {
    expect(matchesFilter(meta, { version: 'v2' })).toBe(true);
    expect(matchesFilter(meta, { version: 'v1' })).toBe(false);
    expect(matchesFilter(shared, { version: 'v1' })).toBe(true);
  });

  it('leaves the language to the reader scope: a missing translation falls back', () => {
    // A German reader still gets the English page when it has no German copy
    // (docs-index.test.ts checks the scoping itself).
    expect(matchesFilter(meta, { language: 'de' })).toBe(true);
  });

  it('matches a navigation group at any depth, in any case', () => {
    const nested = { ...shared, navigation: ['API reference', 'Endpoints'] };
    expect(matchesFilter(nested, { group: 'endpoints' })).toBe(true);
    expect(matchesFilter(nested, { group: 'API Reference' })).toBe(true);
    expect(matchesFilter(nested, { group: 'Guides' })).toBe(false);
    expect(matchesFilter(shared, { group: 'Guides' })).toBe(false);
  });

  it('needs the tag, and a shared group for pages with groups', () => {
    expect(matchesFilter(meta, { tag: 'api' })).toBe(true);
    expect(matchesFilter(shared, { tag: 'api' })).toBe(false);
    expect(matchesFilter(staffOnly, { groups: ['customers'] })).toBe(false);
    expect(matchesFilter(staffOnly, { groups: ['customers', 'staff'] })).toBe(true);
    expect(matchesFilter(shared, { groups: ['customers'] })).toBe(true);
  });

  it('keeps pages restricted to groups from a caller naming none (public pages only)', () => {
    expect(matchesFilter(staffOnly, {})).toBe(false);
    expect(matchesFilter(staffOnly, { groups: [] })).toBe(false);
    expect(matchesFilter(staffOnly, { version: 'v2' })).toBe(false);
    expect(matchesFilter(meta, {})).toBe(true);
  });
});
