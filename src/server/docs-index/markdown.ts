/**
 * Line-level Markdown/MDX helpers. The index needs only headings, code fences and top-level
 * MDX statements, so a line scanner is enough; a full MDX parser would reject the many pages
 * that real sites ship with slightly invalid JSX.
 */

import { type ParseError, parse } from '@babel/parser';
import { EXPLICIT_ID } from '../../api/explicit-id.ts';

const HEADING_OPEN = /^ {0,3}(#{1,6})[ \t]+/;
const MDX_STATEMENT = /^(import|export)\s/;

/**
 * The first character after at most three spaces of indentation (any, with `anyIndent`): a
 * fence or a heading starts there, so most lines are ruled out without running the regex.
 */
function firstMark(line: string, start = 0, anyIndent = false): number {
  let at = start;
  const limit = anyIndent ? line.length : start + 3;
  while (
    at < limit &&
    (line.charCodeAt(at) === 0x20 || (anyIndent && line.charCodeAt(at) === 0x09))
  ) {
    at++;
  }
  return line.charCodeAt(at);
}

/** A fenced code block's opening line. */
export interface CodeFence {
  /** The run of backticks or tildes: a closing fence is at least as long. */
  marker: string;
  /** Columns before the marker (a tab to the next multiple of four). */
  indent: number;
  /** What follows the marker (`ts title="a.ts"`), trimmed. */
  info: string;
}

const FENCE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

/**
 * The code block `line` opens, as CommonMark reads it: three backticks or tildes or more, a
 * backtick fence's info string holding no backtick (a one-line "```sh npm i ```" is a code
 * span). At most three spaces in at a page's top level; at any indentation when `nested`, for
 * text whose containers a line cannot see (JSX, an admonition's indented body, a list item).
 */
export function openingFence(line: string, nested = false): CodeFence | undefined {
  const match = FENCE.exec(line);
  if (!match) return undefined;
  const [, lead, marker, rest] = match as unknown as [string, string, string, string];
  const indent = columns(lead);
  if (indent > 3 && !nested) return undefined;
  if (marker[0] === '`' && rest.includes('`')) return undefined;
  return { marker, indent, info: rest.trim() };
}

/**
 * True when `line` closes `fence`: the same character, at least as many, nothing after, and
 * at most three columns in, from the page's edge or, `nested`, from the opening fence's
 * (further in, it is a line of the code).
 */
export function closesFence(line: string, fence: CodeFence, nested = false): boolean {
  const match = FENCE.exec(line);
  if (!match || match[3]!.trim() !== '') return false;
  const marker = match[2]!;
  return (
    marker[0] === fence.marker[0] &&
    marker.length >= fence.marker.length &&
    columns(match[1]!) <= (nested ? fence.indent : 0) + 3
  );
}

function columns(indentation: string): number {
  let width = 0;
  for (const char of indentation) width = char === '\t' ? width + 4 - (width % 4) : width + 1;
  return width;
}

/**
 * Tracks whether each line fed in turn is inside a fenced code block: the one reading of fences
 * every scan of a page's lines shares.
 */
export class FenceTracker {
  /** The block the lines fed so far left open. */
  fence: CodeFence | undefined = undefined;
  private readonly nested: boolean;

  /** `nested`: fences open at any indentation (see openingFence). */
  constructor({ nested = false }: { nested?: boolean } = {}) {
    this.nested = nested;
  }

  /** Whether the lines fed so far left a code block open. */
  get open(): boolean {
    return this.fence !== undefined;
  }

  /**
   * Feed the next line (`text`, or the line from `start` to `end` in it); true when that line is
   * code (or a fence line).
   */
  isCode(text: string, start = 0, end = text.length): boolean {
    const mark = firstMark(text, start, this.nested);
    if (mark !== 0x60 && mark !== 0x7e) return this.fence !== undefined;
    const line = start === 0 && end === text.length ? text : text.slice(start, end);
    if (this.fence === undefined) {
      this.fence = openingFence(line, this.nested);
      return this.fence !== undefined;
    }
    if (closesFence(line, this.fence, this.nested)) this.fence = undefined;
    return true;
  }
}

/** Each line of `text` with whether it is code: inside a fenced block or one of its fences. */
export function* linesAndCode(
  text: string,
  options?: { nested?: boolean },
): Generator<[line: string, code: boolean]> {
  const fences = new FenceTracker(options);
  for (const line of text.split('\n')) yield [line, fences.isCode(line)];
}

/** The longest run of backticks in `text` (0 for none). */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.matchAll(/`+/g)) longest = Math.max(longest, run[0].length);
  return longest;
}

/** An inline code span holding `value` as written, backticks in it too. */
export function codeSpan(value: string): string {
  const longest = longestBacktickRun(value);
  const ticks = '`'.repeat(longest + 1);
  return longest > 0 ? `${ticks} ${value} ${ticks}` : `${ticks}${value}${ticks}`;
}

/** A fenced code block of `code`, its fence longer than any run of backticks inside. */
export function fencedCode(code: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(code) + 1));
  return `${fence}${language}\n${code.replace(/\n$/, '')}\n${fence}`;
}

