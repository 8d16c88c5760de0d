/**
 * `docs-assistant eval <questions.json> --docs <folder> | --url <base> --key <key>`: asks every
 * question, prints per-question results and the rates, writes JSON/JUnit for CI, and exits 1
 * when a rate misses its threshold or a question could not be asked (2 when the command itself
 * is wrong).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { withFlagHint } from '../cli/flag-hint.ts';
import { loadQuestionSet } from './questions.ts';
import { parseRatio, type RateName, type Threshold } from './rates.ts';
import { formatQuestion, formatSummary, toJson, toJUnit } from './report.ts';
import { runEval } from './run.ts';
import { type EvalTarget, inProcessTarget, remoteTarget } from './targets.ts';

export const EVAL_USAGE = `Usage: docs-assistant eval <questions.json> --docs <folder> [options]
       docs-assistant eval <questions.json> --url <base> --key <key> [--domain <name>] [options]

Asks each question of the file as a new conversation and grades the answer: answered and
citing an expected page, not refused, carrying the fact; off-topic questions refused;
an expected page among the top 5 search results.

Where to ask:
  --docs <folder>            index this folder and answer in this process (as \`serve\` would)
  --model <id>               with --docs: a model as \`serve\` takes it (default: embedded)
  --model-base-url <url>     with --docs: an OpenAI-compatible server running --model
  --url <base>               a running server, e.g. http://127.0.0.1:8787
  --key <key>                its public key (da_dsc_…)
  --domain <name>            the site on that server (default: docs)

Reports:
  --json <file>              the full report as JSON
  --junit <file>             JUnit XML: a test per question, and one per threshold

Thresholds (a decimal or a fraction such as 1/30; exit 1 when one is missed, and also,
with or without thresholds, when a question could not be asked: an HTTP error, no server):
  --min-answered <r>         answered and cited, of the covered questions
  --max-false-refusals <r>   refused, of the covered questions
  --min-facts <r>            facts found, of the questions with a fact
  --min-off-topic-refused <r> refused, of the uncovered questions
  --min-recall <r>           recall@5 of retrieval, of the covered questions
  --per-language             check the thresholds for each language label too

Grading: an answer is refused when its first paragraph matches --refusal (default: the
"don't seem to cover" phrasing of the embedded model and of the prompt a real model gets) or
is empty. It cites the announced pages (source-url parts) that its text links to or numbers
([2]). Paths are compared without slashes, anchors, extensions or a trailing index.
  --refusal <regex>          how a refusal opens, case-insensitive
  --strip-path-prefix <p>    removed from the server's page paths before comparing them with
                             the expected ones (e.g. src/content/docs/)
  --concurrency <n>          questions in flight at once (default 1)
`;

const evalFlags = {
  docs: { type: 'string' },
  model: { type: 'string' },
  'model-base-url': { type: 'string' },
  url: { type: 'string' },
  key: { type: 'string' },
  domain: { type: 'string', default: 'docs' },
  json: { type: 'string' },
  junit: { type: 'string' },
  'min-answered': { type: 'string' },
  'max-false-refusals': { type: 'string' },
  'min-facts': { type: 'string' },
  'min-off-topic-refused': { type: 'string' },
  'min-recall': { type: 'string' },
  'per-language': { type: 'boolean', default: false },
  refusal: { type: 'string' },
  'strip-path-prefix': { type: 'string' },
  concurrency: { type: 'string', default: '1' },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

const THRESHOLD_FLAGS: [flag: keyof typeof evalFlags, rate: RateName, bound: 'min' | 'max'][] = [
  ['min-answered', 'answeredAndCited', 'min'],
  ['max-false-refusals', 'falseRefusals', 'max'],
  ['min-facts', 'factsFound', 'min'],
  ['min-off-topic-refused', 'offTopicRefused', 'min'],
  ['min-recall', 'recallAt5', 'min'],
];

export interface EvalIO {
  out?: (text: string) => void;
  err?: (text: string) => void;
  cwd?: string;
}

/** A mistake in the command line, reported in one line (exit 2). */
class UsageError extends Error {}

