/**
 * The embedded model's answer: deterministic, and made only of lines quoted from the retrieved
 * sections, each with a numbered link to its page. It never writes a claim of its own.
 */
import type { SearchResult } from '../../api/types.ts';
import { tokenize } from '../text/terms.ts';
import { pageLink } from './links.ts';
import { type Snippet, splitSnippets } from './snippets.ts';

/** A page the answer cites, numbered in order of first citation. */
export interface AnswerSource {
  /** The citation number as a string (`"1"`), also the `source-url` chunk's `sourceId`. */
  id: string;
  url: string;
  title: string;
  path: string;
}

export interface ComposedAnswer {
  covered: boolean;
  text: string;
  sources: AnswerSource[];
}

export interface ComposeOptions {
  siteUrl?: string;
  /** How many quotes at most. */
  maxQuotes?: number;
}

/** Share of the question's weighted terms a section must contain for the docs to "cover" it. */
const COVERED_MIN = 0.4;
/** A quote must score at least this fraction of the best quote to be included. */
const QUOTE_RELATIVE_MIN = 0.5;
const QUOTES_PER_SECTION = 2;
const MAX_CODE_QUOTES = 2;

interface Candidate {
  snippet: Snippet;
  passage: number;
  position: number;
  score: number;
  /**
   * Whether the line answers rather than mentions: it shares two question words, or one that
   * its section's title or heading also carries (the section is about it).
   */
  relevant: boolean;
}

export const NOT_COVERED_LEAD = "The docs don't seem to cover this.";

export function composeAnswer(
  question: string,
  passages: SearchResult[],
  options: ComposeOptions = {},
): ComposedAnswer {
  // The docs' language (results come in the reader's language): question and quotes meet.
  const language = passages[0]?.metadata['language'];
  const terms = (text: string) =>
    tokenize(text, typeof language === 'string' ? language : undefined);
  const questionTerms = [...new Set(terms(question))];
  const sections = passages.map((passage) => {
    // The page's frontmatter description is the docs' own one-line summary: quotable too.
    const description = passage.metadata.description?.trim();
    const snippets: Snippet[] = [
      ...(description ? [{ kind: 'sentence' as const, text: description }] : []),
      ...splitSnippets(passage.content),
    ];
    const topicTerms = terms(`${passage.metadata.title} ${passage.metadata.heading ?? ''}`);
    return {
      passage,
      snippets,
      snippetTerms: snippets.map((s) => new Set(terms(s.text))),
      topicTerms: new Set(topicTerms),
      allTerms: new Set([...topicTerms, ...terms(passage.content)]),
    };
  });

  // Rare words say more about what was asked than common ones (`streamText` vs `text`).
  const snippetCount = sections.reduce((n, s) => n + s.snippets.length, 0);
  const weight = new Map<string, number>();
  for (const term of questionTerms) {
    let df = 0;
    for (const s of sections) for (const terms of s.snippetTerms) if (terms.has(term)) df++;
    weight.set(term, Math.log(1 + (snippetCount + 1) / (df + 0.5)));
  }
  const totalWeight = questionTerms.reduce((sum, t) => sum + weight.get(t)!, 0);
  const coverage = (terms: Set<string>) =>
    totalWeight === 0
      ? 0
      : questionTerms.reduce((sum, t) => sum + (terms.has(t) ? weight.get(t)! : 0), 0) /
        totalWeight;

  const sectionCoverage = sections.map((s) => coverage(s.allTerms));
  const covered = sectionCoverage.some((c) => c >= COVERED_MIN);
  if (!covered) return notCovered(passages, options);

  // A line sharing a single word with a question of several, in a section about something else
  // ("changed" for "change the accent color" under "Server CLI"), is a coincidence.
  const minMatched = Math.min(2, questionTerms.length);
  const candidates: Candidate[] = [];
  sections.forEach((s, passage) => {
    if (sectionCoverage[passage]! < COVERED_MIN / 2) return;
    // Earlier search results get a small edge: the index also weighed titles and headings.
    const rankBonus = 0.1 * (1 - passage / sections.length);
    s.snippetTerms.forEach((terms, position) => {
      const score = coverage(terms);
      const matched = questionTerms.filter((t) => terms.has(t));
      if (score > 0)
        candidates.push({
          snippet: s.snippets[position]!,
          passage,
          position,
          score: score + rankBonus,
          relevant: matched.length >= minMatched || matched.some((t) => s.topicTerms.has(t)),
        });
    });
  });
  // The search index weighed titles and headings the quotes cannot see: its top section leads.
  const leadPassage = 0;
  const chosen = chooseQuotes(candidates, options.maxQuotes ?? 4);
  withIntroducedCode(chosen, sections, options.maxQuotes ?? 4);
  if (chosen.length === 0) {
    // The question matched titles and headings only: quote the top section's opening.
    const first = sections[leadPassage]?.snippets[0];
    if (first)
      chosen.push({ snippet: first, passage: leadPassage, position: 0, score: 0, relevant: true });
  }
  return quoted(chosen, leadPassage, passages, options);
}

