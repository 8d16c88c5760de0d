/**
 * How text becomes search terms. Shared by indexing and querying so both sides agree.
 */
import { stemmer } from 'stemmer';
import { FenceTracker } from './markdown.ts';

const STOP_WORDS = new Set(
  'a an and are as at be but by can do does for from how i if in into is it its me my of on or so that the then there these this to use using was we what when where which who why will with you your'.split(
    ' ',
  ),
);

/**
 * Words are split at spaces, punctuation and symbols. MiniSearch's default leaves symbols in,
 * so `` `streamText` `` in prose became a term with backticks that no query matches.
 */
export const TERM_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;

/** The tokenizer of indexing and querying. */
export function tokenize(text: string): string[] {
  return text.split(TERM_SEPARATOR).filter((token) => token !== '');
}

/** Letters only; `gpt4o` or `use_chat` are not words a stemmer knows. */
const PLAIN_WORD = /^[a-z]+$/i;

/**
 * Query side: lower-case, no stop words, Porter stem ("tokens", "tokenized" -> "token") so a
 * question need not use the docs' word forms. Other tokens pass through lower-cased.
 */
export function processQueryTerm(term: string): string | null {
  const lower = term.toLowerCase();
  if (STOP_WORDS.has(lower)) return null;
  return PLAIN_WORD.test(term) ? stemmer(lower) : lower;
}

/**
 * Indexing sees the same few ten thousand words millions of times; stemming dominated the
 * build before this cache. Bounded so a site of random tokens cannot grow it forever.
 */
const indexTermCache = new Map<string, string[] | null>();
const INDEX_TERM_CACHE_MAX = 500_000;

/**
 * Index side: an identifier like `streamText` is also indexed by its parts so "stream text"
 * finds it. Queries are not split: that would multiply the work per query.
 */
export function processIndexTerm(term: string): string[] | null {
  let terms = indexTermCache.get(term);
  if (terms === undefined) {
    if (indexTermCache.size >= INDEX_TERM_CACHE_MAX) indexTermCache.clear();
    terms = indexTerms(term);
    indexTermCache.set(term, terms);
  }
  return terms;
}

/**
 * Empties the cache once a build is done: nothing else needs it, and it holds about 4 MB of heap
 * on ai-sdk-docs (its keys are slices, which also keep the strings they were cut from).
 * Files re-indexed by --watch later refill it a little.
 */
export function clearIndexTermCache(): void {
  indexTermCache.clear();
}

function indexTerms(term: string): string[] | null {
  const lower = processQueryTerm(term);
  if (lower === null) return null;
  if (!/[a-z0-9][A-Z]/.test(term)) return [lower];
  const parts = term
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(' ')
    .map(processQueryTerm)
    .filter((part) => part !== null && part.length > 1);
  return [lower, ...(parts as string[])];
}

/**
 * The text of a section as search sees it. JSX tags and link targets are noise; code counts
 * once per distinct word, since repeating an identifier in an example says little more and
 * code is often half of a reference page (halving the indexing work).
 */
export function searchableText(content: string): string {
  const prose: string[] = [];
  let code = new Set<string>();
  const fences = new FenceTracker();
  for (const line of content.split('\n')) {
    if (fences.isCode(line)) {
      for (const word of line.split(TERM_SEPARATOR)) if (word.length > 1) code.add(word);
      continue;
    }
    if (code.size > 0) {
      prose.push([...code].join(' '));
      code = new Set();
    }
    prose.push(line.replace(/<\/?[A-Za-z][^>]*>/g, ' ').replace(/\]\([^)]*\)/g, ']'));
  }
  if (code.size > 0) prose.push([...code].join(' '));
  return prose.join('\n');
}
