/**
 * The coverage decision's inputs, one row per question of every set `npm run eval` runs (covered
 * and off-topic, every corpus, every language; held-out sets excepted), and rules over them
 * chosen by leave-one-corpus-out validation (issue 14): each rule's parameters are chosen on
 * three corpora's questions and its rates measured on the fourth's (ai-sdk, vite, starlight
 * with its other languages, demo), in turn. A covered question whose expected page is not among
 * search's first five is retrieval's miss: it counts in the rates but no rule learns from it.
 *
 * Parameters are chosen for the fewest errors, a false refusal counting `--cost` (3) times an
 * off-topic question answered, each as a share of its kind: the targets are at most 1 in 30
 * covered questions refused and at most 1 in 10 off-topic ones answered.
 *
 * The last rules add what happens after the decision (an answer with nothing to quote is refused)
 * and whether search's first page counting as quotable under the quotable share, whatever it
 * holds or over a bar chosen per fold, beats the rule as kept (session 18, ninth round).
 *
 * `node bench/coverage-signals.ts` prints the signals' means per kind of question, each rule's
 * rates per held-out corpus, and the length rule fitted on every set (what read-sections.ts
 * holds); `--rows` prints the whole table first (tab-separated). `--apart <prefix>` (default
 * `dev-7-`) also rates every rule on the sets named so, chosen on all the others.
 */
import { parseArgs } from 'node:util';
import { answerQuotes, namesATopic } from '../src/server/assistant/choose-quotes.ts';
import { heldByWord, shareOf, type WeightedQuestion } from '../src/server/assistant/coverage.ts';
import {
  coverageMargin,
  questionWordCount,
  type Reading,
  sectionMargin,
  writtenUncased,
} from '../src/server/assistant/read-sections.ts';
import { normalizePagePath, RECALL_AT } from '../src/server/eval/grade.ts';
import { questionReadings } from './question-readings.ts';

/** What the decision could read of one question (each a share of the question's weight). */
export interface Signals {
  /** The best section's margin before the question's length counts (sectionMargin). */
  section: number;
  /** Share of the weight in words the site never uses. */
  absent: number;
  /** The most of the question one line holds, with its section's title and headings. */
  together: number;
  /** The most of the question one section's title and heading trail hold. */
  topic: number;
  /** How much of its heaviest word the site uses the best section holds (0..1). */
  rarest: number;
  /** Words the decision weighs (questionWordCount); none for a question about a selection. */
  words: number;
  /** Words as written, every word counted (Intl.Segmenter). */
  written: number;
  /** The question writes a name the site never uses. */
  absentName: boolean;
  /**
   * Distinct terms of the best section (by its page's share and rank, as `rarest`): a long
   * section (a release note, a list of plugins) holds words of any question in passing.
   */
  vocabulary: number;
  /** The most of the question the best section's title and heading trail hold. */
  bestTopic: number;
  /** The most of the question one line of the best section holds. */
  bestLine: number;
  /** The share of the question's heaviest word the site never uses (0 when none). */
  heaviestAbsent: number;
  /** Share of the weight in words the site uses that the best section lacks. */
  missingKnown: number;
}

export interface SignalRow extends Signals {
  corpus: string;
  set: string;
  id: string;
  question: string;
  language?: string;
  covered: boolean;
  /** About what the reader selected: the length does not count. */
  selection: boolean;
  /**
   * Written without a capital letter: a word the site never uses reads as a name (session 20),
   * as no capital tells one from the reader's own words.
   */
  uncased: boolean;
  /** An expected page among search's first five results (covered questions). */
  top5: boolean;
  /** The decision's margin as read-sections.ts takes it (≥ 0: answered). */
  margin: number;
  /**
   * Whether an answer finds lines to quote when some page must hold the quotable share (else
   * it is refused after the decision; session 18's eighth round).
   */
  quotable: boolean;
  /**
   * The most of the question a section of search's first page holds, the rest of its page
   * counting in part (as the quotable share is read); 0 when that page has no section read.
   */
  firstPage: number;
  /** Whether an answer finds lines to quote when search's first page is quotable whatever it holds. */
  firstQuotable: boolean;
  /**
   * Whether a read section's title or heading trail holds a word of the question (choose-quotes.ts,
   * namesATopic): search's first page is quoted alone only then (session 21).
   */
  namesTopic: boolean;
}

/** The four corpora the folds rotate over (the Starlight docs with their other languages). */
function corpusOf(docs: string): string {
  for (const name of ['ai-sdk', 'vite', 'starlight']) if (docs.includes(name)) return name;
  return 'demo';
}

