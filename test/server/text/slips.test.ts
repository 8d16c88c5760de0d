import { describe, expect, it } from 'vitest';
import { slipsBetween } from '../../../src/server/text/slips.ts';

describe('slipsBetween', () => {
  it('counts the slips of a reader typing a word', () => {
    expect(slipsBetween('serach', 'search', 2)).toBe(1); // two letters swapped
    expect(slipsBetween('sidbar', 'sidebar', 2)).toBe(1); // a letter left out
    expect(slipsBetween('siddebarr', 'sidebar', 2)).toBe(2); // letters doubled
    expect(slipsBetween('sesrch', 'search', 2)).toBe(1); // a key next to the meant one
    expect(slipsBetween('configuracion', 'configuración', 2)).toBe(1); // an accent left off
    expect(slipsBetween('colour', 'color', 2)).toBe(1); // British spellings
    expect(slipsBetween('customis', 'customiz', 2)).toBe(1);
  });

  it('reads no ordinary word as its neighbour', () => {
    expect(slipsBetween('wherev', 'whenev', 2)).toBe(Number.POSITIVE_INFINITY); // far keys
    expect(slipsBetween('smell', 'small', 2)).toBe(Number.POSITIVE_INFINITY);
    expect(slipsBetween('timer', 'time', 2)).toBe(Number.POSITIVE_INFINITY); // a letter added
    expect(slipsBetween('chart', 'chat', 2)).toBe(Number.POSITIVE_INFINITY);
    expect(slipsBetween('regist', 'registr', 1)).toBe(Number.POSITIVE_INFINITY); // cut short
  });

  it('counts no more than the most slips allowed', () => {
    expect(slipsBetween('sidbarr', 'sidebar', 1)).toBe(Number.POSITIVE_INFINITY);
  });
});
