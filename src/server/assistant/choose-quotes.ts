/**
 * Which lines answer: each line of the sections that hold enough of the question is scored by
 * the share of the question it holds (its section's title and heading counting in part), the
 * kind of line the question wants, and where search placed its page. The best line leads; up to
 * three more support it, from other sections first.
 */
import { withCodeLine } from './code-lines.ts';
import { combine, groupHeld, type TermGroup, type WeightedQuestion } from './coverage.ts';
import { withAskedEntry } from './entries.ts';
import { followingSection } from './grounding.ts';
import { type Question, termsOf } from './question.ts';
import {
  FOLLOWING_SECTIONS,
  QUOTABLE_MIN,
  questionWordCount,
  type Reading,
  type Section,
} from './read-sections.ts';
import { firstTab, type Snippet, tabsOf } from './snippets.ts';

export interface Candidate {
  section: number;
  position: number;
  snippet: Snippet;
  /** Share of the question's weight the line holds, its section's topic counting in part. */
  relevance: number;
  /** Relevance plus what the kind and search order add: what ranks the lines. */
  score: number;
  /** Question words (not verbs of asking) the line itself holds. */
  matched: number;
  /** Its share of the question words (not verbs of asking) that the read sections hold. */
  wordShare: number;
  /** The same share counting only the line's own words (not its section's, not its code's). */
  ownWordShare: number;
  /**
   * Its page holds enough of the question to be quoted (QUOTABLE_MIN). Search's first page is
   * read even when it holds less: it is quoted when another page is (see chooseQuotes).
   */
  quotable: boolean;
  /** A lead quoted with its paragraph: the first and last line quoted (see paragraphSpan). */
  from?: number;
  to?: number;
}

/** Supporting quotes (besides the lead) and code blocks quoted for themselves at most. */
const SUPPORTING_QUOTES = 3;
const MAX_CODE_BLOCKS = 2;
/**
 * Code blocks at most once quoted sentences bring the code they introduce: a quote ending "…in
 * the following example:" with no code after it promises what it does not show.
 */
const MAX_INTRODUCED_CODE_BLOCKS = 3;
/** A supporting quote scores at least this share of the lead's score. */
const SUPPORT_RELATIVE_MIN = 0.5;
/**
 * Words of a question (questionWordCount) from which search's first page is quoted though no
 * page holds the quotable share. A reader describing their situation at length writes words of
 * their own the page answering them never holds (see read-sections.ts, lengthAllowance), while
 * search found the page by its title and headings across the whole site; a short question that
 * no page holds much of is more often about something the site does not cover. Chosen on the
 * leave-one-corpus-out folds (bench/coverage-signals.ts; bench/HISTORY.md has them).
 */
const FIRST_PAGE_ALONE_WORDS = 8;
/**
 * Search's first page, quoted last, holds at least this share of what the lead holds: a page
 * further down often outscores it on a reader's everyday words ("two lines" of code, "earlier
 * turns") while the first page holds, in fewer of them, what was asked. Checked on every set
 * (bench/HISTORY.md, session 21: 0.6 to 0.4 quotes it in 26 more answers, 3 more cite an
 * expected page; 0.25 quotes it in 38, lines that mostly share one word).
 */
const FIRST_PAGE_RELEVANCE = 0.4;
/**
 * And holds at least this share of the question itself (its line and its section's topic), or
 * as much as the lead when the lead holds less: a support need not say more than the answer.
 */
const SUPPORT_RELEVANCE_MIN = 0.35;
/**
 * Or, for a line that names something to type or introduces code, this share of the question's
 * words however they weigh: a reader's rare phrasing word ("particular", "visitors") can
 * outweigh every name the docs answer with (`pruneMessages`, `ssr.noExternal`).
 */
const SUPPORT_WORDS_MIN = 0.4;
/** A topic term (title, heading) counts this much for the lines under it. */
const TOPIC_SHARE = 0.5;
/** How much the kind of line the question wants adds (a `how` question and code, ...). */
const KIND_BONUS = 0.15;
/** Search order: the index weighed titles and headings across the whole site. */
const RANK_BONUS = 0.12;
/** The section search found best on its page. */
const MATCHED_BONUS = 0.05;
/** A section whose heading is what was asked (see headingFocus). */
const HEADING_BONUS = 0.15;
/**
 * A "what is" question (and one about a selection) is answered by the line that opens the
 * section about it: reference sections start by saying what their option does.
 */
const OPENING_BONUS = 0.1;
/** Question words held only by the code a sentence introduces count this much. */
const CODE_SHARE = 0.6;

/**
 * Whether search's first page may be quoted though no page holds the quotable share: for a
 * question of FIRST_PAGE_ALONE_WORDS words or more, not about a selection, whose words one of
 * the read pages names in its title or headings (see namesATopic).
 */
export function firstPageAlone(reading: Reading & { weighted: WeightedQuestion }): boolean {
  return (
    reading.selection.length === 0 &&
    questionWordCount(reading.weighted) >= FIRST_PAGE_ALONE_WORDS &&
    namesATopic(reading.sections, reading.weighted)
  );
}

/**
 * Whether the title or heading trail of a read section holds a word of the question (verbs of
 * asking aside). Search's first page is trusted beyond what it holds because the index weighed
 * titles and headings across the whole site; when no retrieved page names anything the reader
 * asked about in its title or headings, search ranked pages that mention the reader's words in
 * passing ("lower" and "back" in a sentence about pricing tiers for "stretches for lower back
 * pain"), and its order says nothing about the question.
 */
export function namesATopic(sections: Section[], weighted: WeightedQuestion): boolean {
  const asked = weighted.groups.filter((g) => !g.filler && !g.selected).flatMap((g) => g.terms);
  return sections.some((s) => asked.some((t) => s.topic.has(t)));
}

/**
 * The quotes of a covered answer, in the order they are shown (empty: nothing to quote).
 * `alone`: whether search's first page may be quoted though no page holds the quotable share
 * (by default, see firstPageAlone).
 */
