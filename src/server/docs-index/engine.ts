/**
 * The section search engine: MiniSearch (BM25+, prefix and fuzzy matching, field boosts,
 * incremental add/discard for --watch) plus the term statistics that keep queries fast.
 * The README has the comparison with Orama and FlexSearch behind this choice.
 */
import MiniSearch, {
  type SearchResult as MiniSearchHit,
  type SearchOptions as MiniSearchOptions,
} from 'minisearch';
import {
  processIndexTerm,
  processQueryTerm,
  searchableText,
  TERM_SEPARATOR,
  tokenize,
} from './terms.ts';
import type { PageMeta, Section } from './types.ts';

/** A section with the page metadata that filters need. */
export interface IndexedSection extends Section {
  meta: PageMeta;
}

const FIELDS = ['title', 'headings', 'text'] as const;

/** What search sees of a section, per field. */
function fieldText(section: IndexedSection, field: (typeof FIELDS)[number]): string {
  if (field === 'title') return section.pageTitle;
  if (field === 'headings') return section.headings.slice(1).join(' ');
  // The page description summarises the page: it belongs to the page's top section.
  const text = searchableText(section.content);
  return section.anchor === '' ? `${section.meta.description ?? ''}\n${text}` : text;
}

// Title and headings say what a section is about; body text only that it mentions a term.
const BOOST = { title: 3, headings: 1.5, text: 1 };
/**
 * A term in more than this share of sections (and more than COMMON_TERM_MIN sections, so that
 * on a small site a word in a handful of sections still counts) is "common", see planQuery.
 * Each section a query matches costs MiniSearch about 1 kB and a microsecond: at 200, a
 * question on the 4,898-section ai-sdk-docs corpus matches about 510 sections instead of 900
 * (at 500), with the same recall and grounding; at 100, 300 sections but one answering page
 * fewer in the top 5 (README, "Search").
 */
const COMMON_TERM_SHARE = 0.02;
const COMMON_TERM_MIN = 200;
/** Long questions are cut to their most specific words. */
const QUERY_TERMS_MAX = 6;
/**
 * Of the common words, only the rarest few are looked up: each walks a long posting list (the
 * bulk of a query's time on a large site) for little ranking weight.
 */
const COMMON_TERMS_MAX = 3;
/** A query longer than this is a paste, not a question; the rest is ignored. */
const QUERY_CHARS_MAX = 2000;
const WORD_LENGTH_MAX = 40;
/** Fewer sections than this: probably a misspelling or a word still being typed. */
const RARE_TERM = 3;

const isWord = (term: string, minLength: number) =>
  term.length >= minLength && term.length <= WORD_LENGTH_MAX;

/**
 * Typo tolerance and prefix expansion are the expensive parts of a query, so they apply only
 * to words the docs do not contain: a misspelling ("strem") or a word still being typed
 * ("embedd"). Known words match exactly; stemming already joins their other forms.
 */
export class SectionEngine {
  /** In how many sections each indexed term occurs. */
  private readonly documentFrequency = new Map<string, number>();
  private currentTerms = new Set<string>();
  private sections = 0;
  private readonly miniSearch: MiniSearch<IndexedSection>;

  constructor() {
    this.miniSearch = new MiniSearch<IndexedSection>({
      fields: [...FIELDS],
      storeFields: [],
      tokenize,
      extractField: (section, field) =>
        field === 'id' ? section.id : fieldText(section, field as (typeof FIELDS)[number]),
      processTerm: (term) => {
        const terms = processIndexTerm(term);
        for (const indexed of terms ?? []) this.currentTerms.add(indexed);
        return terms;
      },
      searchOptions: { processTerm: processQueryTerm, boost: BOOST, maxFuzzy: 2 },
    });
  }

  add(sections: IndexedSection[]): void {
    for (const section of sections) {
      this.currentTerms = new Set();
      this.miniSearch.add(section);
      for (const term of this.currentTerms) {
        this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
      }
      this.sections++;
    }
  }

  /** Removes a section; its terms are worked out again so the frequencies stay exact. */
  discard(section: IndexedSection): void {
    this.miniSearch.discard(section.id);
    this.sections--;
    const terms = new Set<string>();
    for (const field of FIELDS) {
      for (const token of fieldText(section, field).split(TERM_SEPARATOR)) {
        for (const term of (token && processIndexTerm(token)) || []) terms.add(term);
      }
    }
    for (const term of terms) {
      const frequency = (this.documentFrequency.get(term) ?? 0) - 1;
      if (frequency > 0) this.documentFrequency.set(term, frequency);
      else this.documentFrequency.delete(term);
    }
  }

