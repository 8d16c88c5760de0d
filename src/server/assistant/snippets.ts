/**
 * Splits a section's Markdown into quotable snippets: sentences, list items, table rows and code
 * blocks. The embedded model only ever quotes these verbatim (a table row with its header), so
 * what it says is what the docs say.
 */
import { type MkDocsTab, readableMkDocsBlocks } from '../agents/markdown/mkdocs-blocks.ts';
import { FenceTracker } from '../docs-index/markdown.ts';

export type SnippetKind = 'sentence' | 'list-item' | 'table-row' | 'code';

export interface Snippet {
  kind: SnippetKind;
  /** Markdown as it appears in the docs (a code snippet includes its fences). */
  text: string;
  /** A numbered list item, a step of instructions: its number as written. */
  step?: number;
  /** A code block of shell commands (`bash`, `sh`, `$ npm …`). */
  command?: boolean;
  /**
   * A code block cut to its first lines (`// …`): all of its lines, between its fences, for a
   * quote of the lines around one further down (code-lines.ts).
   */
  body?: string[];
  /** A sentence ending in a colon: it introduces what follows it (code, a list). */
  introduces?: boolean;
  /** A named entry: a property with its description, a card with its summary. */
  definition?: boolean;
  /** Sentences of one paragraph share its number (a quote may take its neighbours along). */
  paragraph?: number;
  /** Too short to quote alone ("Temperature setting."), but part of its paragraph. */
  fragment?: boolean;
  /**
   * Prose indented under a list item (after its code), or a list item indented under another:
   * part of that item, not after the list.
   */
  nested?: boolean;
  /**
   * Code shown in a tab or code group, one example per package manager, framework or system
   * (`<TabItem label="pnpm">`, ```` ```sh [Deno] ```` in `::: code-group`): the tab's label.
   */
  tab?: string;
  /** With `tab`: which set of tabs of the section it belongs to (the tabs are alternatives). */
  tabSet?: number;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const LIST_ITEM = /^\s{0,6}([-*+]|\d{1,3}[.)])\s+(.*)$/;
const HEADING = /^ {0,3}#{1,6}\s/;
/**
 * A line that only opens a component, without props (`<Preview>`, `<Tabs>`): it wraps the example
 * the sentence before it introduces. A tab with props (`<TabItem label="pnpm">`) is one of
 * several alternatives, and is not read through.
 */
const OPENING_TAG = /^\s*<[A-Za-z][\w.]*>\s*$/;
/** JSX component lines (`<Note>`, `</Tab>`, `<Check />`) carry no quotable prose. */
const JSX_LINE = /^\s*<\/?[A-Za-z][^>]*>\s*$/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_DIVIDER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const JSX_OPEN = /^\s*<[A-Z]/;
/** Container directives of VitePress, Docusaurus and Starlight (`:::tip`, `:::`). */
const DIRECTIVE = /^\s*:{3,}/;
/**
 * Sentence ends: punctuation followed by space and an upper-case letter, backtick or link; or
 * the full stop of Chinese and Japanese, which needs no space after it.
 */
