/**
 * The section search engine: MiniSearch's model (BM25+, prefix and fuzzy matching, field
 * boosts, incremental add/discard for --watch) plus the term statistics that keep queries fast.
 * The sections' text is held by the engine in typed arrays and scored with MiniSearch's
 * arithmetic (body-text.ts); MiniSearch itself indexes the link text. The README has the
 * comparison with Orama and FlexSearch behind this choice.
 */
import MiniSearch, { type SearchResult as MiniSearchHit } from 'minisearch';
import { askingTermsOf } from '../text/asking-words.ts';
import { slipsBetween } from '../text/slips.ts';
import {
  cachedWordTerms,
  foldCase,
  identifierTerm,
  type Language,
  languageOf,
  NEUTRAL,
  plainTerm,
  words,
} from '../text/terms.ts';
import { withoutContractions } from '../text/words.ts';
import { BodyText, inverseFrequency, saturation } from './body-text.ts';
import {
  FieldTerms,
  fieldLengthOf,
  frequencyIn,
  grown,
  partitionPoint,
  type SectionTerms,
} from './field-terms.ts';
import {
  type CountedWords,
  countedWords,
  FIELD_NUMBERS,
  FIELDS,
  type Field,
  fieldText,
  type IndexedSection,
  type IndexedWord,
  sectionWords,
  storageKey,
} from './section-words.ts';
import { ConceptFinder, type SourceHit } from './site-vocabulary.ts';
import type { LanguageRarity } from './types.ts';

export type { IndexedSection } from './section-words.ts';

/** The query's language, which sections may be results, and how many. */
export interface EngineSearchOptions {
  /**
   * At most this many hits, the best: `accept` then only reads hits until it has accepted
   * this many, instead of every section the query matches.
   */
  limit?: number | undefined;
  /** Whether a section may be a result (filters, the reader's language and version). */
  accept?: ((section: IndexedSection) => boolean) | undefined;
  /**
   * The page languages (`meta.language`, undefined for a page that sets none) a result may
   * have: sections of others are turned away as the postings are walked, before they are
   * scored (a cheap test by slot). `accept` still decides among the rest.
   */
  pageLanguages?: readonly (string | undefined)[] | undefined;
  /**
   * The query's language (BCP-47, `zh-cn`): its words are stemmed and stop-listed as that
   * language's. Undefined: each word as its script's default (English for Latin script), also
   * looked up as the index's other languages would have processed it.
   */
  language?: string | undefined;
  /**
   * The page languages (as `pageLanguages`) whose sections make up the reader's language,
   * where the site-vocabulary figures are counted (`rarityAmong`). Undefined: the whole site.
   */
  languagePages?: readonly (string | undefined)[] | undefined;
}

/** How an engine is built; the defaults are what sites get. */
export interface EngineOptions {
  /** The least number of sections a common term is in (COMMON_TERM_MIN; lower in tests). */
  commonTermMin?: number;
  /**
   * Whether the sections' text (titles, headings, body text) is held by the engine rather than
   * MiniSearch (body-text.ts); false gives MiniSearch all of it, to compare against.
   */
  holdBodyText?: boolean;
}

/**
 * The words other pages link to a section with (link-text.ts): the reader's words for it more
 * often than the section's own, but written in passing.
 */
const LINK_TEXT_BOOST = 1;
/** The field of the documents holding a section's link text (not one of a section's FIELDS). */
const LINKS = 'links';
const LINKS_FIELD = FIELDS.length;
/**
 * A section's link text is a document of its own, with this before the section's slot (its
 * MiniSearch id): pages linking to a section change without it.
 */
const LINK_TEXT_PREFIX = '\u0000';

/** The link text of a section, as MiniSearch indexes it. */
interface LinkTextDocument {
  id: string;
  linkText: true;
}

/** A section a search found. */
export interface EngineHit {
  section: IndexedSection;
  score: number;
  /** The query's terms it matched. */
  queryTerms: string[];
  /**
   * Its page's number (the same for every section of a page), and the first character code of
   * the page's title (0 for none): grouping hits by page reads these, not the section's strings.
   */
  page: number;
  titleInitial: number;
}

/** A hit with the section's term figures, which `rescored` reads. */
interface Found extends EngineHit {
  terms: SectionTerms | undefined;
  /** The section's slot. */
  slot: number;
}

/**
 * Title and headings say what a section is about; body text only that it mentions a term.
 * Headings weighed 1.5 while the common words of a question counted in titles and headings
 * only; since they also count in body text (`rescored`), 1.25 ranks the answering page higher
 * on every question set, held-out ones included (bench/HISTORY.md).
 */
const BOOST = { title: 3, headings: 1.25, text: 1, links: LINK_TEXT_BOOST };
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
/**
 * Long questions are looked up everywhere by their most specific words; their other words that
 * are not common, in titles only (`titled`).
 */
const QUERY_TERMS_MAX = 6;
/**
 * Of the common words, only the rarest few are looked up (in titles and headings): each walks a
 * long posting list, the bulk of a query's time on a large site. The others, and the common
 * words' body text, are weighed only in the sections found (`rescored`).
 */
const COMMON_TERMS_MAX = 2;
/**
 * The sections `rescored` weighs the rest of the query in: as many as page aggregation reads
 * (search.ts). Scores only grow there, so the sections past these still rank below them.
 */
const RESCORED_HITS_MAX = 400;
/**
 * `rescored` walks a term's postings rather than search each found section's figures for it
 * when it has at most this many postings per found section: a posting walked is a few
 * sequential reads, a search in a section's figures several dependent ones.
 */
const WALKED_POSTINGS_PER_HIT = 8;
/**
 * The titles and headings the common words of a query are looked up in, as postings walked
 * (each a result to build, merge and sort): past this many, the commonest words
 * are weighed only in the sections found (`rescored`), as the words past the limits are. The
 * rarest is always looked up. Rescoring and page aggregation read the best RESCORED_HITS_MAX
 * hits: a thousand candidates hold them, and a section that matches only a query's commonest
 * word ranks low. Absolute, not a share: a query's cost should not grow with the site. Judged at
 * 10,000 pages too (bench/search-at-scale.ts), where the limit bites.
 */
const COMMON_POSTINGS_MAX = 1000;
/** A query longer than this is a paste, not a question; the rest is ignored. */
const QUERY_CHARS_MAX = 2000;
const WORD_LENGTH_MAX = 40;
/** Fewer sections than this: probably a misspelling or a word still being typed. */
const RARE_TERM = 3;
/** The most typos MiniSearch matches in a word (its `maxFuzzy`). */
const MAX_FUZZY = 2;
/** One typo per five letters; shorter words must be spelled right (search and readingOf). */
const FUZZY_SHARE = 0.2;
const FUZZY_LENGTH_MIN = 5;
/**
 * Sections a term must occur in for a word the site never uses to be read as it: a reader's typo
 * is of a word the site uses often, not of one it names once in passing.
 */
const READING_SECTIONS_MIN = 3;
/** A word written in capitals: an acronym (`JSON`, `UI`). */
const ACRONYM = /^\p{Lu}{2,}$/u;
/** A word typed in lower-case letters only: no name, no identifier. */
const LOWER_WORD = /^\p{Ll}+$/u;

const isWord = (term: string, minLength: number) =>
  term.length >= minLength && term.length <= WORD_LENGTH_MAX;

/**
 * Two words joined meet an identifier (`useChat` for "use chat") that mostly also matches the
 * words themselves: it adds to their weight rather than counting as a third word.
 */
