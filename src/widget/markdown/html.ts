/**
 * Markdown to (not yet sanitized) HTML with marked: the part of rendering that needs no DOM, so
 * the node tests can render the corpora's pages exactly as the widget does.
 * - Given the slug rules (`anchors`), headings carry `data-anchor`: the anchor the server gives
 *   their section (src/api/anchors.ts), which is how the page view finds a cited `#section`. Not
 *   `id`: ids could collide with the panel's own, and the sanitizer drops them. Answers are
 *   rendered without: nothing links into an answer, and the rules load with the page view.
 * - Code blocks get a wrapper the panel styles and a copy button it wires (`[data-code-block]`,
 *   `[data-copy-code]`), highlighted once the highlighter has loaded.
 * - Citation markers in answers (`[3](/docs/page)`) get the `cite` class (pill style).
 * - Tables sit in a `.table-scroll` region that scrolls sideways (the sanitizer makes it
 *   focusable), so narrow screens never break their words mid-token.
 * - Short inline code gets `nowrap`: `--model-base-url` must not wrap after its `--`.
 */
import { Marked, Renderer, type Tokens } from 'marked';
import type { HeadingSlugger, SlugStyle } from '../../api/anchors.ts';
import { EXPLICIT_ID } from '../../api/explicit-id.ts';
import { highlightCode, languageOf } from './highlight.ts';

export interface RenderOptions {
  /** Accessible name of each code block's copy button. */
  copyLabel?: string;
  /** The slug rules: with them, headings carry their section's anchor (`data-anchor`). */
  anchors?: typeof HeadingSlugger;
  /** How the docs site slugs its headings (default `github`). */
  slugStyle?: SlugStyle;
  /** Links whose text is a number (`[3](/docs/x)`) are citation markers: answers, not pages. */
  citationMarkers?: boolean;
  /** Continues the numbering of repeated headings from the blocks before (streaming blocks). */
  slugger?: HeadingSlugger;
  /** Accessible name of each table's scrolling region. */
  tableLabel?: string;
}

export interface MarkdownHtml {
  /** Unsanitized: pass it through `sanitize` before it reaches the DOM. */
  html: string;
  /** The Markdown has code blocks (highlighted only if the highlighter was ready). */
  hasCode: boolean;
  /** The anchors given to its headings, in order. */
  anchors: string[];
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const CITATION_MARKER = /^\d{1,2}$/;
/** Inline code up to this length stays on one line; longer code may wrap. */
const NOWRAP_CODE_CHARS = 32;

/** What the renderer hooks read during one (synchronous) `markdownToHtml` call. */
let current: {
  options: RenderOptions;
  slugger: HeadingSlugger | undefined;
  hasCode: boolean;
  anchors: string[];
} = { options: {}, slugger: undefined, hasCode: false, anchors: [] };

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    heading(this: Renderer, token: Tokens.Heading) {
      // an explicit `{#id}` names the anchor and is not shown
      const inner = this.parser.parseInline(token.tokens).replace(EXPLICIT_ID, '');
      const anchor = current.slugger?.anchor(token.text);
      if (anchor === undefined) return `<h${token.depth}>${inner}</h${token.depth}>\n`;
      current.anchors.push(anchor);
      return `<h${token.depth} data-anchor="${escapeHtml(anchor)}">${inner}</h${token.depth}>\n`;
    },
    link(this: Renderer, token: Tokens.Link): string | false {
      if (!current.options.citationMarkers || !CITATION_MARKER.test(token.text)) return false;
      return Renderer.prototype.link.call(this, token).replace(/^<a /, '<a class="cite" ');
    },
    codespan(this: Renderer, token: Tokens.Codespan): string {
      const code = Renderer.prototype.codespan.call(this, token);
      return token.text.length > NOWRAP_CODE_CHARS
        ? code
        : code.replace('<code', '<code class="nowrap"');
    },
    table(this: Renderer, token: Tokens.Table): string {
      const label = escapeHtml(current.options.tableLabel ?? 'Table');
      return `<div class="table-scroll" role="region" aria-label="${label}">${Renderer.prototype.table.call(this, token)}</div>\n`;
    },
    code({ text, lang }: Tokens.Code): string {
      current.hasCode = true;
      const language = languageOf(lang);
      const label = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const body = highlightCode(text, lang) ?? escapeHtml(text);
      const codeClass = language
        ? ` class="hljs language-${escapeHtml(language)}"`
        : ' class="hljs"';
      const copy = escapeHtml(current.options.copyLabel ?? 'Copy code');
      return (
        `<div class="code-block" data-code-block${label ? ` data-language="${escapeHtml(label)}"` : ''}>` +
        `<div class="code-block-header"><span class="code-block-language">${escapeHtml(label)}</span>` +
        `<button type="button" class="code-block-copy" data-copy-code aria-label="${copy}" title="${copy}">${copy}</button></div>` +
        `<pre><code${codeClass}>${body}</code></pre></div>\n`
      );
    },
  },
});

/**
 * Markdown to HTML (unsanitized). Repeated headings are numbered within the call, or from where
 * `options.slugger` left off.
 */
export function markdownToHtml(markdown: string, options: RenderOptions = {}): MarkdownHtml {
  const slugger =
    options.slugger ?? (options.anchors ? new options.anchors(options.slugStyle) : undefined);
  current = { options, slugger, hasCode: false, anchors: [] };
  const html = marked.parse(markdown, { async: false });
  return { html, hasCode: current.hasCode, anchors: current.anchors };
}
