/**
 * The sections' text (titles, headings and body text), held by the engine instead of
 * MiniSearch. MiniSearch inserts a section's words one term occurrence at a time into its radix
 * tree and maps of postings, and a query walks those maps posting by posting, building an
 * object per section found; the engine has the same figures per section already
 * (`FieldTerms`), so MiniSearch is given link text only, and the sections' fields are looked up
 * here: each term's postings per field (which sections hold it there, how often) in compact
 * typed arrays, the terms in a `SearchableMap` (MiniSearch's own radix tree) for prefix and typo
 * matching, and each section scored as MiniSearch scores it, so that searches find and rank
 * what an index giving MiniSearch all the text would.
 *
 * Postings are built from the per-section figures at the end of a build (`prepare`), or when a
 * query first needs them after a change. In `--watch`, sections removed are skipped and sections
 * added are read from their figures (a binary search per term a query reaches), until
 * RECENT_MAX sections have come: then the postings are built again.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { type FieldTerms, frequencyIn, type SectionTerms } from './field-terms.ts';
import { FIELDS } from './section-words.ts';

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

/** What MiniSearch would know of a section that the postings need. */
interface SectionFigures {
  /** The section's id in MiniSearch (the engine's slot for it), which hits carry. */
  sectionSlot: number;
  /** Each field's length as MiniSearch counts it: distinct words. */
  lengths: readonly number[];
}

/** One field's postings. */
interface FieldPostings {
  /** Per term id below `terms`, where its postings start in `sections`/`counts`. */
  starts: Int32Array;
  sections: Int32Array;
  counts: Int32Array;
  /** Per section (posting value), the field's length. */
  lengths: Int32Array;
}

interface Postings {
  terms: number;
  /** By field number (FIELDS). */
  fields: FieldPostings[];
  /** Per section (posting value): its MiniSearch id. */
  sectionSlots: Int32Array;
  /** The sections' positions by id, and those discarded since (skipped). */
  positions: Map<string, number>;
  gone: Uint8Array;
}

export class BodyText {
  /** Every term's key by its id, for prefix and typo matching as MiniSearch does them. */
  private readonly keyTree = new SearchableMap<number>();
  /** How many term ids (from 0) have been put in `keyTree`. */
  private treeTerms = 0;
  /** Ids below `treeTerms` forgotten (out of `keyTree`), to put back once numbered again. */
  private treeGaps: number[] = [];
  private readonly figures = new Map<string, SectionFigures>();
  /** MiniSearch's average length of each field, kept with its own arithmetic. */
  private readonly averages = FIELDS.map(() => 0);
  private postings: Postings | undefined;
  /** The sections added since the postings were built, not in them. */
  private recent: string[] = [];

  private readonly fieldTerms: FieldTerms;

  constructor(fieldTerms: FieldTerms) {
    this.fieldTerms = fieldTerms;
    fieldTerms.whenForgotten((key, id) => {
      // An id not in the tree yet is put there (or kept as a gap) when it is brought up to date.
      if (this.keyTree.get(key) !== id) return;
      this.keyTree.delete(key);
      this.treeGaps.push(id);
    });
  }

  /**
   * Records a section about to be added to MiniSearch (`documentCount`: its count before),
   * with MiniSearch's arithmetic for the average field lengths (`lengths`, by field).
   */
  adding(
    sectionId: string,
    sectionSlot: number,
    lengths: readonly number[],
    documentCount: number,
  ): void {
    this.figures.set(sectionId, { sectionSlot, lengths });
    for (let field = 0; field < this.averages.length; field++) {
      this.averages[field] =
        (this.averages[field]! * documentCount + lengths[field]!) / (documentCount + 1);
    }
    if (!this.postings) return;
    this.recent.push(sectionId);
    if (this.recent.length > RECENT_MAX) this.forgetPostings();
  }