const JOINED_BOOST = 0.5;
/**
 * The parts of an identifier in the query (`OpenTelemetry`: open, telemetry) are weaker evidence
 * than the reader's own words: a title "Telemetry" counts, a title "DeepSeek" for `DeepSeek`
 * should not count three times.
 */
const PART_BOOST = 0.3;
/**
 * A page title's word that extends a word of the query, as a compound (`chatbot` for "chat") or
 * a derivation the stemmer keeps apart (`transcript`, of "transcription", for "transcribe"), is
 * likely what the reader means, but weaker evidence than the word itself.
 */
const VARIANT_BOOST = 0.6;
/**
 * A title or heading word of the site associated with the question as a whole
 * (site-vocabulary.ts) adds to the sections found whose title or headings hold it, this times
 * its association (0..1, mostly 0.1 to 0.3): a lead, but never another word of the reader's.
 */
const CONCEPT_BOOST = 6;
/** Query words shorter than this have too many extensions to mean anything ("app", "use"). */
const VARIANT_MIN_LENGTH = 4;
/** The most frequent few title words extending one query word. */
const VARIANTS_MAX = 3;
/** Letters a derivation may add after the shared part of the stems (`transcrib`: `t`). */
const DERIVATION_SUFFIX_MAX = 4;
/** Below this length a stem shorter by one letter is another word's ("generat": "genera"). */
const DERIVATION_MIN_LENGTH = 7;

interface QueryPlan {
  /** Looked up in every field. */
  specific: string[];
  /** Looked up in titles and headings only. */
  common: string[];
  /** Adjacent words joined (in `specific` when rare enough). */
  joined: Set<string>;
  /** Parts of the query's identifiers (in `common`). */
  parts: Set<string>;
  /** Known terms left out of the lookup (past the limits): only weigh sections found. */
  dropped: string[];
  /** Title words extending the query's words (`titleVariants`): weighed in found sections. */
  variants: string[];
  /** Parts left out of the lookup (past COMMON_POSTINGS_MAX): weighed in titles and headings. */
  droppedParts: string[];
  /**
   * Words past QUERY_TERMS_MAX that are not common: looked up in titles only (within
   * COMMON_POSTINGS_MAX), weighed in the headings and body text of the sections found.
   */
  titled: string[];
}

/** Numbers the sections added by every engine, so an IndexedWord knows which one saw it last. */
let sectionsAdded = 0;

/** Each key `times` times, keys in order (the keys themselves for once). */
function repeated(keys: string[], times: number): string[] {
  if (times === 1) return keys;
  const all: string[] = [];
  for (const key of keys) for (let i = 0; i < times; i++) all.push(key);
  return all;
}

/** A page language's sections, and in how many of them each term occurs (by id). */
interface LanguageCounts {
  sections: number;
  withTerm: Int32Array<ArrayBuffer>;
}

/** How rare terms are among some sections (`rarityAmong`). */
export interface TermRarity extends LanguageRarity {
  /** In how many of them a term occurs, by id. */
  withTerm(id: number): number;
}

/**
 * Typo tolerance and prefix expansion are the expensive parts of a query, so they apply only
 * to words the docs do not contain: a misspelling ("strem") or a word still being typed
 * ("embedd"). Known words match exactly; stemming already joins their other forms.
 */
export class SectionEngine {
  /**
   * In how many sections each indexed term occurs, by its FieldTerms id, and the last section
   * (`sectionsAdded`) counted there: a word's ids are known, so a section's terms are counted
   * without a set of them or a lookup by string.
   */
  private sectionsWithTerm = new Int32Array(1024);
  private lastSectionWithTerm = new Int32Array(1024);
  /**
   * Per page language (as sections give it, `''` for none): how many of its sections the index
   * holds and in how many each term occurs, by id, so rarity can be read within a language.
   */
  private readonly byPageLanguage = new Map<string, LanguageCounts>();
  /** `byPageLanguage`'s entry of the section being added. */
  private currentPageLanguage: LanguageCounts = { sections: 0, withTerm: new Int32Array(0) };
  /** How many sections of each language (by Language) the index holds. */
  private readonly languages = new Map<Language, number>();
  /**
   * The language of the section being added. MiniSearch's tokenize and processTerm callbacks
   * do not see the document; `add` sets this before handing MiniSearch the section, and
   * MiniSearch calls them synchronously inside its `add`.
   */
  private currentLanguage: Language = NEUTRAL;
  /** The number of the section being added (`sectionsAdded`). */
  private currentSection = 0;
  private sections = 0;
  /** Per section and field, each term's frequency: what `rescored` weighs. */
  private readonly fieldTerms = new FieldTerms(FIELDS.length);
  private readonly miniSearch: MiniSearch<IndexedSection | LinkTextDocument>;
  /**
   * Each section's slot: its id in MiniSearch, so that a hit leads to the section, its term
   * figures and its page's language by an array index, not a lookup by its string id among
   * every section's. Slots of discarded sections are used again.
   */
  private readonly slots = new Map<string, number>();
  private readonly sectionAt: (IndexedSection | undefined)[] = [];
  private readonly termsAt: (SectionTerms | undefined)[] = [];
  /** Per slot, its page's language, numbered (`pageLanguageCodes`). */
  private pageLanguageAt = new Int32Array(1024);
  private readonly pageLanguageCodes = new Map<string | undefined, number>();
  /**
   * Per slot, its page's number (`pageNumbers`, by path, while the page has sections held) and
   * its title's first character code.
   */
  private pageNumberAt = new Int32Array(1024);
  private titleInitialAt = new Int32Array(1024);
  /**
   * Each page held, its number and how many of its sections are held. A page's number is freed
   * with its last section (a long-running `--watch` server sees pages come and go) and given to
   * the next new page: numbers only need to tell the pages held apart.
   */
  private readonly pageNumbers = new Map<string, { number: number; sections: number }>();
  private readonly freePageNumbers: number[] = [];
  private readonly freeSlots: number[] = [];
  /** The slot of the section being added (its id, when MiniSearch asks for it). */
  private currentSlot = 0;
  /** The sections that have link text indexed. */
  private readonly linkTexts = new Set<string>();
  /**
   * The plain words (not identifiers) of page titles, by how often sections' titles hold them,
   * and the same words sorted (built again on the first query after they change), where a
   * query word's compounds and derivations are a binary search away.
   */
  private readonly titleWords = new Map<string, number>();
  private sortedTitleWords: string[] | undefined;
  /**
   * Per slot, what `heldSearch` works out for a query's hits (zero between queries): a hit's
   * sum, its place among the hits plus one, and the number of the last key that reached it.
   */
  private sumAt = new Float64Array(0);
  private hitAt = new Int32Array(0);
  private sourceAt = new Int32Array(0);
  /** Finds the site's words associated with a question (site-vocabulary.ts). */
  private readonly conceptFinder = new ConceptFinder();

  /**
   * The section being added, per field: its distinct words (what `tokenize` hands MiniSearch)
   * and each word's terms, repeated as often as the word occurs (what `processTerm` returns).
   */
  private pendingWords: string[][] = [];
  private pendingKeys: string[][][] = [];
  /** The next word of the field being added that `processTerm` expects. */
  private pendingField = 0;
  private pendingWord = 0;
  /** The sections' text (every field), which MiniSearch is not given. */
  private readonly bodyText = new BodyText(this.fieldTerms);
  private readonly commonTermMin: number;
  private readonly holdsBodyText: boolean;