export function answerQuotes(
  read: Reading & { weighted: WeightedQuestion },
  alone = firstPageAlone(read),
): Candidate[] {
  const reading = { ...read, weighted: withHeldNumbers(read.weighted, read.sections) };
  const { echoes } = reading;
  const about = reading.selection.length > 0;
  const candidates = rankCandidates(
    reading.sections,
    reading.weighted,
    reading.question,
    echoes,
    about,
  );
  const supports: Candidate[] = [];
  const chosen = chooseQuotes(candidates, reading.sections, alone, about, supports);
  if (chosen.length === 0) return chosen;
  const fromFirstPage = (c: Candidate) => reading.sections[c.section]!.rank === 0;
  const firstPageQuote = chosen.find(fromFirstPage);
  if (!about) withAntecedent(chosen, reading.sections, echoes);
  // Numbered steps after a how-to lead (read from the first step), else the list a lead
  // announces: one list at most; a how-to lead that only sets out the problem is followed by
  // the code the next paragraph gives, or by the steps of a supporting first step; a problem
  // with no code in the answer, by the instruction of a later section of its page.
  const rewound =
    !about && reading.question.kind === 'how'
      ? fromFirstStep(chosen, reading.sections, reading.weighted)
      : undefined;
  if (!about && !(reading.question.kind === 'how' && withSteps(chosen, reading.sections))) {
    const listed = withIntroducedList(chosen, reading.sections);
    if (!listed && reading.question.kind === 'how') {
      if (!withNextInstruction(chosen, reading.sections, echoes, reading.weighted)) {
        withNamedInstruction(chosen, reading.sections, echoes, reading.weighted);
      }
      if (chosen.length > 1 && chosen[1]!.section !== chosen[0]!.section) {
        withSupportingSteps(chosen, reading.sections);
      }
    } else if (!listed && reading.question.kind === 'what') {
      // "What goes in `src/content.config.ts`?": what to write is the code the paragraph after
      // an explaining lead introduces, as for a how-to question.
      withNextInstruction(chosen, reading.sections, echoes, reading.weighted);
    }
  }
  if (rewound) withRewoundStep(chosen, rewound);
  if (!about) withIntroducedCode(chosen, reading.sections, echoes);
  if (!about && reading.question.kind === 'how') {
    withLaterInstruction(chosen, reading.sections, echoes, reading.weighted);
  }
  withWordLeftOut(chosen, supports, reading.sections, reading.weighted);
  // Search's first page, once quoted, stays quoted: the lines that finish the lead (its steps,
  // its list, its instruction) take the supports' places, not the place of the page search
  // ranked first (see chooseQuotes).
  if (firstPageQuote && !chosen.some(fromFirstPage)) chosen.push(firstPageQuote);
  withNamedTabs(chosen, reading.sections, reading.weighted);
  withStatedNumber(chosen, candidates, reading.sections, read.weighted);
  if (!about) withAskedEntry(chosen, reading.sections, read.weighted, reading.question.kind);
  if (!about) withCodeLine(chosen, reading.sections, read.weighted);
  return chosen;
}

/**
 * A number of three digits or more the reader typed and a retrieved section states (see
 * withHeldNumbers) is answered by the line stating it (`| 413 | The body is over 1 MB. |`):
 * when no quote holds it, the best line that does is quoted last, though it holds no other
 * word of the question.
 */
function withStatedNumber(
  chosen: Candidate[],
  candidates: Candidate[],
  sections: Section[],
  asked: WeightedQuestion,
): void {
  const numbers = asked.groups
    .filter((g) => g.filler && !g.selected && g.terms.length === 1 && LONG_NUMBER.test(g.terms[0]!))
    .map((g) => g.terms[0]!);
  if (numbers.length === 0) return;
  const states = (c: Candidate) =>
    c.snippet.kind !== 'code' &&
    numbers.some((n) => sections[c.section]!.snippetTerms[c.position]!.has(n));
  if (chosen.some(states)) return;
  const line = candidates.find((c) => states(c) && !alreadyQuoted(chosen, c));
  if (line) chosen.push(line);
}

/** A number of three digits or more: a status (`413`), a port (`5173`), a limit (`4096`). */
const LONG_NUMBER = /^\d{3,}$/;

/**
 * The question as quotes are chosen by it: a number the reader typed weighs as a filler word
 * (their own value, "port 3000"), but one of three digits or more that a retrieved section
 * states in its prose or tables (not in example code, whose values are as much examples as the
 * reader's) is what the reader looks for (a status code, a default port, a limit) and weighs
 * as any word of its rarity: the row or line holding it is the answer. Only the quotes are
 * chosen so; whether the docs cover the question is decided without it.
 */
function withHeldNumbers(weighted: WeightedQuestion, sections: Section[]): WeightedQuestion {
  const held = (group: TermGroup) =>
    group.filler &&
    !group.selected &&
    group.terms.length === 1 &&
    LONG_NUMBER.test(group.terms[0]!) &&
    sections.some((s) =>
      s.snippets.some(
        (snippet, i) => snippet.kind !== 'code' && s.snippetTerms[i]!.has(group.terms[0]!),
      ),
    );
  if (!weighted.groups.some(held)) return weighted;
  const groups = weighted.groups.map((g) =>
    held(g) ? { ...g, filler: false, weight: Math.max(...g.rarities) } : g,
  );
  const question: WeightedQuestion = { groups, terms: weighted.terms, total: 0 };
  question.total = combine(question, (g) => g.weight);
  return question;
}

/**
 * Code in tabs (one example per package manager, framework or system) is quoted from the tab
 * the reader names ("with Deno", "in Vue"), else from the tab chosen (the first, the default):
 * the tabs are alternatives, so one of them is quoted, never several. When the question names
 * several labels ("with Deno instead of npm"), the one it weighs most, the rarest on the site,
 * is the one asked for: readers name the default to say what they do not use.
 */
function withNamedTabs(chosen: Candidate[], sections: Section[], weighted: WeightedQuestion): void {
  const weightOf = new Map<string, number>();
  for (const group of weighted.groups) {
    for (const term of group.terms)
      weightOf.set(term, Math.max(weightOf.get(term) ?? 0, group.weight));
  }
  const named = (label: string, language: string | undefined) => {
    let weight = 0;
    for (const term of new Set(termsOf(label, language))) weight += weightOf.get(term) ?? 0;
    return weight;
  };
  // The tab quoted of each set of tabs (by section and set): its other tabs are left out.
  const quoted = new Map<string, string>();
  for (let i = 0; i < chosen.length; i++) {
    const c = chosen[i]!;
    const set = c.snippet.tabSet;
    if (c.snippet.kind !== 'code' || set === undefined) continue;
    const key = `${c.section} ${set}`;
    const tab = quoted.get(key);
    if (tab !== undefined) {
      const again = chosen.some(
        (o, j) => j < i && o.section === c.section && o.position === c.position,
      );
      if (tab !== c.snippet.tab || again) chosen.splice(i--, 1);
      continue;
    }
    const { snippets, text } = sections[c.section]!;
    let best = c.position;
    let most = named(c.snippet.tab ?? '', text.language);
    for (const position of tabsOf(snippets, c.position)) {
      const weight = named(snippets[position]!.tab ?? '', text.language);
      if (weight > most) {
        best = position;
        most = weight;
      }
    }
    if (best !== c.position) chosen[i] = lineAt(c, sections, best);
    quoted.set(key, snippets[best]!.tab ?? '');
  }
}

