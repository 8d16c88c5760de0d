/** Streaming Markdown for the panel: repair, blocks, sanitize, lazy highlighting. */
export { type MarkdownSourceBlock, splitBlocks } from './blocks.ts';
export { isHighlighterReady, loadHighlighter, onHighlighterReady } from './highlight.ts';
export { type MarkdownDirectiveOptions, markdown } from './markdown-directive.ts';
export {
  type RenderedHtml,
  type RenderOptions,
  renderHtml,
  renderMarkdown,
  renderMarkdownHighlighted,
  stripMdxSource,
} from './render.ts';
export { openFence, repairMarkdown } from './repair.ts';
export { isSafeUrl, sanitize } from './sanitize.ts';
export { type MarkdownBlock, StreamingMarkdown } from './streaming-markdown.ts';
