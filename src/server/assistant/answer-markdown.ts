/**
 * The answer as Markdown: the quotes, each with a numbered link to its section, then "More in:"
 * with further sections; or "not covered" with the closest sections, listed once. Sources are
 * numbered by page and named by page and section (`Page › Section`).
 */
import { referenceLinksAsText } from '../agents/markdown/reference-links.ts';
import { splitCodeSpans } from '../docs-index/markdown.ts';
import { answerWords } from './answer-words.ts';
import type { Candidate } from './choose-quotes.ts';
import { pageLink, siteLinks } from './links.ts';
import { readablePlaceholders } from './placeholders.ts';
import { QUOTABLE_MIN, type Section, type SectionText } from './read-sections.ts';
import { firstTab } from './snippets.ts';

/** A page the answer cites, numbered in order of first citation. */
export interface AnswerSource {
  /** The citation number as a string (`"1"`), also the `source-url` chunk's `sourceId`. */
  id: string;
  url: string;
  /** The page and the section first quoted from it: `Page › Section`. */
  title: string;
  path: string;
}

export interface ComposedAnswer {
  covered: boolean;
  text: string;
  sources: AnswerSource[];
}

/** The English "not covered" lead; `answerWords` has every language's. */
export const NOT_COVERED_LEAD = answerWords('en').notCovered;

/** Further sections linked under "More in:" and closest sections of a "not covered" answer. */
const MORE_LINKS = 3;

export function sectionLabel(text: SectionText): string {
  return text.anchor && text.heading ? `${text.title} › ${text.heading}` : text.title;
}

/**
 * A page title or heading written into the answer's Markdown as the text it is: `<`, `>`, `&`,
 * brackets and emphasis marks are escaped (a frontmatter title `Using <Tabs>` would otherwise
 * lose `<Tabs>`, and one holding an `<img>` tag would make every reader's browser fetch it).
 * Code spans are kept as written: inside them the characters are literal already.
 */
export function markdownText(label: string): string {
  return splitCodeSpans(label)
    .map((part, i, parts) => {
      if (i % 3 === 0) return part.replace(/[\\<>&[\]*]/g, '\\$&');
      // A span's ticks open it and, after its code, close it.
      return i % 3 === 1 ? part : `${part}${parts[i - 1]}`;
    })
    .join('');
}

/**
 * Quoted text made safe for a Markdown renderer that allows HTML (clients of the hosted API
 * may use one): outside code spans, each `<` that would open a tag, a comment or a declaration
 * is escaped (`\<` shows as `<`), so a page's `<script>` or `<img onerror>` reaches the reader
 * as text; text-formatting tags without attributes are kept. Code spans, autolinks
 * (`<https://…>`) and link destinations (`](<…>)`) stay as written.
 */
export function withoutRawHtml(text: string): string {
  if (!text.includes('<')) return text;
  return splitCodeSpans(text)
    .map((part, i, parts) => {
      if (i % 3 === 0) return part.replace(RAW_HTML_OPENING, escapeOpening);
      return i % 3 === 1 ? part : `${part}${parts[i - 1]}`;
    })
    .join('');
}

/**
 * A `<` before a tag name, `/`, `!` or `?`, with the backslashes before it: not an autolink, nor
 * a text-formatting tag without attributes (`<kbd>`, `<br />`, `</sub>`), which runs nothing in
 * any renderer and which docs use for keys and line breaks in tables.
 */
const RAW_HTML_OPENING =
  /(\\*)(\]\()?<(?=[A-Za-z/!?])(?!(?:https?|mailto):[^\s<>]*>)(?!\/?(?:kbd|br|b|i|em|strong|sub|sup|mark|s|u|small)\s*\/?>)/g;

function escapeOpening(match: string, backslashes: string, destination: string | undefined) {
  // An odd run of backslashes escapes the `<` already; `](<` opens a link destination.
  if (backslashes.length % 2 === 1 || destination) return match;
  return `${backslashes}\\<`;
}

