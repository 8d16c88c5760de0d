/**
 * The sections' body text, held by the engine instead of MiniSearch. Body text is most of what
 * a site's sections hold, and MiniSearch inserts it one term occurrence at a time into its
 * radix tree and maps of postings; the engine has the same figures per section already
 * (`FieldTerms`), so MiniSearch is given titles, headings and link text only, and body text is
 * looked up here: each term's postings (which sections hold it in their body text, how often) in
 * compact typed arrays, the terms in a `SearchableMap` (MiniSearch's own radix tree) for prefix
 * and typo matching, and each section scored as MiniSearch scores it, so that searches find and
 * rank what an index giving MiniSearch all the body text would.
 *
 * Postings are built from the per-section figures at the end of a build (`prepare`), or when a
 * query first needs them after a change. In `--watch`, sections removed are skipped and sections
 * added are read from their figures (a binary search per term a query reaches), until
 * RECENT_MAX sections have come: then the postings are built again.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { type FieldTerms, frequencyIn, type SectionTerms } from './field-terms.ts';
import { FIELD_NUMBERS } from './section-words.ts';

const TEXT = FIELD_NUMBERS.get('text')!;

/** MiniSearch's BM25+ defaults (k, b, d) and the weights of its prefix and typo matches. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/**
 * Sections added since the postings were built (`--watch`) are read from their figures, a
 * binary search per term a query reaches; past this many, the postings are built again.
 */
const RECENT_MAX = 500;

/** A term some query key reaches, with the weight MiniSearch gives that match. */
export interface BodyTextMatch {
  id: number;
  key: string;
  /** 1 for the key itself, less for a prefix or typo match (as MiniSearch weighs them). */
  weight: number;
}

/** What MiniSearch knows of a section that the postings need. */
interface SectionFigures {
  /** The section's id in MiniSearch (the engine's slot for it), which hits carry. */
  sectionSlot: number;
  /** Its body text's length as MiniSearch counts it: distinct words. */
  textWords: number;
}

interface Postings {
  /** Per term id below `terms`, where its postings start in `sections`/`counts`. */
  starts: Int32Array;
  terms: number;
  sections: Int32Array;
  counts: Int32Array;
  /** Per section (posting value): its MiniSearch id and its body text's length. */
  sectionSlots: Int32Array;
  textWords: Int32Array;
  /** The sections' positions by id, and those discarded since (skipped). */
  positions: Map<string, number>;
  gone: Uint8Array;
}

export class BodyText {
  /** Every term's key by its id, for prefix and typo matching as MiniSearch does them. */
  private readonly keyTree = new SearchableMap<number>();
  /** How many term ids (from 0) are in `keyTree`. */
  private treeTerms = 0;
  private readonly figures = new Map<string, SectionFigures>();
  /** MiniSearch's average body text length, kept with its own arithmetic (it has no getter). */
  private textAverage = 0;
  private postings: Postings | undefined;
  /** The sections added since the postings were built, not in them. */
  private recent: string[] = [];

  private readonly fieldTerms: FieldTerms;

  constructor(fieldTerms: FieldTerms) {
    this.fieldTerms = fieldTerms;
  }

  /**
   * Records a section about to be added to MiniSearch (`documentCount`: its count before),
   * with MiniSearch's arithmetic for the average body text length.
   */
  adding(sectionId: string, sectionSlot: number, textWords: number, documentCount: number): void {
    this.figures.set(sectionId, { sectionSlot, textWords });
    this.textAverage = (this.textAverage * documentCount + textWords) / (documentCount + 1);
    if (!this.postings) return;
    this.recent.push(sectionId);
    if (this.recent.length > RECENT_MAX) this.forgetPostings();
  }

  /** Forgets a section MiniSearch is about to discard (`documentCount`: its count before). */
  discarding(sectionId: string, documentCount: number): void {
    const figures = this.figures.get(sectionId);
    if (!figures) return;
    this.figures.delete(sectionId);
    this.textAverage =
      documentCount === 1
        ? 0
        : (this.textAverage * documentCount - figures.textWords) / (documentCount - 1);
    if (!this.postings) return;
    const recent = this.recent.indexOf(sectionId);
    if (recent >= 0) this.recent.splice(recent, 1);
    else this.postings.gone[this.postings.positions.get(sectionId)!] = 1;
  }

  /**
   * Builds now what the first query would otherwise build (the postings, the tree of terms):
   * the end of a build calls it, so that the first searches are as fast as later ones.
   */
  prepare(): void {
    if (this.figures.size === 0) return;
    this.currentTree();
    this.currentPostings();
  }

  private forgetPostings(): void {
    this.postings = undefined;
    this.recent = [];
  }

