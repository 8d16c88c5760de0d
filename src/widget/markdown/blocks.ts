/**
 * Splits Markdown into top-level blocks (paragraphs, lists, code blocks, tables…) with marked's
 * lexer, so a streaming answer can render each finished block once. The raw text of the blocks
 * concatenates back to the input. No DOM.
 */
import { Lexer } from 'marked';

export interface MarkdownSourceBlock {
  /** The block's Markdown, including the blank lines after it. */
  raw: string;
  /** marked's token type: `paragraph`, `code`, `list`, `heading`, `table`, `html`… */
  type: string;
}

export function splitBlocks(markdown: string): MarkdownSourceBlock[] {
  const blocks: MarkdownSourceBlock[] = [];
  for (const token of Lexer.lex(markdown, { gfm: true })) {
    const previous = blocks.at(-1);
    // blank lines belong to the block before them, so keys stay stable as text arrives
    if (token.type === 'space' && previous) previous.raw += token.raw;
    else blocks.push({ raw: token.raw, type: token.type });
  }
  return blocks;
}