  /** In how many sections a (processed) term occurs. */
  frequencyOf(term: string): number {
    return this.documentFrequency.get(term) ?? 0;
  }

  search(query: string, options: MiniSearchOptions = {}): MiniSearchHit[] {
    const plan = this.planQuery(query);
    if (plan.specific.length + plan.common.length === 0) return [];
    const known = (term: string) => this.documentFrequency.has(term);
    const run = (commonFields: string[]) =>
      this.miniSearch.search(
        {
          combineWith: 'OR',
          queries: [
            { queries: plan.specific, combineWith: 'OR' },
            { queries: plan.common, combineWith: 'OR', fields: commonFields },
          ],
        },
        {
          ...options,
          // planQuery's terms are processed already (some deliberately unstemmed): processing
          // them again would turn "tools" back into the far more common "tool".
          processTerm: (term) => term,
          // One typo per five letters; short words must be spelled right, and very long
          // "words" (pasted data) are never expanded: fuzzy matching allocates by length.
          fuzzy: (term) => (isWord(term, 5) && !known(term) ? 0.2 : false),
          prefix: (term) => isWord(term, 3) && !known(term),
        },
      );
    const hits = run(['title', 'headings']);
    return hits.length > 0 || plan.common.length === 0 ? hits : run(['title', 'headings', 'text']);
  }

  /**
   * Splits the query into specific words (looked up everywhere) and common ones: a word in
   * many sections has little BM25 weight in body text but a long posting list, so it is only
   * looked up in titles and headings, where it still means something. Long questions keep
   * their QUERY_TERMS_MAX most specific words.
   */
  private planQuery(query: string): { specific: string[]; common: string[] } {
    const words = query
      .slice(0, QUERY_CHARS_MAX)
      .split(TERM_SEPARATOR)
      .filter((word) => word !== '');
    const terms = new Set<string>();
    for (const word of words) {
      const term = processQueryTerm(word);
      if (term === null) continue;
      terms.add(term);
      // Porter stems are not always consistent ("embed" -> "emb" but "embedding" -> "embed"):
      // the word itself counts too when the index knows it.
      const lower = word.toLowerCase();
      if (lower !== term && this.documentFrequency.has(lower)) terms.add(lower);
    }
    // A stem stemmed again can be another indexed term ("embeddings" -> "embed" -> "emb", the
    // stem of the word "embed"): look it up too, classified by its own frequency below.
    for (const term of [...terms]) {
      const again = processQueryTerm(term);
      if (again && again !== term && this.documentFrequency.has(again)) terms.add(again);
    }
    // "use chat" or "stream text" also looks up the identifier `useChat` / `streamText`.
    for (const [position, word] of words.entries()) {
      const joined = `${word}${words[position + 1] ?? ''}`.toLowerCase();
      if (joined !== word.toLowerCase() && this.documentFrequency.has(joined)) terms.add(joined);
    }
    // The index holds stems, so a word typed past its stem ("embedd", unknown or nearly so)
    // also looks up the longest known stem it starts with ("embed").
    for (const term of [...terms]) {
      if ((this.documentFrequency.get(term) ?? 0) >= RARE_TERM || term.length > WORD_LENGTH_MAX) {
        continue;
      }
      for (let length = term.length - 1; length >= 4; length--) {
        const stem = term.slice(0, length);
        if (this.documentFrequency.has(stem)) {
          terms.add(stem);
          break;
        }
      }
    }
    const frequency = (term: string) => this.documentFrequency.get(term) ?? 0;
    const rarest = [...terms].sort((a, b) => frequency(a) - frequency(b));
    const kept = new Set(rarest.slice(0, QUERY_TERMS_MAX));
    const common = Math.max(COMMON_TERM_MIN, this.sections * COMMON_TERM_SHARE);
    const ordered = [...terms].filter((term) => kept.has(term));
    return {
      specific: ordered.filter((term) => frequency(term) <= common),
      common: ordered
        .filter((term) => frequency(term) > common)
        .sort((a, b) => frequency(a) - frequency(b))
        .slice(0, COMMON_TERMS_MAX),
    };
  }
}