export async function signalRows(): Promise<SignalRow[]> {
  const rows: SignalRow[] = [];
  for await (const { file, set, question: q, lookup, retrieval, reading } of questionReadings()) {
    const pages = q.pages.map((p) => normalizePagePath(p));
    const retrieved = retrieval.results.slice(0, RECALL_AT).map((r) => normalizePagePath(r.path));
    const { weighted } = reading;
    const absentFrom = (term: string) => (lookup.termFrequency?.(term) ?? 1) === 0;
    rows.push({
      corpus: corpusOf(file.docs),
      set: set.name,
      id: q.id,
      question: q.question,
      ...(q.language && { language: q.language }),
      covered: !q.uncovered,
      selection: reading.selection.length > 0,
      uncased: writtenUncased(q.question),
      top5: !q.uncovered && retrieved.some((p) => pages.includes(p)),
      margin: coverageMargin(reading),
      quotable: weighted !== undefined && answerQuotes({ ...reading, weighted }, false).length > 0,
      firstQuotable:
        weighted !== undefined && answerQuotes({ ...reading, weighted }, true).length > 0,
      namesTopic: weighted !== undefined && namesATopic(reading.sections, weighted),
      firstPage: Math.max(
        0,
        ...reading.sections.filter((s) => s.rank === 0).map((s) => s.pageCoverage),
      ),
      ...signalsOf(reading, absentFrom),
      written: writtenWords(q.question, retrieval.language),
    });
  }
  return rows;
}

function signalsOf(reading: Reading, absentFrom: (term: string) => boolean): Signals {
  const { weighted } = reading;
  const section = sectionMargin(reading);
  if (!weighted || weighted.total === 0) {
    return {
      section,
      absent: 0,
      together: 0,
      topic: 0,
      rarest: 0,
      words: 0,
      written: 0,
      absentName: false,
      vocabulary: 0,
      bestTopic: 0,
      bestLine: 0,
      heaviestAbsent: 0,
      missingKnown: 0,
    };
  }
  const held = (has: (t: string) => boolean) => shareOf(weighted, heldByWord(weighted, has));
  const { groups } = weighted;
  const absentGroups = groups.filter((g) => !g.filler && !g.selected && g.terms.every(absentFrom));
  const absent = absentGroups.reduce((a, g) => a + g.weight, 0) / weighted.total;
  let best: Reading['sections'][number] | undefined;
  let together = 0;
  let topic = 0;
  for (const s of reading.sections) {
    if (!best || s.pageCoverage - s.rank * 0.025 > best.pageCoverage - best.rank * 0.025) best = s;
    topic = Math.max(
      topic,
      held((t) => s.topic.has(t)),
    );
    for (const terms of s.snippetTerms) {
      together = Math.max(
        together,
        held((t) => terms.has(t) || s.topic.has(t)),
      );
    }
  }
  const bestHas = (t: string) => best!.terms.has(t) || best!.topic.has(t);
  const bestHeld = best ? heldByWord(weighted, bestHas) : [];
  return {
    section,
    absent,
    together,
    topic,
    vocabulary: best?.terms.size ?? 0,
    bestTopic: best ? held((t) => best.topic.has(t)) : 0,
    bestLine: best
      ? Math.max(0, ...best.snippetTerms.map((terms) => held((t) => terms.has(t))))
      : 0,
    heaviestAbsent: Math.max(0, ...absentGroups.map((g) => g.weight)) / weighted.total,
    missingKnown: best
      ? groups.reduce(
          (a, g, i) =>
            g.selected || g.terms.every(absentFrom) ? a : a + g.weight * (1 - bestHeld[i]!),
          0,
        ) / weighted.total
      : 0,
    rarest: best ? rarestHeld(weighted, bestHas, absentFrom) : 0,
    words: reading.selection.length > 0 ? 0 : questionWordCount(weighted),
    written: 0,
    absentName: groups.some((g) => g.absentName),
  };
}

function rarestHeld(
  weighted: WeightedQuestion,
  has: (t: string) => boolean,
  absentFrom: (term: string) => boolean,
): number {
  const { groups } = weighted;
  let heaviest = -1;
  groups.forEach((g, i) => {
    if (g.filler || g.selected || g.terms.every(absentFrom)) return;
    if (heaviest < 0 || g.weight > groups[heaviest]!.weight) heaviest = i;
  });
  return heaviest < 0 ? 0 : heldByWord(weighted, has)[heaviest]!;
}

