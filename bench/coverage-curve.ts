/**
 * The coverage decision's trade-off (issue 14): every covered and off-topic question of the sets
 * `npm run eval` runs (scripts/question-sets.ts), retrieved and read as the embedded model does
 * (embedded-model.ts), and how far the best section stands from what the decision asks
 * (`coverageMargin`). Moving every threshold by `d` refuses exactly the
 * questions whose margin is under `d`, so one run gives the whole curve: false refusals and
 * off-topic questions answered per shift. The decision alone: an answer with nothing to quote
 * is refused after it, which the eval counts and this does not. Held-out sets are not among
 * them (their rates are read only from `npm run eval`).
 *
 * `node bench/coverage-curve.ts` prints the curve; `--near <share>` also lists the questions
 * within that distance of the line (covered refused, off-topic answered, and close calls).
 */
import { parseArgs } from 'node:util';
import { QUESTION_SETS, questionSetPaths } from '../scripts/question-sets.ts';
import { RETRIEVAL_PAGE_SIZE_DEFAULT } from '../src/api/limits.ts';
import { readingOptions, selectionOf } from '../src/server/assistant/embedded-model.ts';
import { docsLookup } from '../src/server/assistant/grounding.ts';
import { coverageMargin, readSections } from '../src/server/assistant/read-sections.ts';
import { retrievePassages } from '../src/server/assistant/retrieval.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import type { DocsIndex } from '../src/server/docs-index/types.ts';
import { loadQuestionSet } from '../src/server/eval/questions.ts';

const SHIFTS = [-0.08, -0.06, -0.04, -0.03, -0.02, -0.01, 0, 0.01, 0.02, 0.03, 0.04, 0.06];

export interface Margin {
  set: string;
  question: string;
  covered: boolean;
  margin: number;
}

/** Every question's margin, over the sets `npm run eval` runs, each against its corpus. */
export async function coverageMargins(): Promise<Margin[]> {
  const indexes = new Map<string, Promise<DocsIndex>>();
  const margins: Margin[] = [];
  // Held-out sets are judged by their rates in `npm run eval` only, never by a question's margin.
  for (const file of QUESTION_SETS.filter((set) => !set.questions.startsWith('held-out-'))) {
    const { questions, docs: corpus } = questionSetPaths(file);
    let index = indexes.get(corpus);
    if (!index) {
      index = buildDocsIndex(corpus).then((built) => built.index);
      indexes.set(corpus, index);
    }
    const docs = await index;
    const lookup = docsLookup(docs);
    const set = await loadQuestionSet(questions);
    for (const q of set.questions) {
      const retrieval = retrievePassages(docs, {
        question: q.question,
        context: q.context,
        currentPath: q.currentPath,
        pageSize: RETRIEVAL_PAGE_SIZE_DEFAULT,
        filter: q.filter,
      });
      const reading = readSections(
        q.question,
        retrieval.results,
        readingOptions(retrieval.results, {
          selection: selectionOf(q.context ?? []),
          language: retrieval.language,
          docs: lookup,
        }),
      );
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
