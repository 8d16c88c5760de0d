/**
 * Reading the retrieved sections for an answer: which sections are worth reading (pages can be
 * long), their lines and terms (kept with the section for the next answer), and how much of the
 * question each holds. The docs cover a question when one section holds enough of it.
 */
import type { SearchResult } from '../../api/types.ts';
import { languageOf, primaryTag, scriptOf, stemStart } from '../text/terms.ts';
import {
  absentWordsTell,
  combine,
  heldByWord,
  holdsAllButNames,
  type Rarity,
  shareOf,
  type WeightedQuestion,
  weighQuestion,
  withIncidentalNames,
} from './coverage.ts';
import { listsEntries } from './entries.ts';
import { followingSection, fromResult } from './grounding.ts';
import {
  analyzeQuestion,
  type Question,
  type QuestionWord,
  readTypos,
  type Selection,
  selectionNames,
  selectionWords,
  termsOf,
  writtenUnspaced,
} from './question.ts';
import { type Snippet, splitSnippets } from './snippets.ts';

/**
 * What a word the reader wrote in their own script weighs, on a page in another language's
 * script, once the page holds every word of the question it could hold (see onFallbackPage).
 */
const OTHER_SCRIPT_SHARE = 0.4;

/**
 * The question as a page in another language and script than the reader's can hold it: a site
 * without a copy of a page in the reader's language serves its default language's (Starlight,
 * Docusaurus and VitePress fall back so), whose words never meet the reader's own ("іконку",
 * "вкладки" on the English Tabs page), however well it answers. Where such a page holds every
 * word of the question written in its own script (names of code, products: `TabItem`), and
 * none of them is a name the site never uses, the reader's words in their script weigh
 * OTHER_SCRIPT_SHARE of their weight. Undefined where this does not apply: a page in the
 * reader's language or script, a question with a selection, or one with no word in the page's
 * script or one it does not hold.
 */
function onFallbackPage(
  question: WeightedQuestion,
  held: number[],
  pageLanguage: string | undefined,
  readerLanguage: string | undefined,
): WeightedQuestion | undefined {
  const reader = primaryTag(readerLanguage);
  if (!reader || !pageLanguage || primaryTag(pageLanguage) === reader) return undefined;
  const pageScripts = languageOf(pageLanguage).scripts;
  const readerScripts = languageOf(reader).scripts;
  if (pageScripts.length === 0 || pageScripts.some((s) => readerScripts.includes(s))) {
    return undefined;
  }
  const readable = question.groups.map((g) => pageScripts.includes(scriptOf(g.terms[0]!)));
  let holdsOne = false;
  for (let i = 0; i < question.groups.length; i++) {
    const group = question.groups[i]!;
    if (group.selected) return undefined;
    if (!readable[i] || group.filler) continue;
    if (group.absentName || held[i]! < 1) return undefined;
    holdsOne = true;
  }
  if (!holdsOne) return undefined;
  const groups = question.groups.map((g, i) =>
    readable[i] ? g : { ...g, weight: g.weight * OTHER_SCRIPT_SHARE },
  );
  const weighed: WeightedQuestion = { ...question, groups, total: 0 };
  weighed.total = combine(weighed, (g) => g.weight);
  return weighed;
}

/** A section the answer may quote. */
export interface SectionText {
  path: string;
  title: string;
  heading?: string;
  /** Heading trail below the page title. */
  headings?: string[];
  anchor?: string;
  description?: string;
  content: string;
  /** The page's language (BCP-47): its words are read as that language's. */
  language?: string;
}

export interface ReadOptions {
  /**
   * What the reader selected, when the question is about it: the answer quotes where the docs
   * explain it (its names, the options it uses), never the selection itself.
   */
  selection?: Selection[];
  /** More sections of the retrieved pages than search returned, to quote from (same order). */
  sections?: SectionText[];
  /** Of `sections`, those search returned (all of them when `sections` is not given). */
  matched?: ReadonlySet<SectionText>;
  /** How rare terms are on the whole site; without it, rarity among the retrieved sections. */
  rarity?: Rarity;
  /** The reader's language (BCP-47), when the site publishes several. */
  language?: string;
}

/**
 * Share of the question's weight one section must hold, the rest of its page counting in part,
 * for the docs to cover it. Calibrated on every question of the tuned and development sets with
 * the off-topic ones (bench/HISTORY.md has the trade-off).
 */