function writtenWords(text: string, language?: string): number {
  let n = 0;
  for (const s of new Intl.Segmenter(language ?? 'en', { granularity: 'word' }).segment(text)) {
    if (s.isWordLike) n++;
  }
  return n;
}

// ---- Rules, and their folds ----

/** A rule: given training rows, a decision (answered or not) per question. */
export interface Rule {
  name: string;
  fit(train: SignalRow[], cost: number): (row: SignalRow) => boolean;
}

export const FOLDS = ['ai-sdk', 'vite', 'starlight', 'demo'];

/** Rows a rule learns from: every off-topic question, and covered ones retrieval found. */
const learnable = (rows: SignalRow[]) => rows.filter((r) => !r.covered || r.top5);

/** The errors, a false refusal counting `cost` times an off-topic answer, each by its kind's share. */
export function errorCost(rows: SignalRow[], answered: (r: SignalRow) => boolean, cost: number) {
  let refused = 0;
  let covered = 0;
  let offAnswered = 0;
  let off = 0;
  for (const r of rows) {
    if (r.covered) {
      covered++;
      if (!answered(r)) refused++;
    } else {
      off++;
      if (answered(r)) offAnswered++;
    }
  }
  return (cost * refused) / Math.max(1, covered) + offAnswered / Math.max(1, off);
}

/** A score's threshold with the fewest weighed errors on `rows` (answered when score ≥ it). */
function bestThreshold(rows: SignalRow[], score: (r: SignalRow) => number, cost: number): number {
  const cuts = [...new Set(rows.map(score).filter(Number.isFinite))].sort((a, b) => a - b);
  let best = { cost: Number.POSITIVE_INFINITY, cut: 0 };
  for (const cut of cuts) {
    const c = errorCost(rows, (r) => score(r) >= cut, cost);
    if (c < best.cost) best = { cost: c, cut };
  }
  return best.cut;
}

/**
 * The length rule (read-sections.ts, lengthAllowance): the section's margin plus `slope` ×
 * ln((1 + words) / (1 + neutral)), never in favour of a question writing a name the site never
 * uses; a question about a selection keeps its section's margin.
 */
export function lengthRule(slope: number, neutral: number, names = true) {
  return (r: SignalRow) => {
    if (r.selection) return r.section >= 0;
    const allowance = slope * Math.log((1 + r.words) / (1 + neutral));
    return r.section + (names && r.absentName ? Math.min(0, allowance) : allowance) >= 0;
  };
}

/**
 * The length rule's slope and neutral length with the fewest weighed errors on `rows`; of those
 * within `EVEN` of the fewest, the gentlest slope (the smaller departure from the plain share).
 */
export function fitLengthRule(rows: SignalRow[], cost: number, names = true) {
  const fits: { cost: number; slope: number; neutral: number }[] = [];
  for (let step = 0; step <= 20; step++) {
    const slope = step * 0.02;
    for (let neutral = 1; neutral <= 16; neutral++) {
      const rule = lengthRule(slope, neutral, names);
      fits.push({ cost: errorCost(rows, rule, cost), slope, neutral });
    }
  }
  const fewest = Math.min(...fits.map((f) => f.cost));
  return fits
    .filter((f) => f.cost <= fewest + EVEN)
    .sort((a, b) => a.slope - b.slope || a.cost - b.cost)[0]!;
}

/** Weighed errors within this of the fewest count as even. */
const EVEN = 0.01;

/** Logistic regression over standardized features, kinds weighed equally, L2-regularized. */
export function fitLogistic(
  xs: number[][],
  ys: number[],
  { l2 = 0.01, steps = 2000, rate = 0.5 } = {},
) {
  const d = xs[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => xs.reduce((a, x) => a + x[j]!, 0) / xs.length);
  const sd = Array.from(
    { length: d },
    (_, j) => Math.sqrt(xs.reduce((a, x) => a + (x[j]! - mean[j]!) ** 2, 0) / xs.length) || 1,
  );
  const z = xs.map((x) => x.map((v, j) => (v - mean[j]!) / sd[j]!));
  const pos = ys.filter((y) => y === 1).length;
  const weight = ys.map((y) => (y === 1 ? 0.5 / pos : 0.5 / (ys.length - pos)));
  const w = new Array<number>(d).fill(0);
  let b = 0;
  for (let step = 0; step < steps; step++) {
    const gw = w.map((wj) => l2 * wj);
    let gb = 0;
    z.forEach((x, i) => {
      const p = 1 / (1 + Math.exp(-(b + x.reduce((a, v, j) => a + v * w[j]!, 0))));
      const g = (p - ys[i]!) * weight[i]!;
      gb += g;
      x.forEach((v, j) => {
        gw[j]! += g * v;
      });
    });
    b -= rate * gb;
    w.forEach((_, j) => {
      w[j]! -= rate * gw[j]!;
    });
  }
  return (x: number[]) => b + x.reduce((a, v, j) => a + ((v - mean[j]!) / sd[j]!) * w[j]!, 0);
}

