/**
 * Answer quality at the size of a large site: the AI SDK question sets against the vendored
 * ai-sdk-docs corpus plus a generated 10,000-page site beside it (`generate-corpus.ts`, made of
 * the same corpus's sections), so every answering page competes with 10,000 others that share
 * its vocabulary. `npm run eval` judges search on sites of 57 to 514 pages, where a query's
 * lookups stay small; a change that looks a query up in fewer places (to make search at 10,000
 * pages cheaper) must also be judged where those places are many. Prints rates only.
 * `node bench/search-at-scale.ts [--pages <n>]` (about a minute per set on 2 cores).
 */
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadQuestionSet } from '../src/server/eval/questions.ts';
import type { Rates } from '../src/server/eval/rates.ts';
import { ratesTable } from '../src/server/eval/report.ts';
import { runEval } from '../src/server/eval/run.ts';
import { inProcessTarget } from '../src/server/eval/targets.ts';
import { generateCorpus } from './generate-corpus.ts';

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const CORPUS = here('test/fixtures/corpora/ai-sdk-docs');
const SETS = ['ai-sdk-docs.json', 'dev-ai-sdk-docs.json', 'dev-3-ai-sdk-docs.json'];

const { values: flags } = parseArgs({ options: { pages: { type: 'string', default: '10000' } } });
const pages = Number(flags.pages);

const dir = await mkdtemp(join(tmpdir(), 'search-at-scale-'));
try {
  await cp(CORPUS, dir, { recursive: true });
  await mkdir(join(dir, 'generated'));
  await generateCorpus(CORPUS, join(dir, 'generated'), pages);
  const target = await inProcessTarget({ docs: dir });
  const rows: [string, Rates][] = [];
  for (const questions of SETS) {
    const set = await loadQuestionSet(here(`test/fixtures/questions/${questions}`));
    const report = await runEval(set, target);
    rows.push([`${report.set} + ${pages.toLocaleString('en')} generated pages`, report.rates]);
  }
  console.log(ratesTable(rows));
} finally {
  await rm(dir, { recursive: true, force: true });
}
