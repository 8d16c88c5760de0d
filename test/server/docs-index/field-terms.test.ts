import { describe, expect, it } from 'vitest';
import {
  FieldTerms,
  fieldLengthOf,
  frequencyIn,
} from '../../../src/server/docs-index/field-terms.ts';

/** How often a term occurs in a field of a section, read as the engine reads it. */
function frequency(terms: FieldTerms, sectionId: string, field: number, id: number): number {
  const figures = terms.termsOf(sectionId);
  return figures ? frequencyIn(figures, field, id) : 0;
}

describe('FieldTerms', () => {
  const add = (terms: FieldTerms, id: string, fields: string[][]) => {
    fields.forEach((words, field) => {
      for (const term of terms.idsOf(words)) terms.count(field, term);
    });
    terms.commit(id);
  };

  it('keeps each section’s term frequencies, field lengths and the sections holding a term', () => {
    const terms = new FieldTerms(2);
    add(terms, 'a', [['cach'], ['cach', 'respons', 'cach', 'provid']]);
    add(terms, 'b', [['stream'], ['respons']]);
    const [cach, respons, stream] = terms.idsOf(['cach', 'respons', 'stream']) as number[];
    expect(frequency(terms, 'a', 1, cach!)).toBe(2);
    expect(frequency(terms, 'a', 1, respons!)).toBe(1);
    expect(frequency(terms, 'b', 1, cach!)).toBe(0);
    expect(frequency(terms, 'b', 0, stream!)).toBe(1);
    expect(fieldLengthOf(terms.termsOf('a')!, 1)).toBe(3);
    expect(fieldLengthOf(terms.termsOf('a')!, 0)).toBe(1);
    expect(fieldLengthOf(terms.termsOf('b')!, 1)).toBe(1);
    expect(terms.averageLength(1)).toBe(2);
    expect(terms.sectionsWith(1, respons!)).toBe(2);
    expect(terms.sectionsWith(0, respons!)).toBe(0);
    expect(terms.idOf('unknown')).toBeUndefined();
  });

  it('forgets a removed section, and counts a section added again afresh', () => {
    const terms = new FieldTerms(1);
    add(terms, 'a', [['cach', 'cach']]);
    add(terms, 'b', [['cach']]);
    const cach = terms.idOf('cach')!;
    terms.remove('a');
    expect(terms.sectionCount).toBe(1);
    expect(frequency(terms, 'a', 0, cach)).toBe(0);
    expect(terms.sectionsWith(0, cach)).toBe(1);
    expect(terms.averageLength(0)).toBe(1);
    add(terms, 'a', [['cach']]);
    expect(frequency(terms, 'a', 0, cach)).toBe(1);
    expect(terms.sectionsWith(0, cach)).toBe(2);
  });

  it('forgets the terms no section holds any more, and numbers new terms in their place', () => {
    const terms = new FieldTerms(2);
    add(terms, 'kept', [['cach'], ['respons']]);
    const forgotten: string[] = [];
    terms.whenForgotten((key) => forgotten.push(key));
    const numbering = terms.numbering;
    add(terms, 'draft', [['draft'], ['cach', 'quokka']]);
    const quokka = terms.idOf('quokka')!;
    terms.remove('draft');
    expect(forgotten.sort()).toEqual(['draft', 'quokka']);
    expect(terms.idOf('quokka')).toBeUndefined();
    expect(terms.idOf('cach')).toBeDefined();
    expect(terms.keyOf(quokka)).toBe('');
    expect(terms.numbering).not.toBe(numbering);
    // A --watch server: a page saved again and again, with new words each time.
    for (let edit = 0; edit < 100; edit++) {
      add(terms, 'draft', [[`draft${edit}`], ['cach', `word${edit}`]]);
      expect(terms.sectionsWith(1, terms.idOf(`word${edit}`)!)).toBe(1);
      terms.remove('draft');
    }
    expect(terms.heldTermCount).toBe(2);
    expect(terms.termCount).toBe(4);
    expect(terms.sectionsWith(0, terms.idOf('cach')!)).toBe(1);
    expect(terms.sectionsWith(1, terms.idOf('cach')!)).toBe(0);
  });

  it('grows past its first thousand terms', () => {
    const terms = new FieldTerms(1);
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    add(terms, 'a', [words]);
    expect(frequency(terms, 'a', 0, terms.idOf('w2999')!)).toBe(1);
    expect(terms.sectionsWith(0, terms.idOf('w2999')!)).toBe(1);
  });
});