  constructor(options: EngineOptions = {}) {
    this.commonTermMin = options.commonTermMin ?? COMMON_TERM_MIN;
    this.holdsBodyText = options.holdBodyText ?? true;
    this.miniSearch = new MiniSearch<IndexedSection | LinkTextDocument>({
      fields: [...FIELDS, LINKS],
      storeFields: [],
      // MiniSearch sees each distinct word of a field once, with its terms repeated as often as
      // it occurs: the same term frequencies and field lengths (distinct words) as the whole
      // word list, without building a set of every occurrence or calling back per occurrence.
      tokenize: (_text, field) => {
        this.pendingField = field === LINKS ? LINKS_FIELD : FIELD_NUMBERS.get(field as Field)!;
        this.pendingWord = 0;
        return this.pendingWords[this.pendingField]!;
      },
      // A section has no link text field, a link text document only that one.
      extractField: (document, field) =>
        field === 'id'
          ? 'linkText' in document
            ? document.id
            : this.currentSlot
          : 'linkText' in document === (field === LINKS)
            ? ''
            : undefined,
      processTerm: (word) => {
        const position = this.pendingWord++;
        if (this.pendingWords[this.pendingField]![position] !== word) {
          throw new Error('MiniSearch processed a word its tokenizer did not return');
        }
        return this.pendingKeys[this.pendingField]![position]!;
      },
      searchOptions: { boost: BOOST, maxFuzzy: MAX_FUZZY },
    });
  }

  /**
   * Adds sections; `counted` holds their words when worked out already (by the page reader),
   * one entry per section in the same order.
   */
  add(sections: IndexedSection[], counted?: CountedWords[][]): void {
    if (counted && counted.length !== sections.length) {
      throw new Error(`${counted.length} sections counted for ${sections.length} added`);
    }
    for (const [position, section] of sections.entries()) {
      this.currentSection = ++sectionsAdded;
      this.currentLanguage = languageOf(section.meta.language);
      this.currentPageLanguage = this.pageLanguageCounts(section.meta.language);
      this.currentPageLanguage.sections++;
      const fields = counted?.[position] ?? sectionWords(section);
      for (const [field, words] of fields.entries()) this.prepareField(field, words);
      this.currentSlot = this.slotFor(section);
      if (this.holdsBodyText) {
        this.bodyText.adding(
          section.id,
          this.currentSlot,
          fields.map(({ words }) => words.length),
          this.miniSearch.documentCount,
        );
      }
      this.miniSearch.add(section);
      this.pendingWords = [];
      this.pendingKeys = [];
      this.termsAt[this.currentSlot] = this.fieldTerms.commit(section.id);
      this.languages.set(this.currentLanguage, (this.languages.get(this.currentLanguage) ?? 0) + 1);
      this.sections++;
    }
  }

  /**
   * Counts a field's words in the section's term figures, and sets what MiniSearch gets of it:
   * the distinct words, and their storage keys each repeated as often as its word occurs (none
   * when the engine holds the sections' text).
   */
  private prepareField(field: number, { words, counts }: CountedWords): void {
    const given = !this.holdsBodyText;
    const fieldWords: string[] = new Array(given ? words.length : 0);
    const keys: string[][] = new Array(given ? words.length : 0);
    for (let position = 0; position < words.length; position++) {
      const indexed = words[position]!;
      if (indexed.idsNumbering !== this.fieldTerms.numbering) {
        indexed.ids = this.fieldTerms.idsOf(indexed.keys);
        indexed.idsNumbering = this.fieldTerms.numbering;
      }
      // A word comes back often within a section: its terms are counted once.
      if (indexed.section !== this.currentSection) {
        indexed.section = this.currentSection;
        for (let i = 0; i < indexed.ids.length; i++) this.countSectionWith(indexed.ids[i]!);
      }
      const count = counts[position]!;
      for (const id of indexed.ids) this.fieldTerms.count(field, id, count);
      if (field === TITLE && indexed.terms.length === 1) {
        this.countTitleWord(indexed.terms[0]!, count);
      }
      if (given) {
        fieldWords[position] = indexed.word;
        keys[position] = repeated(indexed.keys, count);
      }
    }
    this.pendingWords[field] = given ? fieldWords : [];
    this.pendingKeys[field] = given ? keys : [];
  }

  /**
   * Clears discarded sections out of MiniSearch's postings. It otherwise forgets them lazily, one
   * occurrence each time a lookup meets them, and counts them in the term's weight meanwhile;
   * the engine's own postings count only the sections held.
   */
  async vacuum(): Promise<void> {
    await this.miniSearch.vacuum();
  }

  /** Builds what searches would otherwise build on first use (see BodyText.prepare). */
  prepareSearch(): void {
    this.bodyText.prepare();
  }

  /** Above how many sections a term is common (see planQuery). */
  private commonThreshold(): number {
    return Math.max(this.commonTermMin, this.sections * COMMON_TERM_SHARE);
  }

  /** Gives a section a slot (a free one first). */
  private slotFor(section: IndexedSection): number {
    // MiniSearch sees slots, not section ids: it cannot tell a section added twice.
    if (this.slots.has(section.id)) throw new Error(`Section ${section.id} is indexed already`);
    const slot = this.freeSlots.pop() ?? this.sectionAt.length;
    this.slots.set(section.id, slot);
    this.sectionAt[slot] = section;
    const language = section.meta.language;
    let code = this.pageLanguageCodes.get(language);
    if (code === undefined) {
      code = this.pageLanguageCodes.size;
      this.pageLanguageCodes.set(language, code);
    }
    if (slot >= this.pageLanguageAt.length) this.pageLanguageAt = grown(this.pageLanguageAt, slot);
    this.pageLanguageAt[slot] = code;
    let page = this.pageNumbers.get(section.pagePath);
    if (page === undefined) {
      page = { number: this.freePageNumbers.pop() ?? this.pageNumbers.size, sections: 0 };
      this.pageNumbers.set(section.pagePath, page);
    }
    page.sections++;
    if (slot >= this.pageNumberAt.length) {
      this.pageNumberAt = grown(this.pageNumberAt, slot);
      this.titleInitialAt = grown(this.titleInitialAt, slot);
    }
    this.pageNumberAt[slot] = page.number;
    this.titleInitialAt[slot] = section.pageTitle.length > 0 ? section.pageTitle.charCodeAt(0) : 0;
    return slot;
  }

  /** Removes a section, and the terms no other section holds. */
  discard(section: IndexedSection): void {
    const slot = this.slots.get(section.id);
    if (slot === undefined) return;
    const terms = this.termsAt[slot]!;
    this.discardLinkText(section.id);
    if (this.holdsBodyText) this.bodyText.discarding(section.id, this.miniSearch.documentCount);
    this.miniSearch.discard(slot);
    this.slots.delete(section.id);
    this.sectionAt[slot] = undefined;
    this.termsAt[slot] = undefined;
    this.freeSlots.push(slot);
    const page = this.pageNumbers.get(section.pagePath)!;
    if (--page.sections === 0) {
      this.pageNumbers.delete(section.pagePath);
      this.freePageNumbers.push(page.number);
    }
    this.sections--;
    const language = languageOf(section.meta.language);
    const remaining = (this.languages.get(language) ?? 0) - 1;
    if (remaining > 0) this.languages.set(language, remaining);
    else this.languages.delete(language);
    // The title's words as `add` counted them.
    const title = countedWords(fieldText(section, 'title'), language);
    for (const [position, indexed] of title.words.entries()) {
      if (indexed.terms.length === 1)
        this.countTitleWord(indexed.terms[0]!, -title.counts[position]!);
    }
    // The section's terms, each once, from its figures (before FieldTerms forgets them).
    const own = this.pageLanguageCounts(section.meta.language);
    own.sections--;
    const ids = new Set<number>();
    for (let i = terms[0]!; i < terms[FIELDS.length]!; i += 2) ids.add(terms[i]!);
    for (const id of ids) {
      this.sectionsWithTerm[id]!--;
      own.withTerm[id]!--;
    }
    this.fieldTerms.remove(section.id);
    // A language whose last section went holds only zeros, as long as the vocabulary.
    if (own.sections === 0) this.byPageLanguage.delete(section.meta.language ?? '');
  }

