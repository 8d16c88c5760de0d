import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../src/server/docs-index/common-body-text.ts';
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

/**
 * Builds an engine holding common words' body text and one giving MiniSearch all of it, from
 * the same pages, and compares their searches after the build and after each edit.
 */
async function compareEngines(
  commonTermMin: number,
  edits: ((engine: SectionEngine, pages: IndexedSection[][]) => void)[],
): Promise<SectionEngine> {
  const pages = await pagesOf(150);
  const held = new SectionEngine({ commonTermMin });
  const full = new SectionEngine({ commonTermMin, holdCommonBodyText: false });
  for (const sections of pages) {
    held.add(sections);
    full.add(sections);
  }
  expect(pages.flat().length).toBeGreaterThan(1000);
  expect(held.heldBodyTextTerms).toBeGreaterThan(100);
  expect(full.heldBodyTextTerms).toBe(0);
  const queries = queriesFor(full, pages.flat());
  let reached = 0;
  for (const query of queries) {
    const hits = held.search(query);
    expectSameHits(query, hits, full.search(query));
    // A query word whose body text the engine holds (its typo and prefix matches not counted).
    if (hits.some((hit) => hit.queryTerms.some((key) => held.holdsBodyTextOf(key)))) reached++;
  }
  // A good share of them reach held body text: the comparison tests something.
  expect(reached).toBeGreaterThan(queries.length / 6);
  for (const edit of edits) {
    edit(held, pages);
    edit(full, pages);
    // MiniSearch forgets discarded sections lazily (`vacuum`), in both engines.
    await Promise.all([held.vacuum(), full.vacuum()]);
    for (const query of queries) expectSameHits(query, held.search(query), full.search(query));
  }
  return held;
}

describe('common words’ body text held by the engine', () => {
  it('finds and scores what an index giving MiniSearch all body text does, after removals and changes', async () => {
    // A threshold low enough to grow with the sections (2% of them): words cross it as pages
    // come in, and some end below it.
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
    // A threshold that stays put on these sections, so that saving pages again holds no new word
    // (which would build the postings again).
    let heldBefore = 0;
    const held = await compareEngines(30, [
      (engine, pages) => {
        if (engine.heldBodyTextTerms > 0) heldBefore = engine.heldBodyTextTerms;
        for (const sections of pages.slice(60, 80)) {
          for (const section of sections) engine.discard(section);
          engine.add(sections);
        }
      },
    ]);
    expect(held.heldBodyTextTerms).toBe(heldBefore);
  });

  it('gives no held body text to sections of languages a search turns away', async () => {
    // Every other page in French: a search in English turns those away inside MiniSearch, and
    // the engine's postings must not bring them back (or subtract from them).
    const pages = (await pagesOf(150)).map((sections, position) =>
      sections.map((section) => ({
        ...section,
        meta: { ...section.meta, language: position % 2 === 0 ? 'en' : 'fr' },
      })),
    );
    const held = new SectionEngine({ commonTermMin: 20 });
    const full = new SectionEngine({ commonTermMin: 20, holdCommonBodyText: false });
    for (const sections of pages) {
      held.add(sections);
      full.add(sections);
    }
    expect(held.heldBodyTextTerms).toBeGreaterThan(100);
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

  it('counts typos as MiniSearch does', () => {
    expect(editDistance('strem', 'stream', 2)).toBe(1);
    expect(editDistance('stream', 'straem', 2)).toBe(2);
    expect(editDistance('model', 'modle', 2)).toBe(2);
    expect(editDistance('model', 'mode', 1)).toBe(1);
    expect(editDistance('a', 'abcd', 2)).toBe(3);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
  });
});