function rankCandidates(
  sections: Section[],
  weighted: WeightedQuestion,
  question: Question,
  echoes: (snippet: Snippet) => boolean,
  about: boolean,
): Candidate[] {
  const pages = Math.max(1, ...sections.map((s) => s.rank + 1));
  // Every word weighs lightly when a prose selection names nothing: then they all count.
  const counts = weighted.groups.every((g) => g.filler)
    ? () => true
    : (group: TermGroup) => !group.filler;
  // Lines are compared on the words the sections could hold: a word none of them holds (the
  // reader's own, or one the site never uses) scales every line alike and would leave the
  // bonuses alone to rank them.
  const reachable = combine(weighted, (group) =>
    sections.some((s) => group.terms.some((t) => s.terms.has(t) || s.topic.has(t)))
      ? group.weight
      : 0,
  );
  const scale = reachable > 0 ? reachable : weighted.total;
  const reachableWords = weighted.groups.filter(
    (group) =>
      counts(group) &&
      sections.some((s) => group.terms.some((t) => s.terms.has(t) || s.topic.has(t))),
  ).length;
  const candidates: Candidate[] = [];
  sections.forEach((section, index) => {
    // With what the rest of its page holds counting in part, as the coverage decision counts it:
    // a page often sets out the reader's problem under one heading and the fix, in its own
    // words, under another ("Turn Off All Warnings" for "stop … being printed").
    // Search's first page is read whatever it holds (see chooseQuotes).
    const quotable = section.pageCoverage >= QUOTABLE_MIN;
    if (!quotable && section.rank !== 0) return;
    const focus = headingFocus(section, weighted);
    // A section named after what was asked ("What does `server.proxy` do?") is about it in
    // every line: its lines need not repeat the name.
    const defining = (about || question.kind === 'what') && focus >= 0.5;
    const topicShare = defining ? 1 : TOPIC_SHARE;
    const sectionBonus =
      RANK_BONUS * (1 - section.rank / pages) +
      (section.matched ? MATCHED_BONUS : 0) +
      (about ? 2 : 1) * HEADING_BONUS * focus;
    section.snippets.forEach((snippet, position) => {
      if (snippet.fragment || echoes(snippet)) return;
      if (snippet.kind !== 'code' && section.unspaced[position] !== question.unspaced) return;
      // A sentence that introduces code ("Run the following command:") is read with its code.
      const next = section.snippets[position + 1];
      const introduced =
        !about && snippet.introduces && next?.kind === 'code' && !echoes(next)
          ? section.snippetTerms[position + 1]
          : undefined;
      const own = section.snippetTerms[position]!;
      const has = introduced
        ? (t: string) => own.has(t) || introduced.has(t)
        : (t: string) => own.has(t);
      let matched = 0;
      // Question words the line or its section's topic holds itself, not only its code.
      let ownMatched = 0;
      // Question words the line itself holds.
      let inLineMatched = 0;
      let named = 0;
      let codeHeld = 0;
      const lineHeld = new Map<TermGroup, number>();
      for (const group of weighted.groups) {
        const inLine = groupHeld(group, (t) => own.has(t));
        const line = introduced
          ? Math.max(inLine, CODE_SHARE * groupHeld(group, (t) => introduced.has(t)))
          : inLine;
        const topic = groupHeld(group, (t) => section.topic.has(t));
        if (counts(group) && (inLine > 0 || topic > 0)) ownMatched++;
        if (counts(group) && inLine > 0) inLineMatched++;
        if (line > 0) {
          if (counts(group)) matched++;
          if (group.terms.some((t) => question.named.has(t) && has(t))) named++;
          if (counts(group) && introduced) {
            codeHeld += group.weight * groupHeld(group, (t) => introduced.has(t));
          }
        }
        lineHeld.set(group, group.weight * Math.max(line, topic * topicShare));
      }
      const held = combine(weighted, (group) => lineHeld.get(group)!);
      // In a section named after the selected name (`temperature`), each line is about it: the
      // definition need not name it again ("The value is passed through to the provider.").
      const aboutIt = matched > 0 || (about && defining && ownMatched > 0);
      if (!aboutIt || (snippet.kind !== 'code' && ownMatched === 0)) return;
      // The reader of a selection has its code: explanations answer, not more code.
      if (snippet.kind === 'code' && about) return;
      // Code is quoted for what it names (a name the reader typed); otherwise only after the
      // sentence that introduces it (see withIntroducedCode).
      if (snippet.kind === 'code' && named === 0) return;
      const relevance = held / scale;
      candidates.push({
        section: index,
        position,
        snippet,
        relevance,
        score:
          relevance +
          kindBonus(snippet, next, codeHeld / scale, about ? 'what' : question.kind) +
          (opening(section, position) && (about || question.kind === 'what') ? OPENING_BONUS : 0) +
          sectionBonus,
        matched,
        wordShare: matched / Math.max(1, reachableWords),
        ownWordShare: inLineMatched / Math.max(1, reachableWords),
        quotable,
      });
    });
  });
  return candidates.sort(
    (a, b) => b.score - a.score || a.section - b.section || a.position - b.position,
  );
}

/** The first line of prose in its section. */
function opening(section: Section, position: number): boolean {
  return section.snippets.findIndex((s) => s.kind === 'sentence' && !s.fragment) === position;
}

/**
 * How much the section's own heading is about the question: the share of its words the
 * question holds (`server.port` for "run the dev server on port 3000").
 */
function headingFocus(section: Section, weighted: WeightedQuestion): number {
  if (section.heading.size === 0) return 0;
  const asked = new Set(weighted.terms);
  let shared = 0;
  for (const term of section.heading) if (asked.has(term)) shared++;
  return shared / section.heading.size;
}

/** What the kind of line adds for the kind of question. */
function kindBonus(
  snippet: Snippet,
  next: Snippet | undefined,
  codeShare: number,
  kind: Question['kind'],
): number {
  switch (kind) {
    case 'how':
      // "Run the following command:" and its command; "Add this to your config:" and code that
      // holds the question's words (the more of them, the more it is the answer).
      if (snippet.introduces && next?.command) return KIND_BONUS * 1.5;
      if (codeShare > 0) return KIND_BONUS * 1.5 * Math.min(1, codeShare / 0.5);
      // Steps are followed from the first: a later step alone is a middle of instructions.
      if (snippet.kind === 'code' || snippet.step === 1) return KIND_BONUS;
      return 0;
    case 'what':
      if (snippet.kind === 'table-row' || snippet.definition) return KIND_BONUS;
      // "`x` is…", "`x`: …": a definition.
      if (/^\S+(?:\s+\S+){0,3}\s+(?:is|are|means|refers to)\b|^[^:]{1,40}:\s/.test(snippet.text))
        return KIND_BONUS / 2;
      return 0;
    case 'why':
      return GIVES_REASON.test(snippet.text) ? KIND_BONUS : 0;
    default:
      return 0;
  }
}

/**
 * A line that gives a reason: "because", "due to", "that's why"; "since" as a cause, not as a
 * time ("since then", "since version 5").
 */
