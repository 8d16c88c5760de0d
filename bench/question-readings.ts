/**
 * Every question of the sets `npm run eval` runs (scripts/question-sets.ts), held-out sets
 * excepted (their rates are read only from `npm run eval`), retrieved and read as the embedded
 * model does (embedded-model.ts): what the coverage decision's benches study.
 */
import { QUESTION_SETS, type QuestionSetFile, questionSetPaths } from '../scripts/question-sets.ts';
import { RETRIEVAL_PAGE_SIZE_DEFAULT } from '../src/api/limits.ts';
import { readingOptions } from '../src/server/assistant/embedded-model.ts';
import { type DocsLookup, docsLookup } from '../src/server/assistant/grounding.ts';
import { selectionOf } from '../src/server/assistant/question.ts';
import { type Reading, readSections } from '../src/server/assistant/read-sections.ts';
import { type Retrieval, retrievePassages } from '../src/server/assistant/retrieval.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import type { DocsIndex } from '../src/server/docs-index/types.ts';
import { loadQuestionSet, type Question, type QuestionSet } from '../src/server/eval/questions.ts';

export interface QuestionReading {
  file: QuestionSetFile;
  set: QuestionSet;
  question: Question;
  lookup: DocsLookup;
  retrieval: Retrieval;
  reading: Reading;
}

export async function* questionReadings(): AsyncGenerator<QuestionReading> {
  const indexes = new Map<string, Promise<DocsIndex>>();
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
    for (const question of set.questions) {
      const retrieval = retrievePassages(docs, {
        question: question.question,
        context: question.context,
        currentPath: question.currentPath,
        pageSize: RETRIEVAL_PAGE_SIZE_DEFAULT,
        filter: question.filter,
      });
      const reading = readSections(
        question.question,
        retrieval.results,
        readingOptions(retrieval.results, {
          selection: selectionOf(retrieval.context ?? []),
          language: retrieval.language,
          docs: lookup,
        }),
      );
      yield { file, set, question, lookup, retrieval, reading };
    }
  }
}
