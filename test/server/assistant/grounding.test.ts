import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import {
  docsLookup,
  followingSection,
  groundingSections,
} from '../../../src/server/assistant/grounding.ts';
import type { DocsIndex, Page } from '../../../src/server/docs-index/types.ts';

const page: Page = {
  path: 'guide/testing',
  file: 'guide/testing.md',
  title: 'Testing',
  description: 'Test your code without calling a model.',
  content: [
    '# Testing',
    '',
    'Mock providers make tests deterministic.',
    '',
    '## Examples',
    '',
    'Use the test helpers in your unit tests:',
    '',
    '### generateText',
    '',
    '```ts',
    'const model = new MockLanguageModel();',
    '```',
  ].join('\n'),
  tags: [],
  groups: [],
};

const result = (path: string, anchor?: string): SearchResult => ({
  path,
  content: 'cut short…',
  metadata: { title: 'Testing', ...(anchor && { anchor, heading: 'Examples' }), score: 1 },
});

describe('groundingSections', () => {
  it('gives every section of a retrieved page, whole, and marks the one search returned', () => {
    const { sections, matched } = groundingSections([result('guide/testing', 'examples')], (p) =>
      p === page.path ? page : undefined,
    );
    expect(sections.map((s) => s.anchor ?? '')).toEqual(['examples', '', 'generatetext']);
    expect([...matched].map((s) => s.anchor)).toEqual(['examples']);
    expect(sections[0]!.content).toBe('Use the test helpers in your unit tests:');
    expect(sections[1]!.description).toBe('Test your code without calling a model.');
    expect(followingSection(sections[0]!)?.heading).toBe('generateText');
  });

  it("quotes a page served at another path (a locale's copy of an untranslated page) at that path", () => {
    // Docusaurus serves the untranslated guide/testing to a French reader at fr/guide/testing.
    const lookup = (p: string) => (p === `fr/${page.path}` ? page : undefined);
    const { sections, matched } = groundingSections(
      [result('fr/guide/testing', 'examples')],
      lookup,
    );
    expect(sections.map((s) => s.path)).toEqual(Array(3).fill('fr/guide/testing'));
    expect([...matched].map((s) => s.path)).toEqual(['fr/guide/testing']);
    expect(followingSection(sections[0]!)?.heading).toBe('generateText');
    // The page's own sections, at its own path, are left as they are.
    const own = groundingSections([result('guide/testing')], (p) =>
      p === page.path ? page : undefined,
    );
    expect(own.sections.every((s) => s.path === 'guide/testing')).toBe(true);
  });

  it('returns the same sections for the same page, so what is read of them is kept', () => {
    const lookup = (p: string) => (p === page.path ? page : undefined);
    const first = groundingSections([result('guide/testing')], lookup).sections;
    const again = groundingSections([result('guide/testing')], lookup).sections;
    expect(again[0]).toBe(first[0]);
  });

  it('keeps a result whose page the lookup does not know as it is', () => {
    const { sections, matched } = groundingSections([result('elsewhere', 'examples')]);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.content).toBe('cut short…');
    expect(matched.has(sections[0]!)).toBe(true);
  });
});

describe('docsLookup', () => {
  it('is closures and a number: JSON keeps only the number', () => {
    const index = {
      search: () => [],
      getPage: () => page,
      pageCount: 1,
      sectionCount: 3,
      termFrequency: (term: string) => (term === 'test' ? 2 : 0),
    } satisfies DocsIndex;
    const lookup = docsLookup(index);
    expect(lookup.getPage('guide/testing')).toBe(page);
    expect(lookup.termFrequency?.('test')).toBe(2);
    expect(JSON.parse(JSON.stringify(lookup))).toEqual({ sectionCount: 3 });
  });
});
