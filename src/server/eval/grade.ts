/**
 * Grading one reply against its question: was it refused, which expected pages did it cite, did
 * it carry the fact, did retrieval find an expected page in its first five results.
 */
import { NOT_COVERED_LEADS } from '../assistant/answer-words.ts';
import { factPattern, type Question } from './questions.ts';
import type { ObservedReply, ObservedSource } from './reply.ts';

/** Retrieval is judged on this many results (recall@5). */
export const RECALL_AT = 5;

/**
 * The refusal of the embedded model ("The docs don't seem to cover this.") and of a real model
 * told by the system prompt to "say that the docs don't seem to cover it", in its opening
 * paragraph: a real model may still list the closest pages after it. The embedded model's lead
 * in the other languages it answers in counts too.
 */
export const DEFAULT_REFUSAL = new RegExp(
  [
    String.raw`\b(?:do|does)(?:n['’]t| not)\s+(?:seem|appear)\s+to\s+cover\b`,
    // The embedded model's lead in the other languages it answers in.
    ...NOT_COVERED_LEADS.slice(1).map((lead) => lead.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
  ].join('|'),
  'i',
);

export interface GradeOptions {
  /** Matched against the answer's opening paragraph; default DEFAULT_REFUSAL. */
  refusal?: RegExp;
  /**
   * Removed from the start of the server's page paths before they are compared with the
   * expected (published) paths: a source root such as `src/content/docs/` while a framework's
   * pages are indexed under their source folder.
   */
  stripPathPrefix?: string;
}

export interface QuestionResult {
  id: string;
  question: string;
  language?: string;
  uncovered: boolean;
  /** Expected pages, normalised. */
  pages: string[];
  /** The first RECALL_AT retrieved page paths, normalised. */
  retrieved: string[];
  /** Pages the answer cites, normalised. */
  cited: string[];
  refused: boolean;
  /** Not refused, no error, and cites an expected page (covered questions). */
  answeredAndCited: boolean;
  /** An expected page in the first RECALL_AT results (covered questions). */
  retrievalHit: boolean;
  fact?: string;
  /** Whether a non-refused answer matched the fact (questions with a fact). */
  factFound?: boolean;
  error?: string;
  answer: string;
  /** Why the question failed; empty when it passed. */
  failures: string[];
}

/**
 * A page path in one comparable form: no origin, query or anchor, no surrounding slashes, no
 * `.md`/`.mdx`/`.html` extension or trailing `index`, lower case, and without `stripPathPrefix`.
 */
export function normalizePagePath(path: string, stripPathPrefix?: string): string {
  let p = path.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  p = p.replace(/[?#].*$/s, '');
  try {
    p = decodeURI(p);
  } catch {}
  p = p
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.(?:mdx?|html)$/i, '')
    .replace(/(?:^|\/)index$/i, '')
    .toLowerCase();
  const prefix = stripPathPrefix?.replace(/^\/+|\/+$/g, '').toLowerCase();
  if (prefix && (p === prefix || p.startsWith(`${prefix}/`))) p = p.slice(prefix.length + 1);
  return p;
}

export function isRefusal(text: string, refusal: RegExp = DEFAULT_REFUSAL): boolean {
  const opening = text.trim().split(/\n\s*\n/, 1)[0] ?? '';
  return opening === '' || refusal.test(opening);
}

/**
 * The announced sources the answer refers to, by a Markdown link to the page or by its bare
 * number (`[2]`). A real model is offered every retrieved page as a source; only those it points at
 * count as cited. The embedded model announces exactly the pages it quotes, each linked.
 */
export function citedSources(text: string, sources: ObservedSource[]): ObservedSource[] {
  const linked = new Set(
    [...text.matchAll(/\]\(\s*<?([^)\s>]+)/g)].map((m) => normalizePagePath(m[1]!)),
  );
  // `[2](/page)` cites the page it links to; a bare `[2]` cites source number 2.
  const numbers = new Set([...text.matchAll(/\[(\d+)\](?!\()/g)].map((m) => m[1]!));
  return sources.filter((s) => numbers.has(s.id) || linked.has(normalizePagePath(s.url)));
}

export function gradeReply(
  question: Question,
  reply: ObservedReply,
  options: GradeOptions = {},
): QuestionResult {
  const norm = (path: string) => normalizePagePath(path, options.stripPathPrefix);
  const pages = question.pages.map((page) => normalizePagePath(page));
  const retrieved = reply.retrieved.slice(0, RECALL_AT).map(norm);
  const cited = [...new Set(citedSources(reply.text, reply.sources).map((s) => norm(s.url)))];
  const refused = !reply.error && isRefusal(reply.text, options.refusal);
  const answered = !reply.error && !refused;
  const expected = (path: string) => pages.includes(path);
  const answeredAndCited = !question.uncovered && answered && cited.some(expected);
  const retrievalHit = !question.uncovered && retrieved.some(expected);
  const factFound = question.fact
    ? answered && factPattern(question.fact).test(reply.text)
    : undefined;

  const failures: string[] = [];
  if (reply.error) failures.push(`error: ${reply.error}`);
  if (question.uncovered) {
    if (answered) failures.push('answered a question the docs do not cover');
  } else {
    if (refused) failures.push('refused (false refusal)');
    else if (answered && !answeredAndCited) {
      failures.push(`did not cite ${pages.join(' or ')} (cited: ${cited.join(', ') || 'none'})`);
    }
    if (factFound === false && answered) failures.push(`fact ${question.fact} not in the answer`);
    if (!retrievalHit) {
      failures.push(`${pages.join(' or ')} not in the top ${RECALL_AT} results`);
    }
  }

  return {
    id: question.id,
    question: question.question,
    ...(question.language && { language: question.language }),
    uncovered: question.uncovered,
    pages,
    retrieved,
    cited,
    refused,
    answeredAndCited,
    retrievalHit,
    ...(question.fact && { fact: question.fact, factFound: factFound! }),
    ...(reply.error && { error: reply.error }),
    answer: reply.text,
    failures,
  };
}