export function quotedAnswer(
  chosen: Candidate[],
  sections: Section[],
  siteUrl?: string,
  language?: string,
): ComposedAnswer {
  const words = answerWords(language);
  const sources: AnswerSource[] = [];
  const labels = distinctLabels(sections.map((s) => s.text));
  const written = labels.map(markdownText);
  const numberOf = (index: number) => {
    const text = sections[index]!.text;
    let source = sources.find((s) => s.path === text.path);
    if (!source) {
      source = {
        id: String(sources.length + 1),
        url: pageLink(text.path, text.anchor, siteUrl),
        title: labels[index]!,
        path: text.path,
      };
      sources.push(source);
    }
    return source.id;
  };
  const blocks: string[] = [];
  chosen.forEach(({ snippet, section, position }, i) => {
    const text = sections[section]!.text;
    const link = pageLink(text.path, text.anchor, siteUrl);
    const citation = `[${numberOf(section)}](${link})`;
    if (snippet.kind === 'code') {
      // A tab's code says which tab it is ("**Deno**"): the page shows it among alternatives.
      const code = snippet.tab
        ? `**${markdownText(snippet.tab)}**\n\n${readablePlaceholders(withoutFenceTitle(snippet.text))}`
        : readablePlaceholders(snippet.text);
      // A citation after a code block would stand alone on its line: cite above it instead,
      // unless the quoted sentence just before introduces this very block (or its tabs) and
      // cites it already.
      const previous = chosen[i - 1];
      const introduced =
        previous?.section === section &&
        (previous.to ?? previous.position) === firstTab(sections[section]!.snippets, position) - 1;
      blocks.push(
        introduced ? code : `${words.from(`**${written[section]}**`, citation)}\n\n${code}`,
      );
      return;
    }
    if (snippet.kind === 'table-row') {
      const row = withoutRawHtml(siteLinks(referenceLinksAsText(snippet.text), text.path, siteUrl));
      blocks.push(`${words.from(`**${written[section]}**`, citation)}\n\n${row}`);
      return;
    }
    // The heading names what the line is about ("Specify server port." under `server.port`),
    // once for the quotes of one section in a row.
    const previous = chosen[i - 1];
    const sameAsBefore = previous !== undefined && previous.section === section;
    const label =
      text.anchor && text.heading && !sameAsBefore ? `**${markdownText(text.heading)}**: ` : '';
    // A step is numbered when it is one of several quoted in a row (the first of them too).
    const next = chosen.slice(i + 1).find((c) => c.snippet.kind !== 'code');
    const inSteps = sameAsBefore || (next?.section === section && next.snippet.step !== undefined);
    const step = snippet.step !== undefined && inSteps ? `${snippet.step}. ` : '';
    const { snippets } = sections[section]!;
    const quote =
      chosen[i]!.to === undefined
        ? snippet.text
        : snippets
            .slice(chosen[i]!.from, chosen[i]!.to + 1)
            .map((s) => s.text)
            .join(' ');
    // A reference link's definition stays on its page: the quote shows its text.
    const readable = referenceLinksAsText(quote);
    const safe = withoutRawHtml(siteLinks(readable, text.path, siteUrl));
    blocks.push(`> ${label}${step}${safe} ${citation}`);
  });
  const more = furtherSections(chosen, sections)
    .slice(0, MORE_LINKS)
    .map((index) => {
      const { text } = sections[index]!;
      return `[${written[index]}](${pageLink(text.path, text.anchor, siteUrl)})`;
    });
  if (more.length > 0) blocks.push(`${words.moreIn} ${more.join(' · ')}`);
  return { covered: true, text: blocks.join('\n\n'), sources };
}

/**
 * Sections worth reading next, best first: the best section of each retrieved page not quoted
 * (in search order), then the best further sections of the quoted pages.
 */