/** A question with nothing to weigh stands as far under the line as any. */
const finite = (v: number) => (Number.isFinite(v) ? v : -1);

function logistic(name: string, features: (r: SignalRow) => number[]): Rule {
  return {
    name,
    fit(train, cost) {
      const rows = learnable(train);
      const model = fitLogistic(
        rows.map(features),
        rows.map((r) => (r.covered ? 1 : 0)),
      );
      const score = (r: SignalRow) => model(features(r));
      const cut = bestThreshold(rows, score, cost);
      return (r) => score(r) >= cut;
    },
  };
}

export const RULES: Rule[] = [
  { name: 'session 17: section margin ≥ 0', fit: () => (r) => r.section >= 0 },
  {
    name: 'section margin, threshold chosen per fold',
    fit(train, cost) {
      const cut = bestThreshold(learnable(train), (r) => r.section, cost);
      return (r) => r.section >= cut;
    },
  },
  {
    name: 'length rule, slope and neutral length per fold, names aside (kept)',
    fit(train, cost) {
      const { slope, neutral } = fitLengthRule(learnable(train), cost);
      return lengthRule(slope, neutral);
    },
  },
  {
    name: 'length rule, slope and neutral length per fold, names too',
    fit(train, cost) {
      const { slope, neutral } = fitLengthRule(learnable(train), cost, false);
      return lengthRule(slope, neutral, false);
    },
  },
  logistic('logistic: margin, absent, together, ln words', (r) => [
    finite(r.section),
    r.absent,
    r.together,
    Math.log(1 + r.words),
  ]),
  logistic('logistic: margin, absent, together, topic, rarest', (r) => [
    finite(r.section),
    r.absent,
    r.together,
    r.topic,
    r.rarest,
  ]),
  logistic('logistic: margin, ln written words', (r) => [
    finite(r.section),
    Math.log(1 + r.written),
  ]),
  // Session 19: what could tell a question about a neighbouring product from one in a reader's
  // own words, each beside the decision's margin as read-sections.ts takes it (its length rule
  // fitted on every set: 0.20 / 3 words, and 0.20–0.24 / 3 on each fold alone).
  logistic('logistic: decision margin alone (the baseline of the rows below)', (r) => [
    finite(r.margin),
  ]),
  logistic("logistic: decision margin, best section's title and headings", (r) => [
    finite(r.margin),
    r.bestTopic,
  ]),
  logistic("logistic: decision margin, ln best section's vocabulary", (r) => [
    finite(r.margin),
    Math.log(1 + r.vocabulary),
  ]),
  logistic("logistic: decision margin, best section's best line", (r) => [
    finite(r.margin),
    r.bestLine,
  ]),
  logistic('logistic: decision margin, heaviest word the site never uses', (r) => [
    finite(r.margin),
    r.heaviestAbsent,
  ]),
  logistic("logistic: decision margin, site's words the best section lacks", (r) => [
    finite(r.margin),
    r.missingKnown,
  ]),
  logistic('logistic: decision margin and the five above', (r) => [
    finite(r.margin),
    r.bestTopic,
    Math.log(1 + r.vocabulary),
    r.bestLine,
    r.heaviestAbsent,
    r.missingKnown,
  ]),
];

/**
 * The rules as answers are refused: the decision, then nothing quotable (no page holding the
 * quotable share). `firstPageBar` lets search's first page count as quotable when one of its
 * sections holds at least that share (0: whatever it holds, the eighth round's variant).
 */
function asAnswered(rule: (r: SignalRow) => boolean, firstPageBar?: number) {
  return (r: SignalRow) =>
    rule(r) &&
    (r.quotable || (firstPageBar !== undefined && r.firstQuotable && r.firstPage >= firstPageBar));
}

