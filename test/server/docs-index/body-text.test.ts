import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type IndexedSection, SectionEngine } from '../../../src/server/docs-index/engine.ts';
import { listDocFiles } from '../../../src/server/docs-index/load.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { splitSections } from '../../../src/server/docs-index/sections.ts';
import { CORPUS } from '../../support/server.ts';

/** The sections of the corpus's first pages, by page, in folder order. */
async function pagesOf(count: number): Promise<IndexedSection[][]> {
  const files = (await listDocFiles(CORPUS)).slice(0, count);
  return Promise.all(
    files.map(async (file) => {
      const page = parsePage(file, await readFile(join(CORPUS, file), 'utf8'));
      return splitSections(page).map((section) => ({ ...section, meta: page }));
    }),
  );
}

/** The same hits with the same scores (to float noise), best first; ties in any order. */
function expectSameHits(
  query: string,
  held: { section: { id: string }; score: number }[],
  full: { section: { id: string }; score: number }[],
) {
  const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b));
  expect(held.length, query).toBe(full.length);
  const scoreOf = new Map(full.map((hit) => [hit.section.id, hit.score]));
  for (const [rank, hit] of held.entries()) {
    const { id } = hit.section;
    expect(close(hit.score, full[rank]!.score), `${query}: rank ${rank}`).toBe(true);
    expect(close(hit.score, scoreOf.get(id) ?? Number.NaN), `${query}: ${id}`).toBe(true);
  }
}

/** Queries of every kind from the corpus's own words: whole, unfinished, misspelt, common. */
function queriesFor(engine: SectionEngine, sections: IndexedSection[]): string[] {
  const words = [
    ...new Set(
      sections.flatMap((section) => section.content.toLowerCase().match(/[a-z]{5,}/g) ?? []),
    ),
  ];
  // Every 37th distinct word, and the commonest ones.
  const sample = words.filter((_, position) => position % 37 === 0);
  const common = words
    .filter((word) => engine.frequencyOf(word) > 60)
    .sort((a, b) => engine.frequencyOf(b) - engine.frequencyOf(a))
    .slice(0, 40);
  return [
    ...sample,
    ...[...sample, ...common].map((word) => word.slice(0, 4)),
    ...[...sample, ...common].map((word) => word.slice(0, 2) + word.slice(3)),
    ...[...sample, ...common].map((word) => `${word}x`),
    ...common.map((word, position) => `${word} ${common[(position + 1) % common.length]}`),
    ...common.map((word, position) => `${word} ${sample[position % sample.length]!.slice(0, 5)}`),
  ];
}

/** Whether a section's title or headings hold a word (as its letters, in any case). */
function inTitleOrHeadings(section: IndexedSection, word: string): boolean {
  return [section.pageTitle, ...section.headings].some((text) => text.toLowerCase().includes(word));
}

/**
 * Builds an engine holding the sections' text and one giving MiniSearch all of it, from the same
 * pages, and compares their searches after the build and after each edit. `commonTermMin` low
 * enough for common words to fall back to body text in queries of common words only.
 */
async function compareEngines(
  commonTermMin: number,
  edits: ((engine: SectionEngine, pages: IndexedSection[][]) => void)[],
  extraQueries: string[] = [],
): Promise<void> {
  const pages = await pagesOf(150);
  const held = new SectionEngine({ commonTermMin });
  const full = new SectionEngine({ commonTermMin, holdBodyText: false });
  for (const sections of pages) {
    held.add(sections);
    full.add(sections);
  }
  expect(pages.flat().length).toBeGreaterThan(1000);
  const queries = queriesFor(full, pages.flat());
  let bodyTextOnly = 0;
  let headed = 0;
  for (const query of queries) {
    const hits = held.search(query);
    expectSameHits(query, hits, full.search(query));
    // Sections found for a word of their body text alone, and for one of their title or
    // headings: the engine holds every field, MiniSearch link text only.
    const word = query.split(' ')[0]!;
    if (hits.some((hit) => !inTitleOrHeadings(hit.section, word))) bodyTextOnly++;
    if (hits.some((hit) => inTitleOrHeadings(hit.section, word))) headed++;
  }
  // A good share of them find sections by each: the comparison tests something.
  expect(bodyTextOnly).toBeGreaterThan(queries.length / 3);
  expect(headed).toBeGreaterThan(queries.length / 5);
  for (const edit of edits) {
    edit(held, pages);
    edit(full, pages);
    // MiniSearch forgets discarded sections lazily (`vacuum`), in both engines.
    await Promise.all([held.vacuum(), full.vacuum()]);
    for (const query of [...queries, ...extraQueries]) {
      expectSameHits(query, held.search(query), full.search(query));
    }
  }
  for (const query of extraQueries) expect(held.search(query).length, query).toBeGreaterThan(0);
}

describe("the sections' text held by the engine", () => {
  it('finds and scores what an index giving MiniSearch all the text does, after removals and changes', async () => {
    await compareEngines(20, [
      (engine, pages) => {
        for (const section of pages.slice(20, 60).flat()) engine.discard(section);
      },
      (engine, pages) => {
        for (const sections of pages.slice(20, 40)) {
          engine.add(
            sections.map((section) => ({
              ...section,
              content: `${section.content}\n\n${section.content}`,
            })),
          );
        }
      },
    ]);
  });

  it('keeps its postings up to date while pages are saved again (--watch)', async () => {
    // Fewer sections saved than the postings' rebuild limit: those added are read from their
    // figures, a word new to the index among them.
    await compareEngines(
      30,
      [
        (engine, pages) => {
          for (const sections of pages.slice(60, 80)) {
            for (const section of sections) engine.discard(section);
            engine.add(
              sections.map((section) => ({
                ...section,
                content: `${section.content}\n\nSee the quokkalike and quokkaform options.`,
              })),
            );
          }
        },
      ],
      ['quokkalike', 'quokka', 'quokkalika', 'options quokkaform'],
    );
  });

  it('gives no held text to sections of languages a search turns away', async () => {
    // Every other page in French: a search in English turns those away (`pageLanguages`), and
    // the engine's postings must not bring them back (or subtract from them).
    const pages = (await pagesOf(150)).map((sections, position) =>
      sections.map((section) => ({
        ...section,
        meta: { ...section.meta, language: position % 2 === 0 ? 'en' : 'fr' },
      })),
    );
    const held = new SectionEngine({ commonTermMin: 20 });
    const full = new SectionEngine({ commonTermMin: 20, holdBodyText: false });
    for (const sections of pages) {
      held.add(sections);
      full.add(sections);
    }
    const options = { pageLanguages: ['en', undefined] };
    let found = 0;
    for (const query of queriesFor(full, pages.flat())) {
      const hits = held.search(query, options);
      expectSameHits(query, hits, full.search(query, options));
      expect(
        hits.every((hit) => hit.section.meta.language === 'en'),
        query,
      ).toBe(true);
      found += hits.length;
    }
    expect(found).toBeGreaterThan(0);
  });
});
