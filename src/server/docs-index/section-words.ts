/**
 * The words of a section as the search engine indexes them: per field, its distinct words in
 * order of first occurrence and how often each occurs. Worked out on the thread that indexes
 * (engine.ts) or, for a large site, by the page reader's worker thread (page-reader.ts), which
 * sends them as numbers.
 */
import { type Language, languageOf, words, wordTerms } from '../text/terms.ts';
import { WordCache } from '../text/word-cache.ts';
import { hasUnspacedScript, spacedWords } from '../text/words.ts';
import { FenceTracker } from './markdown.ts';
import type { Page, PageMeta, Section } from './types.ts';

/**
 * A section with the page metadata that filters need, and the address of the page it
 * translates (search names a translated page by it).
 */
export interface IndexedSection extends Section {
  meta: PageMeta & Pick<Page, 'translationKey'>;
}

export const FIELDS = ['title', 'headings', 'text'] as const;
export type Field = (typeof FIELDS)[number];
export const FIELD_NUMBERS = new Map<Field, number>(FIELDS.map((field, number) => [field, number]));

/** What search sees of a section, per field. */
export function fieldText(section: IndexedSection, field: Field): string {
  if (field === 'title') return section.pageTitle;
  if (field === 'headings') return section.headings.slice(1).join(' ');
  // The page description summarises the page: it belongs to the page's first section (its
  // top, or its first heading's section when nothing precedes that heading).
  const text = searchableText(section.content, languageOf(section.meta.language));
  return section.lead ? `${section.meta.description ?? ''}\n${text}` : text;
}

/**
 * MiniSearch's radix tree finds a child by scanning a node's keys one by one. Keyed by CJK
 * characters and Hangul syllables (tens of thousands of values), a node has thousands of
 * children: a Chinese site indexed several times slower. Such code units are stored as two, of
 * 256 values each (private-use characters, which are never part of a word).
 */
const WIDE = /[\u2e80-\uffff]/;

export function storageKey(term: string): string {
  if (!WIDE.test(term)) return term;
  let key = '';
  for (let i = 0; i < term.length; i++) {
    const code = term.charCodeAt(i);
    key +=
      code < 0x2e80 ? term[i] : String.fromCharCode(0xe000 + (code >> 8), 0xe100 + (code & 0xff));
  }
  return key;
}

/** What indexing needs of a word, worked out once per distinct word and language. */
export interface IndexedWord {
  /** The word as written. */
  word: string;
  terms: string[];
  /** The terms as MiniSearch stores them (`storageKey`). */
  keys: string[];
  /** The last section whose terms were counted with these (see `SectionEngine.add`). */
  section: number;
  /** The last field (`fieldsCounted`) the word occurred in, and how often it did there. */
  field: number;
  count: number;
  /** The last block of code (`WordCounter.addOnce`) the word was counted in. */
  block: number;
  /**
   * The terms' ids in an engine's FieldTerms, while its `numbering` is `idsNumbering` (words
   * are shared by engines, and a FieldTerms numbers terms again as they are forgotten).
   */
  ids: number[];
  idsNumbering: object | undefined;
  /** Its number in the page reader's messages (page-reader.ts); -1 until sent. */
  number: number;
}

/** A word whose terms are known (worked out here, or received from the page reader). */
export function knownWord(word: string, terms: string[], keys: string[]): IndexedWord {
  return {
    word,
    terms,
    keys,
    section: 0,
    field: 0,
    count: 0,
    block: 0,
    ids: [],
    idsNumbering: undefined,
    number: -1,
  };
}

/**
 * A word the page reader's worker worked out (page-reader.ts): kept with the words of this
 * thread, so the pages this thread reads itself find it instead of working it out again; the
 * word this thread has already, if any.
 */
export function receivedWord(
  word: string,
  terms: string[],
  keys: string[],
  languageTag: string,
): IndexedWord {
  return indexedWords.keep(word, languageOf(languageTag), knownWord(word, terms, keys));
}

function indexedWord(word: string, language: Language): IndexedWord {
  const terms = wordTerms(word, language);
  return knownWord(
    word,
    terms,
    terms.some((term) => WIDE.test(term)) ? terms.map(storageKey) : terms,
  );
}

const indexedWords = new WordCache(500_000, indexedWord);
/** Numbers the fields counted, so an IndexedWord counts its occurrences in one. */
let fieldsCounted = 0;
/** Numbers the blocks of code counted, whose words count once per block. */
let blocksCounted = 0;

/**
 * Empties the cache of indexed words once a build is done: nothing else needs it, and it holds
 * a few MB of heap on a large site. Files re-indexed by --watch later refill it a little.
 */
export function clearIndexedWords(): void {
  indexedWords.clear();
}

/** A field's distinct words, in order of first occurrence, and how often each occurs. */
export interface CountedWords {
  words: IndexedWord[];
  counts: ArrayLike<number>;
}

/** The counted words of each field of a section (in FIELDS order). */
export function sectionWords(section: IndexedSection): CountedWords[] {
  const language = languageOf(section.meta.language);
  return FIELDS.map((field) =>
    field === 'text'
      ? textWords(section, language)
      : countedWords(fieldText(section, field), language),
  );
}

/** A site has a few ten thousand distinct words: the cached word counts its own occurrences. */
export function countedWords(text: string, language: Language): CountedWords {
  const counter = new WordCounter(language);
  counter.add(words(text, language));
  return counter.counted();
}

