/**
 * Markdown to sanitized HTML (the Markdown part is ./html.ts). Every string returned here has been
 * through `sanitize`; code blocks are highlighted once the highlighter has loaded.
 */

import { isHighlighterReady, loadHighlighter } from './highlight.ts';
import { markdownToHtml, type RenderOptions } from './html.ts';
import { sanitize } from './sanitize.ts';

export type { RenderOptions } from './html.ts';

export interface RenderedHtml {
  html: string;
  /** The HTML has code blocks rendered before the highlighter was ready. */
  unhighlighted: boolean;
  /** The anchors of its headings, in order (they number repeated headings in later blocks). */
  anchors?: string[];
}

/**
 * Renders Markdown to sanitized HTML. When it contains code and the highlighter is not loaded
 * yet, loading starts and `unhighlighted` is true so the caller can render once more later.
 */
export function renderHtml(markdown: string, options: RenderOptions = {}): RenderedHtml {
  const { html, hasCode, anchors } = markdownToHtml(markdown, options);
  const unhighlighted = hasCode && !isHighlighterReady();
  if (unhighlighted) void loadHighlighter().catch(() => {});
  return { html: sanitize(html), unhighlighted, anchors };
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
