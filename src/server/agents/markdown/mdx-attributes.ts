/**
 * The attributes of a component tag as data: `label="npm"`, `items={['npm', 'yarn']}`,
 * `content={[{ name: 'api', type: 'string' }]}`, bare `dark` (true). Expressions are read with
 * Babel's parser and only their literal parts kept (strings, numbers, arrays, objects);
 * anything computed (`code={snippet}`) reads as undefined. Vue attribute names (`:members`,
 * `@click`, `v-if`) are accepted so VitePress pages scan like MDX ones.
 */
import { parseExpression } from '@babel/parser';

export type AttributeValue =
  | string
  | number
  | boolean
  | undefined
  | AttributeValue[]
  | { [key: string]: AttributeValue };

export interface ReadAttributes {
  attributes: Record<string, AttributeValue>;
  selfClosing: boolean;
  /** Index just after the tag's `>`. */
  end: number;
}

const NAME = /[:@#]?[A-Za-z_][\w.:-]*/y;
const UNQUOTED = /[^\s"'=<>`/]+/y;
/** A tag longer than this is not a tag (an unclosed `<` in prose); stops runaway scans. */
const MAX_TAG_LENGTH = 1_000_000;

/** Reads from just after the tag name to its end; undefined when it is not a well-formed tag. */
export function readAttributes(text: string, from: number): ReadAttributes | undefined {
  const attributes: Record<string, AttributeValue> = {};
  const limit = Math.min(text.length, from + MAX_TAG_LENGTH);
  let position = from;
  while (position < limit) {
    while (/\s/.test(text[position] ?? '')) position++;
    if (text.startsWith('/>', position))
      return { attributes, selfClosing: true, end: position + 2 };
    if (text[position] === '>') return { attributes, selfClosing: false, end: position + 1 };
    if (text[position] === '{') {
      // A spread (`{...props}`): nothing literal to keep.
      const end = skipBraces(text, position, limit);
      if (end === undefined) return undefined;
      position = end;
      continue;
    }
    NAME.lastIndex = position;
    const name = NAME.exec(text)?.[0];
    if (!name) return undefined;
    position += name.length;
    while (/[ \t]/.test(text[position] ?? '')) position++;
    if (text[position] !== '=') {
      attributes[name] = true;
      continue;
    }
    position++;
    while (/\s/.test(text[position] ?? '')) position++;
    const quote = text[position];
    if (quote === '"' || quote === "'") {
      const end = text.indexOf(quote, position + 1);
      if (end < 0 || end > limit) return undefined;
      attributes[name] = text.slice(position + 1, end);
      position = end + 1;
    } else if (quote === '{') {
      const end = skipBraces(text, position, limit);
      if (end === undefined) return undefined;
      attributes[name] = literalOf(text.slice(position + 1, end - 1));
      position = end;
    } else {
      UNQUOTED.lastIndex = position;
      const value = UNQUOTED.exec(text)?.[0];
      if (!value) return undefined;
      attributes[name] = value;
      position += value.length;
    }
  }
  return undefined;
}

/** From a `{` to just after its matching `}`, past strings and template literals. */
function skipBraces(text: string, from: number, limit: number): number | undefined {
  let depth = 0;
  for (let position = from; position < limit; position++) {
    const char = text[position];
    if (char === '"' || char === "'" || char === '`') {
      position = skipString(text, position, limit);
      continue;
    }
    if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return position + 1;
  }
  return undefined;
}

function skipString(text: string, from: number, limit: number): number {
  const quote = text[from];
  for (let position = from + 1; position < limit; position++) {
    if (text[position] === '\\') position++;
    else if (text[position] === quote) return position;
  }
  return limit;
}

type Node = { type: string; [key: string]: unknown };

/** The literal value of a JS expression, or undefined when any of it is computed. */
export function literalOf(source: string): AttributeValue {
  try {
    return literal(parseExpression(source, { plugins: ['jsx', 'typescript'] }) as unknown as Node);
  } catch {
    return undefined;
  }
}

function literal(node: Node | null | undefined): AttributeValue {
  if (!node) return undefined;
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return node.value as string | number | boolean;
    case 'TemplateLiteral': {
      if ((node.expressions as Node[]).length > 0) return undefined;
      return (node.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join('');
    }
    case 'ArrayExpression':
      return (node.elements as Node[]).map(literal);
    case 'ObjectExpression': {
      const object: Record<string, AttributeValue> = {};
      for (const property of node.properties as Node[]) {
        if (property.type !== 'ObjectProperty' || property.computed) continue;
        const key = property.key as Node;
        const name = key.type === 'Identifier' ? (key.name as string) : literal(key);
        if (typeof name === 'string') object[name] = literal(property.value as Node);
      }
      return object;
    }
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'ParenthesizedExpression':
      return literal(node.expression as Node);
    default:
      return undefined;
  }
}