  /** How many distinct terms the sections held hold. */
  get termCount(): number {
    return this.fieldTerms.heldTermCount;
  }

  /** How many pages the engine holds sections of. */
  get pageCount(): number {
    return this.pageNumbers.size;
  }

  /** The per-language counts of a page language (created empty). */
  private pageLanguageCounts(language: string | undefined): LanguageCounts {
    const key = language ?? '';
    let counts = this.byPageLanguage.get(key);
    if (!counts) {
      counts = { sections: 0, withTerm: new Int32Array(this.sectionsWithTerm.length) };
      this.byPageLanguage.set(key, counts);
    }
    return counts;
  }

  /**
   * Indexes the words other pages link to a section with (replacing earlier ones), in the
   * section's language. They are not counted in the term figures: those describe sections.
   */
  setLinkText(sectionId: string, texts: readonly string[], language: string | undefined): void {
    this.discardLinkText(sectionId);
    const slot = this.slots.get(sectionId);
    if (texts.length === 0 || slot === undefined) return;
    // Each wording once, and only the words the section's title and headings do not hold: a
    // link repeating the title says nothing new, and a much linked page is not a better answer.
    const distinct = [...new Set(texts.map((text) => text.toLowerCase()))];
    const { words, counts } = this.wordsNotHeaded(
      sectionId,
      countedWords(distinct.join('\n'), languageOf(language)),
    );
    if (words.length === 0) return;
    this.pendingWords[LINKS_FIELD] = words.map((indexed) => indexed.word);
    this.pendingKeys[LINKS_FIELD] = words.map((indexed, position) =>
      repeated(indexed.keys, counts[position]!),
    );
    this.miniSearch.add({ id: `${LINK_TEXT_PREFIX}${slot}`, linkText: true });
    this.pendingWords = [];
    this.pendingKeys = [];
    this.linkTexts.add(sectionId);
  }

  /** The words of which some term is not in the section's title or headings. */
  private wordsNotHeaded(sectionId: string, counted: CountedWords): CountedWords {
    const own = this.fieldTerms.termsOf(sectionId);
    if (!own) return counted;
    const headed = (key: string) => {
      const id = this.fieldTerms.idOf(key);
      return (
        id !== undefined && (frequencyIn(own, TITLE, id) > 0 || frequencyIn(own, HEADINGS, id) > 0)
      );
    };
    const words: IndexedWord[] = [];
    const counts: number[] = [];
    for (const [position, indexed] of counted.words.entries()) {
      if (indexed.keys.every(headed)) continue;
      words.push(indexed);
      counts.push(counted.counts[position]!);
    }
    return { words, counts };
  }

  /** Removes a section's link text, if it has any. */
  private discardLinkText(sectionId: string): void {
    if (!this.linkTexts.delete(sectionId)) return;
    this.miniSearch.discard(`${LINK_TEXT_PREFIX}${this.slots.get(sectionId)}`);
  }

  /** Counts a term (by id) in the section being added, once per section. */
  private countSectionWith(id: number): void {
    if (id >= this.sectionsWithTerm.length) {
      this.sectionsWithTerm = grown(this.sectionsWithTerm, id);
      this.lastSectionWithTerm = grown(this.lastSectionWithTerm, id);
    }
    if (this.lastSectionWithTerm[id] === this.currentSection) return;
    this.lastSectionWithTerm[id] = this.currentSection;
    this.sectionsWithTerm[id]!++;
    const own = this.currentPageLanguage;
    if (id >= own.withTerm.length) own.withTerm = grown(own.withTerm, id);
    own.withTerm[id]!++;
  }

  private countTitleWord(term: string, change: number): void {
    const count = (this.titleWords.get(term) ?? 0) + change;
    if (count > 0) this.titleWords.set(term, count);
    else this.titleWords.delete(term);
    if (count === 0 || count === change) this.sortedTitleWords = undefined;
  }

  /**
   * Title words that extend a query term: compounds of it and another indexed word (`chatbot`
   * for `chat`, not `showcas` for `show`), and derivations whose stem differs from its stem in
   * the last letter only (`transcript` for `transcrib`), the most frequent first.
   */
  private titleVariants(term: string): string[] {
    if (term.length < VARIANT_MIN_LENGTH) return [];
    this.sortedTitleWords ??= [...this.titleWords.keys()].sort();
    const sorted = this.sortedTitleWords;
    const derives = term.length >= DERIVATION_MIN_LENGTH;
    const stem = derives ? term.slice(0, -1) : term;
    const found: string[] = [];
    const from = partitionPoint(sorted.length, (i) => sorted[i]! < stem);
    for (let i = from; i < sorted.length && sorted[i]!.startsWith(stem); i++) {
      const word = sorted[i]!;
      if (word === term) continue;
      const compound =
        word.startsWith(term) &&
        word.length - term.length >= 3 &&
        this.frequencyOf(word.slice(term.length)) > 0;
      const derivation =
        derives && !word.startsWith(term) && word.length - stem.length <= DERIVATION_SUFFIX_MAX;
      if (compound || derivation) found.push(word);
    }
    return found
      .sort((a, b) => this.titleWords.get(b)! - this.titleWords.get(a)!)
      .slice(0, VARIANTS_MAX);
  }

  /**
   * How rare terms are among the sections of some page languages taken together (as sections
   * give them, undefined for a page that names none): one reader language's sections, as
   * `DocsIndex` resolves them. Both the coverage decision's rarity and the site-vocabulary
   * concepts count within it.
   */
  rarityAmong(pageLanguages: readonly (string | undefined)[]): TermRarity {
    const counts: LanguageCounts[] = [];
    for (const language of new Set(pageLanguages.map((language) => language ?? ''))) {
      const own = this.byPageLanguage.get(language);
      if (own) counts.push(own);
    }
    let sectionCount = 0;
    for (const own of counts) sectionCount += own.sections;
    const withTerm = (id: number) => {
      let held = 0;
      for (const own of counts) held += own.withTerm[id] ?? 0;
      return held;
    };
    return {
      sectionCount,
      withTerm,
      termFrequency: (term) => {
        const id = this.fieldTerms.idOf(storageKey(term));
        return id === undefined ? 0 : withTerm(id);
      },
    };
  }

  /** In how many sections a (processed) term occurs. */
  frequencyOf(term: string): number {
    const id = this.fieldTerms.idOf(storageKey(term));
    return id === undefined ? 0 : (this.sectionsWithTerm[id] ?? 0);
  }