/** Counts a field's words, as `countedWords` does, given in parts. */
class WordCounter {
  private readonly distinct: IndexedWord[] = [];
  private readonly stamp = ++fieldsCounted;
  private readonly language: Language;

  constructor(language: Language) {
    this.language = language;
  }

  add(found: string[]): void {
    for (const word of found) this.count(indexedWords.get(word, this.language));
  }

  /** Counts a block of code's words once each, leaving out those of one character. */
  addOnce(found: string[]): void {
    const block = ++blocksCounted;
    for (const word of found) {
      if (word.length < 2) continue;
      const indexed = indexedWords.get(word, this.language);
      if (indexed.block === block) continue;
      indexed.block = block;
      this.count(indexed);
    }
  }

  counted(): CountedWords {
    return { words: this.distinct, counts: this.distinct.map((indexed) => indexed.count) };
  }

  private count(indexed: IndexedWord): void {
    if (indexed.field === this.stamp) {
      indexed.count++;
      return;
    }
    indexed.field = this.stamp;
    indexed.count = 1;
    this.distinct.push(indexed);
  }
}

/**
 * The counted words of `fieldText(section, 'text')`. No word spans a line or a space (a run of
 * an unspaced script ends at either too), so the text's parts are counted as they are found
 * instead of joined first and tokenized again (code twice: once to keep its distinct words, then
 * from the joined text).
 */
function textWords(section: IndexedSection, language: Language): CountedWords {
  const counter = new WordCounter(language);
  if (section.lead) counter.add(words(section.meta.description ?? '', language));
  // Prose lines are tokenized a run at a time: one regex pass per run instead of per line.
  let prose: string[] = [];
  const addProse = () => {
    if (prose.length === 0) return;
    counter.add(words(prose.join('\n'), language));
    prose = [];
  };
  forSearchableParts(
    section.content,
    (lines) => prose.push(lines),
    (code) => {
      addProse();
      if (!hasUnspacedScript(code)) counter.addOnce(spacedWords(code));
      // Segmented words of an unspaced script are searched as `searchableText` keeps them:
      // joined, then segmented again (a pair of characters kept as a word splits again).
      else counter.add(words(distinctCodeWords(code, language).join(' '), language));
    },
  );
  addProse();
  return counter.counted();
}

/** A block of code's distinct words, in order, leaving out those of one character. */
function distinctCodeWords(code: string, language: Language): string[] {
  const distinct = new Set<string>();
  for (const word of words(code, language)) {
    if (word.length > 1) distinct.add(word);
  }
  return [...distinct];
}

/**
 * The text of a section as search sees it. JSX tags and link targets are noise; code counts
 * once per distinct word, since repeating an identifier in an example says little more and
 * code is often half of a reference page (halving the indexing work).
 */
export function searchableText(content: string, language: Language): string {
  const prose: string[] = [];
  forSearchableParts(
    content,
    (lines) => prose.push(lines),
    (code) => {
      const distinct = distinctCodeWords(code, language);
      if (distinct.length > 0) prose.push(distinct.join(' '));
    },
  );
  return prose.join('\n');
}

/**
 * Walks a section's content in order: its prose without JSX tags and link targets, in pieces
 * of whole lines (to be joined with line breaks: lines left as they are come as one slice of
 * the content), and each run of code lines at once (words never span lines: one pass per block
 * instead of one per line).
 */
function forSearchableParts(
  content: string,
  onProse: (lines: string) => void,
  onCode: (code: string) => void,
): void {
  const fences = new FenceTracker();
  let codeStart = -1;
  let codeEnd = 0;
  /** Where the lines left as they are, not yet passed on, start (-1: none). */
  let proseStart = -1;
  let proseEnd = 0;
  // Where the next tag and link target are (-1: none left): most lines have neither, and
  // knowing it spares two regex passes (and a copy of the line).
  let nextTag = content.indexOf('<');
  let nextLink = content.indexOf('](');
  const endProse = () => {
    if (proseStart >= 0) onProse(content.slice(proseStart, proseEnd));
    proseStart = -1;
  };
  for (let lineStart = 0; lineStart <= content.length; ) {
    const newline = content.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? content.length : newline;
    if (fences.isCode(content, lineStart, lineEnd)) {
      endProse();
      if (codeStart < 0) codeStart = lineStart;
      codeEnd = lineEnd;
    } else {
      if (codeStart >= 0) onCode(content.slice(codeStart, codeEnd));
      codeStart = -1;
      if (nextTag >= 0 && nextTag < lineStart) nextTag = content.indexOf('<', lineStart);
      if (nextLink >= 0 && nextLink < lineStart) nextLink = content.indexOf('](', lineStart);
      const hasTag = nextTag >= 0 && nextTag < lineEnd;
      if (hasTag || (nextLink >= 0 && nextLink < lineEnd)) {
        endProse();
        const line = content.slice(lineStart, lineEnd);
        let text = hasTag ? line.replace(/<\/?[A-Za-z][^>]*>/g, ' ') : line;
        if (text.includes('](')) text = text.replace(/\]\([^)]*\)/g, ']');
        onProse(text);
      } else {
        if (proseStart < 0) proseStart = lineStart;
        proseEnd = lineEnd;
      }
    }
    lineStart = lineEnd + 1;
  }
  endProse();
  if (codeStart >= 0) onCode(content.slice(codeStart, codeEnd));
}
