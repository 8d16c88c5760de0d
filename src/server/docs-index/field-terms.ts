/**
 * What each indexed section holds, per field: how often each term occurs in it and how many
 * distinct terms the field has. MiniSearch keeps the same figures for its own scoring but
 * offers no public way to read them for a given section; the engine needs them to weigh, in the
 * sections a search found, the words of a question it did not look up everywhere (engine.ts,
 * `rescored`). Kept compact: one Int32Array per section (`SectionTerms`), about 8 bytes per
 * distinct term of a field, so a query reads a section's figures from one place in memory.
 */

/**
 * A section's figures: first, per field, where its pairs start, and where the last field's
 * end; then each field's (term id, count) pairs, sorted by term id. Read with `frequencyIn`
 * and `fieldLengthOf`.
 */
export type SectionTerms = Int32Array;

export class FieldTerms {
  private readonly ids = new Map<string, number>();
  /** Each term id's key ('' for an id no section holds, in `freeIds`). */
  private readonly keys: string[] = [];
  /**
   * The ids of terms no section holds any more (their sections were removed, `--watch`), given
   * to the next new terms: a long-running server numbers only as many terms as its pages hold.
   */
  private readonly freeIds: number[] = [];
  /** Called with each term forgotten, before its id is given to another. */
  private readonly onForget: ((key: string, id: number) => void)[] = [];
  private readonly sections = new Map<string, SectionTerms>();
  /** Per field: in how many sections each term id occurs in that field. */
  private sectionsWithTerm: Int32Array[];
  private readonly lengthTotals: number[];
  /** The counts of the section being added, per field: by term id, and the ids counted. */
  private counts: Int32Array[];
  private readonly touched: number[][];
  private readonly fieldCount: number;

  constructor(fieldCount: number) {
    this.fieldCount = fieldCount;
    this.sectionsWithTerm = Array.from({ length: fieldCount }, () => new Int32Array(1024));
    this.lengthTotals = new Array<number>(fieldCount).fill(0);
    this.counts = Array.from({ length: fieldCount }, () => new Int32Array(1024));
    this.touched = Array.from({ length: fieldCount }, () => []);
  }

  /**
   * Replaced whenever a term is forgotten: ids a caller kept (`idsOf`) hold while this is the
   * same object.
   */
  numbering: object = {};

  /**
   * The ids of terms (as the index stores them), new ones numbered; the caller may keep them
   * while `numbering` stays the same.
   */
  idsOf(keys: readonly string[]): number[] {
    return keys.map((key) => {
      let id = this.ids.get(key);
      if (id === undefined) {
        id = this.freeIds.pop();
        if (id === undefined) {
          id = this.keys.length;
          this.keys.push(key);
        } else {
          this.keys[id] = key;
        }
        this.ids.set(key, id);
      }
      return id;
    });
  }

  /** Calls `listener` with each term forgotten (no section holds it), before its id is reused. */
  whenForgotten(listener: (key: string, id: number) => void): void {
    this.onForget.push(listener);
  }

  /** Occurrences of a term (by `idsOf`) in a field of the section being added. */
  count(field: number, id: number, times = 1): void {
    let counts = this.counts[field]!;
    if (id >= counts.length) {
      counts = grown(counts, id);
      this.counts[field] = counts;
    }
    if (counts[id] === 0) this.touched[field]!.push(id);
    counts[id]! += times;
  }

  /** Ends the section being added: its counts are kept under its id, and returned. */
  commit(sectionId: string): SectionTerms {
    const fieldCount = this.fieldCount;
    let size = fieldCount + 1;
    for (let field = 0; field < fieldCount; field++) size += this.touched[field]!.length * 2;
    const terms: SectionTerms = new Int32Array(size);
    let end = fieldCount + 1;
    for (let field = 0; field < fieldCount; field++) {
      terms[field] = end;
      const ids = this.touched[field]!;
      const length = ids.length;
      // The ids are sorted in the second half of the field's place (a typed array sorts numbers
      // natively, without a comparison callback per step), then spread into (id, count) pairs
      // from the front: each pair is written where its id, and those before, were read already.
      const sorted = end + length;
      for (let i = 0; i < length; i++) terms[sorted + i] = ids[i]!;
      terms.subarray(sorted, sorted + length).sort();
      const counts = this.counts[field]!;
      for (let i = 0; i < length; i++) {
        const id = terms[sorted + i]!;
        terms[end++] = id;
        terms[end++] = counts[id]!;
        counts[id] = 0;
        this.addSectionWith(field, id, 1);
      }
      this.lengthTotals[field]! += length;
      ids.length = 0;
    }
    terms[fieldCount] = end;
    this.sections.set(sectionId, terms);
    return terms;
  }

