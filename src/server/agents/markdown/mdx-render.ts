/**
 * Components and directives as the Markdown a reader (or a model) can use: callouts become
 * blockquotes with their label, tabs and code groups labelled sections, steps a numbered list,
 * cards links, data props (`<PropertiesTable content={[…]} />`) lists. A component without a
 * rule keeps its text; one without text keeps what its literal props say.
 */
import { type TypeRow, typeTableMarkdown } from '../../docs-index/frameworks/type-tables.ts';
import { codeSpan, fencedCode } from '../../docs-index/markdown.ts';
import type { AttributeValue } from './mdx-attributes.ts';
import type { MdxElement, MdxNode } from './mdx-tree.ts';

const CALLOUT_LABELS: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  warn: 'Warning',
  caution: 'Caution',
  danger: 'Danger',
  important: 'Important',
  check: 'Check',
  success: 'Success',
  error: 'Error',
  hint: 'Hint',
  attention: 'Attention',
  question: 'Question',
  example: 'Example',
  abstract: 'Abstract',
  summary: 'Summary',
  tldr: 'TL;DR',
  failure: 'Failure',
  bug: 'Bug',
  quote: 'Quote',
  todo: 'To do',
  seealso: 'See also',
  secondary: 'Note',
};
/** Callouts whose kind is a prop: Starlight `<Aside type>`, `<Callout type>`, `<Admonition>`. */
const TYPED_CALLOUTS = new Set(['aside', 'callout', 'admonition', 'alert']);
const TABS = new Set(['tabs', 'codegroup', 'codetabs', 'tabgroup', 'codeblocks', 'codeswitcher']);
const TAB_ITEMS = new Set(['tab', 'tabitem', 'tabpanel', 'tabscontent']);
const CARDS = new Set(['card', 'linkcard', 'navcard', 'cardlink']);
/** Layout around cards: link cards in a row read as one list. */
const CARD_GRIDS = new Set(['cardgrid', 'cardgroup', 'columns', 'grid', 'indexcards']);
const COLLAPSIBLES = new Set(['accordion', 'details', 'expandable', 'collapse', 'collapsible']);
/** API fields (Mintlify's `<ParamField>`, `<ResponseField>`): their name and type are props. */
const FIELDS = new Set(['paramfield', 'responsefield']);
/** Where a `<ParamField>` names its parameter: the prop says where it goes. */
const FIELD_PLACES = ['path', 'query', 'body', 'header', 'cookie', 'name', 'param'];
/** Pure decoration: nothing a reader of the text needs. */
const DECORATION = new Set(['icon', 'br', 'hr', 'spacer', 'divider']);

/** The label a callout of `type` shows (`warn` → `Warning`), if it is a callout type. */
export function calloutLabel(type: string): string | undefined {
  return CALLOUT_LABELS[keyOf(type)];
}

/** The page's Markdown with every component rendered. */
export function renderMdx(nodes: MdxNode[]): string {
  return renderNodes(nodes);
}

function renderNodes(nodes: MdxNode[]): string {
  return nodes.map(renderNode).join('');
}

function renderNode(node: MdxNode): string {
  if (node.kind !== 'element') return node.text;
  const rendered = node.directive ? renderDirective(node) : renderComponent(node);
  if (!node.block) return rendered;
  // A block keeps the indentation of its line, so it stays inside a list item.
  return rendered.trim() === '' ? '\n' : `\n\n${indentLines(rendered, node.indent)}\n\n`;
}

/** `Tabs.Item` -> `item`, `Code-Group` -> `codegroup`. */
function keyOf(name: string): string {
  return name.split('.').at(-1)!.toLowerCase().replace(/[-_]/g, '');
}

