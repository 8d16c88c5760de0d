/**
 * Markdown to sanitized HTML with marked. Code blocks get a wrapper the panel can style and a
 * copy button it can wire (`[data-code-block]`, `[data-copy-code]`), and are highlighted once
 * the highlighter has loaded. Every string returned here has been through `sanitize`.
 */
import { Marked, type Tokens } from 'marked';
import { highlightCode, isHighlighterReady, languageOf, loadHighlighter } from './highlight.ts';
import { sanitize } from './sanitize.ts';

export interface RenderOptions {
  /** Accessible name of each code block's copy button. */
  copyLabel?: string;
}

export interface RenderedHtml {
  html: string;
  /** The HTML has code blocks rendered before the highlighter was ready. */
  unhighlighted: boolean;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

let currentOptions: RenderOptions = {};
let sawCode = false;
let anchorsSeen = new Map<string, number>();

/**
 * The anchor of a heading as the server computes it (github-slugger: lower case, punctuation
 * dropped, spaces to hyphens, `-1`, `-2`… for repeats), kept tiny instead of bundling it.
 */
export function headingAnchor(text: string, seen: Map<string, number> = new Map()): string {
  const base = text
    .replace(/<[^>]+>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
  const count = seen.get(base);
  seen.set(base, (count ?? -1) + 1);
  return count === undefined ? base : `${base}-${count + 1}`;
}

const marked = new Marked({
  gfm: true,
  breaks: false,
  renderer: {
    heading(
      this: { parser: { parseInline(tokens: Tokens.Heading['tokens']): string } },
      token: Tokens.Heading,
    ) {
      // `## Title {#custom-id}`: MDX-style explicit anchors win, and are not shown
      const custom = /\s*(?:\{#([\w-]+)\}|\[#([\w-]+)\])\s*$/.exec(token.text);
      const anchor = custom
        ? (custom[1] ?? custom[2] ?? '')
        : headingAnchor(token.text, anchorsSeen);
      let inner = this.parser.parseInline(token.tokens);
      if (custom) inner = inner.replace(/\s*(?:\{#[\w-]+\}|\[#[\w-]+\])\s*$/, '');
      // ids are sanitized away (they could collide with the panel's own): the panel scrolls by data-anchor
      return `<h${token.depth} data-anchor="${escapeHtml(anchor)}">${inner}</h${token.depth}>\n`;
    },
    code({ text, lang }: Tokens.Code): string {
      sawCode = true;
      const language = languageOf(lang);
      const label = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const highlighted = highlightCode(text, lang);
      const body = highlighted ?? escapeHtml(text);
      const codeClass = language
        ? ` class="hljs language-${escapeHtml(language)}"`
        : ' class="hljs"';
      const copy = escapeHtml(currentOptions.copyLabel ?? 'Copy code');
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
 * Renders Markdown to sanitized HTML. When it contains code and the highlighter is not loaded
 * yet, loading starts and `unhighlighted` is true so the caller can render once more later.
 */
export function renderHtml(markdown: string, options: RenderOptions = {}): RenderedHtml {
  currentOptions = options;
  sawCode = false;
  anchorsSeen = new Map();
  const html = sanitize(marked.parse(markdown, { async: false }));
  const unhighlighted = sawCode && !isHighlighterReady();
  if (unhighlighted) void loadHighlighter().catch(() => {});
  return { html, unhighlighted };
}

/** Front matter and MDX `import`/`export` lines: source, not content. */
export function stripMdxSource(markdown: string): string {
  const withoutFrontMatter = markdown.replace(
    /^\uFEFF?---\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/,
    '',
  );
  let inFence = false;
  return withoutFrontMatter
    .split('\n')
    .filter((line) => {
      if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
      return inFence || !/^(?:import|export)\s/.test(line);
    })
    .join('\n');
}

/** A whole page (the page view): front matter and MDX imports dropped, rendered and sanitized. */
export function renderMarkdown(markdown: string, options: RenderOptions = {}): string {
  return renderHtml(stripMdxSource(markdown), options).html;
}

/** Like `renderMarkdown`, but waits for the highlighter when the page has code (falls back to plain code). */
export async function renderMarkdownHighlighted(
  markdown: string,
  options: RenderOptions = {},
): Promise<string> {
  const first = renderHtml(stripMdxSource(markdown), options);
  if (!first.unhighlighted) return first.html;
  try {
    await loadHighlighter();
  } catch {
    return first.html;
  }
  return renderMarkdown(markdown, options);
}