function furtherSections(chosen: Candidate[], sections: Section[]): number[] {
  const quoted = new Set(chosen.map((c) => c.section));
  const quotedPages = new Set(chosen.map((c) => sections[c.section]!.text.path));
  const worth = sections
    .map((s, index) => ({ s, index }))
    .filter(({ s, index }) => !quoted.has(index) && s.coverage >= QUOTABLE_MIN)
    // A section holding a quoted one (its page's top, a parent heading) is where the reader is
    // taken by the quote's own link already.
    .filter(({ s }) => !chosen.some((c) => holdsSection(s.text, sections[c.section]!.text)))
    .filter(({ s }, i, all) => all.findIndex((o) => sameSection(o.s.text, s.text)) === i)
    .sort((a, b) => b.s.coverage - a.s.coverage || a.s.rank - b.s.rank);
  const otherPages: number[] = [];
  const seen = new Set<string>();
  for (const { s } of [...worth].sort((a, b) => a.s.rank - b.s.rank)) {
    if (quotedPages.has(s.text.path) || seen.has(s.text.path)) continue;
    seen.add(s.text.path);
    // The page's best section: `worth` is sorted by coverage, so the first of its page.
    otherPages.push(worth.find((o) => o.s.text.path === s.text.path)!.index);
  }
  const more = worth.filter(({ s }) => quotedPages.has(s.text.path)).map(({ index }) => index);
  return [...otherPages, ...more];
}

/** Whether `outer` is a section above `inner` on its page: its heading trail leads to it. */
function holdsSection(outer: SectionText, inner: SectionText): boolean {
  if (outer.path !== inner.path) return false;
  const trail = outer.headings ?? [];
  const below = inner.headings ?? [];
  return trail.length < below.length && trail.every((heading, i) => heading === below[i]);
}

const sameSection = (a: SectionText, b: SectionText) =>
  a.path === b.path && (a.anchor ?? '') === (b.anchor ?? '');

/**
 * `Page › Section` for each section; pages that share a title (the same recipe for two
 * frameworks) are told apart by the first segment of their path that differs.
 */
function distinctLabels(texts: SectionText[]): string[] {
  const plain = texts.map(sectionLabel);
  return plain.map((label, i) => {
    const own = texts[i]!.path.split('/');
    const twins = texts.filter((t, j) => plain[j] === label && t.path !== texts[i]!.path);
    const differing = own.find((segment, k) => twins.some((t) => t.path.split('/')[k] !== segment));
    return twins.length > 0 && differing ? `${label} (${differing})` : label;
  });
}

export function notCoveredAnswer(
  sections: Section[],
  siteUrl?: string,
  language?: string,
): ComposedAnswer {
  const words = answerWords(language);
  const closest: Section[] = [];
  const byCloseness = [...sections].sort((a, b) => b.coverage - a.coverage || a.rank - b.rank);
  for (const s of byCloseness) {
    if (closest.length >= MORE_LINKS) break;
    if (!closest.some((c) => c.text.path === s.text.path)) closest.push(s);
  }
  if (closest.length === 0) {
    return { covered: false, text: sentences(words.notCovered, words.noneClose), sources: [] };
  }
  const labels = distinctLabels(closest.map((s) => s.text));
  const list = closest.map(
    (s, i) => `- [${markdownText(labels[i]!)}](${pageLink(s.text.path, s.text.anchor, siteUrl)})`,
  );
  return {
    covered: false,
    text: `${sentences(words.notCovered, words.closest)}\n\n${list.join('\n')}`,
    sources: [],
  };
}

/** Two sentences in a row: Chinese and Japanese put no space after a full stop (。). */
const sentences = (first: string, second: string) =>
  first.endsWith('。') ? `${first}${second}` : `${first} ${second}`;

/** A code block without the tab title its fence line gives (```` ```sh [pnpm] ```` → ```` ```sh ````). */
function withoutFenceTitle(code: string): string {
  const newline = code.indexOf('\n');
  const fence = code.slice(0, newline);
  const untitled = fence.replace(/\s+\[[^\]]*\]/, '');
  return untitled === fence ? code : `${untitled}${code.slice(newline)}`;
}
