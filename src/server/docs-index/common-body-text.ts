/**
 * The body text of common words, held by the engine instead of MiniSearch. Most of what
 * MiniSearch inserts while a large site is indexed is body text of words in many sections,
 * which queries mostly weigh from the engine's own figures (engine.ts, `rescored`). Once a word
 * is in more sections than the common threshold, the engine stops handing MiniSearch its body
 * text; the few lookups that still read it (a query of common words only, falling back to body
 * text; a misspelt or unfinished word that typo or prefix matching expands to a common one) are
 * completed from here, scored as MiniSearch scores, so that results are those of an index where
 * MiniSearch holds all the body text.
 *
 * Whether a word is common is known only as sections come in, so its body text is split: the
 * sections added before it crossed the threshold are in MiniSearch, the others only here.
 * Postings (which sections hold the word, how often) are built from the engine's per-section
 * figures (`FieldTerms`) at the end of a build (`prepare`), or when a query first needs them
 * after a change, for all sections; MiniSearch's share is scored again with the whole word's
 * weight. In `--watch`, sections removed are skipped and sections added are read from their
 * figures, until a term is newly held or RECENT_MAX sections have come: then the postings are
 * built again.
 */
import {
  type FieldTerms,
  frequencyIn,
  grown,
  partitionPoint,
  type SectionTerms,
} from './field-terms.ts';
import { FIELD_NUMBERS } from './section-words.ts';

const TEXT = FIELD_NUMBERS.get('text')!;

/** MiniSearch's BM25+ defaults (k, b, d) and the weights of its prefix and typo matches. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/**
 * Sections added since the postings were built (`--watch`) are read from their figures, a
 * binary search per held term a query reaches; past this many, the postings are built again.
 */
const RECENT_MAX = 500;

/** A held term some query key reaches, with the weight MiniSearch gives that match. */
export interface HeldMatch {
  id: number;
  key: string;
  /** 1 for the key itself, less for a prefix or typo match (as MiniSearch weighs them). */
  weight: number;
}

/** What MiniSearch knows of a section that the postings need. */
interface SectionFigures {
  /** The section's id in MiniSearch (the engine's slot for it), which hits carry. */
  sectionSlot: number;
  /** The engine's number for the section (`sectionsAdded`), to tell when it was added. */
  added: number;
  /** Its body text's length as MiniSearch counts it: distinct words. */
  textWords: number;
}

interface Postings {
  /** Per held term (by `slotOf`), where its postings start in `sections`/`counts`. */
  starts: Int32Array;
  sections: Int32Array;
  counts: Int32Array;
  /** Per section (posting value): its MiniSearch id, when it was added, its body text's length. */
  sectionSlots: Int32Array;
  /** The sections' positions by id, and those discarded since (skipped). */
  positions: Map<string, number>;
  gone: Uint8Array;
  added: Int32Array;
  textWords: Int32Array;
}

export class CommonBodyText {
  /** Per term id, the section number from which its body text is held here (0: not held). */
  private heldSince = new Int32Array(1024);
  /** The held terms' ids and keys, in the order they were held. */
  private readonly heldIds: number[] = [];
  private readonly heldKeys: string[] = [];
  private slotOf = new Int32Array(0);
  /** Held keys sorted, for prefix matching (built on first use). */
  private sortedKeys: string[] | undefined;
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

  get heldCount(): number {
    return this.heldIds.length;
  }

  isHeld(id: number): boolean {
    return id < this.heldSince.length && this.heldSince[id]! > 0;
  }

  /** From the section numbered `section` on, the term's body text is held here. */
  hold(id: number, key: string, section: number): void {
    if (id >= this.heldSince.length) this.heldSince = grown(this.heldSince, id);
    if (this.heldSince[id]! > 0) return;
    this.heldSince[id] = section;
    this.heldIds.push(id);
    this.heldKeys.push(key);
    this.sortedKeys = undefined;
    this.forgetPostings();
  }