  /** Forgets a section (its file changed or went), and the terms no other section holds. */
  remove(sectionId: string): void {
    const terms = this.sections.get(sectionId);
    if (!terms) return;
    this.sections.delete(sectionId);
    for (let field = 0; field < this.fieldCount; field++) {
      this.lengthTotals[field]! -= fieldLengthOf(terms, field);
      for (let i = terms[field]!; i < terms[field + 1]!; i += 2) {
        this.addSectionWith(field, terms[i]!, -1);
      }
    }
    // The fields' pairs follow one another.
    for (let i = terms[0]!; i < terms[this.fieldCount]!; i += 2) {
      const id = terms[i]!;
      if (this.keys[id] !== '' && !this.isHeld(id)) this.forget(id);
    }
  }

  private isHeld(id: number): boolean {
    for (let field = 0; field < this.fieldCount; field++) {
      if (this.sectionsWithTerm[field]![id] !== 0) return true;
    }
    return false;
  }

  private forget(id: number): void {
    const key = this.keys[id]!;
    for (const listener of this.onForget) listener(key, id);
    this.ids.delete(key);
    this.keys[id] = '';
    this.freeIds.push(id);
    this.numbering = {};
  }

  /** The id of a term, undefined when no section holds it. */
  idOf(key: string): number | undefined {
    return this.ids.get(key);
  }

  /** The key of a term id ('' for an id no section holds). */
  keyOf(id: number): string {
    return this.keys[id]!;
  }

  /** How many terms some section holds. */
  get heldTermCount(): number {
    return this.ids.size;
  }

  /** Ids run from 0 to this, less one (some free: `keyOf` gives ''). */
  get termCount(): number {
    return this.keys.length;
  }

  /** A section's figures, read with `frequencyIn` and `fieldLengthOf`. */
  termsOf(sectionId: string): SectionTerms | undefined {
    return this.sections.get(sectionId);
  }

  /** The average field length over the sections held. */
  averageLength(field: number): number {
    return this.sections.size === 0 ? 0 : this.lengthTotals[field]! / this.sections.size;
  }

  /** In how many sections a term occurs in that field. */
  sectionsWith(field: number, id: number): number {
    return this.sectionsWithTerm[field]![id] ?? 0;
  }

  get sectionCount(): number {
    return this.sections.size;
  }

  private addSectionWith(field: number, id: number, change: number): void {
    let counts = this.sectionsWithTerm[field]!;
    if (id >= counts.length) {
      counts = grown(counts, id);
      this.sectionsWithTerm[field] = counts;
    }
    counts[id]! += change;
  }
}

/** A term's count in one field of a section, by binary search; 0 when absent. */
export function frequencyIn(terms: SectionTerms, field: number, id: number): number {
  const start = terms[field]!;
  let low = 0;
  let high = ((terms[field + 1]! - start) >> 1) - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = terms[start + 2 * middle]!;
    if (found === id) return terms[start + 2 * middle + 1]!;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return 0;
}

/** The number of distinct terms of one field of a section. */
export function fieldLengthOf(terms: SectionTerms, field: number): number {
  return (terms[field + 1]! - terms[field]!) >> 1;
}

/** A copy of an array long enough to hold index `id`. */
export function grown(array: Int32Array, id: number): Int32Array<ArrayBuffer> {
  const copy = new Int32Array(Math.max(id + 1, array.length * 2));
  copy.set(array);
  return copy;
}

/**
 * The first index below `length` for which `before` is false, by binary search: `before` holds
 * for every index up to some point and for none after it (a sorted array's "comes before").
 */
export function partitionPoint(length: number, before: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}