  /** Forgets a section MiniSearch is about to discard (`documentCount`: its count before). */
  discarding(sectionId: string, documentCount: number): void {
    const figures = this.figures.get(sectionId);
    if (!figures) return;
    this.figures.delete(sectionId);
    for (let field = 0; field < this.averages.length; field++) {
      this.averages[field] =
        documentCount === 1
          ? 0
          : (this.averages[field]! * documentCount - figures.lengths[field]!) / (documentCount - 1);
    }
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

  /** The terms within `maxDistance` edits of `key`, by key: their ids and distances. */
  near(key: string, maxDistance: number): Map<string, [id: number, distance: number]> {
    return this.currentTree().fuzzyGet(key, maxDistance);
  }

  /**
   * Calls `each` for every section holding a term in a field, with what MiniSearch would add to
   * the section's score for it (`termBoost`: the query term's; `fieldBoost`: the field's).
   */
  score(
    match: BodyTextMatch,
    field: number,
    termBoost: number,
    fieldBoost: number,
    documentCount: number,
    each: (sectionSlot: number, score: number) => void,
  ): void {
    const postings = this.currentPostings();
    const holding = this.fieldTerms.sectionsWith(field, match.id);
    if (holding === 0) return;
    // MiniSearch's own product, in its order (its document boost is 1 here).
    const weight = match.weight * termBoost * fieldBoost;
    const idf = inverseFrequency(holding, documentCount);
    const average = this.averages[field]!;
    if (match.id < postings.terms) {
      const { sectionSlots, gone } = postings;
      const { starts, sections, counts, lengths } = postings.fields[field]!;
      const end = starts[match.id + 1]!;
      for (let i = starts[match.id]!; i < end; i++) {
        const section = sections[i]!;
        if (gone[section] !== 0) continue;
        each(
          sectionSlots[section]!,
          weight * (idf * saturation(counts[i]!, lengths[section]!, average)),
        );
      }
    }
    for (const sectionId of this.recent) {
      const count = frequencyIn(this.fieldTerms.termsOf(sectionId)!, field, match.id);
      if (count === 0) continue;
      const figures = this.figures.get(sectionId)!;
      each(
        figures.sectionSlot,
        weight * (idf * saturation(count, figures.lengths[field]!, average)),
      );
    }
  }

  /** Calls `each` for every section holding a term (by id) in a field, with its count there. */
  holding(field: number, id: number, each: (sectionSlot: number, count: number) => void): void {
    const postings = this.currentPostings();
    if (id < postings.terms) {
      const { sectionSlots, gone } = postings;
      const { starts, sections, counts } = postings.fields[field]!;
      const end = starts[id + 1]!;
      for (let i = starts[id]!; i < end; i++) {
        const section = sections[i]!;
        if (gone[section] === 0) each(sectionSlots[section]!, counts[i]!);
      }
    }
    for (const sectionId of this.recent) {
      const count = frequencyIn(this.fieldTerms.termsOf(sectionId)!, field, id);
      if (count !== 0) each(this.figures.get(sectionId)!.sectionSlot, count);
    }
  }

  /** The tree of terms, with the terms numbered since it was last brought up to date. */
  private currentTree(): SearchableMap<number> {
    const terms = this.fieldTerms.termCount;
    if (this.treeGaps.length > 0) {
      const gaps = this.treeGaps;
      this.treeGaps = [];
      for (const id of gaps) this.putInTree(id);
    }
    for (let id = this.treeTerms; id < terms; id++) this.putInTree(id);
    this.treeTerms = terms;
    return this.keyTree;
  }

  /** Puts a term in the tree; an id not numbered again yet stays a gap. */
  private putInTree(id: number): void {
    const key = this.fieldTerms.keyOf(id);
    if (key === '') this.treeGaps.push(id);
    else this.keyTree.set(key, id);
  }

  /** Every term's postings, from the sections' figures. */
  private currentPostings(): Postings {
    if (this.postings) return this.postings;
    const terms = this.fieldTerms.termCount;
    const positions = new Map<string, number>();
    const sectionSlots = new Int32Array(this.figures.size);
    const termsOf: SectionTerms[] = [];
    const fields = FIELDS.map(
      (): FieldPostings => ({
        starts: new Int32Array(terms + 1),
        sections: new Int32Array(0),
        counts: new Int32Array(0),
        lengths: new Int32Array(this.figures.size),
      }),
    );
    // Two passes over the sections' figures: how many postings per term, then fill them in.
    for (const [sectionId, figures] of this.figures) {
      const figuresOf = this.fieldTerms.termsOf(sectionId)!;
      const position = termsOf.length;
      termsOf.push(figuresOf);
      sectionSlots[position] = figures.sectionSlot;
      positions.set(sectionId, position);
      for (const [field, { starts, lengths }] of fields.entries()) {
        lengths[position] = figures.lengths[field]!;
        for (let i = figuresOf[field]!; i < figuresOf[field + 1]!; i += 2)
          starts[figuresOf[i]! + 1]!++;
      }
    }
    for (const [field, postings] of fields.entries()) {
      const { starts } = postings;
      for (let id = 0; id < terms; id++) starts[id + 1]! += starts[id]!;
      const next = starts.slice(0, terms);
      const sections = new Int32Array(starts[terms]!);
      const counts = new Int32Array(starts[terms]!);
      for (let section = 0; section < termsOf.length; section++) {
        const figuresOf = termsOf[section]!;
        for (let i = figuresOf[field]!; i < figuresOf[field + 1]!; i += 2) {
          const at = next[figuresOf[i]!]!++;
          sections[at] = section;
          counts[at] = figuresOf[i + 1]!;
        }
      }
      postings.sections = sections;
      postings.counts = counts;
    }
    const gone = new Uint8Array(termsOf.length);
    this.postings = { terms, fields, sectionSlots, positions, gone };
    this.recent = [];
    return this.postings;
  }
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
