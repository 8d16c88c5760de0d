/**
 * Phrases of the query that a section writes word for word. BM25 weighs words one by one; a
 * reader who pastes an error message or a sentence of the docs ("'Component' refers to a value,
 * but is being used as a type") gives a run of words that only the page quoting it writes in
 * that order, which says more than the same words scattered over a page.
 */
import { type Language, words, wordTerms } from '../text/terms.ts';
import { WordCache } from '../text/word-cache.ts';
import { withoutContractions } from '../text/words.ts';

/**
 * The shortest run of the query's terms (stop words left out) that counts as a phrase. Two or
 * three terms in a row are common in any prose ("dev server", "AI SDK harness", "reasoning and
 * tool calls"): at three, answers on the development sets lost as many facts as pages gained.
 */
export const PHRASE_TERMS_MIN = 4;

/** A word's term as the phrase sees it: the whole word (an identifier whole), '' for none. */
const phraseTerms = new WordCache<string>(50_000, (word, language) => {
  const [term] = wordTerms(word, language);
  return term ?? '';
});

/** The terms of a text in order, stop words left out. */
export function phraseTermsOf(text: string, language: Language): string[] {
  const terms: string[] = [];
  for (const word of words(text, language)) {
    const term = phraseTerms.get(word, language);
    if (term !== '') terms.push(term);
  }
  return terms;
}

/** A query's terms in order, ready to be looked for as phrases (`longestPhrase`). */
export interface QueryPhrases {
  terms: string[];
  /** Where each pair of adjacent terms starts in `terms`. */
  pairs: Map<string, number[]>;
}

export function queryPhrases(query: string, language: Language): QueryPhrases {
  const terms = phraseTermsOf(withoutContractions(query), language);
  const pairs = new Map<string, number[]>();
  for (let i = 0; i + 1 < terms.length; i++) {
    const key = `${terms[i]} ${terms[i + 1]}`;
    const starts = pairs.get(key);
    if (starts) starts.push(i);
    else pairs.set(key, [i]);
  }
  return { terms, pairs };
}

/** The most terms of the query a text writes in a row, in the query's order (0 below two). */
export function longestPhrase(query: QueryPhrases, text: string[]): number {
  let longest = 0;
  for (let at = 0; at + 1 < text.length; at++) {
    const starts = query.pairs.get(`${text[at]} ${text[at + 1]}`);
    if (!starts) continue;
    for (const start of starts) {
      let length = 2;
      while (
        start + length < query.terms.length &&
        at + length < text.length &&
        query.terms[start + length] === text[at + length]
      ) {
        length++;
      }
      if (length > longest) longest = length;
    }
  }
  return longest;
}
