/**
 * Readers' typos and spelling variants (issue 14): every English question of the sets `npm run
 * eval` runs (scripts/question-sets.ts; held-out sets excepted), covered and off-topic, asked as
 * written, then with one typo in one content word (a dropped, doubled, swapped or replaced
 * letter; seeded, `--variants` per question), then with its words in British spelling where a
 * word has one (-ize/-ise, -or/-our, -er/-re, -og/-ogue, -yze/-yse; questions with none are left
 * out of that row). Each through the in-process eval, as `npm run eval` asks: the rates per set,
 * then over all of them.
 *
 * `node bench/typo-questions.ts [--variants 3] [--seed 1] [--list]` (`--list` prints each
 * variant that a covered question is refused with, or an off-topic one answered with).
 */
import { parseArgs } from 'node:util';
import { QUESTION_SETS, questionSetPaths } from '../scripts/question-sets.ts';
import type { QuestionResult } from '../src/server/eval/grade.ts';
import { loadQuestionSet, type Question, type QuestionSet } from '../src/server/eval/questions.ts';
import { computeRates, type Rates } from '../src/server/eval/rates.ts';
import { ratesTable } from '../src/server/eval/report.ts';
import { runEval } from '../src/server/eval/run.ts';
import { type EvalTarget, inProcessTarget } from '../src/server/eval/targets.ts';
import { tokenize } from '../src/server/text/terms.ts';
import { seededRandom } from './generate-corpus.ts';

const { values: flags } = parseArgs({
  options: {
    variants: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    list: { type: 'boolean', default: false },
  },
});
const VARIANTS = Number(flags.variants);

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
/** A lower-case word of four letters or more that is no stop word: what the reader asks about. */
const WORD = /(?<![\w.`$-])[a-z]{4,}(?![\w`(-])/g;

function contentWords(text: string): { word: string; at: number }[] {
  return [...text.matchAll(WORD)]
    .filter((m) => tokenize(m[0], 'en').length > 0)
    .map((m) => ({ word: m[0], at: m.index }));
}

/** One typo in `word`: a letter dropped, doubled, swapped with the next, or replaced. */
function typo(word: string, random: () => number): string {
  const kind = Math.floor(random() * 4);
  // Readers seldom get the first letter wrong: the typo falls after it.
  const i = 1 + Math.floor(random() * (word.length - 1));
  switch (kind) {
    case 0:
      return word.slice(0, i) + word.slice(i + 1);
    case 1:
      return word.slice(0, i + 1) + word[i] + word.slice(i + 1);
    case 2:
      return i + 1 < word.length
        ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)
        : word.slice(0, i - 1) + word[i] + word[i - 1];
    default: {
      let letter = word[i]!;
      while (letter === word[i]) letter = LETTERS[Math.floor(random() * LETTERS.length)]!;
      return word.slice(0, i) + letter + word.slice(i + 1);
    }
  }
}

function typoVariants(question: Question, seed: number): Question[] {
  const words = contentWords(question.question);
  if (words.length === 0) return [];
  const random = seededRandom(seed);
  const variants: Question[] = [];
  const seen = new Set<string>();
  for (let n = 0; n < VARIANTS * 3 && variants.length < VARIANTS; n++) {
    const { word, at } = words[Math.floor(random() * words.length)]!;
    const typed = typo(word, random);
    const text = question.question.slice(0, at) + typed + question.question.slice(at + word.length);
    if (typed === word || seen.has(text)) continue;
    seen.add(text);
    variants.push({ ...question, id: `${question.id}~${variants.length + 1}`, question: text });
  }
  return variants;
}

/** American endings and their British spelling (the bench's, not the product's). */
const BRITISH: [RegExp, string][] = [
  [/(?<=\b[a-z]{3,})iz(e|es|ed|ing|ation|ations|er|ers)\b/g, 'is$1'],
  [/(?<=\b[a-z]{2,})yz(e|es|ed|ing|er|ers)\b/g, 'ys$1'],
  [
    /(?<=\b(?:col|behavi|fav|hon|neighb|flav|lab|hum|arm|rum))or(s|ed|ing|ite|ites|able)?\b/g,
    'our$1',
  ],
  [/(?<=\b(?:cent|met|theat|fib))er(s|ed)?\b/g, 're$1'],
  [/(?<=\b(?:catal|dial|anal))og(s)?\b/g, 'ogue$1'],
];

function britishVariant(question: Question): Question | undefined {
  let text = question.question;
  for (const [pattern, replacement] of BRITISH) text = text.replace(pattern, replacement);
  return text === question.question
    ? undefined
    : { ...question, id: `${question.id}~gb`, question: text };
}

const english = (q: Question) => !q.language || /^en\b/i.test(q.language);
const targets = new Map<string, Promise<EvalTarget>>();
const rows: Record<'as written' | 'one typo' | 'British', [string, Rates][]> = {
  'as written': [],
  'one typo': [],
  British: [],
};
const all: Record<keyof typeof rows, QuestionResult[]> = {
  'as written': [],
  'one typo': [],
  British: [],
};
const seed = Number(flags.seed);
for (const file of QUESTION_SETS.filter((s) => !s.questions.startsWith('held-out-'))) {
  const { questions, docs } = questionSetPaths(file);
  const set = await loadQuestionSet(questions);
  const asked = set.questions.filter(english);
  if (asked.length === 0) continue;
  let target = targets.get(docs);
  if (!target) {
    target = inProcessTarget({ docs });
    targets.set(docs, target);
  }
  const variants: Record<keyof typeof rows, Question[]> = {
    'as written': asked,
    'one typo': asked.flatMap((q, i) => typoVariants(q, seed * 100_003 + i * 7919)),
    British: asked.flatMap((q) => britishVariant(q) ?? []),
  };
  for (const [kind, list] of Object.entries(variants) as [keyof typeof rows, Question[]][]) {
    if (list.length === 0) continue;
    const run: QuestionSet = { name: set.name, questions: list };
    const report = await runEval(run, await target);
    rows[kind].push([set.name, report.rates]);
    all[kind].push(...report.questions);
    if (flags.list && kind !== 'as written') {
      for (const result of report.questions) {
        const q = list.find((x) => x.id === result.id)!;
        const wrong = q.uncovered ? !result.refused : result.refused;
        if (wrong)
          console.log(
            `${set.name} ${result.id} ${q.uncovered ? 'ANSWERED' : 'REFUSED'}: ${q.question}`,
          );
      }
    }
  }
}

for (const [kind, list] of Object.entries(rows)) {
  console.log(`\n### ${kind}\n`);
  console.log(ratesTable(list));
}
console.log('\n### Over every set\n');
console.log(
  ratesTable(
    Object.entries(all).map(([kind, results]) => [kind, computeRates(results)]),
    'questions',
  ),
);