/** The best line overall is always taken; others only when relevant (see Candidate). */
function chooseQuotes(candidates: Candidate[], max: number): Candidate[] {
  if (candidates.length === 0) return [];
  const byScore = [...candidates].sort((a, b) => b.score - a.score || a.passage - b.passage);
  const floor = byScore[0]!.score * QUOTE_RELATIVE_MIN;
  const eligible = byScore.filter((c, rank) => c.score >= floor && (rank === 0 || c.relevant));
  const chosen: Candidate[] = [];
  const take = (c: Candidate) => {
    if (chosen.length >= max || chosen.includes(c)) return;
    if (chosen.some((o) => o.snippet.text === c.snippet.text)) return;
    if (chosen.filter((o) => o.passage === c.passage).length >= QUOTES_PER_SECTION) return;
    chosen.push(c);
  };
  // Breadth first: the best line of each section in search order, so several pages get cited
  // (the reader picks the one that fits); then second lines of the strongest sections.
  const sectionsInOrder = [...new Set(eligible.map((c) => c.passage))].sort((a, b) => a - b);
  for (const passage of sectionsInOrder) take(eligible.find((c) => c.passage === passage)!);
  for (const c of eligible) take(c);
  // Quotes read in the order the docs present them.
  return chosen.sort((a, b) => a.passage - b.passage || a.position - b.position);
}

/**
 * Docs introduce code with a sentence ("Use `streamText` to stream text:"). When such a sentence
 * is quoted, the code block right after it is usually the answer, so quote it too.
 */
function withIntroducedCode(
  chosen: Candidate[],
  sections: { snippets: Snippet[] }[],
  max: number,
): void {
  const codeQuotes = () => chosen.filter((c) => c.snippet.kind === 'code').length;
  for (const c of [...chosen]) {
    if (chosen.length >= max + 1 || codeQuotes() >= MAX_CODE_QUOTES) break;
    const next = sections[c.passage]!.snippets[c.position + 1];
    if (c.snippet.kind === 'code' || next?.kind !== 'code') continue;
    if (chosen.some((o) => o.passage === c.passage && o.position === c.position + 1)) continue;
    chosen.push({ ...c, snippet: next, position: c.position + 1 });
  }
  chosen.sort((a, b) => a.passage - b.passage || a.position - b.position);
}

function quoted(
  chosen: Candidate[],
  leadPassage: number,
  passages: SearchResult[],
  options: ComposeOptions,
): ComposedAnswer {
  const sources: AnswerSource[] = [];
  const numberOf = (p: SearchResult) => {
    let source = sources.find((s) => s.path === p.path);
    if (!source) {
      source = {
        id: String(sources.length + 1),
        url: pageLink(p.path, undefined, options.siteUrl),
        title: p.metadata.title,
        path: p.path,
      };
      sources.push(source);
    }
    return source.id;
  };
  const top = passages[leadPassage]!;
  // The best section's page summary comes first: reference pages are mostly tables, and their
  // frontmatter description is still the docs' own words.
  const description = top.metadata.description?.trim();
  const summary =
    description && !chosen.some((c) => c.snippet.text === description)
      ? `> ${description} [${numberOf(top)}](${pageLink(top.path, undefined, options.siteUrl)})`
      : undefined;
  const blocks = chosen.map(({ snippet, passage, position }, i) => {
    const p = passages[passage]!;
    const citation = `[${numberOf(p)}](${pageLink(p.path, p.metadata.anchor, options.siteUrl)})`;
    if (snippet.kind !== 'code') return `> ${snippet.text} ${citation}`;
    // A citation after a code block would stand alone on its line: cite above it instead,
    // unless the quoted sentence just before introduces this very block and cites it already.
    const previous = chosen[i - 1];
    const introduced = previous?.passage === passage && previous.position === position - 1;
    return introduced
      ? snippet.text
      : `From **${p.metadata.title}** ${citation}:\n\n${snippet.text}`;
  });
  const first = sources[0]!;
  const others = sources.length - 1;
  const lead =
    others === 0
      ? `The docs cover this in **${first.title}**:`
      : `The docs cover this in **${first.title}** and ${others} other page${others > 1 ? 's' : ''}:`;
  return {
    covered: true,
    text: [lead, ...(summary ? [summary] : []), ...blocks].join('\n\n'),
    sources,
  };
}

function notCovered(passages: SearchResult[], options: ComposeOptions): ComposedAnswer {
  const closest: SearchResult[] = [];
  for (const p of passages) {
    if (closest.length < 3 && !closest.some((c) => c.path === p.path)) closest.push(p);
  }
  if (closest.length === 0) {
    return { covered: false, text: `${NOT_COVERED_LEAD} No page came close.`, sources: [] };
  }
  const list = closest.map(
    (p) => `- [${p.metadata.title}](${pageLink(p.path, undefined, options.siteUrl)})`,
  );
  return {
    covered: false,
    text: `${NOT_COVERED_LEAD} The closest pages are:\n\n${list.join('\n')}`,
    sources: [],
  };
}