export interface HeadingLine {
  level: number;
  /** Markdown source of the heading text, without a custom `{#id}`. */
  text: string;
  customId?: string;
}

/** Parses an ATX heading line (`## Title {#id}`); the caller excludes code lines. */
export function parseHeading(line: string): HeadingLine | undefined {
  if (firstMark(line) !== 0x23) return undefined;
  const open = HEADING_OPEN.exec(line);
  if (!open) return undefined;
  const level = open[1]!.length;
  const text = line.slice(open[0].length);
  if (/[\n\r\u2028\u2029]/.test(text)) return undefined;
  const raw = withoutClosingSequence(text).trim();
  const custom = EXPLICIT_ID.exec(raw);
  if (!custom) return { level, text: raw };
  return { level, text: raw.slice(0, custom.index), customId: custom[1] ?? custom[2] };
}

/** Blank or tab. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * A heading's text without its closing sequence (`## Title ##`) and the blanks around it, found
 * by scanning back from the end: a regex with a lazy text before `[ \t]*$` tried every space of
 * a long run, in time quadratic in the run.
 */
function withoutClosingSequence(text: string): string {
  let end = text.length;
  while (end > 0 && isBlank(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > 0 && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  if (hashes === end || hashes === 0 || !isBlank(text.charCodeAt(hashes - 1))) {
    return text.slice(0, end);
  }
  while (hashes > 0 && isBlank(text.charCodeAt(hashes - 1))) hashes--;
  return text.slice(0, hashes);
}

/**
 * Inline Markdown cut at its code spans (a run of backticks to the next run as long):
 * `[text, ticks, code, text, ticks, code, …, text]` (part `i` is text when `i % 3 === 0`; a
 * span's closing ticks are those that open it).
 */
export function splitCodeSpans(markdown: string): string[] {
  return markdown.split(/(`+)([\s\S]*?)\1/);
}

/**
 * Heading text as a reader sees it: no code ticks, link targets, emphasis or JSX. A code span
 * keeps its text as written (`Record<string, string>`, `use_directory_urls`).
 */
export function plainText(markdown: string): string {
  return splitCodeSpans(markdown)
    .map((part, i) => {
      if (i % 3 === 1) return '';
      if (i % 3 === 2) return part;
      return part
        .replace(/<[^>]+>/g, '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[`*_~]/g, '');
    })
    .join('')
    .trim();
}

/**
 * Removes MDX comments (`{/* … *\/}`) outside code: the site does not publish what they hold,
 * which may span lines, headings and whole code blocks (a commented-out section). Inside a
 * fenced block or a code span they are code, and kept; an unclosed one is kept as written.
 */
