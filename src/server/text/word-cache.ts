/**
 * What the tokenizer works out once per distinct word and language (terms, storage keys), for
 * indexing: a site has a few ten thousand distinct words and millions of occurrences. Bounded
 * so a site of random tokens cannot grow it forever: when full it empties and refills with the
 * words still in use, which is cheaper than tracking which entry to evict.
 */
import type { Language } from './languages.ts';

export class WordCache<T> {
  private readonly byLanguage = new Map<Language, Map<string, T>>();
  private entries = 0;
  private readonly max: number;
  private readonly compute: (word: string, language: Language) => T;
  /** The last language asked for and its words: a page's words are all in one language. */
  private lastLanguage: Language | undefined;
  private lastCache: Map<string, T> | undefined;

  /** @param max the most entries it holds, over all languages */
  constructor(max: number, compute: (word: string, language: Language) => T) {
    this.max = max;
    this.compute = compute;
  }

  /** How many words it holds, over all languages. */
  get size(): number {
    return this.entries;
  }

  /** The value of a word in a language, computed on first use. */
  get(word: string, language: Language): T {
    const cache = this.cacheOf(language);
    const value = cache.get(word);
    return value === undefined ? this.add(cache, word, this.compute(word, language)) : value;
  }

  /**
   * The value of a word in a language, `value` kept for it when it has none yet (worked out
   * elsewhere, e.g. by another thread); the kept value either way.
   */
  keep(word: string, language: Language, value: T): T {
    const cache = this.cacheOf(language);
    const known = cache.get(word);
    return known === undefined ? this.add(cache, word, value) : known;
  }

  /** The words of a language, the last one asked for first. */
  private cacheOf(language: Language): Map<string, T> {
    let cache = language === this.lastLanguage ? this.lastCache : this.byLanguage.get(language);
    if (!cache) {
      cache = new Map();
      this.byLanguage.set(language, cache);
    }
    this.lastLanguage = language;
    this.lastCache = cache;
    return cache;
  }

  /** Holds a new word, emptying every language first when full. */
  private add(cache: Map<string, T>, word: string, value: T): T {
    if (this.entries >= this.max) this.clear();
    cache.set(word, value);
    this.entries++;
    return value;
  }

  clear(): void {
    for (const cache of this.byLanguage.values()) cache.clear();
    this.entries = 0;
  }
}
