/**
 * Content gaps: the questions the docs did not answer, and the answers readers disliked,
 * grouped so that each group is one missing page or section. The grouping is meant to be
 * explained to a doc owner in one sentence: questions are tokenized as search tokenizes them
 * (same languages, stop words and stems), and a question joins the group whose core terms
 * (the terms at least half of its questions share) overlap its own terms the most, when they
 * overlap by at least a third (Jaccard); otherwise it starts a group. A group's closest pages
 * are those retrieval found for its questions, weighted by score; its suggestion follows from
 * how close they came.
 */
import type { GapGroup } from '../../api/analytics.ts';
import type { DocsIndex } from '../docs-index/types.ts';
import { cachedWordTerms, languageOf, words } from '../text/terms.ts';
import type { GapQuestion } from './records.ts';

export type { GapGroup };

/** Least overlap (Jaccard) of a question's terms with a group's core terms to join it. */
export const JOIN_SIMILARITY = 1 / 3;
/** A closest page scoring this much (mean over the group) is about the topic already. */
const RELATED_SCORE = 0.5;

interface Forming {
  questions: GapQuestion[];
  termCounts: Map<string, number>;
  core: Set<string>;
  /** How readers wrote each term (stems are shown as the word most often written). */
  spellings: Map<string, Map<string, number>>;
}

/** A question's terms, each with the word it came from. */
function termsOf(question: GapQuestion): Map<string, string> {
  const language = languageOf(question.language ?? undefined);
  const terms = new Map<string, string>();
  for (const word of words(question.question, language)) {
    for (const term of cachedWordTerms(word, language)) {
      if (!terms.has(term)) terms.set(term, word.toLowerCase());
    }
  }
  return terms;
}

export function contentGaps(questions: GapQuestion[], index?: DocsIndex, max = 50): GapGroup[] {
  const groups: Forming[] = [];
  // Oldest first, so that a group's first question is the one that opened it.
  for (const question of [...questions].sort((a, b) => a.at - b.at)) {
    const spelled = termsOf(question);
    const terms = new Set(spelled.keys());
    if (terms.size === 0) continue;
    let best: Forming | undefined;
    let bestSimilarity = 0;
    for (const group of groups) {
      const similarity = jaccard(terms, group.core);
      if (similarity > bestSimilarity) {
        best = group;
        bestSimilarity = similarity;
      }
    }
    if (!best || bestSimilarity < JOIN_SIMILARITY) {
      best = { questions: [], termCounts: new Map(), core: new Set(), spellings: new Map() };
      groups.push(best);
    }
    best.questions.push(question);
    for (const [term, word] of spelled) {
      best.termCounts.set(term, (best.termCounts.get(term) ?? 0) + 1);
      const ways = best.spellings.get(term) ?? new Map<string, number>();
      ways.set(word, (ways.get(word) ?? 0) + 1);
      best.spellings.set(term, ways);
    }
    best.core = new Set(
      [...best.termCounts].filter(([, n]) => n * 2 >= best.questions.length).map(([t]) => t),
    );
  }
  return groups
    .map((group) => describe(group, index))
    .sort((a, b) => b.count - a.count || b.uncovered - a.uncovered)
    .slice(0, max);
}

function describe(group: Forming, index: DocsIndex | undefined): GapGroup {
  const { questions } = group;
  const terms = [...group.termCounts]
    .filter(([term]) => group.core.has(term))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 4)
    .map(([term]) => spelling(group.spellings.get(term)) ?? term);
  const scores = new Map<string, number>();
  for (const question of questions) {
    for (const { path, score } of question.retrieved.slice(0, 3)) {
      scores.set(path, (scores.get(path) ?? 0) + score);
    }
  }
  const closestPages = [...scores]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([path, total]) => {
      const title = index?.getPage(path)?.title;
      return { path, ...(title && { title }), score: round(total / questions.length) };
    });
  const uncovered = questions.filter((q) => q.why === 'uncovered').length;
  const disliked = questions.length - uncovered;
  const newest = [...questions].sort((a, b) => b.at - a.at);
  return {
    terms,
    count: questions.length,
    uncovered,
    disliked,
    examples: [...new Set(newest.map((q) => q.question))].slice(0, 5),
    languages: [...new Set(questions.map((q) => q.language).filter((l): l is string => !!l))],
    closestPages,
    suggestion: suggest(terms, closestPages[0], uncovered, disliked),
  };
}

function suggest(
  terms: string[],
  closest: GapGroup['closestPages'][number] | undefined,
  uncovered: number,
  disliked: number,
): string {
  const topic = `“${terms.join(' ')}”`;
  const page = closest && `${closest.title ?? closest.path} (${closest.path})`;
  if (disliked > uncovered && page) {
    return `Readers disliked the answers built on ${page}: check it is correct, current and says enough about ${topic}.`;
  }
  if (page && closest.score >= RELATED_SCORE) {
    return `Add a section on ${topic} to ${page}: it comes close but does not answer these questions.`;
  }
  return `Write a page about ${topic}: no page comes close${page ? ` (the nearest is ${page})` : ''}.`;
}

/** The way a term was written most often. */
function spelling(ways: Map<string, number> | undefined): string | undefined {
  if (!ways) return undefined;
  return [...ways].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

function jaccard(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The report as Markdown, ready to paste into an issue. */
export function gapsMarkdown(
  domain: string,
  range: { from: number; to: number },
  groups: GapGroup[],
): string {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const lines = [
    `# Content gaps: ${domain}, ${day(range.from)} to ${day(range.to)}`,
    '',
    total === 0
      ? 'No question went unanswered or disliked in this period.'
      : `${plural(total, 'question')} the docs did not answer or readers disliked, in ${plural(groups.length, 'group')}.`,
  ];
  groups.forEach((group, i) => {
    lines.push(
      '',
      `## ${i + 1}. ${group.terms.join(' ')} (${plural(group.count, 'question')})`,
      '',
      `${group.uncovered} not covered, ${group.disliked} disliked${group.languages.length ? `; asked in ${group.languages.join(', ')}` : ''}.`,
      '',
      `**Suggestion:** ${group.suggestion}`,
      '',
      'Asked:',
      ...group.examples.map((example) => `- ${example.replace(/\s+/g, ' ')}`),
    );
    if (group.closestPages.length > 0) {
      lines.push(
        '',
        'Closest pages:',
        ...group.closestPages.map(
          (page) =>
            `- \`${page.path}\`${page.title ? ` (${page.title})` : ''}, score ${page.score}`,
        ),
      );
    }
  });
  return `${lines.join('\n')}\n`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
