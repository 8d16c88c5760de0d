import { describe, expect, it } from 'vitest';
import { languageOf } from '../../../src/server/text/languages.ts';
import { WordCache } from '../../../src/server/text/word-cache.ts';

const english = languageOf('en');
const german = languageOf('de');

describe('WordCache', () => {
  it('works a word out once per language', () => {
    const computed: string[] = [];
    const cache = new WordCache(100, (word, language) => {
      computed.push(`${language.tag}:${word}`);
      return `${word}/${language.tag}`;
    });
    expect(cache.get('Haus', english)).toBe('Haus/en');
    expect(cache.get('Haus', german)).toBe('Haus/de');
    expect(cache.get('Haus', english)).toBe('Haus/en');
    expect(computed).toEqual(['en:Haus', 'de:Haus']);
    expect(cache.size).toBe(2);
  });

  it('holds at most its bound, over all languages, and still answers once full', () => {
    const cache = new WordCache(10, (word) => word.toUpperCase());
    for (let n = 0; n < 95; n++) {
      expect(cache.get(`word${n}`, n % 2 ? english : german)).toBe(`WORD${n}`);
      expect(cache.size).toBeLessThanOrEqual(10);
    }
    expect(cache.size).toBe(5);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps a value worked out elsewhere, unless it has one for the word already', () => {
    const computed: string[] = [];
    const cache = new WordCache(100, (word: string) => {
      computed.push(word);
      return { word };
    });
    const received = { word: 'Haus' };
    expect(cache.keep('Haus', german, received)).toBe(received);
    expect(cache.get('Haus', german)).toBe(received);
    const own = cache.get('Baum', german);
    expect(cache.keep('Baum', german, { word: 'Baum' })).toBe(own);
    expect(cache.keep('Haus', english, { word: 'Haus' })).not.toBe(received);
    expect(computed).toEqual(['Baum']);
    expect(cache.size).toBe(3);
  });
});
