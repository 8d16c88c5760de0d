/**
 * Splits a page's Markdown/MDX into what the clean-Markdown renderer works on: prose, fenced
 * code (kept verbatim), component tags (`<Tabs items={[…]}>`, `</Tabs>`, `<Badge text="x" />`)
 * and container directives (`:::note[Title]`, `::: tip Title`, `:::`). HTML comments, MDX
 * comments (`{/* … *\/}`) and `<script>`/`<style>` blocks are dropped here.
 *
 * A scanner rather than an MDX parser: real sites ship pages with slightly invalid JSX (and
 * VitePress pages with Vue attributes such as `:members`), which a parser rejects whole. Only
 * capitalised (or dotted) names are components; lower-case HTML stays as written.
 */
import { FenceTracker, linesAndCode } from '../../docs-index/markdown.ts';
import { type AttributeValue, readAttributes } from './mdx-attributes.ts';

export type Attributes = Record<string, AttributeValue>;

export type Token =
  | { kind: 'text'; text: string }
  /** A whole fenced code block: its lines as written, `info` is the opening fence's info string. */
  | { kind: 'code'; text: string; info: string }
  /**
   * `block`: the tag opens its line, after `indent` (white space; a component inside a list
   * item is indented like the item's text).
   */
  | {
      kind: 'open';
      name: string;
      attributes: Attributes;
      selfClosing: boolean;
      block: boolean;
      indent: string;
    }
  | { kind: 'close'; name: string }
  | { kind: 'directive-open'; name: string; title?: string; indent: string }
  | { kind: 'directive-close' };

const DIRECTIVE_OPEN =
  /^([ \t]*):{3,}[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\[([^\]]*)\])?[ \t]*(\{[^}]*\})?[ \t]*(.*?)\s*$/;
const DIRECTIVE_CLOSE = /^\s*:{3,}\s*$/;
const TAG_NAME = /^<(\/?)([A-Za-z][\w.:-]*)/;
const DROPPED_ELEMENTS = new Set(['script', 'style']);

/** The lines of `markdown` outside fenced code passed through `rewrite`; code kept as written. */
export function mapLinesOutsideFences(markdown: string, rewrite: (line: string) => string): string {
  const out: string[] = [];
  for (const [line, code] of linesAndCode(markdown, { nested: true })) {
    out.push(code ? line : rewrite(line));
  }
  return out.join('\n');
}

/**
 * `markdown` with the target of each link `links` finds rewritten by `target`, outside code
 * blocks and code spans. `reference` matches a reference definition (group 1 what comes before
 * the target, group 2 the target); `inline` matches from an inline link's `](` to its target
 * (the last group), and the groups before the last are kept between `](` and the new target.
 */
