/**
 * The coverage decision's trade-off (issue 14): every covered question of the tuned,
 * development, multilingual and demo sets and every off-topic one (tuned and `dev-near-*`),
 * retrieved and read as the embedded model does, and how far the best section stands from what
 * the decision asks (`coverageMargin`). Moving every threshold by `d` refuses exactly the
 * questions whose margin is under `d`, so one run gives the whole curve: false refusals and
 * off-topic questions answered per shift. The decision alone: an answer with nothing to quote
 * is refused after it, which the eval counts and this does not. Held-out sets are left out
 * (their rates are read only from `npm run eval`).
 *
 * `node bench/coverage-curve.ts` prints the curve; `--near <share>` also lists the questions
 * within that distance of the line (covered refused, off-topic answered, and close calls).
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { RETRIEVAL_PAGE_SIZE_DEFAULT } from '../src/api/limits.ts';
import { docsLookup, groundingSections } from '../src/server/assistant/grounding.ts';
import { coverageMargin, readSections } from '../src/server/assistant/read-sections.ts';
import { retrievePassages } from '../src/server/assistant/retrieval.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import type { DocsIndex } from '../src/server/docs-index/types.ts';
import { loadQuestionSet } from '../src/server/eval/questions.ts';

const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const QUESTIONS = 'test/fixtures/questions/';

/** The corpus a set is asked against, by the end of its name (as `npm run eval` pairs them). */
const CORPORA: [string, string][] = [
  ['ai-sdk-docs', 'test/fixtures/corpora/ai-sdk-docs'],
  ['vite-docs', 'test/fixtures/corpora/vite-docs'],
  ['starlight-docs', 'test/fixtures/corpora/starlight-docs'],
  ['starlight-multilingual', 'test/fixtures/corpora/starlight-docs'],
  ['demo-docs', 'docs'],
];

const SHIFTS = [-0.08, -0.06, -0.04, -0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03, 0.04, 0.06];

export interface Margin {
  set: string;
  question: string;
  covered: boolean;
  margin: number;
}

/** Every question's margin, the sets read from test/fixtures/questions. */
export async function coverageMargins(): Promise<Margin[]> {
  const files = (await readdir(here(QUESTIONS)))
    .filter((f) => f.endsWith('.json') && !f.startsWith('held-out-') && f !== 'tiny.json')
    .sort();
  const indexes = new Map<string, Promise<DocsIndex>>();
  const margins: Margin[] = [];
  for (const file of files) {
    const corpus = CORPORA.find(([suffix]) => file.endsWith(`${suffix}.json`))?.[1];
    if (!corpus) continue;
    let index = indexes.get(corpus);
    if (!index) {
      index = buildDocsIndex(here(corpus)).then((built) => built.index);
      indexes.set(corpus, index);
    }
    const docs = await index;
    const set = await loadQuestionSet(here(`${QUESTIONS}${file}`));
    for (const q of set.questions) {
      const retrieval = retrievePassages(docs, {
        question: q.question,
        context: q.context,
        currentPath: q.currentPath,
        pageSize: RETRIEVAL_PAGE_SIZE_DEFAULT,
        filter: q.filter,
      });
      const lookup = docsLookup(docs);
      // As the embedded model reads them (embedded-model.ts).
      const reading = readSections(q.question, retrieval.results, {
        selection: q.context?.map((item) => ({ text: item.value, code: item.type === 'code' })),
        ...(retrieval.language && { language: retrieval.language }),
        ...groundingSections(retrieval.results, lookup.getPage),
        rarity: lookup,
      });
      margins.push({
        set: set.name,
        question: q.question,
        covered: !q.uncovered,
        margin: coverageMargin(reading),
      });
    }
  }
  return margins;
}

/** Covered questions refused and off-topic ones answered with every threshold moved by `shift`. */
export function tradeOff(margins: Margin[], shift: number) {
  const covered = margins.filter((m) => m.covered);
  const offTopic = margins.filter((m) => !m.covered);
  return {
    shift,
    falseRefusals: `${covered.filter((m) => m.margin < shift).length}/${covered.length}`,
    offTopicAnswered: `${offTopic.filter((m) => m.margin >= shift).length}/${offTopic.length}`,
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { near: { type: 'string' } } });
  const margins = await coverageMargins();
  console.table(SHIFTS.map((shift) => tradeOff(margins, shift)));
  const near = values.near === undefined ? undefined : Number(values.near);
  if (near !== undefined) {
    const listed = margins
      .filter((m) => Math.abs(m.margin) <= near || (m.covered ? m.margin < 0 : m.margin >= 0))
      .sort((a, b) => a.margin - b.margin);
    for (const m of listed) {
      const kind = m.covered ? 'covered ' : 'off-topic';
      console.log(`${m.margin.toFixed(3).padStart(7)}  ${kind}  ${m.set}: ${m.question}`);
    }
  }
}