export const COVERED_MIN = 0.38;
/**
 * What the share must add per place its page stands below search's first page: a page search
 * ranks lower yet holds much of the question mostly holds the words in passing (a product named
 * in a release note, a word of an example); search's own pick agreeing is the stronger sign.
 */
const COVERED_MIN_PER_RANK = 0.025;
/**
 * A section holding less than this share, with the rest of its page counting in part, is not
 * quoted; one holding less alone is not read unless search returned it or a section just
 * before it (see worthReading).
 */
export const QUOTABLE_MIN = 0.3;
/** Sections after each one search returned that an answer reads, whatever they hold. */
export const FOLLOWING_SECTIONS = 3;
/** Characters of not yet read sections an answer reads at most. */
const READ_BUDGET = 60_000;

/** What reading a section gives, kept with the section (see grounding's page cache). */
interface ParsedSection {
  /** Per line: written in Chinese, Japanese or Korean (see writtenUnspaced). */
  unspaced: boolean[];
  /** Terms of its own heading (none for a page's top section). */
  heading: Set<string>;
  /** Terms of the section's text. */
  terms: Set<string>;
  /** Terms of its page title and heading trail: what the section is about. */
  topic: Set<string>;
  snippets: Snippet[];
  snippetTerms: Set<string>[];
}

export interface Section extends ParsedSection {
  text: SectionText;
  /** Search returned it (the others come from its page). */
  matched: boolean;
  /** Position of its page in the search results. */
  rank: number;
  /** Share of the question's weight it holds (0..1). */
  coverage: number;
  /**
   * Its coverage with what the other read sections of its page hold counting in part: a page
   * that answers often puts the reader's problem and its fix under two headings.
   */
  pageCoverage: number;
}

export interface Reading {
  question: Question;
  selection: Selection[];
  /** Whether a line repeats the selection (and so explains nothing about it). */
  echoes: (snippet: Snippet) => boolean;
  sections: Section[];
  /** Undefined when the question has no term to weigh or nothing was retrieved. */
  weighted?: WeightedQuestion;
  /** The reader's language, else the retrieved pages': the answer's own words are in it. */
  language?: string;
}

export function readSections(
  questionText: string,
  passages: SearchResult[],
  options: ReadOptions,
): Reading {
  const docsLanguage = passages[0]?.metadata['language'];
  const language =
    options.language ?? (typeof docsLanguage === 'string' ? docsLanguage : undefined);
  const question = readTyposIn(analyzeQuestion(questionText, language), options.rarity, language);
  const selection = options.selection?.filter((s) => s.text.trim()) ?? [];
  const echoes = selection.length > 0 ? echoTest(selection) : () => false;
  const words =
    selection.length > 0 ? wordsAboutSelection(question, selection, language) : question.words;
  for (const name of selectionNames(selection, language)) question.named.add(name);
  let texts = options.sections ?? passages.map(fromResult);
  const matched = options.sections ? (options.matched ?? new Set()) : new Set(texts);
  // With the site's term frequencies the question is weighed before any section is read, and a
  // section whose text cannot hold enough of it is not read at all: pages can be long.
  let weighted =
    words.length > 0 && options.rarity?.termFrequency
      ? weighQuestion(words, options.rarity, [], language, uncasedQuery(questionText, words))
      : undefined;
  if (weighted) texts = worthReading(texts, weighted, matched, passages[0]?.path);
  const sections = prepareSections(texts, matched, passages);
  if (words.length === 0 || sections.length === 0) {
    return { question, selection, echoes, sections, ...(language && { language }) };
  }
  weighted ??= weighQuestion(
    words,
    options.rarity,
    sections.flatMap((s) => s.snippetTerms),
    language,
    uncasedQuery(questionText, words),
  );
  const ownNames = readersOwnNames(questionText, weighted, language);
  const held = sections.map((s) => {
    // The selection itself holds every word of the selection: what counts is the rest.
    const own =
      selection.length > 0 && s.snippets.some(echoes) ? unechoedTerms(s, echoes) : s.terms;
    const byWord = heldByWord(weighted, (t) => own.has(t) || s.topic.has(t));
    for (const [index, siblings] of ownNames) {
      if (siblings.test(s.text.content)) byWord[index] = Math.max(byWord[index]!, OWN_NAME_HELD);
    }
    return byWord;
  });
  // Per page, the most of each word one of its sections holds.
  const byPage = new Map<string, number[]>();
  sections.forEach((s, i) => {
    const best = byPage.get(s.text.path);
    if (!best) byPage.set(s.text.path, [...held[i]!]);
    else
      held[i]!.forEach((h, w) => {
        best[w] = Math.max(best[w]!, h);
      });
  });
  const incidental = withIncidentalNames(weighted);
  sections.forEach((s, i) => {
    const own = held[i]!;
    const page = byPage.get(s.text.path)!;
    const both = incidental && holdsAllButNames(weighted, own) ? incidental : weighted;
    const asked = onFallbackPage(both, own, s.text.language, language) ?? both;
    s.coverage = shareOf(asked, own);
    s.pageCoverage = shareOf(
      asked,
      own.map((h, w) => Math.max(h, PAGE_SHARE * page[w]!)),
    );
  });
  return { question, selection, echoes, sections, weighted, ...(language && { language }) };
}