  /**
   * The term of the site a word it never uses is a typo of, as search's fuzzy matching reaches it:
   * within its distance (one edit per five letters) by slips of the fingers only (text/slips.ts:
   * "wherever" is no typo of "whenever", nor "timer" of "time"), the first letter as typed
   * (readers seldom get it wrong, and a name such as "sentry" is not "entry"), the fewest slips,
   * then the most used, in READING_SECTIONS_MIN sections at least. Undefined for a word the site uses, a word that
   * is not lower-case letters of a cased script, or one with no such term.
   */
  readingOf(term: string): string | undefined {
    if (!isWord(term, FUZZY_LENGTH_MIN) || !/^\p{Ll}+$/u.test(term)) return undefined;
    if (storageKey(term) !== term || this.frequencyOf(term) > 0) return undefined;
    const maxDistance = Math.min(MAX_FUZZY, Math.round(term.length * FUZZY_SHARE));
    let best: string | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    let bestSections = 0;
    const candidates: [key: string, id: number][] = [];
    for (const [key, [id]] of this.bodyText.near(term, maxDistance)) candidates.push([key, id]);
    // Two letters swapped are two edits to the tree's (Levenshtein) distance, one typo to a
    // reader: each swap is looked up as it is, cheaper than a walk of the tree at two edits.
    for (let i = 1; i < term.length - 1; i++) {
      const swapped = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
      const id = swapped === term ? undefined : this.fieldTerms.idOf(swapped);
      if (id !== undefined) candidates.push([swapped, id]);
    }
    for (const [key, id] of candidates) {
      if (key === term || key[0] !== term[0]) continue;
      const sections = this.sectionsWithTerm[id] ?? 0;
      if (sections < READING_SECTIONS_MIN) continue;
      // Within reach by slips of the fingers only: a real word is not a typo of its neighbour.
      const distance = slipsBetween(term, key, maxDistance);
      if (distance === Number.POSITIVE_INFINITY) continue;
      if (distance < bestDistance || (distance === bestDistance && sections > bestSections)) {
        best = key;
        bestDistance = distance;
        bestSections = sections;
      }
    }
    return best;
  }

  search(query: string, options: EngineSearchOptions = {}): EngineHit[] {
    const { language, accept, pageLanguages, limit = Number.POSITIVE_INFINITY } = options;
    const plan = this.planQuery(query, languageOf(language));
    if (plan.specific.length + plan.common.length === 0) return [];
    const known = (term: string) => this.frequencyOf(term) > 0;
    const termOf = new Map<string, string>();
    const keysOf = (terms: string[]) =>
      terms.map((term) => {
        const key = storageKey(term);
        termOf.set(key, term);
        return key;
      });
    const specific = keysOf(plan.specific);
    const common = keysOf(plan.common);
    const titled = keysOf(plan.titled);
    const boostTerm = (key: string) => {
      const term = termOf.get(key) ?? key;
      return plan.joined.has(term) ? JOINED_BOOST : plan.parts.has(term) ? PART_BOOST : 1;
    };
    // planQuery's terms are processed already (some deliberately unstemmed): processing them
    // again would turn "tools" back into the far more common "tool".
    const asPlanned = { tokenize: (term: string) => [term], processTerm: (term: string) => term };
    // One typo per five letters; short words must be spelled right, and very long "words"
    // (pasted data) are never expanded: fuzzy matching allocates by length. A typo in a CJK
    // word is a wrong character, not a letter: no fuzzy matching for those.
    const fuzzy = (key: string) => {
      const term = termOf.get(key) ?? key;
      return isWord(term, FUZZY_LENGTH_MIN) && !known(term) && term === key ? FUZZY_SHARE : false;
    };
    const prefix = (key: string) => {
      const term = termOf.get(key) ?? key;
      return isWord(term, 3) && !known(term);
    };
    const boostDocument = pageLanguages && this.inPageLanguages(pageLanguages);
    const run = (commonFields: Field[]) =>
      this.holdsBodyText
        ? this.heldSearch(
            [
              ...specific.map((key) => ({ key, fields: FIELDS })),
              ...common.map((key) => ({ key, fields: commonFields })),
              ...titled.map((key) => ({ key, fields: ['title'] as const })),
            ],
            { fuzzy, prefix, boostTerm, boostDocument },
          )
        : this.miniSearch.search(
            {
              combineWith: 'OR',
              queries: [
                { queries: specific, combineWith: 'OR', fields: [...FIELDS] },
                { queries: common, combineWith: 'OR', fields: commonFields },
                { queries: titled, combineWith: 'OR', fields: ['title'] },
              ],
            },
            {
              ...asPlanned,
              fuzzy,
              prefix,
              boostTerm,
              ...(boostDocument && { boostDocument }),
            },
          );
    // Sections' link text, looked up apart (its few documents, by the exact words), so that the
    // sections' hits need not be searched for it.
    const linked =
      this.linkTexts.size > 0 && specific.length > 0
        ? this.miniSearch.search(
            { queries: specific, combineWith: 'OR' },
            { ...asPlanned, fields: [LINKS], fuzzy: false, prefix: false, boostTerm },
          )
        : [];
    // MiniSearch would filter every hit before sorting them; sorted first, the best are enough.
    const best = (fields: Field[]) =>
      this.firstAccepted(withLinkText(run(fields), linked), accept, limit);
    const found = run(['title', 'headings']);
    const hits = this.firstAccepted(withLinkText(found, linked), accept, limit);
    if (hits.length === 0 && plan.common.length > 0) return best(['title', 'headings', 'text']);
    const concepts = this.conceptsOf(found, specific, plan, options.languagePages);
    // What was not looked up everywhere still counts where it occurs in the sections found:
    // the common words looked up in titles and headings, in body text; the words looked up in
    // titles only, in headings and body text; the words past the limits, in every field; the
    // identifier parts past the budget, in titles and headings.
    const rest: Lookup[] = [
      ...plan.common
        .filter((term) => !plan.parts.has(term))
        .map((term): Lookup => ({ key: storageKey(term), field: 'text' })),
      ...plan.dropped.flatMap((term) =>
        FIELDS.map((field): Lookup => ({ key: storageKey(term), field })),
      ),
      ...plan.titled.flatMap((term) =>
        (['headings', 'text'] as const).map((field): Lookup => ({ key: storageKey(term), field })),
      ),
      ...plan.droppedParts.flatMap((term) =>
        (['title', 'headings'] as const).map(
          (field): Lookup => ({ key: storageKey(term), field, boost: PART_BOOST }),
        ),
      ),
      // A title word extending one of the query's adds to the weight of the sections found, but
      // is not another word of the reader's (MiniSearch multiplies by the words matched).
      ...plan.variants.map(
        (term): Lookup => ({
          key: storageKey(term),
          field: 'title',
          boost: VARIANT_BOOST,
          extra: true,
        }),
      ),
      ...concepts.flatMap(({ key, association }) =>
        (['title', 'headings'] as const).map(
          (field): Lookup => ({
            key,
            field,
            boost: CONCEPT_BOOST * association,
            extra: true,
          }),
        ),
      ),
    ];
    return this.rescored(hits, rest);
  }