  /**
   * Records a section MiniSearch is about to add (`documentCount`: its count before), with
   * MiniSearch's arithmetic for the average body text length.
   */
  adding(
    sectionId: string,
    sectionSlot: number,
    added: number,
    textWords: number,
    documentCount: number,
  ): void {
    this.figures.set(sectionId, { sectionSlot, added, textWords });
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
   * Builds now what the first query reaching a held term would otherwise build (its postings,
   * the sorted keys of prefix matching): the end of a build calls it, so that the first
   * searches are as fast as later ones.
   */
  prepare(): void {
    if (this.heldIds.length === 0) return;
    this.sortedKeys ??= [...this.heldKeys].sort();
    this.currentPostings();
  }

  private forgetPostings(): void {
    this.postings = undefined;
    this.recent = [];
  }

  /**
   * The held terms a query key reaches in MiniSearch's lookup: itself; with `prefix`, those it
   * begins; within `maxDistance` edits, those it is a typo of (a prefix match counts as one).
   */
  matches(key: string, id: number | undefined, prefix: boolean, maxDistance: number): HeldMatch[] {
    const found: HeldMatch[] = [];
    if (id !== undefined && this.isHeld(id)) found.push({ id, key, weight: 1 });
    if (!prefix && maxDistance === 0) return found;
    if (prefix) {
      this.sortedKeys ??= [...this.heldKeys].sort();
      const sorted = this.sortedKeys;
      const from = partitionPoint(sorted.length, (i) => sorted[i]! < key);
      for (let i = from; i < sorted.length && sorted[i]!.startsWith(key); i++) {
        const term = sorted[i]!;
        const distance = term.length - key.length;
        if (distance === 0) continue;
        const weight = (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance);
        found.push({ id: this.fieldTerms.idOf(term)!, key: term, weight });
      }
    }
    if (maxDistance > 0) {
      for (let i = 0; i < this.heldKeys.length; i++) {
        const term = this.heldKeys[i]!;
        if (Math.abs(term.length - key.length) > maxDistance) continue;
        if (prefix && term.startsWith(key)) continue;
        const distance = editDistance(key, term, maxDistance);
        if (distance === 0 || distance > maxDistance) continue;
        const weight = (FUZZY_WEIGHT * term.length) / (term.length + distance);
        found.push({ id: this.heldIds[i]!, key: term, weight });
      }
    }
    return found;
  }

  /**
   * Calls `each` for every section holding a held term in its body text, with what MiniSearch
   * would add to the section's score for it (`boost`: the query term's), and what it did add
   * (sections added before the term was held are in MiniSearch too, weighed there as if only
   * they held it).
   */
  score(
    match: HeldMatch,
    boost: number,
    documentCount: number,
    each: (sectionSlot: number, full: number, given: number) => void,
  ): void {
    const postings = this.currentPostings();
    const slot = this.slotOf[match.id]!;
    const since = this.heldSince[match.id]!;
    const start = postings.starts[slot]!;
    const end = postings.starts[slot + 1]!;
    const holding = this.fieldTerms.sectionsWith(TEXT, match.id);
    const { sections, counts, added, textWords, gone } = postings;
    let inMiniSearch = 0;
    for (let i = start; i < end; i++) {
      if (added[sections[i]!]! < since && gone[sections[i]!] === 0) inMiniSearch++;
    }
    // MiniSearch's own product, in its order (its field and document boosts are 1 here).
    const scored = (sectionSlot: number, count: number, length: number, given: boolean) =>
      each(
        sectionSlot,
        match.weight * boost * bm25(count, holding, documentCount, length, this.textAverage),
        given
          ? match.weight *
              boost *
              bm25(count, inMiniSearch, documentCount, length, this.textAverage)
          : 0,
      );
    for (let i = start; i < end; i++) {
      const section = sections[i]!;
      if (gone[section] === 1) continue;
      const sectionSlot = postings.sectionSlots[section]!;
      scored(sectionSlot, counts[i]!, textWords[section]!, added[section]! < since);
    }
    // Added after the term was held (else the postings were built again): all here.
    for (const sectionId of this.recent) {
      const count = frequencyIn(this.fieldTerms.termsOf(sectionId)!, TEXT, match.id);
      if (count === 0) continue;
      const figures = this.figures.get(sectionId)!;
      scored(figures.sectionSlot, count, figures.textWords, false);
    }
  }

  /** The postings of every held term, from the sections' figures. */
  private currentPostings(): Postings {
    if (this.postings) return this.postings;
    const held = this.heldIds.length;
    this.slotOf = new Int32Array(this.heldSince.length).fill(-1);
    for (let slot = 0; slot < held; slot++) this.slotOf[this.heldIds[slot]!] = slot;
    const slotOf = this.slotOf;
    const positions = new Map<string, number>();
    const sectionSlots = new Int32Array(this.figures.size);
    const added = new Int32Array(this.figures.size);
    const textWords = new Int32Array(this.figures.size);
    const starts = new Int32Array(held + 1);
    const termsOf: SectionTerms[] = [];
    // Two passes over the sections' figures: how many postings per term, then fill them in.
    for (const [sectionId, figures] of this.figures) {
      const terms = this.fieldTerms.termsOf(sectionId)!;
      termsOf.push(terms);
      const position = termsOf.length - 1;
      sectionSlots[position] = figures.sectionSlot;
      added[position] = figures.added;
      textWords[position] = figures.textWords;
      positions.set(sectionId, position);
      for (let i = terms[TEXT]!; i < terms[TEXT + 1]!; i += 2) {
        const id = terms[i]!;
        if (id < slotOf.length && slotOf[id]! >= 0) starts[slotOf[id]! + 1]!++;
      }
    }
    for (let slot = 0; slot < held; slot++) starts[slot + 1]! += starts[slot]!;
    const next = starts.slice(0, held);
    const sections = new Int32Array(starts[held]!);
    const counts = new Int32Array(starts[held]!);
    for (let section = 0; section < termsOf.length; section++) {
      const terms = termsOf[section]!;
      for (let i = terms[TEXT]!; i < terms[TEXT + 1]!; i += 2) {
        const id = terms[i]!;
        if (id >= slotOf.length || slotOf[id]! < 0) continue;
        const at = next[slotOf[id]!]!++;
        sections[at] = section;
        counts[at] = terms[i + 1]!;
      }
    }
    const gone = new Uint8Array(termsOf.length);
    this.postings = { starts, sections, counts, sectionSlots, positions, gone, added, textWords };
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

/** Rows of `editDistance`, kept between calls: a query may compare its word to every held term. */
let previousRow = new Int32Array(64);
let currentRow = new Int32Array(64);

/** Levenshtein distance (as MiniSearch counts typos), or more than `max` once certainly over. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (previousRow.length <= b.length) {
    previousRow = new Int32Array(b.length + 1);
    currentRow = new Int32Array(b.length + 1);
  }
  let previous = previousRow;
  let current = currentRow;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let best = i;
    const letter = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (letter === b.charCodeAt(j - 1) ? 0 : 1);
      const distance = Math.min(substitution, previous[j]! + 1, current[j - 1]! + 1);
      current[j] = distance;
      if (distance < best) best = distance;
    }
    if (best > max) return max + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length]!;
}
