/**
 * A run as people and CI read it: lines per question and a rates table for the terminal, the
 * whole report as JSON, and JUnit XML (one suite for the questions, one for the thresholds).
 */
import junitReportBuilder, { type Builder } from 'junit-report-builder';
import type { QuestionResult } from './grade.ts';
import { RECALL_AT } from './grade.ts';
import {
  RATE_LABELS,
  type Rate,
  type RateName,
  type Rates,
  type ThresholdOutcome,
} from './rates.ts';
import type { EvalReport } from './run.ts';

// The package's types declare an ES default export; Node hands ES modules the CommonJS
// `module.exports`, which is the builder itself.
const junit = junitReportBuilder as unknown as Builder;

/** Version of the JSON report's shape. */
export const REPORT_VERSION = 1;

const RATE_ORDER: RateName[] = [
  'answeredAndCited',
  'falseRefusals',
  'factsFound',
  'offTopicRefused',
  'recallAt5',
];

export function formatRate(rate: Rate): string {
  return rate.value === null ? 'n/a' : `${rate.value.toFixed(3)} (${rate.count}/${rate.of})`;
}

/** One line per question, with the reasons a failed one failed. */
export function formatQuestion(result: QuestionResult): string {
  const mark = result.failures.length === 0 ? '✓' : '✗';
  const tag = result.language ? ` [${result.language}]` : '';
  const lines = [`${mark} ${result.id}${tag}  ${result.question}`];
  for (const failure of result.failures) lines.push(`    ${failure}`);
  if (!result.uncovered && !result.retrievalHit && result.retrieved.length > 0) {
    lines.push(`    top ${RECALL_AT}: ${result.retrieved.join(', ')}`);
  }
  return lines.join('\n');
}

/** A Markdown table of rates, one row per label (a set, a language). */
export function ratesTable(rows: [label: string, rates: Rates][], first = 'set'): string {
  const header = [first, ...RATE_ORDER.map((name) => RATE_LABELS[name])];
  const lines = [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
  ];
  for (const [label, rates] of rows) {
    const cells = RATE_ORDER.map((name) => formatRate(rates[name]));
    const errors = rates.errors > 0 ? ` (${rates.errors} failed)` : '';
    lines.push(`| ${label}${errors} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** `recall@5 [ja] ≥ 0.9`: the gate itself, stable from run to run. */
function thresholdName(outcome: ThresholdOutcome): string {
  const scope = outcome.scope === 'all' ? '' : ` [${outcome.scope}]`;
  return `${RATE_LABELS[outcome.rate]}${scope} ${outcome.bound === 'min' ? '≥' : '≤'} ${outcome.given}`;
}

/** `recall@5 [ja] ≥ 0.9: 0.800 (8/10)` */
export function describeThreshold(outcome: ThresholdOutcome): string {
  return `${thresholdName(outcome)}: ${formatRate(outcome.actual)}`;
}

export function formatThreshold(outcome: ThresholdOutcome): string {
  return `${outcome.met ? '✓' : '✗'} ${describeThreshold(outcome)}`;
}

/** Rates, per language where labelled, and the thresholds: what a run ends by printing. */
export function formatSummary(report: EvalReport): string {
  const passed = report.questions.filter((q) => q.failures.length === 0).length;
  const languages = Object.entries(report.byLanguage);
  const parts = [
    `${report.set}: ${passed} of ${report.questions.length} questions passed every check`,
    ratesTable([[report.set, report.rates], ...languages]),
  ];
  if (report.thresholds.length > 0) {
    parts.push(report.thresholds.map(formatThreshold).join('\n'));
  }
  const { errors } = report.rates;
  if (errors > 0) {
    const asked = report.questions.length;
    parts.push(`${errors} of ${asked} questions could not be asked (the errors above): failing.`);
  } else if (report.thresholds.length > 0) {
    parts.push(report.passed ? 'Every threshold met.' : 'Below threshold: failing.');
  }
  return parts.join('\n\n');
}

export function toJson(report: EvalReport): string {
  return `${JSON.stringify({ version: REPORT_VERSION, ...report }, null, 2)}\n`;
}

/** XML 1.0 allows no control characters but tab and line breaks, not even in CDATA. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: they are what is removed
const XML_INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;
const xmlText = (text: string) => text.replace(XML_INVALID, '');

export function toJUnit(report: EvalReport): string {
  const builder = junit.newBuilder();
  const questions = builder.testSuite().name(`${report.set} questions`);
  questions.property('target', report.target);
  for (const result of report.questions) {
    const test = questions
      .testCase()
      .className(result.language ? `${report.set}.${result.language}` : report.set)
      .name(`${result.id}: ${result.question}`);
    test.standardOutput(xmlText(result.error ?? result.answer));
    if (result.failures.length > 0) test.failure(result.failures.join('; '));
  }
  if (report.thresholds.length > 0) {
    const gate = builder.testSuite().name(`${report.set} thresholds`);
    for (const outcome of report.thresholds) {
      const test = gate
        .testCase()
        .className(`${report.set}.thresholds`)
        .name(thresholdName(outcome));
      if (!outcome.met) test.failure(describeThreshold(outcome));
    }
  }
  return builder.build();
}
