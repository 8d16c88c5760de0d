/**
 * The one tokenizer: what a term is, for the search index, query planning and the embedded
 * model's answers alike. A word becomes lower-cased (NFKC, so full-width and half-width forms
 * meet), loses its stop words and is stemmed in its language; identifiers stay first-class.
 */
import { type Language, languageForScript, languageOf } from './languages.ts';
import { WordCache } from './word-cache.ts';
import { isUnspaced, scriptOf, words } from './words.ts';

export type { Language } from './languages.ts';
export { languageOf, NEUTRAL, primaryTag } from './languages.ts';
export { scriptOf, words } from './words.ts';

/** `useChat`, `use-chat`, `use_chat`: a lower-to-upper case step, a hyphen or an underscore. */
const CASE_STEP = /[\p{Ll}\p{N}]\p{Lu}/u;
const COMPOUND_PARTS = /[-_]+|(?<=[\p{Ll}\p{N}])(?=\p{Lu})/u;
const LETTERS_ONLY = /^[\p{L}\p{M}]+$/u;
const NON_ASCII = /[^\p{ASCII}]/u;

function isCompound(word: string): boolean {
  return word.includes('-') || word.includes('_') || CASE_STEP.test(word);
}

/** Lower case, and NFKC outside ASCII so `ｕｓｅ` and `ｻｲﾄﾞﾊﾞｰ` meet `use` and `サイドバー`. */
export function foldCase(word: string): string {
  return NON_ASCII.test(word) ? word.normalize('NFKC').toLowerCase() : word.toLowerCase();
}

/**
 * The term of a single word (no compound splitting): null for a stop word or a lone letter.
 * Korean words are written with particles attached; their terms are syllable pairs, see
 * `wordTerms`, so this returns the whole word for them.
 */
export function plainTerm(word: string, language: Language): string | null {
  const lower = foldCase(word);
  const script = scriptOf(lower);
  // One Latin, Cyrillic... letter is not a word (one Han character or kana often is; a digit
  // names a version).
  if (lower.length < 2 && !isUnspaced(script) && !/\p{N}/u.test(lower)) return null;
  const own = languageForScript(language, script);
  if (own.stopWords.has(lower)) return null;
  return own.stem && LETTERS_ONLY.test(lower) ? own.stem(lower) : lower;
}

/**
 * Hangul words carry their particles (사이드바를, 사이드바에): the terms of a Korean word are its
 * syllable pairs, as Lucene's CJK bigram filter indexes them, so word forms still meet.
 */
function hangulPairs(word: string): string[] {
  if (word.length <= 2) return [word];
  const pairs: string[] = [];
  for (let i = 0; i < word.length - 1; i++) pairs.push(word.slice(i, i + 2));
  return pairs;
}

/**
 * The term of an identifier as a whole: `useChat`, `use-chat` and `use_chat` all become
 * `usechat`. Code reads the same in every language: identifiers are not stemmed.
 */
export function identifierTerm(identifier: string): string {
  return foldCase(identifier.replace(/[-_]+/g, ''));
}

/**
 * The terms of one word. An identifier counts whole (`identifierTerm`) and also by its parts,
 * so "use chat" in prose still meets `useChat`.
 */
export function wordTerms(word: string, language: Language): string[] {
  if (isCompound(word)) {
    const terms = [identifierTerm(word)];
    for (const part of word.split(COMPOUND_PARTS)) {
      const term = part && plainTerm(part, language);
      if (term && term.length > 1 && !terms.includes(term)) terms.push(term);
    }
    return terms;
  }
  const term = plainTerm(word, language);
  if (term === null) return [];
  return scriptOf(term) === 'Hangul' ? hangulPairs(term) : [term];
}

/**
 * Indexing sees the same few ten thousand words millions of times; stemming dominated the
 * build before this cache.
 */
const termCache = new WordCache<string[]>(500_000, wordTerms);

/** `wordTerms`, cached: for indexing, where the same words come back all the time. */
export function cachedWordTerms(word: string, language: Language): string[] {
  return termCache.get(word, language);
}

/**
 * Empties the cache once a build is done: nothing else needs it, and it holds a few MB of heap
 * on a large site. Files re-indexed by --watch later refill it a little.
 */
export function clearTermCache(): void {
  termCache.clear();
}

/**
 * The terms of a text in order, duplicates kept. `language` is a BCP-47 tag (`zh-cn`, `pt-br`)
 * or a Language; missing or unknown, each word is processed by its script's default (English
 * for Latin script), and unspaced scripts are still segmented.
 */
export function tokenize(text: string, language?: string | Language): string[] {
  const resolved = typeof language === 'object' ? language : languageOf(language);
  const terms: string[] = [];
  for (const word of words(text, resolved)) {
    for (const term of cachedWordTerms(word, resolved)) terms.push(term);
  }
  return terms;
}

/**
 * The part of a stem every form of its word starts with: the stem less its last letter
 * (`librari` → `librar`, `convert` and `conversion` meet at `conver`); a short or non-alphabetic
 * term whole.
 */
export function stemStart(term: string): string {
  if (!/^[a-z]+$/.test(term) || term.length <= 3) return term;
  const stable = term.endsWith('i') ? term.slice(0, -1) : term;
  return stable.slice(0, Math.max(3, stable.length - 1));
}
