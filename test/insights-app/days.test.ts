import { describe, expect, test } from 'vitest';
import { dailySeries, lastDays, percent } from '../../src/insights-app/days.ts';

const NOON = Date.parse('2026-03-02T12:00:00Z');

describe('lastDays', () => {
  test('the last n UTC days, today included, across a month end', () => {
    const range = lastDays(7, NOON);
    expect(range).toEqual({
      from: '2026-02-24',
      to: '2026-03-02',
      days: [
        '2026-02-24',
        '2026-02-25',
        '2026-02-26',
        '2026-02-27',
        '2026-02-28',
        '2026-03-01',
        '2026-03-02',
      ],
    });
    expect(lastDays(90, NOON).days).toHaveLength(90);
  });
});

describe('dailySeries', () => {
  test('every day of the range, zero questions and no share on days without any', () => {
    const range = lastDays(3, NOON);
    const series = dailySeries(range, [
      { day: '2026-02-28', questions: 4, covered: 3 },
      { day: '2026-03-02', questions: 3, covered: 0 },
      // Outside the range: ignored.
      { day: '2026-01-01', questions: 9, covered: 9 },
    ]);
    expect(series).toEqual({
      x: [Date.parse('2026-02-28') / 1000, Date.parse('2026-03-01') / 1000, NOON / 1000 - 43_200],
      questions: [4, 0, 3],
      answered: [75, null, 0],
    });
  });
});

describe('percent', () => {
  test('whole percentages, one decimal under 10%, 0 of nothing', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(1, 40)).toBe(2.5);
    expect(percent(0, 0)).toBe(0);
  });
});