  /**
   * Adds to the hits the weight of terms in fields they were not looked up in, as BM25+ counts
   * it (from the engine's own per-section figures, `FieldTerms`), and sorts them again. Looking
   * a common term up walks its long posting list (the bulk of a query's time on a large site);
   * here a term's frequency in a found section is either a binary search in the section's few
   * hundred terms or, when the term's postings are few enough, read walking them.
   * Sections that match only these terms, and nothing else of the query, are not found: they
   * would rank low anyway.
   */
  private rescored(hits: Found[], lookups: Lookup[]): Found[] {
    const { fieldTerms } = this;
    const sections = fieldTerms.sectionCount;
    if (lookups.length === 0 || sections === 0) return hits;
    const postings = lookups.flatMap(
      ({ key, field: name, boost = 1, extra = false }): Posting[] => {
        const id = fieldTerms.idOf(key);
        const field = FIELD_NUMBERS.get(name)!;
        const matching = id === undefined ? 0 : fieldTerms.sectionsWith(field, id);
        if (id === undefined || matching === 0) return [];
        const idf = inverseFrequency(matching, sections);
        const averageLength = fieldTerms.averageLength(field) || 1;
        const weight = BOOST[name] * boost * idf;
        return [{ key, id, field, weight, averageLength, extra, matching }];
      },
    );
    if (postings.length === 0) return hits;
    const cap = Math.min(hits.length, RESCORED_HITS_MAX);
    const matched = new Int32Array(cap);
    for (let i = 0; i < cap; i++) matched[i] = hits[i]!.queryTerms.length;
    const added = new Float64Array(cap);
    const weigh = (i: number, posting: Posting, frequency: number) => {
      const hit = hits[i]!;
      const { key, field, weight, averageLength, extra } = posting;
      added[i]! += weight * saturation(frequency, fieldLengthOf(hit.terms!, field), averageLength);
      if (!extra && !hit.queryTerms.includes(key)) hit.queryTerms.push(key);
    };
    // A term in few sections is read from its postings, walked in order; the others section by
    // section, each section's figures read from memory once for them all. Either way each hit
    // adds its terms' weights in the order of the lookups.
    const walked = this.holdsBodyText
      ? postings.map(({ matching }) => matching <= WALKED_POSTINGS_PER_HIT * cap)
      : postings.map(() => false);
    const hitAt = this.hitAt.length >= this.sectionAt.length ? this.hitAt : undefined;
    try {
      if (hitAt) {
        for (let i = 0; i < cap; i++) if (hits[i]!.terms) hitAt[hits[i]!.slot] = i + 1;
      }
      for (const [n, posting] of postings.entries()) {
        if (walked[n] && hitAt) {
          this.bodyText.holding(posting.field, posting.id, (slot, frequency) => {
            const at = hitAt[slot]!;
            if (at !== 0) weigh(at - 1, posting, frequency);
          });
          continue;
        }
        for (let i = 0; i < cap; i++) {
          const { terms } = hits[i]!;
          if (!terms) continue;
          const frequency = frequencyIn(terms, posting.field, posting.id);
          if (frequency !== 0) weigh(i, posting, frequency);
        }
      }
    } finally {
      if (hitAt) for (let i = 0; i < cap; i++) hitAt[hits[i]!.slot] = 0;
    }
    // MiniSearch multiplies a hit's summed score by the number of query terms it matched.
    for (let i = 0; i < cap; i++) {
      if (added[i]! === 0) continue;
      const hit = hits[i]!;
      hit.score = (hit.score / Math.max(1, matched[i]!) + added[i]!) * hit.queryTerms.length;
    }
    if (cap === hits.length) return hits.sort((a, b) => b.score - a.score);
    // Scores only grow: the hits past the cap still rank below every rescored one.
    const head = hits.slice(0, cap).sort((a, b) => b.score - a.score);
    for (let i = cap; i < hits.length; i++) head.push(hits[i]!);
    return head;
  }

  /**
   * The title and heading words of the site most associated with the question's specific words
   * (site-vocabulary.ts), from the lookup's best hits, sections holding those words.
   */
  private conceptsOf(
    found: MiniSearchHit[],
    specific: string[],
    plan: QueryPlan,
    languagePages: readonly (string | undefined)[] | undefined,
  ): { key: string; association: number }[] {
    const sourceIds: number[] = [];
    const sourceOf = new Map<string, number>();
    for (const key of specific) {
      const id = this.fieldTerms.idOf(key);
      if (id === undefined || plan.joined.has(key)) continue;
      sourceOf.set(key, sourceIds.length);
      sourceIds.push(id);
    }
    if (sourceIds.length < 2) return [];
    // The best sections only, as many as page aggregation reads (local context analysis): the
    // cost of a query stays the same on a larger site.
    const hits: SourceHit[] = [];
    for (let n = 0; n < Math.min(found.length, RESCORED_HITS_MAX); n++) {
      const slot = found[n]!.id;
      if (typeof slot !== 'number') continue;
      const sources: number[] = [];
      for (const term of found[n]!.queryTerms) {
        const source = sourceOf.get(term);
        if (source !== undefined) sources.push(source);
      }
      if (sources.length > 0) {
        hits.push({ terms: this.termsAt[slot], sources, page: this.pageNumberAt[slot]! });
      }
    }
    // Within the reader's language when the site has pages in it: across a site in several
    // languages, two words of one language meet far more often than chance.
    const own = languagePages && this.rarityAmong(languagePages);
    const inLanguage = own !== undefined && own.sectionCount > 0 ? own : undefined;
    const planned = [
      ...plan.specific,
      ...plan.common,
      ...plan.titled,
      ...plan.dropped,
      ...plan.variants,
    ].map(storageKey);
    const asked = new Set(planned.map((key) => this.fieldTerms.idOf(key)));
    const common = this.commonThreshold();
    const concepts = this.conceptFinder.find(
      sourceIds,
      hits,
      {
        sections: inLanguage?.sectionCount ?? this.sections,
        sectionsWith: (id) =>
          inLanguage ? inLanguage.withTerm(id) : (this.sectionsWithTerm[id] ?? 0),
        headedIn: (id) =>
          this.fieldTerms.sectionsWith(TITLE, id) + this.fieldTerms.sectionsWith(HEADINGS, id),
        candidate: (id) => (this.sectionsWithTerm[id] ?? 0) <= common && !asked.has(id),
        // Too short a word has too many senses ("app", "use"); a word holding one of the
        // question's or held in it (a compound; a script written without spaces, segmented
        // otherwise in titles) is that word, not another for it.
        distinct: (id) => {
          const key = this.fieldTerms.keyOf(id)!;
          return (
            key.length >= VARIANT_MIN_LENGTH &&
            !planned.some((word) => key.includes(word) || word.includes(key))
          );
        },
      },
      [TITLE, HEADINGS],
    );
    return concepts.map(({ id, association }) => ({
      key: this.fieldTerms.keyOf(id)!,
      association,
    }));
  }