export function stripMdxComments(content: string): string {
  if (!content.includes('{/*')) return content;
  const lines = content.split('\n');
  const kept: string[] = [];
  const fences = new FenceTracker();
  for (let i = 0; i < lines.length; i++) {
    let rest = lines[i]!;
    if (fences.isCode(rest) || !rest.includes('{/*')) {
      kept.push(rest);
      continue;
    }
    let line = '';
    let removed = false;
    for (;;) {
      const start = commentStart(rest);
      if (start < 0) break;
      let end = rest.indexOf('*/}', start + 3);
      let last = i;
      if (end < 0) {
        // The comment goes on over the next lines: fences in it are not code.
        for (let j = i + 1; j < lines.length && end < 0; j++) {
          end = lines[j]!.indexOf('*/}');
          last = j;
        }
        if (end < 0) break;
      }
      line += rest.slice(0, start);
      rest = (last === i ? rest : lines[last]!).slice(end + 3);
      i = last;
      removed = true;
    }
    line += rest;
    kept.push(removed && line.trim() === '' ? '' : line);
  }
  return kept.join('\n');
}

/** Where an MDX comment opens in `line` outside a code span, or -1. */
function commentStart(line: string): number {
  let from = 0;
  for (;;) {
    const start = line.indexOf('{/*', from);
    if (start < 0) return -1;
    const ticks = line.slice(0, start).split('`').length - 1;
    if (ticks % 2 === 0) return start;
    from = start + 3;
  }
}

/**
 * Removes top-level MDX `import`/`export` statements (including multi-line ones) outside code
 * fences: they are build instructions, not documentation. As in MDX, a statement starts a block
 * (a prose line starting with "import the agent…" continues its paragraph) and ends at the
 * latest at a blank line.
 */
export function stripMdxStatements(content: string): string {
  const lines = content.split('\n');
  const kept: string[] = [];
  const fences = new FenceTracker();
  let statement: string[] | undefined;
  let inParagraph = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (statement) {
      if (line.trim() === '') {
        // As MDX: a blank line ends the statement, unless the code so far does not parse yet
        // (a template string holding blank lines), and does at a later blank line.
        const end = isCompleteStatement(statement.join('\n'))
          ? undefined
          : laterStatementEnd(lines, i - statement.length, i);
        if (end !== undefined) {
          i = end - 1;
          statement = [];
          continue;
        }
        statement = undefined;
        kept.push(line);
        inParagraph = false;
        continue;
      }
      statement.push(line);
      if (isCompleteStatement(statement.join('\n'))) statement = undefined;
      continue;
    }
    const code = fences.isCode(line);
    if (code || inParagraph || !MDX_STATEMENT.test(line)) {
      kept.push(line);
      inParagraph = !code && line.trim() !== '' && parseHeading(line) === undefined;
      continue;
    }
    if (!isCompleteStatement(line)) statement = [line];
  }
  return kept.join('\n');
}

/**
 * The first blank line from `from` on, within a statement starting at line `start`, where the
 * lines before it parse as a module; undefined when none does. As MDX, it goes on only while the
 * parser fails at the end of the code (more lines may complete it): an error before the end
 * stays whatever follows, and reading on would parse the rest of the page at every blank line.
 */
function laterStatementEnd(lines: string[], start: number, from: number): number | undefined {
  for (let end = from; end < lines.length; end++) {
    if (lines[end]!.trim() !== '') continue;
    const code = lines.slice(start, end).join('\n');
    const error = moduleError(code);
    if (!error) return end;
    if (!UNTERMINATED.has(error.reasonCode) && error.pos < code.trimEnd().length) return undefined;
  }
  return undefined;
}

/** Errors that the code after them may still close: a template, a comment, JSX content. */
const UNTERMINATED = new Set([
  'UnterminatedTemplate',
  'UnterminatedComment',
  'UnterminatedJsxContent',
]);

function moduleError(code: string): ParseError | undefined {
  try {
    parse(code, { sourceType: 'module', plugins: ['jsx', 'typescript'] });
    return undefined;
  } catch (error) {
    return error as ParseError;
  }
}

/** Brackets balanced and, for imports, the module specifier reached. */
function isCompleteStatement(source: string): boolean {
  let depth = 0;
  for (const char of source.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, '""')) {
    if (char === '{' || char === '(' || char === '[') depth++;
    else if (char === '}' || char === ')' || char === ']') depth--;
  }
  if (depth > 0) return false;
  if (source.startsWith('import')) return /from\s*['"][^'"]*['"]|^import\s*['"]/.test(source);
  return !/[=,(]\s*$/.test(source);
}
