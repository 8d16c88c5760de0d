import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../../../src/server/eval/grade.ts';
import {
  checkThresholds,
  computeRates,
  parseRatio,
  ratesByLanguage,
  type Threshold,
} from '../../../src/server/eval/rates.ts';

let n = 0;
function result(over: Partial<QuestionResult>): QuestionResult {
  return {
    id: `q${++n}`,
    question: 'q',
    uncovered: false,
    pages: ['a'],
    retrieved: [],
    cited: [],
    refused: false,
    answeredAndCited: false,
    retrievalHit: false,
    answer: '',
    failures: [],
    ...over,
  };
}

const results = [
  result({
    answeredAndCited: true,
    retrievalHit: true,
    fact: 'x',
    factFound: true,
    language: 'en',
  }),
  result({
    answeredAndCited: true,
    retrievalHit: true,
    fact: 'y',
    factFound: false,
    language: 'en',
  }),
  result({ refused: true, retrievalHit: true, fact: 'z', factFound: false, language: 'ja' }),
  result({ answeredAndCited: false, retrievalHit: false, language: 'ja' }),
  result({ error: 'HTTP 502: down', language: 'ja' }),
  result({ uncovered: true, pages: [], refused: true, language: 'en' }),
  result({ uncovered: true, pages: [], refused: false }),
];

describe('computeRates', () => {
  it('counts each rate over the questions it is about', () => {
    expect(computeRates(results)).toEqual({
      answeredAndCited: { count: 2, of: 5, value: 0.4 },
      falseRefusals: { count: 1, of: 5, value: 0.2 },
      factsFound: { count: 1, of: 3, value: 1 / 3 },
      offTopicRefused: { count: 1, of: 2, value: 0.5 },
      recallAt5: { count: 3, of: 5, value: 0.6 },
      errors: 1,
    });
  });

  it('gives null, not 0 or 1, when there is nothing to measure', () => {
    const rates = computeRates([result({ uncovered: true, pages: [], refused: true })]);
    expect(rates.answeredAndCited).toEqual({ count: 0, of: 0, value: null });
    expect(rates.offTopicRefused.value).toBe(1);
  });

  it('splits by language label, leaving unlabelled questions out', () => {
    const byLanguage = ratesByLanguage(results);
    expect(Object.keys(byLanguage)).toEqual(['en', 'ja']);
    expect(byLanguage['en']!.answeredAndCited).toEqual({ count: 2, of: 2, value: 1 });
    expect(byLanguage['en']!.offTopicRefused).toEqual({ count: 1, of: 1, value: 1 });
    expect(byLanguage['ja']!.recallAt5).toEqual({ count: 1, of: 3, value: 1 / 3 });
    expect(byLanguage['ja']!.errors).toBe(1);
    expect(ratesByLanguage([result({})])).toEqual({});
  });
});

describe('thresholds', () => {
  it('reads decimals and fractions between 0 and 1', () => {
    expect(parseRatio('0.9')).toBe(0.9);
    expect(parseRatio('1/30')).toBe(1 / 30);
    expect(parseRatio(' 9 / 10 ')).toBe(0.9);
    for (const bad of ['', 'x', '1.5', '-0.1', '3/2', '1/0'])
      expect(parseRatio(bad)).toBeUndefined();
  });

  const t = (rate: Threshold['rate'], bound: Threshold['bound'], given: string): Threshold => ({
    rate,
    bound,
    given,
    value: parseRatio(given)!,
  });

  it('meets a bound equal to the rate, float noise included, and misses one beyond it', () => {
    const rates = computeRates([
      ...Array.from({ length: 27 }, () => result({ answeredAndCited: true })),
      ...Array.from({ length: 3 }, () => result({ refused: true })),
    ]);
    const outcomes = checkThresholds(
      [
        t('answeredAndCited', 'min', '0.9'),
        t('answeredAndCited', 'min', '0.91'),
        t('falseRefusals', 'max', '3/30'),
        t('falseRefusals', 'max', '1/30'),
      ],
      rates,
    );
    expect(outcomes.map((o) => o.met)).toEqual([true, false, true, false]);
    expect(outcomes[0]).toMatchObject({ scope: 'all', actual: { count: 27, of: 30 } });
  });

  it('fails a threshold on a rate with nothing to measure', () => {
    const rates = computeRates([result({ answeredAndCited: true })]);
    const [outcome] = checkThresholds([t('offTopicRefused', 'min', '0.9')], rates, 'ja');
    expect(outcome).toMatchObject({ met: false, scope: 'ja', actual: { value: null } });
  });
});