  /**
   * The hits MiniSearch would return for the keys, each looked up in its fields, had it the
   * sections' text: the terms each key reaches as MiniSearch reaches them (the key itself, its
   * prefix and typo matches), weighed from the engine's postings with MiniSearch's arithmetic
   * (a section's score is its sum over the keys, times how many keys it matched), best first.
   */
  private heldSearch(
    lookups: { key: string; fields: readonly Field[] }[],
    lookup: {
      fuzzy: (key: string) => number | false;
      prefix: (key: string) => boolean;
      boostTerm: (key: string) => number;
      /** 0 for a section of another language: it is no hit. */
      boostDocument: ((id: number | string) => number) | undefined;
    },
  ): MiniSearchHit[] {
    const hits: MiniSearchHit[] = [];
    const slots = this.sectionAt.length;
    if (this.hitAt.length < slots) {
      this.sumAt = new Float64Array(slots * 2);
      this.hitAt = new Int32Array(slots * 2);
      this.sourceAt = new Int32Array(slots * 2);
    }
    const { sumAt, hitAt, sourceAt } = this;
    const documentCount = this.miniSearch.documentCount;
    const { boostDocument } = lookup;
    try {
      for (const [position, { key, fields }] of lookups.entries()) {
        const sourceNumber = position + 1;
        const add = (slot: number, score: number) => {
          if (boostDocument?.(slot) === 0) return;
          let at = hitAt[slot]!;
          if (at === 0) {
            at = hits.push({
              id: slot,
              score: 0,
              terms: NO_TERMS,
              queryTerms: [],
              match: NO_MATCH,
            });
            hitAt[slot] = at;
          }
          sumAt[slot]! += score;
          // A key's matches come one after the other: it is looked for once per hit.
          if (sourceAt[slot] === sourceNumber) return;
          sourceAt[slot] = sourceNumber;
          const { queryTerms } = hits[at - 1]!;
          if (!queryTerms.includes(key)) queryTerms.push(key);
        };
        const fuzzy = lookup.fuzzy(key);
        const maxDistance =
          fuzzy === false ? 0 : Math.min(MAX_FUZZY, Math.round(key.length * fuzzy));
        const id = this.fieldTerms.idOf(key);
        const termBoost = lookup.boostTerm(key);
        for (const match of this.bodyText.matches(key, id, lookup.prefix(key), maxDistance)) {
          for (const name of fields) {
            const field = FIELD_NUMBERS.get(name)!;
            this.bodyText.score(match, field, termBoost, BOOST[name], documentCount, add);
          }
        }
      }
      // MiniSearch multiplies a hit's summed score by the number of query keys it matched.
      for (const hit of hits) hit.score = sumAt[hit.id as number]! * (hit.queryTerms.length || 1);
    } finally {
      for (const hit of hits) {
        const slot = hit.id as number;
        sumAt[slot] = 0;
        hitAt[slot] = 0;
        sourceAt[slot] = 0;
      }
    }
    return hits.sort((a, b) => b.score - a.score);
  }

  /**
   * A `boostDocument` (MiniSearch's option, and `heldSearch`'s) turning away the sections of
   * pages in other languages: 0 stops the walk before it scores and collects the posting. Link
   * text documents pass (their sections are tested with `accept`).
   */
  private inPageLanguages(
    languages: readonly (string | undefined)[],
  ): (id: number | string) => number {
    const wanted = new Uint8Array(this.pageLanguageCodes.size);
    for (const language of languages) {
      const code = this.pageLanguageCodes.get(language);
      if (code !== undefined) wanted[code] = 1;
    }
    const languageAt = this.pageLanguageAt;
    return (id) => (typeof id === 'number' ? wanted[languageAt[id]!]! : 1);
  }

  /** The first `limit` hits whose section `accept` accepts, in order. */
  private firstAccepted(
    hits: MiniSearchHit[],
    accept: ((section: IndexedSection) => boolean) | undefined,
    limit: number,
  ): Found[] {
    const found: Found[] = [];
    for (const hit of hits) {
      if (found.length >= limit) break;
      const slot = hit.id as number;
      const section = this.sectionAt[slot];
      if (section === undefined || (accept && !accept(section))) continue;
      const { score, queryTerms } = hit;
      found.push({
        section,
        score,
        queryTerms,
        page: this.pageNumberAt[slot]!,
        titleInitial: this.titleInitialAt[slot]!,
        terms: this.termsAt[slot],
        slot,
      });
    }
    return found;
  }

  /**
   * Splits the query into specific words (looked up everywhere) and common ones: a word in
   * many sections has little BM25 weight in body text but a long posting list, so it is only
   * looked up in titles and headings, where it still means something. Long questions keep
   * their QUERY_TERMS_MAX most specific words.
   */
  private planQuery(query: string, language: Language): QueryPlan {
    const frequency = (term: string) => this.frequencyOf(term);
    const known = (term: string) => this.frequencyOf(term) > 0;
    const queryWords = words(withoutContractions(query.slice(0, QUERY_CHARS_MAX)), language);
    const others = this.variantLanguages(language);
    // Each of the reader's words, by its term, with the other forms the index may hold it in.
    const wordsByTerm = new Map<string, Set<string>>();
    // The parts of an identifier (`OpenTelemetry`: open, telemetry) say what it is about where a
    // title or heading uses them; in body text they are mostly other words (`DeepSeek`: deep).
    const identifierParts = new Set<string>();
    const add = (term: string, forms: Iterable<string>) => {
      const family = wordsByTerm.get(term) ?? new Set([term]);
      for (const form of forms) family.add(form);
      wordsByTerm.set(term, family);
    };
    for (const word of queryWords) {
      // An identifier is looked up whole (`useChat`); a hyphenated or snake_case word also by
      // its parts, as prose. Splitting every identifier would multiply the work per query.
      const [whole, ...parts] = cachedWordTerms(word, language);
      if (whole === undefined) continue;
      const forms: string[] = [];
      // Porter stems are not always consistent ("embed" -> "emb" but "embedding" -> "embed"):
      // the word itself counts too when the index knows it.
      const lower = foldCase(word);
      if (lower !== whole && known(lower)) forms.push(lower);
      // The index may hold the word as another of its languages processed it (an English word
      // in a German question, a question whose language is unknown).
      for (const other of others) {
        const [variant] = cachedWordTerms(word, other);
        if (variant !== undefined && variant !== whole && known(variant)) forms.push(variant);
      }
      // A plain word the site never uses is looked up as the word of the site it is a typo of,
      // as the answer reads it (readingOf); a name or an identifier as written.
      if (
        forms.length === 0 &&
        parts.length === 0 &&
        (LOWER_WORD.test(word) || word === queryWords[0])
      ) {
        const reading = this.readingOf(whole);
        if (reading !== undefined) forms.push(reading);
      }
      add(whole, forms);
      for (const part of parts) if (!wordsByTerm.has(part)) identifierParts.add(part);
    }
    for (const [term, family] of wordsByTerm) {
      for (const form of [...family]) {
        // A stem stemmed again can be another indexed term ("embeddings" -> "embed" -> "emb",
        // the stem of the word "embed"): looked up too, classified by its own frequency.
        const again = plainTerm(form, language);
        if (again && again !== form && known(again)) family.add(again);
      }
      // The index holds stems, so a word typed past its stem ("embedd", unknown or nearly so)
      // also looks up the longest known stem it starts with ("embed").
      if (frequency(term) < RARE_TERM && term.length <= WORD_LENGTH_MAX) {
        for (let length = term.length - 1; length >= 4; length--) {
          if (known(term.slice(0, length))) {
            family.add(term.slice(0, length));
            break;
          }
        }
      }
    }
    // A word the index knows in another form (another language's stem) is looked up in that
    // form only: typo and prefix matching of the unknown one would only cost time.
    for (const [term, family] of wordsByTerm) {
      if (!known(term) && [...family].some(known)) family.delete(term);
    }
    // The reader's most specific words are kept; an unknown word too short for prefix or typo
    // matching cannot match anything and must not take the place of one that can.
    const specificity = (term: string) =>
      Math.max(0, ...[...wordsByTerm.get(term)!].map(frequency));
    // The words of asking ("want", "a way to", "get rid of") come after the others, however rare
    // on the site (docs seldom write "I want"): they say how the question is put, not what it is
    // about, and would otherwise take the places of the words it is about ("link", "heading").
    const asking = askingTermsOf(language);
    const askedWith = (term: string) => (asking.has(term) ? 1 : 0);
    const ranked = [...wordsByTerm.keys()]
      .filter((term) => [...wordsByTerm.get(term)!].some(known) || isWord(term, 3))
      .sort((a, b) => askedWith(a) - askedWith(b) || specificity(a) - specificity(b));
    const rarest = ranked.slice(0, QUERY_TERMS_MAX);
    const terms = new Set(rarest.flatMap((term) => [...wordsByTerm.get(term)!]));
    const past = new Set(
      ranked
        .slice(QUERY_TERMS_MAX)
        .flatMap((term) => [...wordsByTerm.get(term)!])
        .filter((term) => known(term) && !terms.has(term)),
    );
    // "use chat" or "stream text" also looks up the identifier `useChat` / `streamText`; "JSON
    // parse" or "UI message" the part of one where an acronym runs into a word (`JSONParseError`,
    // `UIMessage`), which the index holds stemmed as one word (`jsonpars`, `uimessag`).
    const joined = new Set<string>();
    for (const [position, word] of queryWords.entries()) {
      const next = queryWords[position + 1];
      if (next === undefined) continue;
      const whole = identifierTerm(`${word}${next}`);
      const pair =
        known(whole) || !ACRONYM.test(word) ? whole : plainTerm(`${word}${next}`, language);
      if (pair && known(pair) && !terms.has(pair)) joined.add(pair);
    }
    const common = this.commonThreshold();
    const ordered = [...terms];
    // The rarest few: each common one (`ai` of `OpenAI`) walks a long posting list.
    const parts = [...identifierParts]
      .filter((part) => known(part) && !terms.has(part))
      .sort((a, b) => frequency(a) - frequency(b))
      .slice(0, COMMON_TERMS_MAX);
    // The rarest common words, each with all its forms (`page` and another language's `pag`
    // are one word of the reader's).
    const wordOf = new Map<string, string>();
    for (const word of rarest) for (const form of wordsByTerm.get(word)!) wordOf.set(form, word);
    const commonTerms = ordered
      .filter((term) => frequency(term) > common)
      .sort((a, b) => frequency(a) - frequency(b));
    const commonWords = new Set<string>();
    const lookedUp: string[] = [];
    const weighed: string[] = [];
    for (const term of commonTerms) {
      const word = wordOf.get(term) ?? term;
      if (commonWords.size < COMMON_TERMS_MAX) commonWords.add(word);
      (commonWords.has(word) ? lookedUp : weighed).push(term);
    }
    const specific = [...ordered, ...joined].filter((term) => frequency(term) <= common);
    const looked = [...specific, ...lookedUp, ...parts, ...weighed, ...past];
    const asked = new Set(looked);
    const variants = new Set(
      looked.flatMap((term) => this.titleVariants(term)).filter((term) => !asked.has(term)),
    );
    const budgeted = this.withinPostings([...lookedUp, ...parts], [TITLE, HEADINGS]);
    // A long question's words past the most specific few may be those of the answering page's
    // title ("status", "show" for "Streaming Status Shows But No Text Appears", past "spinner"
    // and "arrives"): the words that are not common are looked up in titles, which are few.
    // A word of asking is no title's lead ("get" is not "Getting Started"): only weighed.
    const titled = this.withinPostings(
      [...past].filter((term) => frequency(term) <= common && !asking.has(term)),
      [TITLE],
    );
    return {
      specific,
      joined,
      common: [...lookedUp, ...parts].filter((term) => budgeted.has(term)),
      parts: new Set(parts),
      dropped: [
        ...weighed,
        ...lookedUp.filter((term) => !budgeted.has(term)),
        ...[...past].filter((term) => !titled.has(term)),
      ],
      droppedParts: parts.filter((term) => !budgeted.has(term)),
      variants: [...variants],
      titled: [...titled],
    };
  }

