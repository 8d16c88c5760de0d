/**
 * The rates of a run, overall and per language label, and the thresholds a CI gate sets on them.
 */
import type { QuestionResult } from './grade.ts';

export interface Rate {
  count: number;
  of: number;
  /** count / of; null when there was nothing to measure (of = 0). */
  value: number | null;
}

export interface Rates {
  /** Covered questions answered (not refused) with an expected page cited. */
  answeredAndCited: Rate;
  /** Covered questions refused as "not covered". */
  falseRefusals: Rate;
  /** Covered questions with a fact whose answer matched it. */
  factsFound: Rate;
  /** Uncovered questions refused. */
  offTopicRefused: Rate;
  /** Covered questions with an expected page in the top 5 search results. */
  recallAt5: Rate;
  /** Questions whose request or stream failed. */
  errors: number;
}

export type RateName = Exclude<keyof Rates, 'errors'>;

export const RATE_LABELS: Record<RateName, string> = {
  answeredAndCited: 'answered and cited',
  falseRefusals: 'false refusals',
  factsFound: 'facts found',
  offTopicRefused: 'off-topic refused',
  recallAt5: 'recall@5',
};

function rate(count: number, of: number): Rate {
  return { count, of, value: of === 0 ? null : count / of };
}

export function computeRates(results: QuestionResult[]): Rates {
  const covered = results.filter((r) => !r.uncovered);
  const uncovered = results.filter((r) => r.uncovered);
  const withFact = covered.filter((r) => r.fact !== undefined);
  const countOf = (list: QuestionResult[], test: (r: QuestionResult) => boolean) =>
    rate(list.filter(test).length, list.length);
  return {
    answeredAndCited: countOf(covered, (r) => r.answeredAndCited),
    falseRefusals: countOf(covered, (r) => r.refused),
    factsFound: countOf(withFact, (r) => r.factFound === true),
    offTopicRefused: countOf(uncovered, (r) => r.refused),
    recallAt5: countOf(covered, (r) => r.retrievalHit),
    errors: results.filter((r) => r.error !== undefined).length,
  };
}

/** Rates per `language` label, in order of first appearance; empty when no question has one. */
export function ratesByLanguage(results: QuestionResult[]): Record<string, Rates> {
  const groups = new Map<string, QuestionResult[]>();
  for (const r of results) {
    if (r.language) groups.set(r.language, [...(groups.get(r.language) ?? []), r]);
  }
  return Object.fromEntries([...groups].map(([language, list]) => [language, computeRates(list)]));
}

export interface Threshold {
  rate: RateName;
  bound: 'min' | 'max';
  /** As given (`0.9`, `1/30`), for messages. */
  given: string;
  value: number;
}

export interface ThresholdOutcome extends Threshold {
  /** Where it was checked: `all` or a language label. */
  scope: string;
  actual: Rate;
  met: boolean;
}

/** A decimal (`0.9`) or a fraction (`1/30`) between 0 and 1. */
export function parseRatio(text: string): number | undefined {
  const fraction = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  const value = fraction ? Number(fraction[1]) / Number(fraction[2]) : Number(text);
  return text.trim() !== '' && Number.isFinite(value) && value >= 0 && value <= 1
    ? value
    : undefined;
}

/** Float noise must not fail `27/30 >= 0.9`. */
const EPSILON = 1e-9;

export function checkThresholds(
  thresholds: Threshold[],
  rates: Rates,
  scope = 'all',
): ThresholdOutcome[] {
  return thresholds.map((threshold) => {
    const actual = rates[threshold.rate];
    // Nothing to measure is not a pass: a gate that cannot check must not stay green.
    const met =
      actual.value !== null &&
      (threshold.bound === 'min'
        ? actual.value >= threshold.value - EPSILON
        : actual.value <= threshold.value + EPSILON);
    return { ...threshold, scope, actual, met };
  });
}