const SENTENCE_END =
  /(?<=[.!?])(?<!\b(?:[eE]\.g|[iI]\.e|etc|vs|cf|approx)\.)\s+(?=[\p{Lu}`[*])|(?<=[。！？])/u;
/** Han, kana and Hangul: written without spaces, so words are counted by characters. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const SHELL_LANGUAGES = /^(?:bash|sh|shell|zsh|console|shellscript|powershell|ps1|cmd|bat)$/i;
const SHELL_LINE = /^\s*(?:\$\s|(?:npm|npx|pnpm|pnpx|yarn|bun|bunx|deno|node)\s)/;
const MAX_CODE_LINES = 20;
/** A set of tabs (`<Tabs>`, `<CodeGroup>`, `::: code-group`) opening or closing. */
const TABS_OPEN = /^\s*(?:<(?:Tabs|CodeGroup)\b[^>]*>|(:{3,})\s*code-group\b)/;
const TABS_CLOSE = /^\s*<\/(?:Tabs|CodeGroup)>/;
const DIRECTIVE_CLOSE = /^\s*:{3,}\s*$/;
/** One tab: `<TabItem label="npm">` (Starlight, Docusaurus), `<Tab title="npm">` (Mintlify). */
const TAB_OPEN = /^\s*<(?:TabItem|Tab)\b([^>]*)>/;
const TAB_CLOSE = /^\s*<\/(?:TabItem|Tab)>/;
/** Labels given to the set instead of each tab (`<Tabs items={['pnpm', 'npm']}>`, Fumadocs). */
const TAB_ITEMS = /\bitems=\{\s*\[([^\]]*)\]/;

export function splitSnippets(markdown: string): Snippet[] {
  const snippets: Snippet[] = [];
  // MkDocs block syntax (`!!! note "Title"`, `/// details | Why`) read as its headings, and
  // the content tab (`=== "pip"`) each line is in.
  const { lines, tabs: mkdocsTabs } = readableMkDocsBlocks(markdown.split('\n'));
  /** Each MkDocs set of tabs met: its number among the section's sets. */
  const mkdocsSets = new Map<number, number>();
  let paragraph: string[] = [];
  /** The paragraph's first line is indented under a list item. */
  let nested = false;
  /** Lines since the last list item are still inside it (its code, its indented prose). */
  let inList = false;
  let listItem: { lines: string[]; step: number | undefined; nested: boolean } | undefined;
  let paragraphs = 0;
  /** A list item that only names an entry (`**port** _number_`), its description to come. */
  let entryName: string | undefined;
  /** Inside a set of tabs: its number, the labels it gives, the tab open and how many opened. */
  let tabs: Tabs | undefined;
  let tabSets = 0;

  const flushParagraph = () => {
    const text = paragraph.join(' ').replace(/\s+/g, ' ').trim();
    paragraph = [];
    if (!text) return;
    const name = nested ? entryName : undefined;
    entryName = undefined;
    if (!isProse(text, 3)) return;
    const number = paragraphs++;
    text.split(SENTENCE_END).forEach((sentence, index) => {
      const trimmed = sentence.trim();
      if (!trimmed) return;
      const fragment = !isProse(trimmed, 3) || !isProse(withoutCode(withoutTargets(trimmed)), 3);
      // The entry's name opens its description: "Whether to include filler words…" says
      // nothing the reader can set without the `verbatim` it describes.
      const named = index === 0 && name !== undefined;
      snippets.push(
        withIntro({
          kind: 'sentence',
          text: named ? `${name}: ${trimmed}` : trimmed,
          paragraph: number,
          ...(fragment && { fragment }),
          ...(nested && { nested }),
          ...(named && { definition: true }),
        }),
      );
    });
  };
  const flushListItem = () => {
    if (!listItem) return;
    const text = listItem.lines.join(' ').replace(/\s+/g, ' ').trim();
    const { step, nested: sub } = listItem;
    listItem = undefined;
    entryName = ENTRY_NAME_LINE.test(text) ? text : undefined;
    // "**Type:** `string`" is a fact sheet line, not a quote.
    if ((isProse(text) && isProse(withoutCode(text), 3)) || INSTRUCTION_ITEM.test(text)) {
      snippets.push(
        withIntro({
          kind: 'list-item',
          text,
          ...(step !== undefined && { step }),
          ...(sub && { nested: sub }),
        }),
      );
    }
  };
  const flush = () => {
    flushParagraph();
    flushListItem();
  };

  // A section's lines are those of its page, list items and JSX too: fences at any indentation.
  const fences = new FenceTracker({ nested: true });
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const code = fences.isCode(line);
    if (!code) tabs = followTabs(line, tabs, () => tabSets++);
    if (code) {
      const { marker } = fences.fence!;
      flush();
      entryName = undefined;
      introduceCode(snippets, lines, i);
      const block = [line.trim()];
      let j = i + 1;
      for (; j < lines.length; j++) {
        fences.isCode(lines[j]!);
        if (!fences.open) break;
        block.push(dedent(lines[j]!, line));
      }
      i = j;
      const quoted = codeSnippet(block[0]!, block.slice(1), marker);
      const inTab = tabs
        ? { label: tabs.label ?? fenceTitle(block[0]!), set: tabs.set }
        : mkdocsTab(mkdocsTabs[i], mkdocsSets, () => tabSets++);
      if (quoted) {
        snippets.push(inTab?.label ? { ...quoted, tab: inTab.label, tabSet: inTab.set } : quoted);
      }
      continue;
    }
    if (TABLE_ROW.test(line) && TABLE_DIVIDER.test(lines[i + 1] ?? '')) {
      flush();
      entryName = undefined;
      const header = line.trim();
      const divider = lines[i + 1]!.trim();
      let j = i + 2;
      for (; j < lines.length && TABLE_ROW.test(lines[j]!); j++) {
        const row = lines[j]!.trim();
        if (isProse(row.replace(/\|/g, ' '), 2)) {
          snippets.push({ kind: 'table-row', text: `${header}\n${divider}\n${row}` });
        }
      }
      i = j - 1;
      continue;
    }
    if (JSX_OPEN.test(line) && !JSX_LINE.test(line)) {
      // A component whose props span lines (`<PropertiesTable content={[ … ]} />`, a
      // `<LinkCard title=… description=… />`): its named entries are quotable, the rest is not.
      flush();
      entryName = undefined;
      const start = i;
      while (i < lines.length && !/(\/>|>)\s*$/.test(lines[i]!)) i++;
      snippets.push(...componentSnippets(lines.slice(start, i + 1).join('\n')));
      continue;
    }
    if (
      !line.trim() ||
      HEADING.test(line) ||
      JSX_LINE.test(line) ||
      TABLE_ROW.test(line) ||
      DIRECTIVE.test(line)
    ) {
      flush();
      if (HEADING.test(line)) inList = false;
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      inList = true;
      const number = /^\d+/.exec(item[1]!)?.[0];
      listItem = {
        lines: [item[2]!],
        step: number === undefined ? undefined : Number(number),
        // Indented under another item: a sub-item of it (a detail, a file of a tree).
        nested: inList && snippets.at(-1)?.kind === 'list-item' && /^\s{2,}/.test(line),
      };
    } else if (listItem) {
      listItem.lines.push(line.trim());
    } else {
      if (paragraph.length === 0) nested = inList = inList && /^\s{2,}/.test(line);
      paragraph.push(line.trim());
    }
  }
  flush();
  return snippets;
}

