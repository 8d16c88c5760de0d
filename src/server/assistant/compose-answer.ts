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
  type ComposedAnswer,
  notCoveredAnswer,
  quotedAnswer,
  sectionLabel,
} from './answer-markdown.ts';
import { answerQuotes } from './choose-quotes.ts';
import { isCovered, type ReadOptions, readSections } from './read-sections.ts';

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
  const reading = readSections(question, passages, options);
  const { weighted, language, sections } = reading;
  const { siteUrl } = options;
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
