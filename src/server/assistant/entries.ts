/**
 * Reference pages list what a thing has: an error's properties, a function's parameters, a
 * component's props, a config's options, one entry each (`originalMessage`: The original message
 * that failed conversion), as a list, a table or a props component. A reader asking "which field
 * holds the message", "where on the error is the bad value" wants the one entry that says it,
 * with its name; the lines that hold most of the question are those that repeat the page's
 * subject (the error's name the reader typed) and say nothing of what was asked about it.
 */

import { stemStart } from '../text/terms.ts';
import type { Candidate } from './choose-quotes.ts';
import type { TermGroup, WeightedQuestion } from './coverage.ts';
import type { QuestionKind } from './question.ts';
import type { Section } from './read-sections.ts';
import { type Snippet, splitSnippets } from './snippets.ts';

/**
 * A named entry: a list item or a definition opening with a name of code (`` `name`: … ``,
 * `` **`name`** (`type`): … ``, `` [`name`](…) — … ``), or a table row whose first cell is one.
 * Its name and what the rest of it says.
 */
export function entryOf(snippet: Snippet): { name: string; description: string } | undefined {
  if (snippet.kind === 'table-row') {
    const row = snippet.text.split('\n').at(-1) ?? '';
    const cells = row
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .split(/(?<!\\)\|/)
      .map((c) => c.trim());
    const name = TABLE_NAME.exec(cells[0] ?? '')?.[1];
    const description = cells.slice(1).join(' ').trim();
    return name && description ? { name, description } : undefined;
  }
  if (snippet.kind !== 'list-item' && !(snippet.kind === 'sentence' && snippet.definition)) {
    return undefined;
  }
  const match = ENTRY.exec(snippet.text);
  return match ? { name: (match[1] ?? match[2])!, description: match[3]!.trim() } : undefined;
}

/** Whether a section's Markdown lists named entries (see entryOf). */
export function listsEntries(content: string): boolean {
  return splitSnippets(content).some((snippet) => entryOf(snippet) !== undefined);
}

/**
 * `name`, **name**, **`name`**, [`name`](…), then perhaps its type (in brackets, or in italics:
 * `**apiKey** _string_`), then `:` or a dash.
 */
const ENTRY =
  /^\s*(?:\*\*`?([^`*\s]+)`?\*\*|\[?`([^`\n]+)`(?:\]\([^)\s]*\))?)(?:\s*\((?:[^()]|\([^()]*\))*\)|\s+_[^_\n]+_)?\s*(?::|\s[—–-])\s*(.+)$/s;
/** A first table cell naming code: `name`, **`name`**, [`name`](…). */
const TABLE_NAME = /^(?:\*\*|\[)?`([^`\n]+)`(?:\*\*|\]\([^)\s]*\))?(?:\s*\([^)]*\))?$/;

/**
 * How much of the question a line says beyond its section's subject: the weight of the words of
 * the question (not verbs of asking) it holds, in any form of the word, that its page title and
 * headings do not hold.
 */
function beyondSubject(groups: TermGroup[], section: Section, terms: Iterable<string>): number {
  const starts = new Set<string>();
  for (const t of terms) starts.add(stemStart(t));
  let held = 0;
  for (const group of groups) {
    if (group.terms.some((t) => section.topic.has(t))) continue;
    if (group.terms.some((t) => starts.has(stemStart(t)))) held += group.weight;
  }
  return held;
}

/**
 * A question asking which or where ("which field holds…", "where on the error is…") about a
 * thing the reader names, whose answer leads with the reference page of that thing (its title
 * or headings hold the name), is answered by the entry of that page that says most of what was
 * asked beyond the page's subject: a word of the question its description holds (in any form of
 * the word) that neither the page's title nor its headings hold. That entry leads; of two that
 * say as much, one quoted already, else the first in the page's order.
 */
export function withAskedEntry(
  chosen: Candidate[],
  sections: Section[],
  weighted: WeightedQuestion,
  kind: QuestionKind,
): void {
  const lead = chosen[0];
  if (!lead || kind !== 'what') return;
  const page = sections[lead.section]!.text.path;
  // Only on the reference of a thing the reader named (`AI_MessageConversionError`): the
  // lead's page title or headings hold an identifier of the question.
  const named = weighted.groups.filter((g) => g.identifier && !g.filler && !g.selected);
  const subject = sections.some(
    (s) => s.text.path === page && named.some((g) => s.topic.has(g.terms[0]!)),
  );
  if (!subject) return;
  const groups = weighted.groups.filter((g) => !g.filler && !g.selected);
  const isQuoted = (section: number, position: number) =>
    chosen.some(
      (c) =>
        c.section === section &&
        position >= (c.from ?? c.position) &&
        position <= (c.to ?? c.position),
    );
  // The entry that says most; of two that say as much, one quoted already, else the first.
  let best: { section: number; position: number; held: number; quoted: boolean } | undefined;
  sections.forEach((section, index) => {
    if (section.text.path !== page) return;
    section.snippets.forEach((snippet, position) => {
      if (!entryOf(snippet)) return;
      const held = beyondSubject(groups, section, section.snippetTerms[position]!);
      const quoted = isQuoted(index, position);
      if (
        held <= 0 ||
        (best && (held < best.held || (held === best.held && !(quoted && !best.quoted))))
      )
        return;
      best = { section: index, position, held, quoted };
    });
  });
  if (!best) return;
  const { section, position } = best;
  // Quoted with the lines around it (the lead's paragraph), it stays there.
  const at = chosen.findIndex((c) => c.section === section && c.position === position);
  const alone = (c: Candidate) => (c.from ?? c.position) === (c.to ?? c.position);
  if (at === 0 || (best.quoted && (at < 0 || !alone(chosen[at]!)))) return;
  if (at > 0) chosen.splice(at, 1);
  const { from: _from, to: _to, ...line } = lead;
  chosen.unshift({ ...line, section, position, snippet: sections[section]!.snippets[position]! });
}
