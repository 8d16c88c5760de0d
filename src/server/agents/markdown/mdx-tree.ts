/**
 * Tokens as a tree: each component and directive holds what it wraps. Pages in the wild have
 * stray and missing closing tags; a closing tag closes the nearest open element of its name
 * (and whatever is still open inside it), an unknown one is ignored, and elements left open at
 * the end close there.
 */
import { type Attributes, tokenize } from './mdx-tokens.ts';

export type MdxNode =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string; info: string }
  | MdxElement;

export interface MdxElement {
  kind: 'element';
  /** The tag name as written (`Tabs`, `Tabs.Item`); for a directive, its type (`note`). */
  name: string;
  attributes: Attributes;
  /** True for `:::` containers (and the MkDocs blocks rewritten into them). */
  directive: boolean;
  /** The element opens its line: rendered as a block, not inline. */
  block: boolean;
  /** White space before a block element on its line (inside a list item, say). */
  indent: string;
  children: MdxNode[];
}

export function parseMdx(source: string): MdxNode[] {
  const root: MdxElement = element('root', {}, false, true, '');
  const stack: MdxElement[] = [root];
  const top = () => stack.at(-1)!;
  for (const token of tokenize(source)) {
    switch (token.kind) {
      case 'text':
      case 'code':
        top().children.push(token);
        break;
      case 'open': {
        const opened = element(token.name, token.attributes, false, token.block, token.indent);
        top().children.push(opened);
        if (!token.selfClosing) stack.push(opened);
        break;
      }
      case 'directive-open': {
        const attributes: Attributes = token.title ? { title: token.title } : {};
        const opened = element(token.name, attributes, true, true, token.indent);
        top().children.push(opened);
        stack.push(opened);
        break;
      }
      case 'close':
        closeNearest(stack, (open) => !open.directive && open.name === token.name);
        break;
      case 'directive-close':
        closeNearest(stack, (open) => open.directive);
        break;
    }
  }
  return root.children;
}

function element(
  name: string,
  attributes: Attributes,
  directive: boolean,
  block: boolean,
  indent: string,
): MdxElement {
  return { kind: 'element', name, attributes, directive, block, indent, children: [] };
}

function closeNearest(stack: MdxElement[], matches: (open: MdxElement) => boolean): void {
  for (let depth = stack.length - 1; depth > 0; depth--) {
    if (matches(stack[depth]!)) {
      stack.length = depth;
      return;
    }
  }
}
