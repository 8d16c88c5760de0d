/**
 * `docs-assistant eval` end to end in this process: the tiny docs folder indexed, the real
 * assistant route and the embedded model, reports written, thresholds turned into exit codes.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { evalCommand } from '../../../src/server/eval/command.ts';
import type { EvalReport } from '../../../src/server/eval/run.ts';
import { runEvalCommand, TINY_DOCS, TINY_QUESTIONS } from './support.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'da-eval-'));
});

const readJson = async (file: string) =>
  JSON.parse(await readFile(file, 'utf8')) as EvalReport & { version: number };

describe('docs-assistant eval --docs', () => {
  it('asks every question through the assistant route and grades it', async () => {
    const json = join(dir, 'tiny.json');
    const run = await runEvalCommand([TINY_QUESTIONS, '--docs', TINY_DOCS, '--json', json]);
    expect(run.code).toBe(0);
    expect(run.output).toContain('Evaluating 5 questions of tiny against');
    expect(run.output).toMatch(/^✓ accent {2}How do I change the accent color/m);
    expect(run.output).toContain('tiny: 5 of 5 questions passed every check');

    const report = await readJson(json);
    expect(report.version).toBe(1);
    expect(report.rates).toEqual({
      answeredAndCited: { count: 3, of: 3, value: 1 },
      falseRefusals: { count: 0, of: 3, value: 0 },
      factsFound: { count: 3, of: 3, value: 1 },
      offTopicRefused: { count: 2, of: 2, value: 1 },
      recallAt5: { count: 3, of: 3, value: 1 },
      errors: 0,
    });
    const accent = report.questions.find((q) => q.id === 'accent')!;
    // The expected page was written `/guides/theming/`: compared in one normal form.
    expect(accent.pages).toEqual(['guides/theming']);
    expect(accent.retrieved[0]).toBe('guides/theming');
    expect(accent.cited).toContain('guides/theming');
    expect(accent.answer).toContain('--acme-accent');
    const poem = report.questions.find((q) => q.id === 'poem')!;
    expect(poem).toMatchObject({ refused: true, cited: [], failures: [] });
    expect(poem.answer).toMatch(/^The docs don't seem to cover this\./);
  });

  it('fails a set whose expectation is wrong, says why, and writes valid JUnit', async () => {
    const set = JSON.parse(await readFile(TINY_QUESTIONS, 'utf8'));
    // The accent question now "expects" the deploy page and a fact no page has.
    set.questions[1].pages = ['guides/deploy'];
    set.questions[1].fact = 'accentColor\\(';
    const file = join(dir, 'wrong.json');
    await writeFile(file, JSON.stringify(set));
    const junit = join(dir, 'wrong.xml');
    const json = join(dir, 'wrong.json.out');
    const run = await runEvalCommand([
      file,
      '--docs',
      TINY_DOCS,
      '--junit',
      junit,
      '--json',
      json,
      '--min-answered',
      '0.9',
      '--min-facts',
      '2/3',
    ]);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^✗ accent {2}How do I change/m);
    expect(run.output).toMatch(/^ {4}did not cite guides\/deploy \(cited: guides\/theming/m);
    expect(run.output).toContain('    fact accentColor\\( not in the answer');
    expect(run.output).toContain('✗ answered and cited ≥ 0.9: 0.667 (2/3)');
    expect(run.output).toContain('✓ facts found ≥ 2/3: 0.667 (2/3)');
    expect(run.output).toContain('Below threshold: failing.');

    const xml = await readFile(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const [questions, thresholds] = parsed.testsuites.testsuite;
    expect(questions).toMatchObject({ name: 'tiny questions', tests: '5', failures: '1' });
    const failed = questions.testcase.filter((t: { failure?: unknown }) => t.failure);
    expect(failed.map((t: { name: string }) => t.name)).toEqual([
      'accent: How do I change the accent color of the widget?',
    ]);
    expect(failed[0].failure.message).toContain('did not cite guides/deploy');
    expect(thresholds).toMatchObject({ name: 'tiny thresholds', tests: '2', failures: '1' });
    expect(thresholds.testcase.map((t: { name: string }) => t.name)).toEqual([
      'answered and cited ≥ 0.9',
      'facts found ≥ 2/3',
    ]);

    const report = await readJson(json);
    expect(report.passed).toBe(false);
    expect(report.thresholds.map((t) => [t.rate, t.met])).toEqual([
      ['answeredAndCited', false],
      ['factsFound', true],
    ]);
  });

  it('exits 0 when every threshold is met, 1 as soon as one is not', async () => {
    const at = (...flags: string[]) =>
      runEvalCommand([TINY_QUESTIONS, '--docs', TINY_DOCS, ...flags]).then((r) => r.code);
    expect(
      await at(
        '--min-answered',
        '1',
        '--max-false-refusals',
        '0',
        '--min-facts',
        '1',
        '--min-off-topic-refused',
        '1',
        '--min-recall',
        '1',
      ),
    ).toBe(0);
    // No question carries a language label: a per-language gate has nothing to check.
    expect(await at('--min-recall', '0.9', '--per-language')).toBe(0);
    // An owner's refusal phrasing that the embedded model never uses: off-topic answers count
    // as answered, and the gate on them fails.
    expect(await at('--refusal', '^sorry', '--min-off-topic-refused', '0.9')).toBe(1);
  });

  it('checks each language label when asked to', async () => {
    const set = JSON.parse(await readFile(TINY_QUESTIONS, 'utf8'));
    set.questions[0].language = 'en';
    set.questions[1].language = 'xx';
    set.questions[1].pages = ['guides/deploy'];
    const file = join(dir, 'languages.json');
    await writeFile(file, JSON.stringify(set));
    const overall = await runEvalCommand([file, '--docs', TINY_DOCS, '--min-answered', '0.5']);
    expect(overall.code).toBe(0);
    expect(overall.output).toMatch(/^\| xx \| 0\.000 \(0\/1\) \|/m);
    const each = await runEvalCommand([
      file,
      '--docs',
      TINY_DOCS,
      '--min-answered',
      '0.5',
      '--per-language',
    ]);
    expect(each.code).toBe(1);
    expect(each.output).toContain('✓ answered and cited [en] ≥ 0.5: 1.000 (1/1)');
    expect(each.output).toContain('✗ answered and cited [xx] ≥ 0.5: 0.000 (0/1)');
  });

  it.each([
    [[], /exactly one questions file/],
    [['q.json'], /either --docs <folder> or --url/],
    [['q.json', '--docs', 'd', '--url', 'http://x'], /either --docs/],
    [['q.json', '--url', 'http://x'], /--url needs --key/],
    [['q.json', '--url', 'http://x', '--key', 'k', '--model', 'm'], /--model applies with --docs/],
    [['q.json', '--docs', 'd', '--model-base-url', 'http://x'], /needs --model/],
    [[TINY_QUESTIONS, '--docs', TINY_DOCS, '--min-recall', '90%'], /--min-recall takes a rate/],
    [[TINY_QUESTIONS, '--docs', TINY_DOCS, '--concurrency', '0'], /--concurrency takes/],
    [[TINY_QUESTIONS, '--docs', TINY_DOCS, '--refusal', '('], /--refusal: /],
    [[TINY_QUESTIONS, '--docs', TINY_DOCS, '--bogus'], /unknown option --bogus;/],
    [['/nonexistent/q.json', '--docs', TINY_DOCS], /cannot read \/nonexistent\/q\.json/],
    [[TINY_QUESTIONS, '--docs', '/nonexistent/docs'], /nonexistent\/docs/],
  ])('exits 2 on %j with one line of explanation', async (args, message) => {
    const run = await runEvalCommand(args);
    expect(run.code).toBe(2);
    expect(run.errors).toMatch(message);
    expect(run.errors).toMatch(/^docs-assistant eval: /);
    expect(run.errors).not.toMatch(/\n\s+at /);
  });

  it('runs as `docs-assistant eval`, and the process exits with its code', async () => {
    const cli = fileURLToPath(new URL('../../../src/server/cli.ts', import.meta.url));
    const exit = (...flags: string[]) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          [cli, 'eval', TINY_QUESTIONS, '--docs', TINY_DOCS, ...flags],
          (_error, stdout) => resolve({ code: child.exitCode, stdout }),
        );
      });
    const passed = await exit('--min-answered', '1');
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('✓ answered and cited ≥ 1: 1.000 (3/3)');
    expect(
      (await exit('--max-false-refusals', '0', '--min-facts', '1', '--min-recall', '1')).code,
    ).toBe(0);
    expect((await exit('--min-off-topic-refused', '1', '--refusal', '^sorry')).code).toBe(1);
  });

  it('prints its usage with --help', async () => {
    const lines: string[] = [];
    expect(await evalCommand(['--help'], { out: (t) => lines.push(t) })).toBe(0);
    expect(lines.join('\n')).toContain('--min-off-topic-refused');
  });
});