/** The kept length rule, fitted per fold, with quotability as answers read it. */
function lengthThenQuotable(
  name: string,
  bar: (train: SignalRow[], cost: number) => number | undefined,
): Rule {
  return {
    name,
    fit(train, cost) {
      const rows = learnable(train);
      const { slope, neutral } = fitLengthRule(rows, cost);
      return asAnswered(lengthRule(slope, neutral), bar(rows, cost));
    },
  };
}

/** The first page's bar with the fewest weighed errors on `rows`, the highest of even ones. */
function fitFirstPageBar(rows: SignalRow[], cost: number): number {
  const { slope, neutral } = fitLengthRule(rows, cost);
  const rule = lengthRule(slope, neutral);
  const fits: { cost: number; bar: number }[] = [];
  for (let step = 0; step <= 30; step++) {
    const bar = step * 0.01;
    fits.push({ cost: errorCost(rows, asAnswered(rule, bar), cost), bar });
  }
  const fewest = Math.min(...fits.map((f) => f.cost));
  return fits.filter((f) => f.cost <= fewest + EVEN).sort((a, b) => b.bar - a.bar)[0]!.bar;
}

/**
 * The fewest words (questionWordCount) from which search's first page is quotable whatever it
 * holds, with the fewest weighed errors on `rows`; of even ones the most (the least departure
 * from the quotable share).
 */
export function fitFirstPageWords(rows: SignalRow[], cost: number, topic = false): number {
  const { slope, neutral } = fitLengthRule(rows, cost);
  const rule = lengthRule(slope, neutral);
  const fits: { cost: number; words: number }[] = [];
  for (let words = 0; words <= 20; words++) {
    fits.push({ cost: errorCost(rows, firstPageFrom(rule, words, topic), cost), words });
  }
  const fewest = Math.min(...fits.map((f) => f.cost));
  return fits.filter((f) => f.cost <= fewest + EVEN).sort((a, b) => b.words - a.words)[0]!.words;
}

/**
 * Search's first page quotable whatever it holds for a question of `words` words or more; with
 * `topic`, only when a read page's title or headings name a word of the question (session 21).
 */
function firstPageFrom(rule: (r: SignalRow) => boolean, words: number, topic = false) {
  return (r: SignalRow) =>
    rule(r) &&
    (r.quotable ||
      (r.firstQuotable && !r.selection && r.words >= words && (!topic || r.namesTopic)));
}

export const QUOTABLE_RULES: Rule[] = [
  lengthThenQuotable('length rule, then quotable as in the eighth round', () => undefined),
  lengthThenQuotable(
    "length rule, then quotable or search's first page whatever it holds",
    () => 0,
  ),
  lengthThenQuotable(
    "length rule, then quotable or search's first page over a bar per fold",
    fitFirstPageBar,
  ),
  {
    name: "length rule, then quotable or search's first page from a question's length per fold (session 18)",
    fit(train, cost) {
      const rows = learnable(train);
      const { slope, neutral } = fitLengthRule(rows, cost);
      return firstPageFrom(lengthRule(slope, neutral), fitFirstPageWords(rows, cost));
    },
  },
  {
    name: "the same, when a read page's title or headings name a word of the question (kept)",
    fit(train, cost) {
      const rows = learnable(train);
      const { slope, neutral } = fitLengthRule(rows, cost);
      return firstPageFrom(lengthRule(slope, neutral), fitFirstPageWords(rows, cost, true), true);
    },
  },
];

export interface FoldRates {
  fold: string;
  falseRefusals: string;
  offTopicRefused: string;
}

/**
 * A rule's rates on the sets whose name starts with `prefix`, its parameters chosen on every
 * other set: how it does on questions written apart from it (`dev-7-` were held out until
 * session 19, after the rules were chosen).
 */
export function apart(rows: SignalRow[], prefix: string, rule: Rule, cost: number) {
  const answered = rule.fit(
    rows.filter((r) => !r.set.startsWith(prefix)),
    cost,
  );
  const test = rows.filter((r) => r.set.startsWith(prefix));
  const covered = test.filter((r) => r.covered);
  const off = test.filter((r) => !r.covered);
  return {
    rule: rule.name,
    falseRefusals: `${covered.filter((r) => !answered(r)).length}/${covered.length}`,
    offTopicRefused: `${off.filter((r) => !answered(r)).length}/${off.length}`,
  };
}

