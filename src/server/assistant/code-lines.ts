/**
 * What to call, which option, which header: docs often give the name the reader asks for only
 * in a code example (`headers: { 'x-ingestion-key': … }`, `await session.destroy()`), after
 * prose that says what to do in general words ("Replace `<your-key>` with your key"). The
 * embedded model quotes prose, and code only when it names something the reader typed: the
 * line that answers stays unquoted, or cut off below a long example's first lines.
 */

import type { Candidate } from './choose-quotes.ts';
import type { TermGroup, WeightedQuestion } from './coverage.ts';
import { termsOf } from './question.ts';
import type { Section } from './read-sections.ts';
import type { Snippet } from './snippets.ts';

/** Lines quoted on each side of the line that answers, in a long example. */
const AROUND = 3;

/**
 * A question word no quote of a quoted section holds, that a line of that section's code holds
 * with another word of the question (`headers: { 'signoz-ingestion-key': … }` for "which
 * header do I put the ingestion key in"), is answered by that line. So is a word no quote at
 * all holds, in a line of another section of the lead's page, its heading counting with it
 * (`apple.isAvailable()` under "Availability Check" for "how do I check … before calling the
 * on-device model"); the line itself holds a word of the question. The block of the line
 * holding most of the question is quoted after the last quote of its section (else of its
 * page), whole, or, when it is longer than a quote shows, as the lines around that line; one
 * block at most. A quote of that block cut above the line is replaced by those lines.
 */
export function withCodeLine(
  chosen: Candidate[],
  sections: Section[],
  weighted: WeightedQuestion,
): void {
  const groups = weighted.groups.filter((g) => !g.filler && !g.selected);
  if (chosen.length === 0 || groups.length < 2) return;
  const holds = (group: TermGroup, terms: Set<string>) => group.terms.some((t) => terms.has(t));
  let best: { section: number; position: number; line: number; held: number } | undefined;
  const allQuoted = new Set<string>();
  for (const c of chosen) for (const t of quotedIn(chosen, sections, c.section)) allQuoted.add(t);
  const leadPage = sections[chosen[0]!.section]!.text.path;
  const order = [
    ...new Set([
      ...chosen.map((c) => c.section),
      ...sections.flatMap((s, i) => (s.text.path === leadPage ? [i] : [])),
    ]),
  ];
  for (const index of order) {
    const section = sections[index]!;
    const { snippets, text } = section;
    const quoted = chosen.some((c) => c.section === index);
    const leftOut = groups.filter(
      (g) => !holds(g, quoted ? quotedIn(chosen, sections, index) : allQuoted),
    );
    snippets.forEach((snippet, position) => {
      if (snippet.kind !== 'code') return;
      codeLines(snippet).forEach((line, lineIndex) => {
        const own = new Set(termsOf(line, text.language));
        const terms = quoted ? own : new Set([...own, ...section.heading]);
        if (!groups.some((g) => holds(g, own))) return;
        if (!leftOut.some((g) => holds(g, terms))) return;
        const inLine = groups.filter((g) => holds(g, terms));
        if (inLine.length < 2) return;
        const held = inLine.reduce((sum, g) => sum + g.weight, 0);
        if (best && held <= best.held) return;
        best = { section: index, position, line: lineIndex, held };
      });
    });
  }
  if (!best) return;
  const { section, position, line } = best;
  const block = sections[section]!.snippets[position]!;
  const snippet = shownLine(block, line);
  const at = chosen.findIndex((c) => c.section === section && c.position === position);
  if (at >= 0) {
    if (snippet !== block) chosen[at] = { ...lineOf(chosen[at]!), snippet };
    return;
  }
  const path = sections[section]!.text.path;
  let after = 0;
  chosen.forEach((c, i) => {
    if (c.section === section) after = i;
  });
  if (!chosen.some((c) => c.section === section)) {
    chosen.forEach((c, i) => {
      if (sections[c.section]!.text.path === path) after = i;
    });
  }
  chosen.splice(after + 1, 0, { ...lineOf(chosen[after]!), section, position, snippet });
}

/** The terms of the quotes of a section (their code included). */
function quotedIn(chosen: Candidate[], sections: Section[], section: number): Set<string> {
  const { snippetTerms } = sections[section]!;
  const terms = new Set<string>();
  for (const c of chosen) {
    if (c.section !== section) continue;
    for (let i = c.from ?? c.position; i <= (c.to ?? c.position); i++) {
      for (const t of snippetTerms[i]!) terms.add(t);
    }
  }
  return terms;
}

/** The lines of a code block between its fences, cut ones included. */
function codeLines(snippet: Snippet): string[] {
  return snippet.body ?? snippet.text.split('\n').slice(1, -1);
}

/**
 * The block quoted for its line at `index`: itself when it shows that line, else the lines
 * around it, in the block's fences, with `// …` where lines are left out.
 */
function shownLine(block: Snippet, index: number): Snippet {
  const { body } = block;
  const lines = block.text.split('\n');
  if (!body || index < lines.length - 3) return block;
  const from = Math.max(0, index - AROUND);
  const to = Math.min(body.length, index + AROUND + 1);
  const text = [
    lines[0]!,
    ...(from > 0 ? ['// …'] : []),
    ...body.slice(from, to),
    ...(to < body.length ? ['// …'] : []),
    lines.at(-1)!,
  ].join('\n');
  const { body: _body, ...rest } = block;
  return { ...rest, text };
}

/** A quote's scores without its paragraph span. */
function lineOf(quote: Candidate): Candidate {
  const { from: _from, to: _to, ...line } = quote;
  return line;
}