/**
 * The question with its typos read as the site's words (see readTypos), in the language the site
 * is written in first: a translation's readers use words of their own no page holds, which weigh
 * little there anyway (see absentWordsTell), and the site's words nearest them are often of
 * another language.
 */
function readTyposIn(
  question: Question,
  rarity: Rarity | undefined,
  language: string | undefined,
): Question {
  const readingOf = rarity?.readingOf;
  return readingOf && absentWordsTell(rarity, language) ? readTypos(question, readingOf) : question;
}

/**
 * A search-style query written without a capital letter ("celery task retry with exponential
 * backoff"): a word of it the site never uses reads as a name (see weighQuestion). Only a short
 * one: a reader who writes a whole account of their situation in lower case writes everyday
 * words of their own the site never uses ("bursts", "wiped"), no names.
 */
function uncasedQuery(text: string, words: { filler: boolean; selected?: boolean }[]): boolean {
  const weighed = words.filter((w) => !w.filler && !w.selected).length;
  return weighed <= UNCASED_QUERY_WORDS_MAX && writtenUncased(text);
}

/**
 * Words a lower-case question weighs at most to be read as a search-style query: under the eight
 * from which search's first page may be quoted alone (choose-quotes.ts), where a question reads
 * as the reader's account of their situation. Checked on every English question of the sets
 * written in lower case (bench/HISTORY.md, session 20).
 */
const UNCASED_QUERY_WORDS_MAX = 7;

/**
 * Written without a capital letter, every letter of a script that has them: no capital marks a
 * name there. A question with letters of a script without capitals (Chinese, Korean, Hindi) says
 * nothing by its lower case. English writes its pronoun "I" (I'm, I've) with a capital wherever
 * it stands, so it marks no name: "spilled red wine on a carpet, how do I get it out?" is written
 * in lower case.
 */
export function writtenUncased(text: string): boolean {
  const rest = text.replace(PRONOUN_I, '');
  return /\p{Ll}/u.test(rest) && !/[\p{Lu}\p{Lt}\p{Lo}]/u.test(rest);
}

