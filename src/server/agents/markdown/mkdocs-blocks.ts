/**
 * MkDocs (Python-Markdown) blocks. Written by indentation: admonitions `!!! note "Title"`,
 * collapsible `??? tip` / `???+ tip`, and content tabs `=== "Tab"`, each followed by its body
 * indented four spaces. Written between fences: pymdownx blocks `/// note | Title` … `///`
 * (`/// admonition | Title`, `/// details | Summary`, `/// tab | Label`, `/// html | div`), whose
 * options (`    type: warning`) are indented lines right under the opening one.
 *
 * `rewriteMkDocsBlocks` turns them into the `:::type[Title]` containers the rest of the renderer
 * reads, bodies dedented (and rewritten in turn, since blocks nest). `readableMkDocsLines` turns
 * each opening line into the callout's heading in bold (`**Warning: Mind this:**`) and drops the
 * rest of the syntax, for quoting a block's text.
 */

import { FenceTracker, openingFence } from '../../docs-index/markdown.ts';
import { calloutLabel } from './mdx-render.ts';

/**
 * `!!! type more classes "Title"`: as Python-Markdown reads it, further words are CSS classes,
 * and the title runs to the line's last quote (it may hold quotes itself).
 */
const BLOCK =
  /^([ \t]*)(!!!|\?\?\?\+?|===[+!]?)[ \t]*([A-Za-z][\w-]*)?((?:[ \t]+[\w-]+)*)[ \t]*(?:"(.*)"|'(.*)')?[ \t]*$/;
/** A pymdownx block's opening line: `/// name | argument`. */
const FENCED_BLOCK = /^([ \t]*)(\/{3,})[ \t]*([A-Za-z][\w-]*)[ \t]*(?:\|[ \t]*(.*?))?[ \t]*$/;
const FENCED_CLOSE = /^[ \t]*(\/{3,})[ \t]*$/;
/** A YAML option of a pymdownx block, under its opening line. */
const OPTION = /^[ \t]+([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/;
/** pymdownx blocks that wrap their content without a heading of their own. */
const WRAPPERS = new Set(['html', 'caption', 'figure-caption', 'definition']);

export function rewriteMkDocsBlocks(source: string): string {
  if (!/^[ \t]*(?:!!!|\?\?\?|===|\/\/\/)/m.test(source)) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  const fences = new FenceTracker({ nested: true });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.isCode(line)) {
      out.push(line);
      continue;
    }
    const fenced = fencedBlockAt(lines, i);
    if (fenced) {
      const { indent, body } = fenced;
      const inner = reindent(rewriteMkDocsBlocks(body.join('\n')), '');
      const { name, type, title } = fenced;
      const opening =
        name === 'tab' || name === 'details'
          ? container(name, undefined, title)
          : container('admonition', type, title);
      out.push(...(WRAPPERS.has(name) ? inner : [`${indent}${opening}`, ...inner, `${indent}:::`]));
      i = fenced.end;
      continue;
    }
    const block = blockAt(lines, i);
    if (!block) {
      out.push(line);
      continue;
    }
    const [, indent = '', kind = '', type, , doubleQuoted, singleQuoted] = block;
    const title = doubleQuoted ?? singleQuoted;
    const isTab = kind.startsWith('===');
    if (isTab && title === undefined) {
      out.push(line);
      continue;
    }
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const next = lines[j]!;
      if (next.trim() !== '' && !isIndentedUnder(next, indent)) break;
      body.push(next);
    }
    while (body.length > 0 && body.at(-1)!.trim() === '') body.pop();
    i = i + body.length;
    const inner = rewriteMkDocsBlocks(body.map((text) => dedentOnce(text, indent)).join('\n'));
    out.push(
      `${indent}${isTab ? container('tab', undefined, title) : container('admonition', type ?? 'note', title)}`,
      ...reindent(inner, indent),
      `${indent}:::`,
    );
  }
  return out.join('\n');
}

/**
 * The lines with each block's opening line as its heading in bold (blank for a block without
 * one), a pymdownx block's options left out and its closing line blank, and everything else
 * (bodies, code) as written: a paragraph reads as before, without the syntax.
 */
export function readableMkDocsLines(lines: readonly string[]): string[] {
  return readableMkDocsBlocks(lines).lines;
}