interface Tabs {
  /** Its number among the section's sets of tabs. */
  set: number;
  /** Labels the set gives its tabs in order (`items={['pnpm', 'npm']}`). */
  items: string[];
  /** The open tab's label. */
  label?: string;
  /** Tabs opened so far. */
  opened: number;
  /** Opened by a directive (`::: code-group`), closed by `:::`. */
  directive: boolean;
}

/** The tabs a line opens or closes, or those it stays in. */
function followTabs(line: string, tabs: Tabs | undefined, next: () => number): Tabs | undefined {
  const open = TABS_OPEN.exec(line);
  if (open) {
    const items = TAB_ITEMS.exec(line)?.[1] ?? '';
    const labels = [...items.matchAll(new RegExp(STRING, 'g'))].map((m) => m[1] ?? m[2] ?? m[3]!);
    return { set: next(), items: labels, opened: 0, directive: open[1] !== undefined };
  }
  if (!tabs) return tabs;
  if (tabs.directive ? DIRECTIVE_CLOSE.test(line) : TABS_CLOSE.test(line)) return undefined;
  const tab = TAB_OPEN.exec(line);
  if (tab) {
    const props = tab[1] ?? '';
    const label =
      stringValue(propField('label').exec(props)) ||
      stringValue(propField('title').exec(props)) ||
      stringValue(propField('value').exec(props)) ||
      tabs.items[tabs.opened];
    return { ...tabs, opened: tabs.opened + 1, ...(label ? { label } : { label: undefined }) };
  }
  if (TAB_CLOSE.test(line)) return { ...tabs, label: undefined };
  return tabs;
}

/** An MkDocs content tab as the section's tab: its label and its set's number there. */
function mkdocsTab(
  tab: MkDocsTab | undefined,
  sets: Map<number, number>,
  next: () => number,
): { label: string; set: number } | undefined {
  if (!tab?.label) return undefined;
  const set = sets.get(tab.set) ?? next();
  sets.set(tab.set, set);
  return { label: tab.label, set };
}

/**
 * The title a code group gives a block in its fence line: VitePress's ```` ```sh [pnpm] ````,
 * Mintlify's ```` ```bash pnpm ````.
 */
