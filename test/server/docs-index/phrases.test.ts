import { describe, expect, it } from 'vitest';
import {
  longestPhrase,
  phraseTermsOf,
  queryPhrases,
} from '../../../src/server/docs-index/phrases.ts';
import { languageOf } from '../../../src/server/text/terms.ts';

const english = languageOf('en');

describe('longestPhrase', () => {
  it('counts the query terms a text writes in a row, stop words and punctuation aside', () => {
    const query = queryPhrases(
      "'Component' refers to a value, but is being used as a type",
      english,
    );
    const text = phraseTermsOf(
      '- `Component` refers to a value, but is being used as a type',
      english,
    );
    expect(longestPhrase(query, text)).toBe(query.terms.length);
    expect(query.terms.length).toBeGreaterThanOrEqual(4);
  });

  it('reads identifiers whole and words stemmed', () => {
    const query = queryPhrases('Cannot find useChat messages streaming', english);
    expect(
      longestPhrase(query, phraseTermsOf('it cannot find `useChat` message streams', english)),
    ).toBe(4);
  });

  it('is 0 without two terms in a row', () => {
    const query = queryPhrases('sidebar navigation on phones', english);
    expect(longestPhrase(query, phraseTermsOf('phones show the navigation', english))).toBe(0);
  });
});
