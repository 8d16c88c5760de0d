/**
 * MkDocs (Python-Markdown) blocks are written by indentation: admonitions `!!! note "Title"`,
 * collapsible `??? tip` / `???+ tip`, and content tabs `=== "Tab"`, each followed by its body
 * indented four spaces. They are rewritten here into the `:::type[Title]` containers the rest
 * of the renderer reads, bodies dedented (and rewritten in turn, since blocks nest).
 */
import { closesFence, fenceOpening } from './mdx-tokens.ts';

const BLOCK =
  /^([ \t]*)(!!!|\?\?\?\+?|===[+!]?)[ \t]*([A-Za-z][\w-]*)?[ \t]*(?:"([^"]*)"|'([^']*)')?[ \t]*$/;

export function rewriteMkDocsBlocks(source: string): string {
  if (!/^[ \t]*(?:!!!|\?\?\?|===)/m.test(source)) return source;
  const lines = source.split('\n');
  const out: string[] = [];
  let fence: string | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (fence) {
      if (closesFence(line, fence)) fence = undefined;
      out.push(line);
      continue;
    }
    fence = fenceOpening(line);
    if (fence) {
      out.push(line);
      continue;
    }
    const block = BLOCK.exec(line);
    if (!block) {
      out.push(line);
      continue;
    }
    const [, indent = '', kind = '', type, doubleQuoted, singleQuoted] = block;
    const title = doubleQuoted ?? singleQuoted;
    const isTab = kind.startsWith('===');
    if (isTab && title === undefined) {
      out.push(line);
      continue;
    }
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const next = lines[j]!;
      if (next.trim() !== '' && !isIndentedUnder(next, indent)) break;
      body.push(next);
    }
    while (body.length > 0 && body.at(-1)!.trim() === '') body.pop();
    i = i + body.length;
    const name = isTab ? 'tab' : (type ?? 'note').toLowerCase();
    // `!!! note ""` asks for no title bar: the plain label then.
    const label = title ? `[${title}]` : '';
    const inner = rewriteMkDocsBlocks(body.map((text) => dedentOnce(text, indent)).join('\n'));
    out.push(`${indent}:::${name}${label}`, ...reindent(inner, indent), `${indent}:::`);
  }
  return out.join('\n');
}

function isIndentedUnder(line: string, indent: string): boolean {
  return line.startsWith(`${indent}    `) || line.startsWith(`${indent}\t`);
}

function dedentOnce(line: string, indent: string): string {
  if (line.startsWith(`${indent}\t`)) return line.slice(indent.length + 1);
  return line.startsWith(`${indent}    `) ? line.slice(indent.length + 4) : line.trimStart();
}

function reindent(text: string, indent: string): string[] {
  return text.split('\n').map((line) => (line.trim() === '' ? '' : `${indent}${line}`));
}