function fenceTitle(fenceLine: string): string | undefined {
  const info = /^\s*[`~]+\s*[\w+-]*\s*(.*)$/.exec(fenceLine)?.[1]?.trim() ?? '';
  const bracketed = /(?:^|\s)\[([^\]]+)\]/.exec(info)?.[1];
  if (bracketed) return bracketed.trim();
  const title = /\btitle=(?:"([^"]*)"|'([^']*)')/.exec(info);
  if (title) return (title[1] ?? title[2])!.trim() || undefined;
  return /^[^\s{=][^{=]*$/.test(info) ? info : undefined;
}

/** The first position of the tabs a code snippet is one of (its own position when none). */
export function firstTab(snippets: Snippet[], position: number): number {
  const set = snippets[position]?.tabSet;
  if (set === undefined) return position;
  let first = position;
  while (snippets[first - 1]?.kind === 'code' && snippets[first - 1]!.tabSet === set) first--;
  return first;
}

/** The positions of the tabs a code snippet is one of, in order (none when it is no tab). */
export function tabsOf(snippets: Snippet[], position: number): number[] {
  const set = snippets[position]?.tabSet;
  if (set === undefined) return [];
  const positions: number[] = [];
  for (let i = firstTab(snippets, position); snippets[i]?.tabSet === set; i++) {
    if (snippets[i]!.kind === 'code') positions.push(i);
  }
  return positions;
}

const STRING = String.raw`(?:'((?:\\.|[^'\\])*)'|"((?:\\.|[^"\\])*)"|\x60((?:\\.|[^\x60\\])*)\x60)`;
/** An object entry of a component's props: `name: 'maxRetries'`, `title: "…"`. */
const ENTRY_NAME = new RegExp(String.raw`\b(name|title):\s*${STRING}`, 'g');
const entryField = (field: string) => new RegExp(String.raw`\b${field}:\s*${STRING}`);
/** A prop of the opening tag: `title="…"`, `description={'…'}`. */
const propField = (field: string) => new RegExp(String.raw`\b${field}=(?:\{\s*)?${STRING}`);
const stringValue = (match: RegExpExecArray | null) =>
  match ? (match[1] ?? match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1').trim() : '';

/**
 * The quotable entries of a component: each `{ name, type, description }` of a properties
 * table as "`name` (`type`): description", each card (`title`, `description`, `href`) as a
 * linked line. Everything else in JSX props is markup.
 */
function componentSnippets(block: string): Snippet[] {
  const snippets: Snippet[] = [];
  const names = [...block.matchAll(ENTRY_NAME)];
  names.forEach((match, n) => {
    const entry = block.slice(match.index, names[n + 1]?.index ?? block.length);
    const name = (match[2] ?? match[3] ?? match[4] ?? '').trim();
    const description = stringValue(entryField('description').exec(entry));
    if (!name || !isProse(description, 3)) return;
    const type = stringValue(entryField('type').exec(entry));
    const href = stringValue(entryField('href').exec(entry));
    snippets.push(entrySnippet(match[1] === 'name', name, type, href, description));
  });
  if (snippets.length > 0) return snippets;
  const title = stringValue(propField('title').exec(block));
  const description = stringValue(propField('description').exec(block));
  if (title && isProse(description, 3)) {
    snippets.push(
      entrySnippet(false, title, '', stringValue(propField('href').exec(block)), description),
    );
  }
  return snippets;
}

function entrySnippet(
  code: boolean,
  name: string,
  type: string,
  href: string,
  description: string,
): Snippet {
  const label = code
    ? `\`${name}\`${type ? ` (\`${type}\`)` : ''}`
    : href
      ? `[${name}](${href})`
      : `**${name}**`;
  return {
    kind: 'list-item',
    text: `${label}: ${description.replace(/\s+/g, ' ')}`,
    definition: true,
  };
}

function codeSnippet(fenceLine: string, body: string[], fence: string): Snippet | undefined {
  if (!body.some((l) => l.trim())) return undefined;
  const shown = body.length > MAX_CODE_LINES ? [...body.slice(0, MAX_CODE_LINES), '// …'] : body;
  const language = /^[`~]+\s*([\w+-]*)/.exec(fenceLine)?.[1] ?? '';
  const lines = body.filter((l) => l.trim());
  const command =
    SHELL_LANGUAGES.test(language) || (lines.length <= 3 && lines.every((l) => SHELL_LINE.test(l)));
  return {
    kind: 'code',
    text: [fenceLine, ...shown, fence].join('\n'),
    ...(command && { command }),
    ...(shown !== body && { body }),
  };
}

