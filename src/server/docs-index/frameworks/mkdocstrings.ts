/**
 * mkdocstrings' autodoc blocks, as its usage page writes them: `::: identifier` on a line of its
 * own (after a heading's `#`s for `## ::: identifier`), followed by YAML options indented under
 * it. The site renders the identifier's API reference from the code at build time; the Markdown
 * holds only the identifier, which is what the page keeps (as code, under the heading if one was
 * written). The options are build instructions, not text a reader sees.
 */
import { FenceTracker } from '../markdown.ts';

const AUTODOC = /^(#{1,6}[ \t]+|)::: ?(\S.*?)[ \t]*$/;

export function rewriteAutodocBlocks(body: string): string {
  if (!body.includes(':::')) return body;
  const lines = body.split('\n');
  const kept: string[] = [];
  const fences = new FenceTracker();
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const block = fences.isCode(line) ? null : AUTODOC.exec(line);
    if (!block) {
      kept.push(line);
      continue;
    }
    const [, heading = '', identifier = ''] = block;
    kept.push(`${heading}\`${identifier}\``);
    // The options: lines indented under the block, blank lines between them included.
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j]!;
      if (/^(?: {4}|\t)/.test(next) && next.trim() !== '') end = j;
      else if (next.trim() !== '') break;
    }
    i = end;
  }
  return kept.join('\n');
}
