/**
 * Lit directive for Markdown in a template: `${markdown(text, {streaming})}`. Each binding keeps
 * its own `StreamingMarkdown`, renders its blocks with `repeat` + `unsafeHTML` (the HTML is
 * sanitized), so finished blocks keep their DOM, and renders once more when the lazily loaded
 * highlighter arrives.
 */
import { nothing } from 'lit';
import { AsyncDirective, directive } from 'lit/async-directive.js';
import { repeat } from 'lit/directives/repeat.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { loadHighlighter } from './highlight.ts';
import type { RenderOptions } from './render.ts';
import { type MarkdownBlock, StreamingMarkdown } from './streaming-markdown.ts';

export interface MarkdownDirectiveOptions extends RenderOptions {
  /** The text is still arriving: repair its tail, and expect the last block to change. */
  streaming?: boolean;
}

/** The directive class behind `markdown()` (exported so declarations can name it). */
export class MarkdownDirective extends AsyncDirective {
  #markdown = new StreamingMarkdown();
  #renderOptions: RenderOptions = {};
  #args: [string, MarkdownDirectiveOptions] = ['', {}];
  #waiting = false;

  render(text: string, options: MarkdownDirectiveOptions = {}) {
    const { streaming: _, ...renderOptions } = options;
    if (!sameOptions(renderOptions, this.#renderOptions)) {
      // other words or another page style: every block renders anew
      this.#renderOptions = renderOptions;
      this.#markdown = new StreamingMarkdown(renderOptions);
    }
    this.#args = [text, options];
    if (!text) return nothing;
    const blocks = this.#markdown.update(text, { streaming: options.streaming ?? false });
    if (this.#markdown.needsHighlighter && !this.#waiting) {
      this.#waiting = true;
      loadHighlighter().then(
        () => {
          this.#waiting = false;
          if (this.isConnected) this.setValue(this.render(...this.#args));
        },
        () => {
          this.#waiting = false;
        },
      );
    }
    return template(blocks);
  }
}

function sameOptions(a: RenderOptions, b: RenderOptions): boolean {
  return (
    a.copyLabel === b.copyLabel &&
    a.tableLabel === b.tableLabel &&
    a.citationMarkers === b.citationMarkers &&
    a.anchors === b.anchors &&
    a.slugStyle === b.slugStyle
  );
}

function template(blocks: MarkdownBlock[]) {
  return repeat(
    blocks,
    (block) => block.key,
    (block) => unsafeHTML(block.html),
  );
}

/** Renders (possibly still streaming) Markdown as sanitized HTML blocks. */
export const markdown = directive(MarkdownDirective);