/** A rule's rates on each corpus, chosen on the other three. */
export function folds(rows: SignalRow[], rule: Rule, cost: number) {
  let refused = 0;
  let covered = 0;
  let offRefused = 0;
  let off = 0;
  const perFold: FoldRates[] = FOLDS.map((fold) => {
    const answered = rule.fit(
      rows.filter((r) => r.corpus !== fold),
      cost,
    );
    const test = rows.filter((r) => r.corpus === fold);
    const c = test.filter((r) => r.covered);
    const o = test.filter((r) => !r.covered);
    const fr = c.filter((r) => !answered(r)).length;
    const or = o.filter((r) => !answered(r)).length;
    refused += fr;
    covered += c.length;
    offRefused += or;
    off += o.length;
    return { fold, falseRefusals: `${fr}/${c.length}`, offTopicRefused: `${or}/${o.length}` };
  });
  return {
    rule: rule.name,
    perFold,
    falseRefusals: `${refused}/${covered}`,
    offTopicRefused: `${offRefused}/${off}`,
  };
}

const SIGNALS = [
  'margin',
  'section',
  'absent',
  'together',
  'topic',
  'rarest',
  'words',
  'written',
  'vocabulary',
  'bestTopic',
  'bestLine',
  'heaviestAbsent',
  'missingKnown',
] as const;

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      rows: { type: 'boolean' },
      cost: { type: 'string', default: '3' },
      apart: { type: 'string', default: 'dev-7-' },
    },
  });
  const cost = Number(values.cost);
  const rows = await signalRows();
  if (values.rows) {
    const head = [
      'corpus',
      'set',
      'id',
      'covered',
      'top5',
      'quotable',
      'uncased',
      'absentName',
      ...SIGNALS,
      'question',
    ];
    console.log(head.join('\t'));
    for (const r of rows) {
      const cells = SIGNALS.map((s) => (Number.isInteger(r[s]) ? `${r[s]}` : r[s].toFixed(3)));
      console.log(
        [
          r.corpus,
          r.set,
          r.id,
          r.covered,
          r.top5,
          r.quotable,
          r.uncased,
          r.absentName,
          ...cells,
          r.question,
        ].join('\t'),
      );
    }
  }
  const mean = (xs: SignalRow[], key: (typeof SIGNALS)[number]) =>
    (xs.reduce((a, r) => a + finite(r[key]), 0) / Math.max(1, xs.length)).toFixed(3);
  const kinds: [string, SignalRow[]][] = [
    ['covered, page in top 5', rows.filter((r) => r.covered && r.top5)],
    ['covered, retrieval miss', rows.filter((r) => r.covered && !r.top5)],
    ['off-topic', rows.filter((r) => !r.covered)],
  ];
  console.table(
    kinds.map(([kind, xs]) => ({
      kind,
      n: xs.length,
      ...Object.fromEntries(SIGNALS.map((s) => [s, mean(xs, s)])),
    })),
  );
  const kept = rows.filter((r) => r.margin >= 0);
  console.log(
    `As read-sections.ts decides: false refusals ${rows.filter((r) => r.covered && r.margin < 0).length}/${rows.filter((r) => r.covered).length}, off-topic refused ${rows.filter((r) => !r.covered && r.margin < 0).length}/${rows.filter((r) => !r.covered).length} (${kept.length} answered)`,
  );
  const uncased = rows.filter((r) => r.uncased);
  console.log(
    `Written without a capital (session 20): covered ${uncased.filter((r) => r.covered).length}, refused ${uncased.filter((r) => r.covered && r.margin < 0).length}; off-topic ${uncased.filter((r) => !r.covered).length}, refused ${uncased.filter((r) => !r.covered && r.margin < 0).length}`,
  );
  for (const rule of [...RULES, ...QUOTABLE_RULES]) {
    const result = folds(rows, rule, cost);
    console.log(
      `\n${result.rule}: false refusals ${result.falseRefusals}, off-topic refused ${result.offTopicRefused}`,
    );
    console.table(result.perFold);
  }
  console.log(`\nChosen on every set but ${values.apart}*, rated on those:`);
  console.table([...RULES, ...QUOTABLE_RULES].map((rule) => apart(rows, values.apart, rule, cost)));
  const fitted = fitLengthRule(learnable(rows), cost);
  console.log(
    `\nThe length rule on every set: slope ${fitted.slope.toFixed(2)}, neutral length ${fitted.neutral} words`,
  );
  console.log(`Search's first page's bar on every set: ${fitFirstPageBar(learnable(rows), cost)}`);
  console.log(
    `Search's first page quotable whatever it holds from, on every set: ${fitFirstPageWords(learnable(rows), cost, true)} words (what choose-quotes.ts holds)`,
  );
}