function renderComponent(element: MdxElement): string {
  const key = keyOf(element.name);
  const label = CALLOUT_LABELS[key];
  if (label) return callout(element, label);
  if (TYPED_CALLOUTS.has(key)) {
    const type = text(
      element.attributes.type ?? element.attributes.variant ?? element.attributes.kind,
    );
    return callout(
      element,
      CALLOUT_LABELS[type?.toLowerCase() ?? 'note'] ?? capitalise(type ?? 'Note'),
    );
  }
  if (TABS.has(key)) return tabs(element);
  if (TAB_ITEMS.has(key)) return section(text(tabLabel(element)), element);
  if (key === 'steps') return steps(element);
  if (key === 'step') return section(text(element.attributes.title), element);
  if (CARDS.has(key)) return card(element);
  if (CARD_GRIDS.has(key) && element.children.length > 0) {
    return content(element).replace(/^(- \[.*)\n(?:[ \t]*\n)+(?=- \[)/gm, '$1\n');
  }
  if (COLLAPSIBLES.has(key))
    return section(text(element.attributes.title ?? element.attributes.summary), element);
  if (DECORATION.has(key)) return '';
  if (key === 'code') return codeFromProps(element);
  if (key === 'typetable') return typeTable(element);
  if (FIELDS.has(key)) return field(element);
  if (key === 'snippet') return fenced(lines(element.attributes.text), '');
  if (key === 'installpackages') {
    const packages = text(element.attributes.packages);
    return packages ? fenced(`npm install ${packages}`, 'sh') : '';
  }
  return generic(element);
}

function renderDirective(element: MdxElement): string {
  const key = keyOf(element.name);
  const title = text(element.attributes.title);
  const label = CALLOUT_LABELS[key];
  if (label) return callout(element, label);
  // An admonition whose type has no label of its own: its title is its whole heading.
  if (key === 'admonition') return callout(element, title ?? 'Note');
  if (key === 'codegroup') return tabs(element);
  if (key === 'details' || key === 'tab') return section(title ?? capitalise(key), element);
  return content(element);
}

/** The element's children as Markdown, without the indentation they had in the source. */
function content(element: MdxElement): string {
  // The first line is what followed the opening tag on its line: its leading space is layout.
  const rendered = renderNodes(element.children).replace(/^[ \t]+/, '');
  return trimBlankLines(dedent(rendered));
}

function callout(element: MdxElement, label: string): string {
  const title = text(element.attributes.title);
  const heading =
    title && title.toLowerCase() !== label.toLowerCase() ? `${label}: ${title}` : label;
  const body = content(element);
  if (!element.block) return body ? `**${heading}:** ${body}` : '';
  const quoted = [`**${heading}**`, ...(body ? ['', ...body.split('\n')] : [])];
  return quoted.map((line) => (line.trim() === '' ? '>' : `> ${line}`)).join('\n');
}

/** A labelled part: a tab, a step without a list around it, an accordion. */
function section(label: string | undefined, element: MdxElement): string {
  const body = content(element);
  if (!label) return body;
  if (!element.block) return body ? `${label}: ${body}` : label;
  return body ? `**${label}**\n\n${body}` : `**${label}**`;
}

function tabLabel(element: MdxElement): AttributeValue {
  const { label, title, value, name } = element.attributes;
  return label ?? title ?? value ?? name;
}

/** Each tab (or each code block of a code group) as a labelled section, in order. */
function tabs(element: MdxElement): string {
  const items = Array.isArray(element.attributes.items) ? element.attributes.items : [];
  let index = 0;
  const parts = element.children.map((child) => {
    if (child.kind === 'element' && !child.directive && TAB_ITEMS.has(keyOf(child.name))) {
      const label = text(tabLabel(child)) ?? text(items[index]) ?? `Option ${index + 1}`;
      index++;
      return `\n\n${indentLines(section(label, { ...child, block: true }), child.indent)}\n\n`;
    }
    if (child.kind === 'code') return labelledCode(child.text, child.info);
    return renderNode(child);
  });
  return trimBlankLines(dedent(parts.join('')));
}

/** A code block of a code group: its label (`[npm]`, `title="npm"`) becomes a bold line. */
function labelledCode(block: string, info: string): string {
  const bracketed = /\[([^\]]+)\]/.exec(info)?.[1];
  const titled = /(?:title|filename)=(?:"([^"]*)"|'([^']*)')/.exec(info)?.slice(1).find(Boolean);
  const words = info
    .replace(/\[[^\]]*\]|\{[^}]*\}|\S+=(?:"[^"]*"|'[^']*'|\S+)/g, '')
    .trim()
    .split(/\s+/);
  const label = bracketed ?? titled ?? (words.length > 1 ? words.slice(1).join(' ') : undefined);
  if (!label) return block;
  const opening = /^(\n?[ \t]*)(`{3,}|~{3,})[^\n]*/;
  const indent = opening.exec(block)?.[1]?.replace('\n', '') ?? '';
  const cleaned = block.replace(
    opening,
    (_all, lead: string, fence: string) => `${lead}${fence}${words[0] ?? ''}`,
  );
  return `\n\n${indent}**${label}**\n${cleaned}`;
}

/** `<Steps>` around `<Step title>` children: a numbered list; around a list: that list. */
function steps(element: MdxElement): string {
  let number = 0;
  const parts = element.children.map((child) => {
    if (child.kind !== 'element' || child.directive || keyOf(child.name) !== 'step') {
      return renderNode(child);
    }
    number++;
    const title = text(child.attributes.title);
    const body = content(child);
    const head = `${number}. ${title ? `**${title}**` : (body.split('\n')[0] ?? '')}`;
    const rest = title ? body : body.split('\n').slice(1).join('\n');
    return `\n\n${head}${rest.trim() ? `\n\n${indentLines(trimBlankLines(rest), '   ')}` : ''}\n\n`;
  });
  return trimBlankLines(dedent(parts.join('')));
}

function card(element: MdxElement): string {
  const { attributes } = element;
  const title = text(attributes.title ?? attributes.label);
  const href = text(attributes.href ?? attributes.link ?? attributes.url);
  const description = text(attributes.description);
  const body = content(element);
  if (!title) return [body, description].filter(Boolean).join('\n\n');
  if (!href) return [`**${title}**`, description, body].filter(Boolean).join('\n\n');
  const summary = description ?? (body.includes('\n') ? undefined : body);
  const item = `- [${title}](${href})${summary ? `: ${summary}` : ''}`;
  return summary === body || !body ? item : `${item}\n\n${indentLines(body, '  ')}`;
}

function codeFromProps(element: MdxElement): string {
  const code = text(element.attributes.code);
  if (code === undefined) return content(element);
  const title = text(element.attributes.title);
  const block = fenced(code, text(element.attributes.lang) ?? '');
  return title ? `**${title}**\n\n${block}` : block;
}

/**
 * `<ParamField query="limit" type="number" default="10" required>Most results.</ParamField>`
 * -> "**`limit`** (`number`, query, required, default: `10`)" and its text below: the field's
 * name and type are what the site shows above its description.
 */
function field(element: MdxElement): string {
  const { attributes } = element;
  const place = FIELD_PLACES.find((name) => text(attributes[name]) !== undefined);
  const name = place ? text(attributes[place]) : undefined;
  const type = inline(attributes.type);
  const fallback = inline(attributes.default);
  const qualifiers = [
    type && codeSpan(type),
    place && !['name', 'param'].includes(place) && place,
    attributes.required === true && 'required',
    attributes.deprecated === true && 'deprecated',
    fallback && `default: ${codeSpan(fallback)}`,
  ].filter(Boolean);
  const head = name
    ? `**${codeSpan(name)}**${qualifiers.length > 0 ? ` (${qualifiers.join(', ')})` : ''}`
    : qualifiers.join(', ');
  const body = content(element);
  if (!element.block) return [head, body].filter(Boolean).join(': ');
  return [head, body].filter(Boolean).join('\n\n');
}

/**
 * Fumadocs' `<TypeTable type={{ name: { type, description, default, required } }} />`: the
 * table it shows, a member optional unless `required`.
 */
function typeTable(element: MdxElement): string {
  const members = element.attributes.type;
  if (typeof members !== 'object' || members === null || Array.isArray(members)) {
    return generic(element);
  }
  const rows = Object.entries(members).flatMap(([name, value]): TypeRow[] => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    const type = inline(value.type) ?? inline(value.typeDescription) ?? '';
    const description = inline(value.description);
    const fallback = inline(value.default);
    return [
      {
        name,
        type,
        ...(value.required !== true && { optional: true }),
        ...(description && { description }),
        ...(fallback && { default: fallback }),
      },
    ];
  });
  return typeTableMarkdown(rows) || generic(element);
}

/** What a component without a rule still says: its text, its link, its literal data props. */
function generic(element: MdxElement): string {
  const { attributes } = element;
  const body = content(element);
  const href = text(attributes.href ?? attributes.link ?? attributes.url);
  if (body) {
    if (href && !body.includes('\n')) return `[${body}](${href})`;
    return body;
  }
  const title = text(attributes.title ?? attributes.label ?? attributes.text);
  const description = text(attributes.description);
  const data = Object.values(attributes)
    .filter((value) => typeof value === 'object' && value !== null)
    .map((value) => dataList(value, 0))
    .filter(Boolean);
  if (data.length > 0) return [title && `**${title}**`, ...data].filter(Boolean).join('\n\n');
  if (title && href) return `[${title}](${href})${description ? `: ${description}` : ''}`;
  if (title) return title;
  const src = text(attributes.src);
  const alt = text(attributes.alt);
  return src && alt ? `![${alt}](${src})` : '';
}

/** Literal data (arrays of items, objects) as a nested Markdown list. */
function dataList(value: AttributeValue, depth: number): string {
  const items = Array.isArray(value) ? value : [value];
  const pad = '  '.repeat(depth);
  return items
    .map((item) => {
      if (typeof item !== 'object' || item === null) {
        const plain = text(item);
        return plain === undefined ? '' : `${pad}- ${plain}`;
      }
      if (Array.isArray(item)) return dataList(item, depth);
      const nested = Object.values(item)
        .filter((inner) => Array.isArray(inner) && inner.some((x) => typeof x === 'object'))
        .map((inner) => dataList(inner, depth + 1))
        .filter(Boolean);
      return [`${pad}- ${describeItem(item)}`, ...nested].join('\n');
    })
    .filter(Boolean)
    .join('\n');
}

function describeItem(item: { [key: string]: AttributeValue }): string {
  const title = inline(item.title ?? item.label);
  const name = inline(item.name ?? item.key);
  const href = text(item.href ?? item.url ?? item.link);
  const type = inline(item.type);
  const description = inline(item.description ?? item.text ?? item.summary);
  let head = title ?? (name ? codeSpan(name) : undefined) ?? '';
  if (href) head = `[${title ?? name ?? href}](${href})`;
  const qualifiers = [type && codeSpan(type), item.isOptional === true && 'optional']
    .filter(Boolean)
    .join(', ');
  if (qualifiers) head = head ? `${head} (${qualifiers})` : qualifiers;
  return [head, description].filter(Boolean).join(': ');
}

function fenced(code: string | undefined, language: string): string {
  return code ? fencedCode(code, language) : '';
}

function text(value: AttributeValue): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** A value on one line (types and descriptions of data props are often wrapped). */
function inline(value: AttributeValue): string | undefined {
  if (typeof value === 'string') return value.replace(/\s+/g, ' ').trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function lines(value: AttributeValue): string | undefined {
  if (Array.isArray(value)) return value.map(text).filter(Boolean).join('\n') || undefined;
  return text(value);
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).replace(/[-_]/g, ' ');
}

/**
 * Removes the white space every line shares. The first line is what followed the opening tag
 * on its line, so it neither counts nor is cut.
 */
export function dedent(markdown: string): string {
  const lines = markdown.split('\n');
  let common: string | undefined;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)![0];
    if (common === undefined || !indent.startsWith(common)) {
      common = sharedPrefix(common ?? indent, indent);
    }
    if (common === '') break;
  }
  if (!common) return markdown;
  return lines
    .map((line, n) => (n > 0 && line.startsWith(common) ? line.slice(common.length) : line))
    .join('\n');
}

function sharedPrefix(a: string, b: string): string {
  let n = 0;
  while (n < a.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}

export function indentLines(markdown: string, indent: string): string {
  if (!indent) return markdown;
  return markdown
    .split('\n')
    .map((line) => (line.trim() === '' ? '' : `${indent}${line}`))
    .join('\n');
}

function trimBlankLines(markdown: string): string {
  return markdown.replace(/^(?:[ \t]*\n)+/, '').replace(/(?:\n[ \t]*)+$/, '');
}
