import { describe, expect, it } from 'vitest';
import type { SectionTerms } from '../../../src/server/docs-index/field-terms.ts';
import {
  type Concept,
  ConceptFinder,
  likelihoodRatio,
  type SourceHit,
  type VocabularyFigures,
} from '../../../src/server/docs-index/site-vocabulary.ts';

const TITLE = 0;
const HEADINGS = 1;

/** A section's figures as FieldTerms lays them out: title, headings and (empty) text. */
function sectionTerms(title: number[], headings: number[]): SectionTerms {
  const pairs = (ids: number[]) => [...ids].sort((a, b) => a - b).flatMap((id) => [id, 1]);
  const fields = [pairs(title), pairs(headings), []];
  const starts: number[] = [];
  let at = fields.length + 1;
  for (const field of fields) {
    starts.push(at);
    at += field.length;
  }
  return Int32Array.from([...starts, at, ...fields.flat()]);
}

// Terms: 0 and 1 are the question's words ("audio", "record"); 10 a heading word over the
// sections holding them on many pages ("transcription"); 11 a heading word they meet on one page.
const AUDIO = 0;
const RECORD = 1;
const TRANSCRIPTION = 10;
const ONE_PAGE = 11;

function site(pages: number): { hits: SourceHit[]; figures: VocabularyFigures } {
  const hits: SourceHit[] = [];
  for (let page = 0; page < pages; page++) {
    for (let section = 0; section < 3; section++) {
      hits.push({ terms: sectionTerms([], [TRANSCRIPTION]), sources: [0, 1], page });
    }
  }
  for (let section = 0; section < 6; section++) {
    hits.push({ terms: sectionTerms([ONE_PAGE], []), sources: [0, 1], page: 100 });
  }
  const headed = new Map([
    [TRANSCRIPTION, pages * 3],
    [ONE_PAGE, 6],
  ]);
  return {
    hits,
    figures: {
      sections: 2000,
      sectionsWith: (id) => (id === AUDIO || id === RECORD ? pages * 3 + 10 : 0),
      headedIn: (id) => headed.get(id) ?? 0,
      candidate: (id) => id >= 10,
      distinct: () => true,
    },
  };
}

describe('likelihoodRatio', () => {
  it('is 0 for words that meet as often as chance has them, and grows with the evidence', () => {
    expect(likelihoodRatio(10, 100, 100, 1000)).toBe(0);
    expect(likelihoodRatio(2, 100, 100, 1000)).toBe(0);
    const some = likelihoodRatio(5, 10, 10, 1000);
    expect(some).toBeGreaterThan(10);
    expect(likelihoodRatio(50, 100, 100, 10_000)).toBeGreaterThan(some);
    expect(likelihoodRatio(5, 10, 30, 1000)).toBeCloseTo(likelihoodRatio(5, 30, 10, 1000), 10);
  });
});

const finder = new ConceptFinder();
const associatedConcepts = (
  sources: number[],
  hits: SourceHit[],
  figures: VocabularyFigures,
  fields: number[],
): Concept[] => finder.find(sources, hits, figures, fields);

describe('ConceptFinder', () => {
  it('finds the heading word that the sections holding the words sit under on several pages', () => {
    const { hits, figures } = site(4);
    const concepts = associatedConcepts([AUDIO, RECORD], hits, figures, [TITLE, HEADINGS]);
    expect(concepts.map((concept) => concept.id)).toEqual([TRANSCRIPTION]);
    expect(concepts[0]!.association).toBeGreaterThan(0);
    expect(concepts[0]!.association).toBeLessThanOrEqual(1);
  });

  it('needs two of the question words, three pages and enough evidence', () => {
    const { hits, figures } = site(4);
    expect(associatedConcepts([AUDIO], hits, figures, [TITLE, HEADINGS])).toEqual([]);
    const one = hits.map((hit) => ({ ...hit, sources: [0] }));
    expect(associatedConcepts([AUDIO, RECORD], one, figures, [TITLE, HEADINGS])).toEqual([]);
    const two = site(2);
    expect(associatedConcepts([AUDIO, RECORD], two.hits, two.figures, [TITLE, HEADINGS])).toEqual(
      [],
    );
    // Under a word that heads most of the site, the question's words are where chance puts them.
    const everywhere = { ...figures, headedIn: () => 1990 };
    expect(associatedConcepts([AUDIO, RECORD], hits, everywhere, [TITLE, HEADINGS])).toEqual([]);
  });

  it('leaves out what is no candidate, or the question’s own word in another form', () => {
    const { hits, figures } = site(4);
    const none = { ...figures, candidate: () => false };
    expect(associatedConcepts([AUDIO, RECORD], hits, none, [TITLE, HEADINGS])).toEqual([]);
    const same = { ...figures, distinct: () => false };
    expect(associatedConcepts([AUDIO, RECORD], hits, same, [TITLE, HEADINGS])).toEqual([]);
  });

  it('forgets the terms of one question before the next', () => {
    const { hits, figures } = site(4);
    const first = associatedConcepts([AUDIO, RECORD], hits, figures, [TITLE, HEADINGS]);
    expect(first.map((concept) => concept.id)).toEqual([TRANSCRIPTION]);
    // Asked again of the same finder with only the one-page word a candidate: its tally must not
    // meet the counts the first question left for another word.
    const onePage = { ...figures, candidate: (id: number) => id === ONE_PAGE };
    expect(associatedConcepts([AUDIO, RECORD], hits, onePage, [TITLE, HEADINGS])).toEqual([]);
    expect(associatedConcepts([AUDIO, RECORD], hits, figures, [TITLE, HEADINGS])).toEqual(first);
  });
});
