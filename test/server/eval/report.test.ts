import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { QuestionResult } from '../../../src/server/eval/grade.ts';
import { computeRates } from '../../../src/server/eval/rates.ts';
import { formatQuestion, ratesTable, toJUnit } from '../../../src/server/eval/report.ts';
import type { EvalReport } from '../../../src/server/eval/run.ts';

const result: QuestionResult = {
  id: 'q1',
  question: 'Why <this> & "that"?',
  language: 'ja',
  uncovered: false,
  pages: ['a'],
  retrieved: ['b', 'c'],
  cited: [],
  refused: true,
  answeredAndCited: false,
  retrievalHit: false,
  answer: 'Bell \u0007 and a CDATA end ]]> inside',
  failures: ['refused (false refusal)', 'a not in the top 5 results'],
};
const report: EvalReport = {
  set: 'mine',
  target: 'docs',
  questions: [result],
  rates: computeRates([result]),
  byLanguage: {},
  thresholds: [],
  passed: true,
};

describe('the reports', () => {
  it('JUnit: valid XML whatever the answer holds, the answer kept readable', () => {
    const xml = toJUnit(report);
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain('\u0007');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = parsed.testsuites.testsuite;
    expect(suite.name).toBe('mine questions');
    expect(suite.testcase.classname).toBe('mine.ja');
    expect(suite.testcase.name).toBe('q1: Why <this> & "that"?');
    expect(suite.testcase.failure.message).toBe(
      'refused (false refusal); a not in the top 5 results',
    );
    expect(suite.testcase['system-out']).toBe('Bell  and a CDATA end ]]> inside');
  });

  it('terminal: the reasons and, on a retrieval miss, what came back instead', () => {
    expect(formatQuestion(result)).toBe(
      [
        '✗ q1 [ja]  Why <this> & "that"?',
        '    refused (false refusal)',
        '    a not in the top 5 results',
        '    top 5: b, c',
      ].join('\n'),
    );
  });

  it('rates table: one Markdown row per label, n/a where nothing was measured', () => {
    const table = ratesTable([['mine', report.rates]]);
    expect(table.split('\n')).toEqual([
      '| set | answered and cited | false refusals | facts found | off-topic refused | recall@5 |',
      '| --- | ---: | ---: | ---: | ---: | ---: |',
      '| mine | 0.000 (0/1) | 1.000 (1/1) | n/a | n/a | 0.000 (0/1) |',
    ]);
  });
});