/** A content tab (`=== "pip"`, `/// tab | pip`): its label and which set of tabs it is one of. */
export interface MkDocsTab {
  label: string;
  /** Tabs in a row form a set (alternatives); `===!` or `new: true` starts another. */
  set: number;
}

interface OpenTab extends MkDocsTab {
  indent: string;
  /** A pymdownx `/// tab`: the slashes that close it (none for an indented `===` tab). */
  slashes?: string;
}

/**
 * `readableMkDocsLines`, with the content tab each line is in (the innermost). A tab's heading
 * is left out when its body opens with code: the code carries the tab's label instead.
 */
export function readableMkDocsBlocks(lines: readonly string[]): {
  lines: string[];
  tabs: (MkDocsTab | undefined)[];
} {
  if (!lines.some((line) => /^[ \t]*(?:!!!|\?\?\?|===|\/\/\/)/.test(line))) {
    return { lines: [...lines], tabs: lines.map(() => undefined) };
  }
  const out: string[] = [];
  const tabs: (MkDocsTab | undefined)[] = [];
  const open: OpenTab[] = [];
  /** The tab closed last, while only blank lines followed it: a tab opening next joins its set. */
  let closed: OpenTab | undefined;
  let sets = 0;
  const push = (line: string) => {
    out.push(line);
    const tab = open.at(-1);
    tabs.push(tab && { label: tab.label, set: tab.set });
  };
  const openTab = (label: string, indent: string, fresh: boolean, slashes?: string) => {
    const joins =
      closed && !fresh && closed.indent === indent && closed.slashes === slashes
        ? closed.set
        : undefined;
    open.push({ label, set: joins ?? sets++, indent, ...(slashes && { slashes }) });
    closed = undefined;
  };
  const fences = new FenceTracker({ nested: true });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fences.open) {
      fences.isCode(line);
      push(line);
      continue;
    }
    if (line.trim() !== '') {
      // A line not indented under an indented tab closes it.
      while (
        open.length > 0 &&
        !open.at(-1)!.slashes &&
        !isIndentedUnder(line, open.at(-1)!.indent)
      ) {
        closed = open.pop();
      }
    }
    const fence = fences.isCode(line);
    const fenced = fence ? undefined : fencedHead(lines, i);
    const block = fence || fenced ? undefined : blockAt(lines, i);
    if (fenced) {
      const tab = fenced.name === 'tab';
      const heading = WRAPPERS.has(fenced.name)
        ? ''
        : tab || fenced.name === 'details'
          ? (fenced.title ?? '')
          : blockHeading(fenced.type, fenced.title);
      if (tab) openTab(fenced.title ?? '', fenced.indent, fenced.fresh, fenced.slashes);
      else closed = undefined;
      const shown = heading && !(tab && opensWithCode(lines, i + 1 + fenced.options));
      push(shown ? `${fenced.indent}${boldHeading(heading)}` : '');
      i += fenced.options;
    } else if (block) {
      const [, indent = '', kind = '', type, , doubleQuoted, singleQuoted] = block;
      const title = doubleQuoted ?? singleQuoted;
      const tab = kind.startsWith('===');
      if (tab && title !== undefined) openTab(title, indent, kind === '===!');
      else closed = undefined;
      const heading = tab ? title : blockHeading(type ?? 'note', title);
      const shown = heading && !(tab && opensWithCode(lines, i + 1));
      push(heading === undefined ? line : shown ? `${indent}${boldHeading(heading)}` : '');
    } else if (!fence && FENCED_CLOSE.test(line)) {
      const slashes = FENCED_CLOSE.exec(line)![1];
      if (open.at(-1)?.slashes === slashes) closed = open.pop();
      push('');
    } else {
      if (line.trim() !== '') closed = undefined;
      push(line);
    }
  }
  return { lines: out, tabs };
}

/** Whether the first line with text from `from` on opens a code block. */
function opensWithCode(lines: readonly string[], from: number): boolean {
  const next = lines.slice(from).find((line) => line.trim() !== '');
  return next !== undefined && openingFence(next, true) !== undefined;
}

/**
 * An indented block's opening line at `at`. One with further words (`!!! warning highlight`)
 * only when a body is indented under it: prose may open with `!!!` too ("!!! Read this first").
 */
