/**
 * `npm run eval`: the project's own question sets through `docs-assistant eval`'s machinery, one
 * table of rates per corpus and one per language. Not a gate (`npm test` does not run it): the
 * targets are met by the answer and search work. Options:
 *   --markdown <file>              also write the tables as Markdown (BASELINE.md is made this way)
 *   --model <id> [--model-base-url <url>]   answer with a real model, as `serve` takes it
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadQuestionSet } from '../src/server/eval/questions.ts';
import type { Rates } from '../src/server/eval/rates.ts';
import { ratesTable } from '../src/server/eval/report.ts';
import { runEval } from '../src/server/eval/run.ts';
import { type EvalTarget, inProcessTarget } from '../src/server/eval/targets.ts';
import { QUESTION_SETS, questionSetPaths } from './question-sets.ts';

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const { values: flags } = parseArgs({
  options: {
    markdown: { type: 'string' },
    model: { type: 'string' },
    'model-base-url': { type: 'string' },
  },
});

const targets = new Map<string, Promise<EvalTarget>>();
const perSet: [string, Rates][] = [];
const perLanguage: [string, Rates][] = [];
const counts: string[] = [];
for (const file of QUESTION_SETS) {
  const { questions, docs } = questionSetPaths(file);
  const set = await loadQuestionSet(questions);
  let target = targets.get(docs);
  if (!target) {
    target = inProcessTarget({
      docs,
      model: flags.model,
      modelBaseUrl: flags['model-base-url'],
    });
    targets.set(docs, target);
  }
  const report = await runEval(set, await target);
  perSet.push([report.set, report.rates]);
  for (const [language, rates] of Object.entries(report.byLanguage)) {
    perLanguage.push([`${report.set} ${language}`, rates]);
  }
  const covered = set.questions.filter((q) => !q.uncovered);
  counts.push(
    `${report.set}: ${covered.length} covered (${covered.filter((q) => q.fact).length} with a fact), ${set.questions.length - covered.length} off-topic, against ${report.target.replace(here(''), '')}`,
  );
}

const tables = [
  '### Per corpus',
  ratesTable(perSet),
  '### Per language (starlight-docs)',
  ratesTable(perLanguage, 'set and language'),
  '### The sets',
  counts.map((line) => `- ${line}`).join('\n'),
].join('\n\n');
console.log(tables);

if (flags.markdown) {
  await writeFile(
    flags.markdown,
    `# Answer eval baseline

The rates of the project's question sets (this folder), measured by \`npm run eval\` with
the code of the commit that last regenerated this file: \`docs-assistant eval\` run in
process over each vendored corpus, with the embedded model. Regenerate with
\`npm run eval -- --markdown ${flags.markdown}\`.

- **answered and cited**: covered questions answered (not refused) with an expected page
  among the pages the answer cites;
- **false refusals**: covered questions answered "the docs don't seem to cover this";
- **facts found**: covered questions with a \`fact\` whose answer (not refused) matches it;
- **off-topic refused**: uncovered questions refused;
- **recall@5**: covered questions with an expected page among the first five search results.

Targets (issues 13 and 14): answered and cited ≥ 0.9, false refusals ≤ 1/30, facts found
≥ 0.85, off-topic refused ≥ 0.9, recall@5 ≥ 0.9 in every language.

Expected pages are the published paths the server indexes (\`guides/sidebar\`,
\`ja/guides/i18n\`).

${tables}
`,
  );
}
