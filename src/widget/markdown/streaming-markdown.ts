/**
 * Streaming Markdown (model: streamdown): split the text into blocks, render each finished
 * block once and keep its HTML, re-render only the block that is still growing, after repairing
 * its unfinished tail. Keys are block positions, so a keyed list in the DOM keeps finished
 * blocks' nodes untouched.
 */
import { type MarkdownSourceBlock, splitBlocks } from './blocks.ts';
import { isHighlighterReady } from './highlight.ts';
import { type RenderedHtml, type RenderOptions, renderHtml } from './render.ts';
import { repairMarkdown } from './repair.ts';

export interface MarkdownBlock {
  /** Stable per position: `b0`, `b1`… */
  key: string;
  /** Sanitized HTML. */
  html: string;
  /** False only for the last block while the text is still streaming. */
  complete: boolean;
}

interface CachedBlock {
  source: string;
  /** The anchors of the headings before the block, which number its repeated headings. */
  before: string;
  block: MarkdownBlock;
  unhighlighted: boolean;
  anchors: string[];
}

export class StreamingMarkdown {
  /** How many times a block was rendered (parsed and sanitized): the cost that caching saves. */
  renders = 0;
  #cache: CachedBlock[] = [];
  #text = '';
  #sources: MarkdownSourceBlock[] = [];
  #options: RenderOptions;
  #render: (markdown: string, options: RenderOptions) => RenderedHtml;

  constructor(options: RenderOptions = {}, render = renderHtml) {
    this.#options = options;
    this.#render = render;
  }

  /** True when some block was rendered before the highlighter loaded (render again once it has). */
  get needsHighlighter(): boolean {
    return this.#cache.some((c) => c.unhighlighted) && !isHighlighterReady();
  }

  /**
   * The blocks of `markdown`. Unchanged blocks come back as the same objects with the same HTML
   * string; while `streaming`, the last block's unfinished Markdown is repaired first.
   */
  update(markdown: string, { streaming = false }: { streaming?: boolean } = {}): MarkdownBlock[] {
    const sources = this.#split(markdown);
    // a definition still being typed would point links at half an address: not yet
    const definitions = linkDefinitions(streaming ? sources.slice(0, -1) : sources);
    // Repeated headings are numbered across blocks, as in the whole page the server splits.
    const { anchors, slugStyle } = this.#options;
    const slugger = anchors ? new anchors(slugStyle) : undefined;
    const seen: string[] = [];
    const blocks = sources.map((source, i) => {
      const growing = streaming && i === sources.length - 1;
      const repaired = growing ? repairMarkdown(source.raw) : source.raw;
      // A reference link (`[text][1]`) and its definition (`[1]: /docs/…`) are usually in
      // different blocks; each block that could hold a reference (code cannot) is rendered with
      // all of the answer's definitions after it (they render as nothing), and again when they
      // change.
      const text =
        definitions && !NO_REFERENCES.has(source.type) && repaired.includes(']')
          ? `${repaired.trimEnd()}\n\n${definitions}`
          : repaired;
      const before = seen.join('\n');
      const cached = this.#cache[i];
      const stale = cached?.unhighlighted && isHighlighterReady();
      const same = cached !== undefined && cached.source === text && cached.before === before;
      if (cached && same && !stale) {
        for (const anchor of cached.anchors) slugger?.claim(anchor);
        seen.push(...cached.anchors);
        if (cached.block.complete === !growing) return cached.block;
        // same HTML, the block only became complete
        const block = { ...cached.block, complete: !growing };
        this.#cache[i] = { ...cached, block };
        return block;
      }
      this.renders++;
      const rendered = this.#render(text, slugger ? { ...this.#options, slugger } : this.#options);
      const anchors = rendered.anchors ?? [];
      seen.push(...anchors);
      const block: MarkdownBlock = { key: `b${i}`, html: rendered.html, complete: !growing };
      this.#cache[i] = {
        source: text,
        before,
        block,
        unhighlighted: rendered.unhighlighted,
        anchors,
      };
      return block;
    });
    this.#cache.length = sources.length;
    return blocks;
  }

  /**
   * The blocks of `markdown`. When the text only grew, the blocks before the last two cannot
   * change any more (a block ends only when a later one has started), so only the tail is
   * lexed again: streaming stays linear in the answer's length instead of quadratic.
   */
  #split(markdown: string): MarkdownSourceBlock[] {
    const previous = this.#sources;
    let sources: MarkdownSourceBlock[];
    if (previous.length > 2 && markdown.startsWith(this.#text)) {
      const kept = previous.slice(0, -2);
      const offset = kept.reduce((sum, block) => sum + block.raw.length, 0);
      sources = [...kept, ...splitBlocks(markdown.slice(offset))];
    } else {
      sources = splitBlocks(markdown);
    }
    this.#text = markdown;
    this.#sources = sources;
    return sources;
  }

  /** Forgets every block (a different text is coming). */
  reset(): void {
    this.#cache = [];
    this.#text = '';
    this.#sources = [];
  }
}

/** Blocks in which `[text][label]` is not a link. */
const NO_REFERENCES = new Set(['def', 'code']);

/** The answer's link reference definitions (`[1]: /docs/page "Title"`), one per line. */
function linkDefinitions(sources: MarkdownSourceBlock[]): string {
  return sources
    .filter((source) => source.type === 'def')
    .map((source) => source.raw.trim())
    .join('\n');
}