function blockAt(lines: readonly string[], at: number): RegExpExecArray | undefined {
  const block = BLOCK.exec(lines[at]!);
  if (!block?.[4]) return block ?? undefined;
  const next = lines.slice(at + 1).find((line) => line.trim() !== '');
  return next !== undefined && isIndentedUnder(next, block[1] ?? '') ? block : undefined;
}

interface FencedHead {
  indent: string;
  slashes: string;
  name: string;
  /** `type` of a generic admonition or details block; the name of a shortcut (`/// warning`). */
  type: string;
  title: string | undefined;
  /** How many option lines follow the opening one. */
  options: number;
  /** `new: true`: a tab that starts a set of its own instead of joining the one before. */
  fresh: boolean;
}

function fencedHead(lines: readonly string[], at: number): FencedHead | undefined {
  const match = FENCED_BLOCK.exec(lines[at]!);
  if (!match) return undefined;
  const [, indent = '', slashes = '', rawName = '', argument] = match;
  const name = rawName.toLowerCase();
  let type = name === 'admonition' || name === 'details' ? 'admonition' : name;
  let options = 0;
  let fresh = false;
  for (let j = at + 1; j < lines.length; j++) {
    const option = OPTION.exec(lines[j]!);
    if (!option || !lines[j]!.startsWith(`${indent}    `)) break;
    if (option[1] === 'type' && option[2]) type = option[2].replace(/^["']|["']$/g, '');
    if (option[1] === 'new') fresh = /^["']?true["']?$/i.test(option[2] ?? '');
    options++;
  }
  return { indent, slashes, name, type, title: argument || undefined, options, fresh };
}

/** A pymdownx block at `at`, its body (options left out) and the line that closes it. */
function fencedBlockAt(
  lines: readonly string[],
  at: number,
): (FencedHead & { body: string[]; end: number }) | undefined {
  const head = fencedHead(lines, at);
  if (!head) return undefined;
  const body: string[] = [];
  const fences = new FenceTracker({ nested: true });
  let j = at + 1 + head.options;
  for (; j < lines.length; j++) {
    const line = lines[j]!;
    if (!fences.isCode(line) && FENCED_CLOSE.exec(line)?.[1] === head.slashes) break;
    body.push(line);
  }
  return { ...head, body, end: j };
}

/**
 * A `:::` container for the renderer. An admonition type the renderer labels (`warning`) keeps
 * its name; another one (`version-changed`, a site's own) becomes an `admonition` whose title
 * holds its whole heading.
 */
function container(name: string, type: string | undefined, title: string | undefined): string {
  if (name !== 'admonition') return `:::${name}${title ? `[${title}]` : ''}`;
  const kind = (type ?? 'note').toLowerCase();
  // `!!! note ""` asks for no title bar: the plain label then.
  if (calloutLabel(kind)) return `:::${kind}${title ? `[${title}]` : ''}`;
  return `:::admonition[${blockHeading(kind, title)}]`;
}

/** The heading a callout shows: its label and title (`Warning: Mind this`), as rendered. */
function blockHeading(type: string, title: string | undefined): string {
  if (title === '') return '';
  const label =
    calloutLabel(type) ?? (type === 'admonition' ? '' : readableType(type.toLowerCase()));
  if (!title) return label || 'Note';
  return label && title.toLowerCase() !== label.toLowerCase() ? `${label}: ${title}` : title;
}

/** `**Warning: Mind this:**`; a heading ending in its own punctuation (`Why?`) keeps it. */
function boldHeading(heading: string): string {
  return /[.:?!]$/.test(heading) ? `**${heading}**` : `**${heading}:**`;
}

/** `version-changed` → `Version changed`. */
function readableType(type: string): string {
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function isIndentedUnder(line: string, indent: string): boolean {
  return line.startsWith(`${indent}    `) || line.startsWith(`${indent}\t`);
}

function dedentOnce(line: string, indent: string): string {
  if (line.startsWith(`${indent}\t`)) return line.slice(indent.length + 1);
  return line.startsWith(`${indent}    `) ? line.slice(indent.length + 4) : line.trimStart();
}

function reindent(text: string, indent: string): string[] {
  return text.split('\n').map((line) => (line.trim() === '' ? '' : `${indent}${line}`));
}