/** The English pronoun "I", alone or contracted (I'm, I've, I'd, I'll). */
const PRONOUN_I = /(?<![\p{L}\p{N}_.-])I(?=$|[\s'’?!,;:)])/gu;

/**
 * The reader's own names of a kind a page documents: an identifier with a prefix
 * (`VITE_PAGE_SIZE`, `NEXT_PUBLIC_API_URL`) the whole site never uses, where a page shows one of
 * the same prefix and form (`VITE_SOME_KEY`). The reader pasted their own variable of the kind
 * the page's example shows: that page holds what they ask about, however they named it. Per word
 * of the question (its index among the groups), the test of a section's text for such a sibling.
 */
function readersOwnNames(
  text: string,
  weighted: WeightedQuestion,
  language: string | undefined,
): Map<number, RegExp> {
  const found = new Map<number, RegExp>();
  for (const [name, prefix] of text.matchAll(PREFIXED_NAME)) {
    const whole = termsOf(name, language)[0];
    const index = weighted.groups.findIndex(
      (g) => g.absentName && g.identifier && g.terms[0] === whole,
    );
    if (index < 0 || found.has(index)) continue;
    const letters = prefix!.replace(/_$/, '');
    const rest = letters === letters.toUpperCase() ? '[A-Z0-9_]*[A-Z0-9]' : '[a-z0-9_]*[a-z0-9]';
    found.set(index, new RegExp(`(?<![\\w$])${prefix}${rest}(?![\\w$])`));
  }
  return found;
}

/**
 * A name of words joined by underscores, its first word the prefix (`VITE_` of `VITE_PAGE_SIZE`,
 * `astro_` of `astro_config_x`): a prefix of three letters or more, the rest one word at least.
 */
const PREFIXED_NAME =
  /(?<![\w$])([A-Za-z][A-Za-z0-9]{2,}_)[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*(?![\w$])/g;

/**
 * How much of the reader's own name a section showing one of its kind holds (see
 * readersOwnNames): as an identifier's parts count, half (`chat` is not `useChat`).
 */
const OWN_NAME_HELD = 0.5;

/** A word held only by another section of the page counts this share. */
const PAGE_SHARE = 0.5;

/**
 * The words an answer about a selection weighs. The question's own words ("explain this", "what
 * does this option do") mostly point at it: they weigh like verbs of asking, and the
 * selection's names count. A question that names one of the selection's names whole ("what does
 * `resume` do?") asks about that one: it counts, and the selection's other words weigh lightly.
 */
function wordsAboutSelection(
  question: Question,
  selection: Selection[],
  language: string | undefined,
): (QuestionWord & { selected?: boolean })[] {
  const known = new Set(question.terms);
  // Whole names only: "config" in "what does this config do?" is not `defineConfig`.
  const named = new Set(
    selectionWords(selection, language, Number.POSITIVE_INFINITY)
      .filter((w) => !w.filler)
      .map((w) => w.terms[0]!),
  );
  const focus = (w: QuestionWord) => !w.filler && named.has(w.terms[0]!);
  const focused = question.words.some(focus);
  return [
    ...question.words.map((w) => (focus(w) ? w : { ...w, filler: true })),
    ...selectionWords(selection, language)
      .filter((w) => !w.terms.some((t) => known.has(t)))
      .map(({ alternative, ...w }) => ({
        ...w,
        selected: alternative,
        ...(focused && { filler: true }),
      })),
  ];
}

/** The terms of a section's lines that do not repeat the selection. */
function unechoedTerms(section: Section, echoes: (snippet: Snippet) => boolean): Set<string> {
  const terms = new Set<string>();
  section.snippets.forEach((snippet, i) => {
    if (!echoes(snippet)) for (const t of section.snippetTerms[i]!) terms.add(t);
  });
  return terms;
}

/**
 * Share of a line's words that, found in the selection, make it the selection again (as the
 * page renders it: with a link or an emphasis the copied text lost).
 */
const ECHO_WORDS = 0.6;
const ECHO_WORDS_MIN = 4;

/** A line that repeats the selection is no explanation of it. */
export function echoTest(selection: Selection[]): (snippet: Snippet) => boolean {
  const selected = normalized(selection.map((s) => s.text).join('\n'));
  const selectedWords = new Set(wordsIn(selected));
  return (snippet) => {
    const text = normalized(snippet.kind === 'code' ? codeBody(snippet.text) : snippet.text);
    if (text.length === 0) return false;
    if (selected.includes(text) || text.includes(selected)) return true;
    if (snippet.kind === 'code') return false;
    const words = wordsIn(text.replace(MARKDOWN_LINK_TARGET, ''));
    if (words.length < ECHO_WORDS_MIN) return false;
    return words.filter((w) => selectedWords.has(w)).length >= words.length * ECHO_WORDS;
  };
}

const normalized = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const MARKDOWN_LINK_TARGET = /\]\([^)]*\)/g;
const wordsIn = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
const codeBody = (code: string) => code.split('\n').slice(1, -1).join('\n');

/**
 * The docs cover a question when one section holds enough of it (with what the rest of its page
 * holds counting in part; more the lower search ranks its page), or when a section's heading of
 * two words or more is made only of the question's words ("Updating Starlight" for "How do I
 * update Starlight to the latest version?"): the author's own name for what was asked, however
 * the reader words the rest. A long question is asked less of, a word or two more (see
 * lengthAllowance).
 */
export function isCovered(reading: Reading): boolean {
  return coverageMargin(reading) >= 0;
}

/**
 * How far the best section stands above (≥ 0: covered) or below (< 0) what the decision asks of
 * it, as a share of the question: the decision and its calibration read the same number, and
 * moving every threshold by `d` refuses exactly the questions whose margin is under `d`.
 */
export function coverageMargin(reading: Reading): number {
  return sectionMargin(reading) + lengthAllowance(reading);
}

/**
 * How much the share the decision asks falls with the question's length: by LENGTH_SLOPE times
 * ln((1 + words) / (1 + LENGTH_NEUTRAL_WORDS)), less for a long question, more for a word or
 * two. A reader describing their situation at length writes more words of their own that the
 * page answering them never holds, so a section's share falls with the question's length even
 * where it answers; a question of a word or two, half held, is hardly answered. Chosen on every
 * question set by leave-one-corpus-out, errors weighed as the rates' targets weigh them
 * (bench/coverage-signals.ts; bench/HISTORY.md has the folds).
 */
const LENGTH_SLOPE = 0.2;
/** Words of a question the decision asks its plain shares of. */
const LENGTH_NEUTRAL_WORDS = 3;

/**
 * What the question's length moves the line by (see LENGTH_SLOPE). Never in favour of a question
 * that writes a name the site never uses ("Kafka", "Gatsby"): it is about that, however the
 * reader tells the rest. A question about a selection is left as it is: its words are the
 * selection's, not the reader's account of a situation.
 */
export function lengthAllowance(reading: Reading): number {
  const { weighted } = reading;
  if (!weighted || reading.selection.length > 0) return 0;
  const words = questionWordCount(weighted);
  const allowance = LENGTH_SLOPE * Math.log((1 + words) / (1 + LENGTH_NEUTRAL_WORDS));
  return weighted.groups.some((g) => g.absentName) ? Math.min(0, allowance) : allowance;
}

/** Words of the question the decision weighs, verbs of asking and a selection's words aside. */
export function questionWordCount(question: WeightedQuestion): number {
  return question.groups.filter((g) => !g.filler && !g.selected).length;
}

/** The margin of the best section before the question's length counts (see coverageMargin). */
export function sectionMargin(reading: Reading): number {
  if (!reading.weighted) return Number.NEGATIVE_INFINITY;
  const asked = new Set(reading.weighted.terms);
  const named = (s: Section) =>
    s.heading.size >= NAMING_HEADING_TERMS && [...s.heading].every((t) => asked.has(t));
  let margin = Number.NEGATIVE_INFINITY;
  for (const s of reading.sections) {
    margin = Math.max(margin, s.pageCoverage - (COVERED_MIN + COVERED_MIN_PER_RANK * s.rank));
    // Whether a heading names the question is read only when it could raise the margin.
    if (s.coverage - QUOTABLE_MIN > margin && named(s)) margin = s.coverage - QUOTABLE_MIN;
  }
  return margin;
}

/** Words a heading needs to name a question on its own (one, "Tabs", names too much). */
const NAMING_HEADING_TERMS = 2;

/**
 * The sections worth reading: those search returned, and the others that
 * could hold enough of the question to be quoted, most promising first, up to a budget of text:
 * an answer's cost stays bounded however long the retrieved pages are.
 */
function worthReading(
  texts: SectionText[],
  weighted: WeightedQuestion,
  matched: ReadonlySet<SectionText>,
  firstPage?: string,
): SectionText[] {
  // What was read for earlier answers does not change what this one reads: the same question
  // gets the same answer.
  const keep = new Set<SectionText>();
  let budget = READ_BUDGET;
  for (const t of texts) {
    if (!matched.has(t)) continue;
    keep.add(t);
    budget -= t.content.length;
  }
  // What follows a section search returned finishes it: a problem's fix, the code a sentence
  // announces (see choose-quotes.ts), whatever words it holds.
  for (const t of [...keep]) {
    let next = followingSection(t);
    for (let n = 0; next && n < FOLLOWING_SECTIONS; n++, next = followingSection(next)) {
      if (keep.has(next)) continue;
      keep.add(next);
      budget -= next.content.length;
    }
  }
  const others = texts
    .filter((t) => !keep.has(t))
    .map((t, order) => ({ t, order, bound: coverageBound(t, weighted) }))
    .filter((o) => o.bound >= QUOTABLE_MIN)
    .sort((a, b) => b.bound - a.bound || a.order - b.order);
  // The reference lists of search's first page (an error's "Properties", a function's
  // "Parameters"), on a budget of their own: other pages' long sections (a reference of a
  // hundred parameters) must not keep them unread; they hold the entry a reader asking for a
  // field or an option wants (see entries.ts).
  let first = READ_BUDGET;
  for (const { t } of others) {
    if (t.path !== firstPage || first <= 0 || !listsEntries(t.content)) continue;
    keep.add(t);
    first -= t.content.length;
  }
  for (const { t } of others) {
    if (budget <= 0) break;
    if (keep.has(t)) continue;
    keep.add(t);
    budget -= t.content.length;
  }
  return texts.filter((t) => keep.has(t));
}

/**
 * At most the share of the question a section can hold: its text is searched for each term as
 * a substring (a stem's stable start, so `librari` finds "library"), which finds every term the
 * section holds and perhaps more.
 */
function coverageBound(text: SectionText, weighted: WeightedQuestion): number {
  const haystack = lowered(text);
  let held = 0;
  for (const group of weighted.groups) {
    if (group.terms.some((t) => haystack.includes(stemStart(t)))) held += group.weight;
  }
  return weighted.total === 0 ? 0 : held / weighted.total;
}

/** A section's words in lower case (native and cheap: not kept). */
function lowered(text: SectionText): string {
  const parts = [text.title, ...(text.headings ?? [text.heading ?? '']), text.description ?? ''];
  return `${parts.join('\n')}\n${text.content}`.toLowerCase();
}

const parsed = new WeakMap<SectionText, ParsedSection>();

function prepareSections(
  texts: SectionText[],
  matched: ReadonlySet<SectionText>,
  passages: SearchResult[],
): Section[] {
  const ranks = new Map<string, number>();
  for (const p of passages) if (!ranks.has(p.path)) ranks.set(p.path, ranks.size);
  return texts.map((text) => {
    let own = parsed.get(text);
    if (!own) {
      own = parseSection(text);
      parsed.set(text, own);
    }
    return {
      ...own,
      text,
      matched: matched.has(text),
      rank: ranks.get(text.path) ?? ranks.size,
      coverage: 0,
      pageCoverage: 0,
    };
  });
}

/** A title that is one name of code: `isStepCount()`, `server.port`, `useChat`, `--host`. */
const CODE_NAME =
  /^`?(?:--?[a-z][\w-]*|[\w$]+(?:\.[\w$]+)+|[a-z]+[A-Z][\w$]*|[a-z]\w*_\w+|\w+\(\))`?(?:\(\))?$/;
const namesCode = (title: string) => CODE_NAME.test(title.trim());

/** Prose as a reader reads it: a link's text, not its address (`…/proxy.ts#L13`). */
function withoutLinkTargets(markdown: string): string {
  return markdown
    .replace(/\]\([^)\s]*(?:\s+"[^"]*")?\)/g, ']')
    .replace(/<?https?:\/\/[^\s>)]+>?/g, ' ');
}

