/**
 * The site's own vocabulary as a bridge from the reader's words to the page's: the title and
 * heading words under which the sections holding the question's specific words sit far more
 * often than chance. "An audio recording into text": the sections holding "audio" and "record"
 * are headed "Transcription" (and "Speech") on page after page. An association thesaurus in the
 * manner of Qiu & Frei, concepts for the question as a whole as in Xu & Croft's local context
 * analysis: counted in the sections the lookup ranks first (the engine passes as many as page
 * aggregation reads), against the whole site's figures, so that the index keeps no table for it
 * and a query costs the same on a larger site.
 */
import { grown, type SectionTerms } from './field-terms.ts';

/** A concept is associated with the question as a whole: with two of its words at least. */
const SOURCES_MIN = 2;
/**
 * The fewest pages on which a concept meets the question's words: a word that meets them on one
 * page only is that page's vocabulary, which its own ranking already weighs.
 */
const PAGES_MIN = 3;
/**
 * The least evidence of association, as Dunning's log-likelihood ratio (G²) summed over the
 * question's words: a word under which they sit by chance, or too rarely to tell, is no concept.
 */
const EVIDENCE_MIN = 100;
/** The most concepts a question is expanded by, the best evidenced first. */
const CONCEPTS_MAX = 2;

/** A section the lookup found, and which of the question's source words it holds (by index). */
export interface SourceHit {
  terms: SectionTerms | undefined;
  sources: readonly number[];
  /** Its page's number. */
  page: number;
}

/** The index's figures the association is computed from, all in one population of sections. */
export interface VocabularyFigures {
  /** The sections of the population (the reader's language, else the site). */
  sections: number;
  /** In how many of them a term (by id) occurs, in any field. */
  sectionsWith(id: number): number;
  /** In how many sections' titles or headings a term occurs. */
  headedIn(id: number): number;
  /** Whether a term may stand for a concept (not common, not one of the question's words). */
  candidate(id: number): boolean;
  /**
   * Whether a concept is another word than the question's, not one of them in another form:
   * asked of the best evidenced only, as it may cost more than `candidate`.
   */
  distinct(id: number): boolean;
}

export interface Concept {
  id: number;
  /**
   * How strongly it is associated with the question, 0..1: the cosine of its sections and each
   * source word's, averaged with the words' inverse document frequencies as weights.
   */
  association: number;
}

/**
 * Finds concepts for queries; keeps, between them, a table by term id of the terms met, so that
 * a query meeting a few thousand title and heading terms looks each up by index.
 */
export class ConceptFinder {
  /** Per term id: 0 unseen, -1 no candidate, else its tally's number plus one. */
  private tallyOf = new Int32Array(1024);

  /**
   * The title and heading words (`fields` of the sections' figures) most associated with the
   * question's source words (`sourceIds`, its specific words), given the sections found holding
   * them (`hits`).
   */
  find(
    sourceIds: readonly number[],
    hits: readonly SourceHit[],
    figures: VocabularyFigures,
    fields: readonly number[],
  ): Concept[] {
    const sourceCount = sourceIds.length;
    if (sourceCount < SOURCES_MIN) return [];
    const met: number[] = [];
    try {
      return this.tallied(sourceIds, hits, figures, fields, met);
    } finally {
      for (const id of met) this.tallyOf[id] = 0;
    }
  }

  private tallied(
    sourceIds: readonly number[],
    hits: readonly SourceHit[],
    figures: VocabularyFigures,
    fields: readonly number[],
    met: number[],
  ): Concept[] {
    const sourceCount = sourceIds.length;
    // Per tally: its term, its co-occurrences with each source word, the last hit counted and
    // up to PAGES_MIN distinct pages.
    const termOf: number[] = [];
    let counts = new Int32Array(64 * sourceCount);
    let lastHit = new Int32Array(64);
    let pages = new Int32Array(64 * PAGES_MIN);
    let pageCount = new Int32Array(64);
    for (let h = 0; h < hits.length; h++) {
      const { terms, sources, page } = hits[h]!;
      if (!terms || sources.length === 0) continue;
      for (const field of fields) {
        for (let i = terms[field]!; i < terms[field + 1]!; i += 2) {
          const id = terms[i]!;
          if (id >= this.tallyOf.length) this.tallyOf = grown(this.tallyOf, id);
          let tally = this.tallyOf[id]! - 1;
          if (tally === -1) {
            met.push(id);
            if (!figures.candidate(id)) {
              this.tallyOf[id] = -1;
              continue;
            }
            tally = termOf.length;
            termOf.push(id);
            this.tallyOf[id] = tally + 1;
            if (tally >= lastHit.length) {
              counts = grown(counts, termOf.length * 2 * sourceCount);
              lastHit = grown(lastHit, termOf.length * 2);
              pages = grown(pages, termOf.length * 2 * PAGES_MIN);
              pageCount = grown(pageCount, termOf.length * 2);
            }
            lastHit[tally] = -1;
          }
          // No candidate; or a word in both the title and the headings of a section, counted once.
          if (tally < 0 || lastHit[tally] === h) continue;
          lastHit[tally] = h;
          for (const source of sources) counts[tally * sourceCount + source]!++;
          const seen = pageCount[tally]!;
          if (seen < PAGES_MIN) {
            const from = tally * PAGES_MIN;
            let known = false;
            for (let p = from; p < from + seen; p++) if (pages[p] === page) known = true;
            if (!known) {
              pages[from + seen] = page;
              pageCount[tally] = seen + 1;
            }
          }
        }
      }
    }
    const holding = sourceIds.map((id) => Math.max(1, figures.sectionsWith(id)));
    const weights = holding.map((count) => Math.log(figures.sections / count));
    const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
    if (!(totalWeight > 0)) return [];
    const found: (Concept & { evidence: number })[] = [];
    for (let tally = 0; tally < termOf.length; tally++) {
      if (pageCount[tally]! < PAGES_MIN) continue;
      const id = termOf[tally]!;
      const headed = figures.headedIn(id);
      let sources = 0;
      let evidence = 0;
      let cosines = 0;
      for (let k = 0; k < sourceCount; k++) {
        const both = counts[tally * sourceCount + k]!;
        if (both === 0) continue;
        sources++;
        evidence += likelihoodRatio(both, headed, holding[k]!, figures.sections);
        cosines += (weights[k]! * both) / Math.sqrt(headed * holding[k]!);
      }
      if (sources < SOURCES_MIN || evidence < EVIDENCE_MIN) continue;
      found.push({ id, association: Math.min(1, cosines / totalWeight), evidence });
    }
    found.sort((a, b) => b.evidence - a.evidence);
    const concepts: Concept[] = [];
    for (const { id, association } of found) {
      if (concepts.length === CONCEPTS_MAX) break;
      if (figures.distinct(id)) concepts.push({ id, association });
    }
    return concepts;
  }
}

/**
 * Dunning's log-likelihood ratio (G²) of two events in `total` trials, `first` and `second` times
 * each and `both` times together; 0 unless they meet more often than chance would have them.
 */
export function likelihoodRatio(
  both: number,
  first: number,
  second: number,
  total: number,
): number {
  const expected = (first * second) / total;
  if (both <= expected) return 0;
  const term = (observed: number, wanted: number) =>
    observed > 0 && wanted > 0 ? observed * Math.log(observed / wanted) : 0;
  return (
    2 *
    (term(both, expected) +
      term(first - both, first - expected) +
      term(second - both, second - expected) +
      term(total - first - second + both, total - first - second + expected))
  );
}