  /**
   * The terms a query key reaches in MiniSearch's lookup: itself; with `prefix`, those it
   * begins; within `maxDistance` edits, those it is a typo of (a prefix match counts as one).
   */
  matches(
    key: string,
    id: number | undefined,
    prefix: boolean,
    maxDistance: number,
  ): BodyTextMatch[] {
    const found: BodyTextMatch[] = [];
    if (id !== undefined) found.push({ id, key, weight: 1 });
    if (!prefix && maxDistance === 0) return found;
    const tree = this.currentTree();
    const typos = maxDistance > 0 ? tree.fuzzyGet(key, maxDistance) : undefined;
    if (prefix) {
      for (const [term, termId] of tree.atPrefix(key)) {
        const distance = term.length - key.length;
        if (distance === 0) continue;
        typos?.delete(term);
        const weight = (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance);
        found.push({ id: termId, key: term, weight });
      }
    }
    if (typos) {
      for (const [term, [termId, distance]] of typos) {
        if (distance === 0) continue;
        const weight = (FUZZY_WEIGHT * term.length) / (term.length + distance);
        found.push({ id: termId, key: term, weight });
      }
    }
    return found;
  }

  /**
   * Calls `each` for every section holding a term in its body text, with what MiniSearch would
   * add to the section's score for it (`boost`: the query term's).
   */
  score(
    match: BodyTextMatch,
    boost: number,
    documentCount: number,
    each: (sectionSlot: number, score: number) => void,
  ): void {
    const postings = this.currentPostings();
    const holding = this.fieldTerms.sectionsWith(TEXT, match.id);
    if (holding === 0) return;
    // MiniSearch's own product, in its order (its field and document boosts are 1 here).
    const scored = (sectionSlot: number, count: number, length: number) =>
      each(
        sectionSlot,
        match.weight * boost * bm25(count, holding, documentCount, length, this.textAverage),
      );
    if (match.id < postings.terms) {
      const { starts, sections, counts, sectionSlots, textWords, gone } = postings;
      const end = starts[match.id + 1]!;
      for (let i = starts[match.id]!; i < end; i++) {
        const section = sections[i]!;
        if (gone[section] === 0) scored(sectionSlots[section]!, counts[i]!, textWords[section]!);
      }
    }
    for (const sectionId of this.recent) {
      const count = frequencyIn(this.fieldTerms.termsOf(sectionId)!, TEXT, match.id);
      if (count === 0) continue;
      const figures = this.figures.get(sectionId)!;
      scored(figures.sectionSlot, count, figures.textWords);
    }
  }

  /** The tree of terms, with the terms numbered since it was last brought up to date. */
  private currentTree(): SearchableMap<number> {
    const terms = this.fieldTerms.termCount;
    for (let id = this.treeTerms; id < terms; id++) this.keyTree.set(this.fieldTerms.keyOf(id), id);
    this.treeTerms = terms;
    return this.keyTree;
  }

  /** Every term's postings, from the sections' figures. */
  private currentPostings(): Postings {
    if (this.postings) return this.postings;
    const terms = this.fieldTerms.termCount;
    const positions = new Map<string, number>();
    const sectionSlots = new Int32Array(this.figures.size);
    const textWords = new Int32Array(this.figures.size);
    const starts = new Int32Array(terms + 1);
    const termsOf: SectionTerms[] = [];
    // Two passes over the sections' figures: how many postings per term, then fill them in.
    for (const [sectionId, figures] of this.figures) {
      const figuresOf = this.fieldTerms.termsOf(sectionId)!;
      const position = termsOf.length;
      termsOf.push(figuresOf);
      sectionSlots[position] = figures.sectionSlot;
      textWords[position] = figures.textWords;
      positions.set(sectionId, position);
      for (let i = figuresOf[TEXT]!; i < figuresOf[TEXT + 1]!; i += 2) starts[figuresOf[i]! + 1]!++;
    }
    for (let id = 0; id < terms; id++) starts[id + 1]! += starts[id]!;
    const next = starts.slice(0, terms);
    const sections = new Int32Array(starts[terms]!);
    const counts = new Int32Array(starts[terms]!);
    for (let section = 0; section < termsOf.length; section++) {
      const figuresOf = termsOf[section]!;
      for (let i = figuresOf[TEXT]!; i < figuresOf[TEXT + 1]!; i += 2) {
        const at = next[figuresOf[i]!]!++;
        sections[at] = section;
        counts[at] = figuresOf[i + 1]!;
      }
    }
    const gone = new Uint8Array(termsOf.length);
    this.postings = { starts, terms, sections, counts, sectionSlots, textWords, positions, gone };
    this.recent = [];
    return this.postings;
  }
}

/** MiniSearch's BM25+ score of one term in one field of one document, in its arithmetic. */
function bm25(
  termFreq: number,
  matchingCount: number,
  totalCount: number,
  fieldLength: number,
  avgFieldLength: number,
): number {
  return (
    inverseFrequency(matchingCount, totalCount) * saturation(termFreq, fieldLength, avgFieldLength)
  );
}

/** BM25's weight of a term in `matchingCount` of `totalCount` documents. */
export function inverseFrequency(matchingCount: number, totalCount: number): number {
  return Math.log(1 + (totalCount - matchingCount + 0.5) / (matchingCount + 0.5));
}

/** BM25+'s share of a term's weight for its frequency in a field of a given length. */
export function saturation(termFreq: number, fieldLength: number, avgFieldLength: number): number {
  const { k, b, d } = BM25;
  return d + (termFreq * (k + 1)) / (termFreq + k * (1 - b + (b * fieldLength) / avgFieldLength));
}
