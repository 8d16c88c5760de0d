/**
 * Fumadocs' generated props tables as the text they show: `<AutoTypeTable path name />`
 * (fumadocs-typescript's component, `path` from the site's folder) and `<auto-type-table>` (its
 * remark plugin, `path` from the page) read the named interface or type of a TypeScript file,
 * or the type written in `type="{ … }"`, and show one row per member: its name, its type (or
 * the `@remarks` / `@fumadocsType` name given), its TSDoc description and `@default`; members
 * marked `@internal` are hidden. Members the file takes from elsewhere (an `extends` of an
 * imported type) are not read. `<TypeTable type={{ name: { type, description } }} />` is the
 * table written out in the page; both read as the same Markdown table.
 */
import { parse } from '@babel/parser';
import { codeSpan } from '../markdown.ts';

export interface TypeRow {
  name: string;
  type: string;
  optional?: boolean;
  description?: string;
  default?: string;
}

type Node = { type: string; start?: number | null; end?: number | null; [key: string]: unknown };

/** `<AutoTypeTable …/>` or `<auto-type-table …>` with string attributes (one line or several). */
export const AUTO_TYPE_TABLE =
  /<(AutoTypeTable|auto-type-table)((?:\s+[\w-]+=(?:"[^"]*"|'[^']*'|\{`[^`]*`\}))*)\s*(?:\/>|>\s*<\/\1>)/g;

/** A TypeScript file's interfaces and type aliases by name, parsed once. */
export type Declarations = Map<string, Node>;

/**
 * The declarations of the files one build reads, each file parsed once however many tables
 * name it. An entry holds the text it was parsed from: a file changed since (the watcher's
 * re-index) is parsed again, and the old text is let go.
 */
export class TypeFiles {
  private readonly files = new Map<string, { source: string; declarations: Declarations }>();

  declarationsOf(file: string, source: string): Declarations {
    const known = this.files.get(file);
    if (known?.source === source) return known.declarations;
    const declarations = declared(source);
    this.files.set(file, { source, declarations });
    return declarations;
  }
}

/**
 * The rows of the table an auto type table shows, from `source` (the file `path` names), whose
 * `declarations` a TypeFiles may give.
 */
export function typeRows(
  source: string | undefined,
  name?: string,
  inline?: string,
  declarations: Declarations = source === undefined ? new Map() : declared(source),
): TypeRow[] {
  if (inline !== undefined) {
    const program = parseTs(`type __Table = ${inline};`);
    const alias = (program?.body as Node[] | undefined)?.[0];
    const literal = alias?.typeAnnotation as Node | undefined;
    return literal ? membersOf(literal, `type __Table = ${inline};`, declarations, source) : [];
  }
  const declaration = name ? declarations.get(name) : undefined;
  if (!declaration || source === undefined) return [];
  return membersOf(declaration, source, declarations, source);
}

/** The rows as the Markdown table Fumadocs' own Markdown output gives them. */
export function typeTableMarkdown(rows: TypeRow[]): string {
  if (rows.length === 0) return '';
  const cell = (value: string) => value.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
  const code = (value: string) => codeSpan(cell(value));
  const lines = ['| Prop | Type | Description |', '| --- | --- | --- |'];
  for (const row of rows) {
    const text = row.description && cell(row.description);
    const sentence = text && row.default && !/[.!?:]$/.test(text) ? `${text}.` : text;
    const description = [sentence, row.default && `Default: ${code(row.default)}`]
      .filter(Boolean)
      .join(' ');
    lines.push(
      `| ${code(`${row.name}${row.optional ? '?' : ''}`)} | ${code(row.type)} | ${description} |`,
    );
  }
  return lines.join('\n');
}

function parseTs(source: string): Node | undefined {
  try {
    return parse(source, {
      sourceType: 'module',
      plugins: ['typescript', 'jsx'],
      errorRecovery: true,
    }).program as unknown as Node;
  } catch {
    return undefined;
  }
}

/** Interfaces and type aliases of the file by name, exported or not. */
function declared(source: string): Declarations {
  const found = new Map<string, Node>();
  const program = parseTs(source);
  for (const statement of (program?.body as Node[] | undefined) ?? []) {
    const declaration = (
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    ) as Node | undefined;
    if (
      declaration?.type !== 'TSInterfaceDeclaration' &&
      declaration?.type !== 'TSTypeAliasDeclaration'
    )
      continue;
    const id = declaration.id as Node & { name: string };
    // The statement holds the TSDoc of an exported declaration; members hold their own.
    found.set(id.name, declaration);
  }
  return found;
}

function membersOf(
  node: Node,
  source: string,
  declarations: Map<string, Node>,
  file?: string,
  depth = 0,
): TypeRow[] {
  if (depth > 8) return [];
  const fromFile = (name: string) => {
    const target = declarations.get(name);
    return target && file !== undefined
      ? membersOf(target, file, declarations, file, depth + 1)
      : [];
  };
  switch (node.type) {
    case 'TSInterfaceDeclaration': {
      const inherited = ((node.extends as Node[] | null) ?? []).flatMap((heritage) => {
        const expression = heritage.expression as Node & { name?: string };
        return expression.name ? fromFile(expression.name) : [];
      });
      return merge(inherited, rowsOf(((node.body as Node).body as Node[]) ?? [], source));
    }
    case 'TSTypeAliasDeclaration':
      return membersOf(node.typeAnnotation as Node, source, declarations, file, depth + 1);
    case 'TSTypeLiteral':
      return rowsOf((node.members as Node[]) ?? [], source);
    case 'TSIntersectionType':
      return ((node.types as Node[]) ?? []).reduce<TypeRow[]>(
        (rows, part) => merge(rows, membersOf(part, source, declarations, file, depth + 1)),
        [],
      );
    case 'TSParenthesizedType':
      return membersOf(node.typeAnnotation as Node, source, declarations, file, depth + 1);
    case 'TSTypeReference': {
      const name = (node.typeName as Node & { name?: string }).name;
      return name ? fromFile(name) : [];
    }
    default:
      return [];
  }
}

/** Later members replace earlier ones of the same name, as in an intersection or `extends`. */
function merge(base: TypeRow[], over: TypeRow[]): TypeRow[] {
  const names = new Set(over.map((row) => row.name));
  return [...base.filter((row) => !names.has(row.name)), ...over];
}

function rowsOf(members: Node[], source: string): TypeRow[] {
  const slice = (part: unknown) => {
    const node = part as Node | undefined;
    return node && typeof node.start === 'number' && typeof node.end === 'number'
      ? source.slice(node.start, node.end)
      : '';
  };
  const rows: TypeRow[] = [];
  for (const member of members) {
    const key = member.key as (Node & { name?: string; value?: unknown }) | undefined;
    const name = key?.name ?? (typeof key?.value === 'string' ? key.value : undefined);
    if (!name || member.computed) continue;
    const doc = readDoc(member.leadingComments as Node[] | undefined);
    if (doc.internal) continue;
    let type: string;
    if (member.type === 'TSPropertySignature') {
      type = slice((member.typeAnnotation as Node | undefined)?.typeAnnotation) || 'any';
    } else if (member.type === 'TSMethodSignature') {
      const params = ((member.params ?? member.parameters) as Node[] | undefined) ?? [];
      const returns = (member.returnType ?? member.typeAnnotation) as Node | undefined;
      type = `(${params.map(slice).join(', ')}) => ${slice(returns?.typeAnnotation) || 'void'}`;
    } else {
      continue;
    }
    rows.push({
      name,
      type: doc.type ?? type,
      ...(member.optional === true && { optional: true }),
      ...(doc.description && { description: doc.description }),
      ...(doc.default && { default: doc.default }),
    });
  }
  return rows;
}

/** A member's TSDoc: its text, `@default`, the type name `@remarks` or `@fumadocsType` gives. */
function readDoc(comments: Node[] | undefined): {
  description?: string;
  default?: string;
  type?: string;
  internal?: boolean;
} {
  const block = comments?.filter((comment) => comment.type === 'CommentBlock').at(-1);
  const value = typeof block?.value === 'string' ? block.value : '';
  if (!value.startsWith('*')) return {};
  const lines = value
    .slice(1)
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd());
  const text: string[] = [];
  const doc: ReturnType<typeof readDoc> = {};
  let tag: string | undefined;
  for (const line of lines) {
    const tagged = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tagged) {
      tag = tagged[1];
      const rest = tagged[2] ?? '';
      if (tag === 'internal') doc.internal = true;
      if ((tag === 'default' || tag === 'defaultValue') && rest) doc.default = unquoteCode(rest);
      if ((tag === 'remarks' || tag === 'fumadocsType') && rest) {
        doc.type = /^`([^`]+)`/.exec(rest)?.[1] ?? doc.type;
      }
      continue;
    }
    if (tag === undefined) text.push(line);
  }
  const description = text.join(' ').replace(/\s+/g, ' ').trim();
  if (description) doc.description = description;
  return doc;
}

function unquoteCode(value: string): string {
  return /^`([^`]*)`$/.exec(value.trim())?.[1] ?? value.trim();
}