function parseSection(text: SectionText): ParsedSection {
  const { language } = text;
  const snippets = splitSnippets(text.content);
  // "…in your unit tests:" closing a section introduces the code that opens the next one.
  const next = snippets.at(-1)?.introduces ? followingSection(text) : undefined;
  const opening = next && splitSnippets(next.content)[0];
  if (opening?.kind === 'code') snippets.push(opening);
  const snippetTerms = snippets.map(
    (s) => new Set(termsOf(s.kind === 'code' ? s.text : withoutLinkTargets(s.text), language)),
  );
  const topicText = [text.title, ...(text.headings ?? [text.heading ?? ''])].join(' ');
  // All of its words: short lines ("Default: `5173`") are no quotes but still say what it holds.
  const terms = new Set(
    termsOf(withoutLinkTargets(`${text.description ?? ''}\n${text.content}`), language),
  );
  // A reference page named after one name of code (`isStepCount`, `server.port`) is about it
  // from its opening section: the title heads that section. A title in words ("Tabs") is
  // broader than what its opening says.
  const headingText = text.anchor ? text.heading : namesCode(text.title) ? text.title : '';
  const heading = termsOf(headingText ?? '', language);
  return {
    unspaced: snippets.map((s) => writtenUnspaced(s.text)),
    snippets,
    snippetTerms,
    terms,
    topic: new Set(termsOf(topicText, language)),
    heading: new Set(heading),
  };
}
