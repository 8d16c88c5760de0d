/**
 * The answer gate: the project's question sets through `docs-assistant eval`'s machinery (the
 * code `npm run eval` runs: the real assistant route in this process, the embedded model), each
 * corpus held to thresholds. Where a rate meets the target of issue 14 the threshold is the
 * target; where it does not, the threshold is the rate reached today, so that no change makes
 * answers worse unnoticed. Those rates are bounded by retrieval (recall@5 of the set, below):
 * a page search does not return cannot be quoted.
 *
 * Targets: false refusals ≤ 1/30, off-topic refused ≥ 0.9, answered and cited ≥ 0.9, facts
 * found ≥ 0.85.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadQuestionSet } from '../../../src/server/eval/questions.ts';
import { parseRatio, type RateName, type Threshold } from '../../../src/server/eval/rates.ts';
import { type EvalReport, runEval } from '../../../src/server/eval/run.ts';
import { inProcessTarget } from '../../../src/server/eval/targets.ts';

const here = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));

interface GateSet {
  questions: string;
  docs: string;
  /** Per rate: `min` or `max`, and the ratio (as the eval command takes it). */
  thresholds: Partial<Record<RateName, ['min' | 'max', string]>>;
}

/**
 * recall@5 today: ai-sdk-docs 39/43, starlight-docs 42/45, vite-docs 43/45, multilingual 48/48.
 * The development and held-out sets (dev-*.json, held-out-*.json, run by `npm run eval`) are
 * deliberately not gated here: they were written to judge changes, not to tune them.
 */
const GATE: GateSet[] = [
  {
    questions: 'ai-sdk-docs.json',
    docs: 'ai-sdk-docs',
    thresholds: {
      falseRefusals: ['max', '1/30'],
      offTopicRefused: ['min', '0.9'],
      answeredAndCited: ['min', '0.9'],
      factsFound: ['min', '0.85'],
    },
  },
  {
    questions: 'starlight-docs.json',
    docs: 'starlight-docs',
    thresholds: {
      falseRefusals: ['max', '1/30'],
      offTopicRefused: ['min', '0.9'],
      answeredAndCited: ['min', '0.9'],
      factsFound: ['min', '39/45'],
    },
  },
  {
    questions: 'vite-docs.json',
    docs: 'vite-docs',
    thresholds: {
      falseRefusals: ['max', '1/30'],
      offTopicRefused: ['min', '0.9'],
      answeredAndCited: ['min', '43/45'],
      factsFound: ['min', '38/44'],
    },
  },
  {
    // The project's own docs, what `npm start` serves (docs/ in the repository, not a copy).
    questions: 'demo-docs.json',
    docs: '../../../docs',
    thresholds: {
      falseRefusals: ['max', '1/30'],
      offTopicRefused: ['min', '0.9'],
      answeredAndCited: ['min', '0.9'],
      factsFound: ['min', '0.85'],
    },
  },
  {
    questions: 'starlight-multilingual.json',
    docs: 'starlight-docs',
    thresholds: {
      falseRefusals: ['max', '1/30'],
      answeredAndCited: ['min', '0.9'],
      factsFound: ['min', '44/48'],
    },
  },
];

function thresholdsOf(set: GateSet): Threshold[] {
  return Object.entries(set.thresholds).map(([rate, [bound, given]]) => ({
    rate: rate as RateName,
    bound,
    given,
    value: parseRatio(given)!,
  }));
}

describe.each(GATE)('answer gate: $questions', (set) => {
  let report: EvalReport;
  beforeAll(async () => {
    const questions = await loadQuestionSet(here(`fixtures/questions/${set.questions}`));
    const target = await inProcessTarget({ docs: here(`fixtures/corpora/${set.docs}`) });
    report = await runEval(questions, target, { thresholds: thresholdsOf(set) });
  }, 300_000);

  it('meets every threshold', () => {
    const missed = report.thresholds
      .filter((t) => !t.met)
      .map((t) => `${t.rate} ${t.actual.count}/${t.actual.of} (${t.bound} ${t.given})`);
    const failing = report.questions
      .filter((q) => q.failures.length > 0)
      .map((q) => `${q.id}: ${q.failures.join('; ')}`);
    expect(missed, `missed thresholds; failing questions:\n${failing.join('\n')}`).toEqual([]);
  });

  it('asked every question and got an answer from each', () => {
    expect(report.questions.length).toBeGreaterThan(40);
    expect(report.questions.filter((q) => q.error)).toEqual([]);
  });
});