  /** The terms to look up in `fields`, rarest there first, within COMMON_POSTINGS_MAX. */
  private withinPostings(terms: string[], fields: readonly number[]): Set<string> {
    const postings = (term: string) => {
      const id = this.fieldTerms.idOf(storageKey(term));
      if (id === undefined) return 0;
      let count = 0;
      for (const field of fields) count += this.fieldTerms.sectionsWith(field, id);
      return count;
    };
    const rarest = terms
      .map((term) => ({ term, postings: postings(term) }))
      .sort((a, b) => a.postings - b.postings);
    const kept = new Set<string>();
    let walked = 0;
    for (const { term, postings } of rarest) {
      if (kept.size > 0 && walked + postings > COMMON_POSTINGS_MAX) break;
      kept.add(term);
      walked += postings;
    }
    return kept;
  }

  /**
   * The languages a query's words are also looked up in: the script defaults for a query in a
   * known language; the index's own languages for one whose language is unknown.
   */
  private variantLanguages(language: Language): Language[] {
    if (language !== NEUTRAL) return [NEUTRAL];
    return [...this.languages.keys()].filter((other) => other !== NEUTRAL);
  }
}

const TITLE = FIELD_NUMBERS.get('title')!;
const HEADINGS = FIELD_NUMBERS.get('headings')!;

interface Posting {
  key: string;
  id: number;
  field: number;
  /** The field's boost times the term's inverse document frequency in that field. */
  weight: number;
  averageLength: number;
  extra: boolean;
  /** In how many sections the term is in that field. */
  matching: number;
}

/** What `heldSearch`'s hits have of MiniSearch's per-term match details: none, nothing reads them. */
const NO_TERMS: string[] = [];
const NO_MATCH: MiniSearchHit['match'] = {};

/** A term `rescored` weighs in one field of the sections found. */
interface Lookup {
  key: string;
  field: Field;
  /** Multiplies the term's weight (default 1). */
  boost?: number;
  /** Adds weight without counting as one more query word matched. */
  extra?: boolean;
}

/**
 * The hits with each link text document's score added to its section's, as if the link text were
 * one more field of the section: MiniSearch sums a hit's weight over the query terms it matched
 * and multiplies the sum by how many it matched.
 */
function withLinkText(hits: MiniSearchHit[], linked: MiniSearchHit[]): MiniSearchHit[] {
  if (linked.length === 0) return hits;
  const linkOf = new Map<number, MiniSearchHit>();
  for (const link of linked) {
    linkOf.set(Number((link.id as string).slice(LINK_TEXT_PREFIX.length)), link);
  }
  // Few sections have link text: their hits are taken out and put back higher, in place.
  const raised: MiniSearchHit[] = [];
  const moved: number[] = [];
  for (let i = 0; i < hits.length && linkOf.size > 0; i++) {
    const hit = hits[i]!;
    const link = linkOf.get(hit.id as number);
    if (!link) continue;
    linkOf.delete(hit.id as number);
    const sum =
      hit.score / Math.max(1, hit.queryTerms.length) +
      link.score / Math.max(1, link.queryTerms.length);
    const queryTerms = [...hit.queryTerms];
    for (const term of link.queryTerms) {
      if (!queryTerms.includes(term)) queryTerms.push(term);
    }
    raised.push({ ...hit, queryTerms, score: sum * queryTerms.length });
    moved.push(i);
  }
  // Link text of a section the query did not otherwise match finds it.
  for (const [id, link] of linkOf) raised.push({ ...link, id });
  // A copy: the lookup's own hits stay as they were for the site-vocabulary concepts.
  const kept = hits.slice();
  for (let i = moved.length - 1; i >= 0; i--) kept.splice(moved[i]!, 1);
  // Each before the first hit scoring below it (hits are sorted best first).
  for (const hit of raised) {
    kept.splice(
      partitionPoint(kept.length, (i) => kept[i]!.score >= hit.score),
      0,
      hit,
    );
  }
  return kept;
}