export function mapLinkTargets(
  markdown: string,
  links: { inline: RegExp; reference: RegExp },
  target: (href: string) => string,
): string {
  return mapLinesOutsideFences(markdown, (line) => {
    const reference = links.reference.exec(line);
    if (reference) {
      return `${reference[1]}${target(reference[2]!)}${line.slice(reference[0].length)}`;
    }
    // Odd pieces of a split on backtick runs are code spans.
    return line
      .split(/(`+[^`]*`+)/)
      .map((piece, i) =>
        i % 2 === 1
          ? piece
          : piece.replace(links.inline, (...args: unknown[]) => {
              // (match, ...groups, offset, whole): no named groups in these patterns.
              const groups = args.slice(1, -2) as string[];
              return `](${groups.slice(0, -1).join('')}${target(groups.at(-1)!)}`;
            }),
      )
      .join('');
  });
}

/** A component is a capitalised or dotted tag name (`Tabs`, `Tabs.Item`); HTML is lower case. */
export function isComponentName(name: string): boolean {
  return /^[A-Z]/.test(name) || name.includes('.');
}

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const lines = source.split('\n');
  // Inside JSX a fence at any indentation is code.
  const fences = new FenceTracker({ nested: true });
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) scanProse(prose.join('\n'), tokens);
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.isCode(line)) {
      flush();
      const { info } = fences.fence!;
      const block = [line];
      while (fences.open && ++i < lines.length) {
        block.push(lines[i]!);
        fences.isCode(lines[i]!);
      }
      // The prose before the fence ended a line; so does the block.
      tokens.push({ kind: 'code', text: `\n${block.join('\n')}\n`, info });
      continue;
    }
    if (DIRECTIVE_CLOSE.test(line)) {
      flush();
      tokens.push({ kind: 'directive-close' });
      continue;
    }
    const directive = DIRECTIVE_OPEN.exec(line);
    if (directive) {
      flush();
      const [, indent, name, bracketed, braced, rest] = directive as unknown as string[];
      const title = bracketed ?? titleAttribute(braced) ?? (rest || undefined);
      tokens.push({
        kind: 'directive-open',
        name: name!.toLowerCase(),
        indent: indent!,
        ...(title && { title }),
      });
      continue;
    }
    prose.push(line);
  }
  flush();
  return tokens;
}

function titleAttribute(attributes: string | undefined): string | undefined {
  return attributes
    ? /title=(?:"([^"]*)"|'([^']*)')/.exec(attributes)?.slice(1).find(Boolean)
    : undefined;
}

/** Prose between fences and directive lines: tags may span lines, code spans are skipped. */
function scanProse(text: string, tokens: Token[]): void {
  let start = 0;
  let position = 0;
  const emitText = (end: number) => {
    if (end > start) tokens.push({ kind: 'text', text: text.slice(start, end) });
  };
  while (position < text.length) {
    const char = text[position]!;
    if (char === '\\') {
      position += 2;
      continue;
    }
    if (char === '`') {
      position = afterCodeSpan(text, position);
      continue;
    }
    if (text.startsWith('<!--', position)) {
      emitText(position);
      const end = text.indexOf('-->', position + 4);
      position = end < 0 ? text.length : end + 3;
      start = position;
      continue;
    }
    if (text.startsWith('{/*', position)) {
      const end = text.indexOf('*/}', position + 3);
      if (end >= 0) {
        emitText(position);
        position = end + 3;
        start = position;
        continue;
      }
    }
    // `Array<String>` in prose is a type, not a tag (a closing tag may follow a word).
    if (char === '<' && (text[position + 1] === '/' || !/\w/.test(text[position - 1] ?? ''))) {
      const tag = readTag(text, position);
      if (tag) {
        emitText(position);
        if (tag.token) tokens.push(tag.token);
        position = tag.end;
        start = position;
        continue;
      }
    }
    position++;
  }
  emitText(text.length);
}

/** A code span is skipped whole: `<Tabs>` in backticks is prose about a component. */
function afterCodeSpan(text: string, position: number): number {
  let run = 0;
  while (text[position + run] === '`') run++;
  const fence = '`'.repeat(run);
  let search = position + run;
  while (search < text.length) {
    const found = text.indexOf(fence, search);
    if (found < 0) break;
    let end = found + run;
    if (text[end] !== '`') return end;
    while (text[end] === '`') end++;
    search = end;
  }
  return position + run;
}

/** The tag at `position`: a token (none for a dropped element) and where it ends. */
function readTag(text: string, position: number): { token?: Token; end: number } | undefined {
  const match = TAG_NAME.exec(text.slice(position, position + 200));
  if (!match) return undefined;
  const [head, slash, name] = match as unknown as [string, string, string];
  if (DROPPED_ELEMENTS.has(name.toLowerCase())) {
    if (slash) return undefined;
    const close = new RegExp(`</${name}\\s*>`, 'i').exec(text.slice(position));
    return { end: close ? position + close.index + close[0].length : text.length };
  }
  if (!isComponentName(name)) return undefined;
  if (slash) {
    const end = text.indexOf('>', position);
    return end < 0 ? undefined : { token: { kind: 'close', name }, end: end + 1 };
  }
  const read = readAttributes(text, position + head.length);
  if (!read) return undefined;
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  const before = text.slice(lineStart, position);
  const block = before.trim() === '';
  const { attributes, selfClosing } = read;
  return {
    token: { kind: 'open', name, attributes, selfClosing, block, indent: block ? before : '' },
    end: read.end,
  };
}
