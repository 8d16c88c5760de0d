/**
 * The embedded model's answer: deterministic, and made only of lines quoted from the retrieved
 * sections, each with a numbered link to its section. It never writes a claim of its own.
 *
 * Shape: the passage that answers (the line with most of the question's weight, of the kind the
 * question wants), then up to three supporting quotes, then "More in:" with links to further
 * sections; "not covered" with the closest sections when no retrieved section holds enough of
 * the question (read-sections.ts).
 */
import type { SearchResult } from '../../api/types.ts';
import {
  FIRST_QUESTION_QUERY,
  FIRST_QUESTION_TOPICS,
  type FirstQuestionKind,
  firstQuestionOf,
  firstTopicRank,
} from '../text/first-questions.ts';
import {
  type ComposedAnswer,
  notCoveredAnswer,
  quotedAnswer,
  sectionLabel,
} from './answer-markdown.ts';
import { answerQuotes, type Candidate } from './choose-quotes.ts';
import { isCovered, type ReadOptions, readSections, type Section } from './read-sections.ts';

export type { AnswerSource, ComposedAnswer } from './answer-markdown.ts';
export { NOT_COVERED_LEAD } from './answer-markdown.ts';
export type { SectionText } from './read-sections.ts';

export interface ComposeOptions extends ReadOptions {
  /** The site's published address: links are absolute with it, relative without. */
  siteUrl?: string;
}

export function composeAnswer(
  question: string,
  passages: SearchResult[],
  options: ComposeOptions = {},
): ComposedAnswer {
  const { siteUrl } = options;
  const first = options.selection?.length ? undefined : firstQuestionOf(question, options.language);
  if (first && passages.length > 0) {
    const answer = firstQuestionAnswer(first, passages, options);
    if (answer) return answer;
  }
  const reading = readSections(question, passages, options);
  const { weighted, language, sections } = reading;
  if (!weighted || !isCovered(reading)) return notCoveredAnswer(sections, siteUrl, language);
  const quotes = answerQuotes({ ...reading, weighted });
  if (quotes.length === 0) return notCoveredAnswer(sections, siteUrl, language);
  return quotedAnswer(quotes, sections, siteUrl, language);
}

export interface CoverageAssessment {
  /** Share of the question's weight the best section holds (0..1). */
  coverage: number;
  /** Whether that is enough to answer. */
  covered: boolean;
  /** The best section, `Page › Section`. */
  section?: string;
}

/**
 * The decision and what it rests on: the share of the question's weight the best retrieved
 * section holds, and whether that is enough to answer.
 */
export function assessCoverage(
  question: string,
  passages: SearchResult[],
  options: ComposeOptions = {},
): CoverageAssessment {
  const reading = readSections(question, passages, options);
  const best = [...reading.sections].sort((a, b) => b.coverage - a.coverage || a.rank - b.rank)[0];
  return {
    coverage: best?.coverage ?? 0,
    covered: reading.weighted !== undefined && isCovered(reading),
    ...(best && { section: sectionLabel(best.text) }),
  };
}

/**
 * A newcomer's first question ("How do I get started?", see first-questions.ts) answered from
 * the page the site has for it: the retrieved section whose page title or headings name it
 * (getting started, installation, introduction; the best named first, then search's order),
 * else search's first. Its opening is quoted: the paragraph, and for how to begin or install,
 * the steps or the code it goes on to give.
 */
function firstQuestionAnswer(
  kind: FirstQuestionKind,
  passages: SearchResult[],
  options: ComposeOptions,
): ComposedAnswer | undefined {
  const reading = readSections(FIRST_QUESTION_QUERY[kind], passages, options);
  const { sections, language } = reading;
  // Pages named for what was asked by their title first, then by a heading, the best name
  // first, then in search's order; within a page, its opening goes by the title's name and its
  // other sections by their headings' ("Install the package" first when asked how to install).
  const names = FIRST_QUESTION_TOPICS[kind].length;
  const order = sections
    .map((section, index) => {
      const { title, headings = [], heading, anchor } = section.text;
      const byTitle = firstTopicRank(kind, title);
      const byHeading = firstTopicRank(kind, [...headings, heading ?? ''].join(' '));
      const page = byTitle ?? (byHeading === undefined ? 2 * names : names + byHeading);
      const within = anchor === undefined ? (byTitle ?? names) : (byHeading ?? names);
      return { section, index, page, within };
    })
    .filter(({ section }) => section.matched || section.rank === 0)
    .sort(
      (a, b) =>
        a.page - b.page ||
        a.section.rank - b.section.rank ||
        a.within - b.within ||
        a.index - b.index,
    );
  for (const { section, index } of order) {
    const chosen = openingQuotes(section, index, kind !== 'about');
    if (chosen.length > 0) return quotedAnswer(chosen, sections, options.siteUrl, language);
  }
  return undefined;
}

/** Lines of a section's opening quoted at most (its code block or steps aside). */
const OPENING_LINES = 3;

/**
 * A section's opening: its first paragraph's sentences, then (with `more`) what it goes on to
 * give, steps or a code block; empty when it opens with neither prose nor code.
 */
function openingQuotes(section: Section, index: number, more: boolean): Candidate[] {
  const chosen: Candidate[] = [];
  let lines = 0;
  let paragraph: number | undefined;
  for (let position = 0; position < section.snippets.length; position++) {
    const snippet = section.snippets[position]!;
    if (snippet.kind === 'table-row') break;
    if (snippet.kind === 'code') {
      if (more) chosen.push(candidate(snippet, index, position));
      if (more || chosen.length > 0) break;
      continue;
    }
    const prose = snippet.kind === 'sentence';
    if (prose && paragraph !== undefined && snippet.paragraph !== paragraph && !more) break;
    if (!prose && !more && chosen.length > 0) break;
    if (lines >= OPENING_LINES) break;
    if (prose && snippet.fragment && chosen.length === 0) continue;
    paragraph ??= snippet.paragraph;
    chosen.push(candidate(snippet, index, position));
    lines++;
  }
  return chosen;
}

function candidate(
  snippet: Section['snippets'][number],
  section: number,
  position: number,
): Candidate {
  return {
    section,
    position,
    snippet,
    relevance: 1,
    score: 1,
    matched: 0,
    wordShare: 1,
    ownWordShare: 1,
    quotable: true,
  };
}