const GIVES_REASON =
  /\b(?:because|due to|caused by|so that|since(?! (?:then|version|v?\d))|this means|in order to|otherwise|the reason|(?:that's|that is|which is) why|as a result)\b/i;

/** Sentences a lead quote takes from its paragraph at most, and characters. */
const LEAD_SENTENCES = 4;
const LEAD_CHARS = 450;

/**
 * The lead with the rest of its paragraph, as far as it stays short: the sentences before it say
 * what it goes on about ("Temperature setting.", "Once you've built the app, …"), those after
 * often finish what it says.
 */
function paragraphSpan(section: Section, position: number): { from: number; to: number } {
  const { snippets } = section;
  const lead = snippets[position]!;
  if (lead.paragraph === undefined) return { from: position, to: position };
  const same = (i: number) =>
    snippets[i]?.kind === 'sentence' && snippets[i]?.paragraph === lead.paragraph;
  let from = position;
  let length = lead.text.length;
  while (same(from - 1) && position - from < LEAD_SENTENCES - 1) {
    length += snippets[from - 1]!.text.length + 1;
    if (length > LEAD_CHARS) break;
    from--;
  }
  let to = position;
  while (same(to + 1) && to - from + 1 < LEAD_SENTENCES) {
    length += snippets[to + 1]!.text.length + 1;
    if (length > LEAD_CHARS) break;
    to++;
  }
  return { from, to };
}

/**
 * The lead's span: its paragraph (see paragraphSpan). A paragraph of one sentence is often a
 * statement the next paragraph qualifies ("`vite build` will still build the client only…",
 * then "When the `builder` option is set…, `vite build` opts in to building the entire app
 * instead."): the next paragraph's sentences follow it, as far as the quote stays short
 * (LEAD_SENTENCES, LEAD_CHARS). Not a definition's (a property, then the next property), and
 * not when that paragraph ends in an instruction, which follows with its code on its own.
 */
function leadSpan(section: Section, position: number): { from: number; to: number } {
  const span = paragraphSpan(section, position);
  const { snippets } = section;
  const lead = snippets[position]!;
  const before = snippets[span.from - 1];
  if (span.from !== span.to || lead.kind !== 'sentence' || lead.paragraph === undefined)
    return span;
  if (lead.introduces || lead.definition) return span;
  if (before?.kind === 'sentence' && before.paragraph === lead.paragraph) return span;
  const paragraph = snippets[span.to + 1]?.paragraph;
  if (paragraph === undefined || paragraph === lead.paragraph) return span;
  // A paragraph ending in an instruction follows the lead with its code (withNextInstruction).
  if (snippets.some((s) => s.paragraph === paragraph && s.introduces)) return span;
  let length = lead.text.length;
  let to = span.to;
  while (to - span.from + 1 < LEAD_SENTENCES) {
    const next = snippets[to + 1];
    if (next?.kind !== 'sentence' || next.paragraph !== paragraph || next.definition) break;
    length += next.text.length + 1;
    if (length > LEAD_CHARS) break;
    to++;
  }
  return { from: span.from, to };
}

/**
 * The lead, then supporting quotes from other sections first (the reader picks the one that
 * fits), each relevant on its own: two question terms, or one its section is about; then the
 * best line of search's first page when no quote is from it. Search's first page may be quoted
 * even when it holds less than the quotable share, as long as another page holds it or the
 * question is long (`alone`, see FIRST_PAGE_ALONE_WORDS).
 */
function chooseQuotes(
  candidates: Candidate[],
  sections: Section[],
  alone: boolean,
  /** About a selection: its lead is the line explaining it, not what follows (see leadSpan). */
  about: boolean,
  /** Filled with the supporting quotes admitted, quoted or not (see withWordLeftOut). */
  admitted: Candidate[] = [],
): Candidate[] {
  // Nothing to quote when no page holds the quotable share, unless the question is long; when
  // one does, search's first page (which rankCandidates reads whatever it holds) is quoted as if
  // it did: the index weighed its title and headings across the whole site, and it often answers
  // in the page's words what the reader asked in their own.
  if (!alone && !candidates.some((c) => c.quotable)) return [];
  const best = candidates[0];
  if (!best) return [];
  const span = about
    ? paragraphSpan(sections[best.section]!, best.position)
    : leadSpan(sections[best.section]!, best.position);
  const lead = { ...best, ...span };
  const chosen: Candidate[] = [lead];
  const floor = lead.score * SUPPORT_RELATIVE_MIN;
  const inLead = (c: Candidate) =>
    c.section === lead.section && c.position >= lead.from && c.position <= lead.to;
  const supports = candidates.filter(
    (c) =>
      !inLead(c) &&
      c.score >= floor &&
      (c.relevance >= Math.min(SUPPORT_RELEVANCE_MIN, lead.relevance) ||
        namesByWords(c) ||
        introducesByWords(c, sections)) &&
      (c.matched >= 2 || c.relevance >= lead.relevance * 0.8) &&
      !chosen.some((o) => o.snippet.text === c.snippet.text),
  );
  admitted.push(...supports);
  const take = (c: Candidate) => {
    if (chosen.length > SUPPORTING_QUOTES) return;
    if (alreadyQuoted(chosen, c)) return;
    if (showsQuotedCode(chosen, c, sections)) return;
    if (c.snippet.kind === 'code' && codeCount(chosen) >= MAX_CODE_BLOCKS) return;
    chosen.push(supportQuote(c, sections, chosen));
  };
  // Other pages first (the reader picks the one that fits), then other sections.
  const pageOf = (c: Candidate) => sections[c.section]!.text.path;
  const pages = new Set([pageOf(lead)]);
  for (const c of supports) {
    if (pages.has(pageOf(c))) continue;
    pages.add(pageOf(c));
    take(c);
  }
  const seen = new Set(chosen.map((c) => c.section));
  for (const c of supports) {
    if (seen.has(c.section)) continue;
    seen.add(c.section);
    take(c);
  }
  for (const c of supports) take(c);
  // A lead that no support joined is followed by the best other line of its page.
  if (chosen.length === 1) {
    const alongside = lineAlongside(candidates, sections, lead, floor);
    if (alongside) take(alongside);
  }
  for (const c of sameSectionLines(candidates, lead, floor)) take(c);
  // Search's first page, when no quote is from it: search weighed titles and headings across the
  // whole site, a line's score only the words it shares with the question, and a generic page's
  // line sharing common words often outscores the page that answers (in the reader's words,
  // not the docs'). Its best line is quoted last, beyond the supports, when it reaches their
  // score floor and holds most of what the lead holds; its best line not quoted already, as
  // another page's copy (a site repeats lines word for word: a note, a migration guide's
  // boilerplate).
  const first = firstPageLine(candidates, sections, chosen);
  if (
    first &&
    first.score >= floor &&
    first.relevance >= lead.relevance * FIRST_PAGE_RELEVANCE &&
    !chosen.some((o) => pageOf(o) === pageOf(first) || o.snippet.text === first.snippet.text)
  ) {
    chosen.push(supportQuote(first, sections, chosen));
  }
  return chosen;
}

/**
 * The best line of the lead's page besides the lead, reaching the supports' score floor: a lead
 * alone is often one line of what its page says about the question ("Specify server port. Note
 * if the port is already being used…", then `strictPort` two sections down), and the page's
 * other lines need not hold as much of the question's words as another page's to say the rest.
 */
function lineAlongside(
  candidates: Candidate[],
  sections: Section[],
  lead: Candidate,
  floor: number,
): Candidate | undefined {
  const page = sections[lead.section]!.text.path;
  return candidates.find(
    (c) =>
      c.score >= floor &&
      sections[c.section]!.text.path === page &&
      !quotes(lead, c.section, c.position) &&
      c.snippet.text !== lead.snippet.text,
  );
}

/**
 * The lines of the lead's own section, in prose, reaching the supports' score floor and holding
 * two words of the question: in room the supports leave, they say more of what the lead's
 * section says about the question ("Entries in `head` … do not pass through Astro's script
 * processing."), though alone they hold less of it than a support must.
 */
const sameSectionLines = (candidates: Candidate[], lead: Candidate, floor: number) =>
  candidates.filter(
    (c) =>
      c.section === lead.section &&
      c.snippet.kind === 'sentence' &&
      c.score >= floor &&
      c.matched >= 2,
  );

/** The terms of a quote's lines and of the code its last line introduces. */
function quotedTerms(c: Candidate, sections: Section[]): Set<string> {
  const { snippets, snippetTerms } = sections[c.section]!;
  const terms = new Set<string>();
  const last = c.to ?? c.position;
  for (let i = c.from ?? c.position; i <= last; i++) for (const t of snippetTerms[i]!) terms.add(t);
  if (snippets[last]!.introduces && snippets[last + 1]?.kind === 'code') {
    for (const t of snippetTerms[last + 1]!) terms.add(t);
  }
  return terms;
}

/**
 * A question often asks for two parts ("a chat UI in React" that streams "from my API route"),
 * and a page that answers sets them out under two headings; the supports, other pages first,
 * can all say more of the lead's part. The best admitted support from another section of the
 * lead's page that holds, in its line or the code it introduces, a word of the question no
 * quote holds is quoted last: after every other quote, so what they bring stays as it was.
 */
function withWordLeftOut(
  chosen: Candidate[],
  supports: Candidate[],
  sections: Section[],
  weighted: WeightedQuestion,
): void {
  const lead = chosen[0]!;
  const page = sections[lead.section]!.text.path;
  const held = new Set<string>();
  for (const c of chosen) for (const t of quotedTerms(c, sections)) held.add(t);
  const left = weighted.groups.filter((g) => !g.filler && !g.terms.some((t) => held.has(t)));
  if (left.length === 0) return;
  const line = supports.find((c) => {
    if (c.section === lead.section || sections[c.section]!.text.path !== page) return false;
    if (alreadyQuoted(chosen, c)) return false;
    const terms = quotedTerms(c, sections);
    return left.some((g) => g.terms.some((t) => terms.has(t)));
  });
  if (line) chosen.push(supportQuote(line, sections, chosen));
}

/** The best line of search's first page whose text no quote holds. */
const firstPageLine = (candidates: Candidate[], sections: Section[], chosen: Candidate[]) =>
  candidates.find(
    (c) =>
      sections[c.section]!.rank === 0 && !chosen.some((o) => o.snippet.text === c.snippet.text),
  );

/** Whether a quote already says `c`'s line: the same text (another page's copy), or its span. */
const alreadyQuoted = (chosen: Candidate[], c: Candidate) =>
  chosen.some((o) => o.snippet.text === c.snippet.text || quotes(o, c.section, c.position));

/** The code a quote shows: its own, or the block its last line introduces. */
function codeShown(c: Candidate, sections: Section[]): string | undefined {
  if (c.snippet.kind === 'code') return c.snippet.text;
  const { snippets } = sections[c.section]!;
  const last = c.to ?? c.position;
  const next = snippets[last + 1];
  return snippets[last]!.introduces && next?.kind === 'code' ? next.text : undefined;
}

/**
 * Whether `c` would show code a quote shows already: a site repeats an example on two pages
 * ("The hook receives a context object with the following signature:"), and the second copy
 * says nothing new.
 */
function showsQuotedCode(chosen: Candidate[], c: Candidate, sections: Section[]): boolean {
  const code = codeShown(c, sections);
  return code !== undefined && chosen.some((o) => codeShown(o, sections) === code);
}

/** Whether quote `o` holds the line at `position` of `section` (its own, or in its span). */
const quotes = (o: Candidate, section: number, position: number) =>
  o.section === section && position >= (o.from ?? o.position) && position <= (o.to ?? o.position);

/**
 * A supporting quote as it is quoted: a line that points back ("It is useful when…") with what
 * it points at, and with the rest of its paragraph (see supportEnd).
 */
function supportQuote(c: Candidate, sections: Section[], chosen: Candidate[]): Candidate {
  const antecedent = antecedentOf(sections[c.section]!, c.position);
  const from =
    antecedent !== undefined && !chosen.some((o) => quotes(o, c.section, antecedent))
      ? antecedent
      : c.position;
  const to = supportEnd(sections, c.section, from, c.position, chosen);
  return from === c.position && to === c.position ? c : { ...c, from, to };
}

/**
 * Where a supporting quote ends: the sentences after its line in its paragraph finish what it
 * says ("Vite no longer supports Node.js 14 / 16…", then "Node.js 18 / 20+ is now required."),
 * as for the lead, while the quote stays short (LEAD_SENTENCES, LEAD_CHARS) and says nothing
 * another quote says.
 */
function supportEnd(
  sections: Section[],
  section: number,
  from: number,
  position: number,
  chosen: Candidate[],
): number {
  const { snippets } = sections[section]!;
  const line = snippets[position]!;
  if (line.kind !== 'sentence' || line.paragraph === undefined) return position;
  let length = 0;
  for (let i = from; i <= position; i++) length += snippets[i]!.text.length + 1;
  let to = position;
  while (to - from + 1 < LEAD_SENTENCES) {
    const next = snippets[to + 1];
    if (next?.kind !== 'sentence' || next.paragraph !== line.paragraph || next.fragment) break;
    if (chosen.some((o) => quotes(o, section, to + 1))) break;
    length += next.text.length + 1;
    if (length > LEAD_CHARS) break;
    to++;
  }
  return to;
}

/**
 * A sentence that opens by pointing back ("It is useful when…", "This means…") says nothing
 * alone: quoted as a support, it takes the sentence before it in its paragraph, when the two
 * stay short.
 */
function antecedentOf(section: Section, position: number): number | undefined {
  const { snippets } = section;
  const line = snippets[position]!;
  const before = snippets[position - 1];
  if (line.kind !== 'sentence' || line.paragraph === undefined) return undefined;
  if (before?.kind !== 'sentence' || before.paragraph !== line.paragraph) return undefined;
  if (!OPENS_POINTING_BACK.test(line.text)) return undefined;
  if (before.text.length + line.text.length + 1 > LEAD_CHARS) return undefined;
  return position - 1;
}

/**
 * Pronouns and demonstratives a sentence opens with when it continues the one before, in the
 * languages whose questions are read (see question.ts).
 */
const OPENS_POINTING_BACK = new RegExp(
  [
    String.raw`^(?:this|that|these|those|it|they|doing so|such|il|elle|ils|elles|cela|ceci|ce|cette|ces|esto|esta|este|estos|estas|eso|esa|ello|isso|isto|essa|esse|questo|questa|ciò|dies|diese[rsnm]?|dadurch|damit|это|эта|этот|эти|он|она|оно|они)(?![\p{L}])`,
    '^(?:这|此|它|该|これ|この|それ|その)',
  ].join('|'),
  'iu',
);

/** A line of prose naming something to type, holding much of the question's words. */
const namesByWords = (c: Candidate) =>
  c.snippet.kind !== 'code' && c.wordShare >= SUPPORT_WORDS_MIN && NAMES_CODE.test(c.snippet.text);

/**
 * A sentence that introduces code ("Importing a static asset will return the resolved public
 * URL when it is served:") holding, in its own words, as large a share of the question's words:
 * an instruction, whose code shows what to type. Its code's words do not count here: code
 * repeats the page's vocabulary whatever it does.
 */
const introducesByWords = (c: Candidate, sections: Section[]) =>
  c.snippet.introduces === true &&
  sections[c.section]!.snippets[c.position + 1]?.kind === 'code' &&
  c.ownWordShare >= SUPPORT_WORDS_MIN;

/** Code, a nested list (a file tree) and a step's own indented prose sit between steps. */
const betweenSteps = (snippet: Snippet) =>
  snippet.kind === 'code' || snippet.nested || (snippet.kind === 'list-item' && !snippet.step);

/** Numbered steps a how-to answer takes from the lead's section at most. */
const MAX_STEPS = 3;

/**
 * A how-to answer whose lead is followed by numbered steps ("1. Add an image file…", "2. Set
 * `logo.dark`…") quotes the steps too, in order; one supporting quote stays after them.
 */
function withSteps(chosen: Candidate[], sections: Section[]): boolean {
  const lead = chosen[0]!;
  const steps = stepsAfter(lead, sections[lead.section]!.snippets);
  if (steps.length < 2) return false;
  followLead(chosen, sections, steps);
  return true;
}

/** The positions of the numbered steps that follow a quote (its own list's, or the list it opens). */
function stepsAfter(quote: Candidate, snippets: Snippet[]): number[] {
  // A bullet or a step's own prose is inside instructions, not before them.
  if (quote.snippet.step === undefined && betweenSteps(quote.snippet)) return [];
  const steps: number[] = [];
  for (let i = (quote.to ?? quote.position) + 1; i < snippets.length; i++) {
    const snippet = snippets[i]!;
    // Code, nested lists (a file tree) and a step's own indented prose sit between steps;
    // prose after them ends the steps.
    if (betweenSteps(snippet)) continue;
    if (!snippet.step) {
      if (steps.length > 0) break;
      continue;
    }
    // A list numbered from 1 again is other instructions.
    const previous = steps.at(-1) ?? quote.position;
    if (snippet.step <= (snippets[previous]!.step ?? 0)) break;
    steps.push(i);
    if (steps.length >= MAX_STEPS) break;
  }
  return steps;
}

/**
 * A how-to answer whose lead says what to do ("You can override components by providing
 * paths in the `components` option.") and whose supporting quote is the first step of
 * instructions: the next steps follow that step, instead of the quotes after it.
 */
function withSupportingSteps(chosen: Candidate[], sections: Section[]): void {
  const index = chosen.findIndex((c, i) => i > 0 && c.snippet.step === 1);
  if (index < 0) return;
  // A lead with code of its own (quoted, or introduced and quoted next) already shows how.
  const showsCode = chosen.slice(0, index).some((c) => {
    const { snippets } = sections[c.section]!;
    const last = c.to ?? c.position;
    return (
      c.snippet.kind === 'code' ||
      (snippets[last]!.introduces && snippets[last + 1]?.kind === 'code')
    );
  });
  if (showsCode) return;
  const first = chosen[index]!;
  const { snippets } = sections[first.section]!;
  const steps = stepsAfter(first, snippets);
  if (steps.length === 0) return;
  const lines = steps.map((position) => lineAt(first, sections, position));
  chosen.splice(index + 1, chosen.length, ...lines);
}

/**
 * In a how-to answer a quoted later step ("3. Add content files…") is read from the first step
 * of its list: instructions are followed in order, and the first says where to start. The lead
 * is followed by the next steps (see withSteps), so it is rewound when it stays among them; a
 * supporting quote is quoted alone, so only for a first step that holds a word of the question.
 */
function fromFirstStep(
  chosen: Candidate[],
  sections: Section[],
  weighted: WeightedQuestion,
): Candidate | undefined {
  let dropped: Candidate | undefined;
  chosen.forEach((c, index) => {
    const step = c.snippet.step;
    if (step === undefined || step <= 1) return;
    const { snippets, snippetTerms } = sections[c.section]!;
    let first = c.position;
    for (let i = c.position - 1; i >= 0; i--) {
      const snippet = snippets[i]!;
      if (betweenSteps(snippet)) continue;
      if (snippet.step === undefined || snippet.step >= snippets[first]!.step!) break;
      first = i;
    }
    if (snippets[first]!.step !== 1 || isChosen(chosen, c.section, first)) return;
    const terms = snippetTerms[first]!;
    const worth = index === 0 ? step <= MAX_STEPS + 1 : asksAbout(weighted, (t) => terms.has(t));
    if (!worth) return;
    chosen[index] = lineAt(c, sections, first);
    // The steps that follow the first are quoted only when there are two or more (withSteps):
    // the lead's own step, the line that answers, is kept then (withRewoundStep).
    if (index === 0 && stepsAfter(chosen[0]!, snippets).length < 2) dropped = c;
  });
  return dropped;
}

/**
 * A lead rewound to the first step of its list that no steps follow (a list of two steps) keeps
 * its own step: it goes right after the first step, which leads to it.
 */
function withRewoundStep(chosen: Candidate[], step: Candidate): void {
  if (isChosen(chosen, step.section, step.position)) return;
  const first = chosen.findIndex((c) => c.section === step.section && c.position < step.position);
  if (first < 0) return;
  chosen.splice(first + 1, 0, { ...step, from: step.position, to: step.position });
}

/**
 * A lead that ends by announcing a list ("Two things matter:") is finished by that list: its
 * items follow the lead, in order, before any supporting quote.
 */
function withIntroducedList(chosen: Candidate[], sections: Section[]): boolean {
  const lead = chosen[0]!;
  const last = lead.to ?? lead.position;
  const { snippets } = sections[lead.section]!;
  if (!snippets[last]?.introduces) return false;
  const items: number[] = [];
  for (let i = last + 1; snippets[i]?.kind === 'list-item' && items.length < MAX_STEPS; i++) {
    items.push(i);
  }
  if (items.length > 0) followLead(chosen, sections, items);
  return items.length > 0;
}

/**
 * A how-to lead without code of its own ("By default, functions stop after 10 seconds…") is
 * often followed by the instruction: a next paragraph ending in a sentence that introduces
 * code ("…add the following config to your route handler."). That sentence and its code follow
 * the lead, when that paragraph holds a word of the question.
 */
function withNextInstruction(
  chosen: Candidate[],
  sections: Section[],
  echoes: (snippet: Snippet) => boolean,
  weighted: WeightedQuestion,
): boolean {
  const lead = chosen[0]!;
  const last = lead.to ?? lead.position;
  const { snippets, snippetTerms } = sections[lead.section]!;
  if (lead.snippet.kind !== 'sentence' || snippets[last + 1]?.kind === 'code') return false;
  const paragraph = snippets[last + 1]?.paragraph;
  if (paragraph === undefined || paragraph === snippets[last]!.paragraph) return false;
  let intro = last + 1;
  while (snippets[intro + 1]?.paragraph === paragraph) intro++;
  const code = snippets[intro + 1];
  if (!snippets[intro]!.introduces) return false;
  // Or the options it lists ("To fix it, you could either:", then the items).
  const items = code?.kind === 'list-item' ? listItemsAt(snippets, intro + 1) : [];
  if (items.length === 0 && (code?.kind !== 'code' || echoes(code))) return false;
  // A listed fix already quoted alone is quoted again in its place (followLead).
  if (items.length === 0 && isChosen(chosen, lead.section, intro + 1)) return false;
  // The paragraph's own words, not its code's: code shares the page's names with any question.
  const holds = (t: string) => {
    for (let i = last + 1; i <= intro; i++) if (snippetTerms[i]!.has(t)) return true;
    return false;
  };
  // "To fix it, …": an instruction that points back at the lead's problem is about it.
  if (!FIXES_IT.test(snippets[last + 1]!.text) && !asksAbout(weighted, holds)) return false;
  followLead(chosen, sections, items.length > 0 ? [intro, ...items] : [intro, intro + 1]);
  // With the sentences before it in its paragraph ("However, this requires… If not, add…"):
  // the instruction often answers them.
  const from = Math.max(last + 1, intro - (LEAD_SENTENCES - 2));
  if (from < intro) {
    const widened = { ...chosen[1]!, from, to: intro };
    chosen[1] = widened;
    // A support that is one of those sentences is quoted there already.
    for (let i = chosen.length - 1; i > 1; i--) {
      if (quotes(widened, chosen[i]!.section, chosen[i]!.position)) chosen.splice(i, 1);
    }
  }
  return true;
}

/** A sentence that opens by saying what it does about what precedes it ("To fix this, …"). */
const FIXES_IT = /^to\s+\w+\s+(?:it|this|that|these|them|the (?:issue|problem|error))\b/i;

/** The top-level items of the list that starts at `from` (its nested lines left out). */
function listItemsAt(snippets: Snippet[], from: number): number[] {
  const items: number[] = [];
  for (let i = from; i < snippets.length && items.length < MAX_STEPS; i++) {
    const snippet = snippets[i]!;
    if (snippet.nested) continue;
    if (snippet.kind !== 'list-item') break;
    items.push(i);
  }
  return items;
}

/** Inline code: a name the reader can type (`repairToolCall`, `base`). */
const NAMES_CODE = /`[^`\s][^`]*`/;
/** A sentence that tells the reader what to do about a problem ("You will need to…"). */
const INSTRUCTS =
  /^(?:you(?:'ll|\s+will)?\s+(?:need|have)\s+to|to\s+(?:fix|avoid|solve|resolve|work\s+around)\b|try\b|the\s+(?:easiest|simplest|recommended|best)\s+way)/i;
/** Lines after the lead that withNamedInstruction reads at most. */
const NAMED_INSTRUCTION_LINES = 8;

/**
 * A how-to lead that names nothing to type ("Language models sometimes fail to generate valid
 * tool calls…") often opens the section whose next lines give the name that does it ("You can
 * use the `repairToolCall` function…"). The first such line after the lead, in prose and holding
 * a word of the question, follows the lead.
 */
function withNamedInstruction(
  chosen: Candidate[],
  sections: Section[],
  echoes: (snippet: Snippet) => boolean,
  weighted: WeightedQuestion,
): void {
  const lead = chosen[0]!;
  const { snippets, snippetTerms } = sections[lead.section]!;
  const first = lead.from ?? lead.position;
  const last = lead.to ?? lead.position;
  if (lead.snippet.kind === 'code' || lead.snippet.kind === 'table-row') return;
  for (let i = first; i <= last; i++) if (NAMES_CODE.test(snippets[i]!.text)) return;
  if (snippets[last + 1]?.kind === 'code') return;
  const end = Math.min(snippets.length, last + 1 + NAMED_INSTRUCTION_LINES);
  for (let i = last + 1; i < end; i++) {
    const snippet = snippets[i]!;
    if (snippet.kind === 'code' || snippet.kind === 'table-row' || snippet.fragment) continue;
    if (!NAMES_CODE.test(snippet.text) || echoes(snippet)) continue;
    const terms = snippetTerms[i]!;
    // "You will need to access the file with `http` protocol." is about the lead's problem
    // whatever words it holds.
    if (!asksAbout(weighted, (t) => terms.has(t)) && !INSTRUCTS.test(snippet.text)) continue;
    if (isChosen(chosen, lead.section, i)) return;
    // With the rest of its paragraph: "The easiest way to achieve this is to run `…`."
    const { to } = paragraphSpan(sections[lead.section]!, i);
    chosen.splice(1, 0, { ...lineAt(lead, sections, i), from: i, to });
    chosen.splice(1 + 1 + SUPPORTING_QUOTES);
    return;
  }
}

/** Prose lines of a later section quoted before its code at most. */
const INSTRUCTION_LINES = 3;

/**
 * A how-to answer without code whose quote sets out the problem, in a section without code of
 * its own ("Issue": "Streaming doesn't work behind some proxies."), is often answered further
 * down its page: a later section ("Solution") opens with a sentence that introduces code. That
 * section's opening lines and code follow the quote, when they hold a word of the question;
 * one more quote stays after them at most.
 */
function withLaterInstruction(
  chosen: Candidate[],
  sections: Section[],
  echoes: (snippet: Snippet) => boolean,
  weighted: WeightedQuestion,
): void {
  if (codeCount(chosen) > 0) return;
  for (const [index, quote] of chosen.entries()) {
    if (index > 1) return;
    const own = sections[quote.section]!;
    // A part of the page's own subject ("## Issue", then "## Solution"), not a page
    // introduction nor one of a list of problems ("## Dev server", "### Requests stall").
    if (own.text.headings?.length !== 1) continue;
    if (own.snippets.some((s) => s.kind === 'code')) continue;
    let text = followingSection(own.text);
    for (let n = 0; text && n < FOLLOWING_SECTIONS; n++, text = followingSection(text)) {
      const later = sections.findIndex((s) => s.text === text);
      const section = sections[later];
      if (!section) continue;
      const { snippets, snippetTerms } = section;
      const code = snippets.findIndex((s) => s.kind === 'code');
      if (code < 1 || !snippets[code - 1]!.introduces || echoes(snippets[code]!)) continue;
      const lines = snippets.slice(0, code).filter((s) => s.kind !== 'code');
      if (lines.length > INSTRUCTION_LINES) continue;
      // Its own lines, not its heading: a later section of a long page is about something else.
      const holds = (t: string) => snippetTerms.slice(0, code).some((terms) => terms.has(t));
      if (!asksAbout(weighted, holds)) continue;
      const added = Array.from({ length: code + 1 }, (_, position) =>
        lineAt(quote, sections, position, later),
      );
      const rest = chosen.slice(index + 1, index + 2);
      chosen.splice(index + 1, chosen.length, ...added, ...rest);
      return;
    }
  }
}

/**
 * The lines at `positions` of the lead's section quoted right after the lead, in order; the
 * supporting quotes that are not among them stay after them, as many as those lines of prose
 * leave room for (code belongs to the sentence that introduces it), one at least.
 */
function followLead(chosen: Candidate[], sections: Section[], positions: number[]): void {
  const lead = chosen[0]!;
  const lines = positions.map((position) => lineAt(lead, sections, position));
  const prose = lines.filter((l) => l.snippet.kind !== 'code').length;
  const supports = chosen
    .slice(1)
    .filter((c) => !(c.section === lead.section && positions.includes(c.position)))
    .slice(0, Math.max(FOLLOWED_LEAD_SUPPORTS, SUPPORTING_QUOTES - prose));
  chosen.splice(1, chosen.length - 1, ...lines, ...supports);
}

/** Supporting quotes kept after the lines that follow a lead, however many those are. */
const FOLLOWED_LEAD_SUPPORTS = 1;

/** Whether what `holds` accepts is a word the question asks about (not a verb of asking). */
function asksAbout(weighted: WeightedQuestion, holds: (term: string) => boolean): boolean {
  return weighted.groups.some((g) => !g.filler && g.terms.some(holds));
}

const codeCount = (chosen: Candidate[]) => chosen.filter((c) => c.snippet.kind === 'code').length;

/**
 * Docs introduce code with a sentence ("Use `streamText` to stream text:"). When such a sentence
 * is quoted, the code block right after it is usually the answer, so quote it too; a quoted code
 * block gets the sentence that introduces it.
 */
function withIntroducedCode(
  chosen: Candidate[],
  sections: Section[],
  echoes: (snippet: Snippet) => boolean,
): void {
  for (const c of [...chosen]) {
    const snippets = sections[c.section]!.snippets;
    if (c.snippet.kind === 'code') {
      // A tab's code is introduced by the sentence before its first tab.
      const intro = firstTab(snippets, c.position) - 1;
      if (!snippets[intro]?.introduces) continue;
      // The sentence goes right before its code: moved there when quoted later (as a supporting
      // quote), else quoted alone (the code's own span, a lead's, is not the sentence's).
      const quoted = chosen.findIndex((o) => o.section === c.section && o.position === intro);
      if (quoted >= 0 && quoted < chosen.indexOf(c)) continue;
      const base = quoted >= 0 ? chosen.splice(quoted, 1)[0]! : c;
      chosen.splice(chosen.indexOf(c), 0, lineAt(base, sections, intro));
      continue;
    }
    // The code after a sentence that introduces it ("…in your config:").
    const last = c.to ?? c.position;
    const next = snippets[last + 1];
    if (!snippets[last]!.introduces || next?.kind !== 'code' || echoes(next)) continue;
    if (codeCount(chosen) >= MAX_INTRODUCED_CODE_BLOCKS) continue;
    if (isChosen(chosen, c.section, last + 1)) continue;
    chosen.splice(chosen.indexOf(c) + 1, 0, lineAt(c, sections, last + 1));
  }
}

/** A sentence that opens by pointing back at what precedes it ("This will create…"). */
const POINTS_BACK = /^(?:this|that|these|those|it|doing so)\b/i;

/**
 * A lead that points back at the code before it ("This will create a new project directory…"
 * after the command) says what that code does: the code, and the sentence introducing it,
 * come first.
 */
function withAntecedent(
  chosen: Candidate[],
  sections: Section[],
  echoes: (snippet: Snippet) => boolean,
): void {
  const lead = chosen[0]!;
  const first = lead.from ?? lead.position;
  const { snippets } = sections[lead.section]!;
  if (lead.snippet.kind !== 'sentence' || !POINTS_BACK.test(snippets[first]!.text)) return;
  // Code blocks in a row are tabs of one example (npm, pnpm, Yarn): the first is the default.
  let position = first - 1;
  while (snippets[position - 1]?.kind === 'code') position--;
  const code = snippets[position];
  if (code?.kind !== 'code' || echoes(code)) return;
  const intro = snippets[position - 1];
  const before = [
    ...(intro?.introduces ? [lineAt(lead, sections, position - 1)] : []),
    lineAt(lead, sections, position),
  ];
  const rest = chosen.filter((c) => !isChosen(before, c.section, c.position));
  chosen.splice(0, chosen.length, ...before, ...rest);
}

/**
 * Another line quoted in the place of `quote`, with its scores but not its paragraph span: the
 * line at `position` of `section` (the quote's own by default).
 */
function lineAt(
  quote: Candidate,
  sections: Section[],
  position: number,
  section = quote.section,
): Candidate {
  const { from: _from, to: _to, ...line } = quote;
  return { ...line, section, snippet: sections[section]!.snippets[position]!, position };
}

const isChosen = (chosen: Candidate[], section: number, position: number) =>
  chosen.some((o) => o.section === section && o.position === position);