/** Runs the command; resolves with the exit code (0 passed, 1 below threshold or a request
 * failed, 2 usage). */
export async function evalCommand(args: string[], io: EvalIO = {}): Promise<number> {
  const out = io.out ?? ((text: string) => console.log(text));
  const err = io.err ?? ((text: string) => console.error(text));
  try {
    const parsed = parse(args);
    if (parsed === 'help') {
      out(EVAL_USAGE);
      return 0;
    }
    const { flags, file } = parsed;
    const cwd = io.cwd ?? process.cwd();
    const set = await loadQuestionSet(resolve(cwd, file));
    const target = await targetFor(flags, cwd, err);
    out(
      `Evaluating ${set.questions.length} questions of ${set.name} against ${target.description}\n`,
    );
    const report = await runEval(set, target, {
      thresholds: thresholds(flags),
      perLanguage: flags['per-language'],
      concurrency: positiveInteger(flags.concurrency, '--concurrency'),
      ...(flags.refusal && { refusal: pattern(flags.refusal) }),
      ...(flags['strip-path-prefix'] && { stripPathPrefix: flags['strip-path-prefix'] }),
      onResult: (result) => out(formatQuestion(result)),
    });
    out(`\n${formatSummary(report)}`);
    if (flags.json) await write(resolve(cwd, flags.json), toJson(report));
    if (flags.junit) await write(resolve(cwd, flags.junit), toJUnit(report));
    return report.passed ? 0 : 1;
  } catch (error) {
    // Usage, the questions file, a missing docs folder: one line, no stack trace.
    err(`docs-assistant eval: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
}

type EvalFlags = ReturnType<typeof parseFlags>['values'];

function parseFlags(args: string[]) {
  try {
    return parseArgs({ args, options: evalFlags, strict: true, allowPositionals: true });
  } catch (error) {
    throw new Error(withFlagHint((error as Error).message, Object.keys(evalFlags)));
  }
}

function parse(args: string[]): 'help' | { flags: EvalFlags; file: string } {
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(args);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values: flags, positionals } = parsed;
  if (flags.help) return 'help';
  if (positionals.length !== 1) {
    throw new UsageError('give exactly one questions file (docs-assistant eval --help)');
  }
  if (Boolean(flags.docs) === Boolean(flags.url)) {
    throw new UsageError('give either --docs <folder> or --url <base> (with --key)');
  }
  if (flags.url && !flags.key) throw new UsageError('--url needs --key <public key>');
  if (flags.url && (flags.model || flags['model-base-url'])) {
    throw new UsageError('--model applies with --docs; a running server answers with its own');
  }
  if (flags['model-base-url'] && !flags.model) {
    throw new UsageError('--model-base-url needs --model <name> (the model the server runs)');
  }
  return { flags, file: positionals[0]! };
}

async function targetFor(
  flags: EvalFlags,
  cwd: string,
  log: (line: string) => void,
): Promise<EvalTarget> {
  if (flags.url) {
    return remoteTarget({ url: flags.url, key: flags.key!, domain: flags.domain });
  }
  return inProcessTarget({
    docs: resolve(cwd, flags.docs!),
    model: flags.model,
    modelBaseUrl: flags['model-base-url'],
    log,
  });
}

function thresholds(flags: EvalFlags): Threshold[] {
  const given: Threshold[] = [];
  for (const [flag, rate, bound] of THRESHOLD_FLAGS) {
    const text = flags[flag];
    if (typeof text !== 'string') continue;
    const value = parseRatio(text);
    if (value === undefined) {
      throw new UsageError(`--${flag} takes a rate between 0 and 1 (0.9 or 1/30), not ${text}`);
    }
    given.push({ rate, bound, given: text, value });
  }
  return given;
}

function positiveInteger(text: string, flag: string): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`${flag} takes a whole number ≥ 1`);
  return n;
}

function pattern(source: string): RegExp {
  try {
    return new RegExp(source, 'i');
  } catch (error) {
    throw new UsageError(`--refusal: ${(error as Error).message}`);
  }
}

async function write(file: string, text: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, text);
}