/**
 * Docs show code right after the short paragraph that says what it does ("Assets can be
 * imported as strings using the `?raw` suffix." and its example), with or without a colon: that
 * paragraph's last sentence introduces the code too.
 */
function introduceCode(snippets: Snippet[], lines: string[], fenceLine: number): void {
  const last = snippets.at(-1);
  let before = fenceLine - 1;
  // Blank lines, and the tags opening a component that wraps the example (`<Preview>`): the
  // sentence before them introduces the code inside.
  while (before >= 0 && (!lines[before]!.trim() || OPENING_TAG.test(lines[before]!))) before--;
  const line = lines[before] ?? '';
  // A list item's own code, indented under it ("2. Set `logo.src` in `astro.config.mjs`." and
  // its config), is what the item says to do, colon or not.
  if (last?.kind === 'list-item' && !last.introduces && /^\s{2,}/.test(lines[fenceLine]!)) {
    const item = LIST_ITEM.exec(line)?.[2] ?? line.trim();
    if (item && last.text.endsWith(item.replace(/\s+/g, ' ').trim())) {
      snippets[snippets.length - 1] = { ...last, introduces: true };
    }
    return;
  }
  if (last?.kind !== 'sentence' || last.introduces || last.fragment) return;
  if (HEADING.test(line) || JSX_LINE.test(line) || TABLE_ROW.test(line) || DIRECTIVE.test(line))
    return;
  if (LIST_ITEM.test(line) || FENCE.test(line)) return;
  // A short paragraph (one or two sentences) is about the code; a longer one about more.
  const sentences = snippets.filter((s) => s.paragraph === last.paragraph).length;
  if (sentences > 2) return;
  snippets[snippets.length - 1] = { ...last, introduces: true };
}

function withIntro(snippet: Snippet): Snippet {
  return /:\s*$/.test(snippet.text) ? { ...snippet, introduces: true } : snippet;
}

/** JSX props and object literals (`<PropertiesTable content={[{ name: …`) are not prose. */
const MARKUP = /^<[A-Za-z]|=\{|^\{\s*\w+:|^\W*\}/;

/** Enough words to stand alone as a quote, and not stray markup. */
function isProse(text: string, minWords = 4): boolean {
  if (MARKUP.test(text) || text.includes('```')) return false;
  const plain = text.replace(/<[^>]*>/g, ' ');
  const words = plain.replace(UNSPACED, ' ').match(/[\p{L}\p{N}]{2,}/gu)?.length ?? 0;
  const characters = plain.match(UNSPACED)?.length ?? 0;
  return words + characters / 2 >= minWords;
}

/**
 * A list item that only names an entry, with its type or default: `**pollTimeoutMillis**
 * _number_`, `` `headers` (`Record<string, string>`) ``. Its description is the paragraph
 * indented under it. A label ("**Type:** `string`") ends in a colon and names nothing.
 */
const ENTRY_NAME_LINE =
  /^(?:\*\*[^*:]+\*\*|`[^`]+`)(?:\s+(?:_[^_]+_|\*[^*]+\*|`[^`]+`|\(`[^`]+`\)))*$/;

/** A list item that says what to type: a verb and its code ("Set `{ usePolling: true }`."). */
const INSTRUCTION_ITEM = /^\p{Lu}\p{Ll}+\s+`[^`]+`\.?$/u;

/** Prose without its inline code (`` `{ baseUrl: string }` ``). */
/**
 * A link's address is no word of the line: "**Implementation:** [`Code.astro`](https://github.com/…)"
 * says nothing but where to look.
 */
function withoutTargets(text: string): string {
  return text.replace(/\]\([^)]*\)/g, ']');
}

function withoutCode(text: string): string {
  return text.replace(/`[^`]*`/g, ' ');
}

/** Code inside list items is indented like its fence; keep it aligned when quoted alone. */
function dedent(line: string, fenceLine: string): string {
  const indent = /^\s*/.exec(fenceLine)![0].length;
  const own = /^\s*/.exec(line)![0].length;
  return line.slice(Math.min(indent, own));
}
