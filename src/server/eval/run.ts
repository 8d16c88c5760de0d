/**
 * A run: every question of a set asked as a new conversation, graded, and the rates checked
 * against the thresholds.
 */
import { type GradeOptions, gradeReply, type QuestionResult } from './grade.ts';
import type { Question, QuestionSet } from './questions.ts';
import {
  checkThresholds,
  computeRates,
  type Rates,
  ratesByLanguage,
  type Threshold,
  type ThresholdOutcome,
} from './rates.ts';
import { readAssistantReply } from './reply.ts';
import type { EvalTarget } from './targets.ts';

export interface RunOptions extends GradeOptions {
  thresholds?: Threshold[];
  /** Also check the thresholds on each language label's rates. */
  perLanguage?: boolean;
  /** Questions in flight at once; default 1. */
  concurrency?: number;
  /** Called as each question is graded (in completion order). */
  onResult?: (result: QuestionResult) => void;
}

export interface EvalReport {
  set: string;
  target: string;
  questions: QuestionResult[];
  rates: Rates;
  /** Per `language` label; empty when the set has none. */
  byLanguage: Record<string, Rates>;
  thresholds: ThresholdOutcome[];
  /** Every question asked (none met an error) and every threshold met. */
  passed: boolean;
}

/** The request body for one question: a new conversation, as the widget starts one. */
export function assistantRequest(question: Question): Record<string, unknown> {
  return {
    fp: 'docs-assistant-eval',
    messages: [
      {
        id: `eval-${question.id}`,
        role: 'user',
        parts: [{ type: 'text', text: question.question }],
      },
    ],
    ...(question.currentPath && { currentPath: question.currentPath }),
    ...(question.filter && { filter: question.filter }),
    ...(question.context && { context: question.context }),
  };
}

export async function runEval(
  set: QuestionSet,
  target: EvalTarget,
  options: RunOptions = {},
): Promise<EvalReport> {
  const results: QuestionResult[] = new Array(set.questions.length);
  let next = 0;
  const worker = async () => {
    while (next < set.questions.length) {
      const i = next++;
      const question = set.questions[i]!;
      const reply = await target
        .ask(assistantRequest(question))
        .then(readAssistantReply)
        .catch((error: unknown) => ({
          retrieved: [],
          sources: [],
          text: '',
          error: error instanceof Error ? error.message : String(error),
        }));
      results[i] = gradeReply(question, reply, options);
      options.onResult?.(results[i]);
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 1, set.questions.length));
  await Promise.all(Array.from({ length: workers }, worker));

  const rates = computeRates(results);
  const byLanguage = ratesByLanguage(results);
  const thresholds = options.thresholds ?? [];
  const outcomes = [
    ...checkThresholds(thresholds, rates),
    ...(options.perLanguage
      ? Object.entries(byLanguage).flatMap(([language, r]) =>
          checkThresholds(thresholds, r, language),
        )
      : []),
  ];
  return {
    set: set.name,
    target: target.description,
    questions: results,
    rates,
    byLanguage,
    thresholds: outcomes,
    // A question the server did not answer (a wrong key, a server down) measured nothing: the
    // run fails whatever the thresholds, or a build would pass on rates of zero answers.
    passed: rates.errors === 0 && outcomes.every((o) => o.met),
  };
}
