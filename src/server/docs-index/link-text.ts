/**
 * The words other pages link to a page with ("[generate spoken audio](/docs/ai-sdk-core/speech)"):
 * often the reader's words for what the page's own title says otherwise, so search indexes them
 * with the page (web search's anchor text). Links are kept per page that writes them, so a
 * changed page only changes the link text of the pages it linked to and links to now.
 */
import { normalizePagePath, resolveLink } from '../../api/paths.ts';
import { FenceTracker, plainText } from './markdown.ts';
import type { Page } from './types.ts';

/** A link from one page to another (or to a heading of it). */
export interface PageLink {
  /** The target's lookup key (`normalizePagePath`), as pages and page files are keyed. */
  key: string;
  /** The target heading's anchor, lower case ('' for the page itself). */
  anchor: string;
  /** The link's text as a reader sees it, with the words around it on its line. */
  text: string;
}

/** `[text](target "title")`, not an image; the text holds no brackets or line breaks. */
const LINK = /(?<!!)\[([^\]\n]{1,200})\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"'\n]*["'])?\s*\)/g;
/** Another site (`https:`, `mailto:`, `//host`), or an anchor of the page itself. */
const NOT_ANOTHER_PAGE = /^(?:[a-z][a-z0-9+.-]*:|\/\/|#)/i;
/** A link written as a file (`../guide/setup.md`) names the file, relative to the linking file. */
const DOC_FILE = /\.mdx?(?:[?#]|$)/i;
/** Lines that may open or close a code block (what FenceTracker reads). */
const FENCE_LINE = /^ {0,3}(?:`{3,}|~{3,}).*$/gm;
/**
 * The words either side of a link that come with its text (on its line): "You can use the
 * [smoothStream transformation](…) to stream each word individually" says what the target is
 * about in the linking author's words, where the link text alone mostly repeats its title.
 */
const CONTEXT_WORDS = 8;

/** The links of a page's prose to other pages of the site (not inside code blocks). */
export function pageLinks(page: Page): PageLink[] {
  const { content } = page;
  if (!content.includes('](')) return [];
  const code = codeBlocks(content);
  let block = 0;
  const links: PageLink[] = [];
  for (const match of content.matchAll(LINK)) {
    const start = match.index;
    while (block < code.length && code[block]![1] <= start) block++;
    if (block < code.length && code[block]![0] <= start) continue;
    const [whole, label, target] = match as unknown as [string, string, string];
    if (NOT_ANOTHER_PAGE.test(target)) continue;
    const text = plainText(label);
    if (text === '') continue;
    const resolved = resolveLink(target, DOC_FILE.test(target) ? page.file : page.path);
    const key = resolved && normalizePagePath(resolved.path);
    if (key === undefined) continue;
    const lineStart = content.lastIndexOf('\n', start) + 1;
    const end = start + whole.length;
    const newline = content.indexOf('\n', end);
    const before = wordsOf(content.slice(lineStart, start)).slice(-CONTEXT_WORDS);
    const after = wordsOf(content.slice(end, newline < 0 ? content.length : newline));
    const context = [...before, text, ...after.slice(0, CONTEXT_WORDS)].join(' ');
    links.push({ key, anchor: anchorOf(resolved!.hash), text: context });
  }
  return links;
}

const wordsOf = (markdown: string) => plainText(markdown).split(/\s+/).filter(Boolean);

/** Where the fenced code blocks of a text start and end, in order. */
function codeBlocks(content: string): [number, number][] {
  if (!content.includes('```') && !content.includes('~~~')) return [];
  const blocks: [number, number][] = [];
  const fences = new FenceTracker();
  let opened = -1;
  // Other lines do not change whether the next line is code: only fence lines are read.
  for (const fence of content.matchAll(FENCE_LINE)) {
    const wasOpen = fences.open;
    fences.isCode(fence[0]);
    if (!wasOpen && fences.open) opened = fence.index;
    if (wasOpen && !fences.open) {
      blocks.push([opened, fence.index + fence[0].length]);
      opened = -1;
    }
  }
  if (opened >= 0) blocks.push([opened, content.length]);
  return blocks;
}

function anchorOf(hash: string): string {
  if (hash.length < 2) return '';
  try {
    return decodeURIComponent(hash.slice(1)).toLowerCase();
  } catch {
    return hash.slice(1).toLowerCase();
  }
}

/**
 * Which pages link where: the links each page writes, and the pages linking to each key. Pages
 * are added and removed one at a time (--watch); the keys whose link text changed since it was
 * last read are kept until `takeChanged`.
 */
export class LinkGraph {
  private readonly linksFrom = new Map<string, PageLink[]>();
  private readonly linkingTo = new Map<string, Set<string>>();
  private readonly changed = new Set<string>();

  /** Sets the links a page writes (replacing its earlier ones). */
  set(source: string, links: PageLink[]): void {
    this.delete(source);
    if (links.length === 0) return;
    this.linksFrom.set(source, links);
    for (const { key } of links) {
      const sources = this.linkingTo.get(key) ?? new Set<string>();
      sources.add(source);
      this.linkingTo.set(key, sources);
      this.changed.add(key);
    }
  }

  /** Forgets the links a page wrote. */
  delete(source: string): void {
    const links = this.linksFrom.get(source);
    if (!links) return;
    this.linksFrom.delete(source);
    for (const { key } of links) {
      const sources = this.linkingTo.get(key);
      sources?.delete(source);
      if (sources?.size === 0) this.linkingTo.delete(key);
      this.changed.add(key);
    }
  }

  /** Marks a key's link text to be read again (its page changed, so its anchors may have). */
  touch(key: string): void {
    this.changed.add(key);
  }

  get hasChanges(): boolean {
    return this.changed.size > 0;
  }

  /** The keys whose link text changed since the last call. */
  takeChanged(): string[] {
    const keys = [...this.changed];
    this.changed.clear();
    return keys;
  }

  /** The links to any of these keys from other pages than `self`, by the anchor they lead to. */
  linksTo(keys: readonly string[], self: string): Map<string, string[]> {
    const texts = new Map<string, string[]>();
    for (const key of keys) {
      for (const source of this.linkingTo.get(key) ?? []) {
        if (source === self) continue;
        for (const link of this.linksFrom.get(source)!) {
          if (link.key !== key) continue;
          const list = texts.get(link.anchor);
          if (list) list.push(link.text);
          else texts.set(link.anchor, [link.text]);
        }
      }
    }
    return texts;
  }
}
