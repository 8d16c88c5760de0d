/**
 * Reads a JS/TS configuration module (docusaurus.config.ts, astro.config.mjs,
 * .vitepress/config.ts, sidebars.js) as data, without running it: it is code from the
 * repository, and running it would also need its dependencies. Babel's parser (pure JS, JSX
 * and TypeScript) gives the syntax tree; the literal parts of what the module exports (object
 * and array literals, strings, numbers, top-level constants they refer to) become plain values.
 * Anything computed at run time is left out, so callers fall back to the framework's defaults.
 * Bindings imported from the site's own files (`import locales from './locales.json'`) are read
 * through `importer`, when given, as the importing module would see them.
 */
import { parse } from '@babel/parser';

type Node = { type: string; [key: string]: unknown };

/** A call the module makes with literal arguments, e.g. `starlight({...})`. */
export interface StaticCall {
  call: string;
  args: unknown[];
}

/**
 * What a module's `import` binds: the named export `name` (`default` for a default import) of
 * the module `specifier`; undefined when it cannot be read.
 */
export type Importer = (specifier: string, name: string) => unknown;

const UNKNOWN = Symbol('unknown');
const MAX_DEPTH = 64;
/**
 * The most values (strings, numbers, array items, properties, each counted where it appears) a
 * value read may hold, and the longest string. A few lines that double a list at each step
 * (`const b = [...a, ...a]`, or `[a, a]` walked by the caller) would otherwise stand for
 * billions; a real configuration holds thousands.
 */
const MAX_VALUES = 1_000_000;
const MAX_STRING = 1_000_000;
/** How many values each array, object or call read so far holds (see MAX_VALUES). */
const SIZES = new WeakMap<object, number>();

/** How many values `value` holds, itself included. */
function sizeOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 1;
  const known = SIZES.get(value);
  if (known !== undefined) return known;
  // Data from a JSON or YAML file: bounded by the file's size.
  let size = 1;
  for (const child of Object.values(value)) {
    size += sizeOf(child);
    if (size > MAX_VALUES) break;
  }
  SIZES.set(value, size);
  return size;
}

/** `value`, unless it holds more than MAX_VALUES values. */
function bounded<T extends object>(value: T, size: number): T | typeof UNKNOWN {
  if (size > MAX_VALUES) return UNKNOWN;
  SIZES.set(value, size);
  return value;
}

export function isStaticCall(value: unknown): value is StaticCall {
  return typeof value === 'object' && value !== null && 'call' in value && 'args' in value;
}

/**
 * What the module exports by default (`export default`, `module.exports =`), with calls to
 * unknown wrappers (`defineConfig({...})`) unwrapped to their first argument; undefined when
 * nothing literal is exported. `named` reads a named export instead.
 */
export function readConfigModule(source: string, named?: string, importer?: Importer): unknown {
  const program = parseProgram(source);
  if (!program) return undefined;
  const reader = new ModuleReader(program.body, importer);
  const value = reader.exported(named);
  return value === UNKNOWN ? undefined : unwrap(value);
}

/** A call found anywhere in a module, with the name it is bound to (`const docs = defineDocs()`). */
export interface FoundCall extends StaticCall {
  binding?: string;
}

/**
 * Every call to one of `names` in the module, wherever it is (a named export, a nested
 * argument, a function body), with its literal arguments: `defineDocs({ dir })` in Fumadocs'
 * source.config.ts, `loader({ baseUrl })` in lib/source.ts, `nextra({...})` in next.config.
 */
export function findStaticCalls(
  source: string,
  names: readonly string[],
  importer?: Importer,
): FoundCall[] {
  const program = parseProgram(source);
  if (!program) return [];
  const reader = new ModuleReader(program.body, importer);
  const found: FoundCall[] = [];
  const visit = (node: unknown, binding: string | undefined, depth: number): void => {
    if (depth > MAX_DEPTH * 4 || !node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const child of node) visit(child, undefined, depth + 1);
      return;
    }
    const current = node as Node;
    if (typeof current.type !== 'string') return;
    if (current.type === 'CallExpression') {
      const name = calleeName(current.callee as Node);
      if (name && names.includes(name)) {
        const value = reader.read(current);
        if (isStaticCall(value)) found.push(binding ? { ...value, binding } : value);
      }
    }
    const bound =
      current.type === 'VariableDeclarator' && (current.id as Node).type === 'Identifier'
        ? ((current.id as Node).name as string)
        : undefined;
    for (const [key, value] of Object.entries(current)) {
      if (key === 'loc' || key === 'leadingComments' || key === 'trailingComments') continue;
      visit(value, key === 'init' ? bound : undefined, depth + 1);
    }
  };
  visit(program.body, undefined, 0);
  return found;
}

function parseProgram(source: string): { body: Node[] } | undefined {
  try {
    return parse(source, {
      sourceType: 'unambiguous',
      plugins: ['typescript', 'jsx'],
      errorRecovery: true,
    }).program as unknown as { body: Node[] };
  } catch {
    return undefined;
  }
}

/** `defineConfig(x)`, `withMermaid(defineConfig(x))` -> x; `loadConfig()` -> unknown. */
function unwrap(value: unknown): unknown {
  let current = value;
  while (isStaticCall(current)) current = current.args[0];
  return current;
}

class ModuleReader {
  private readonly bindings = new Map<string, Node>();
  private readonly imports = new Map<string, { specifier: string; name: string }>();
  /**
   * Each top-level name's value, read once: a module referring to a constant many times, itself
   * made of others (`const b = [a, a]; const c = [b, b]`), would otherwise be read again at each
   * reference, exponentially.
   */
  private readonly values = new Map<string, unknown>();
  private readonly resolving = new Set<string>();
  private depth = 0;
  private readonly body: Node[];
  private readonly importer: Importer | undefined;

  constructor(body: Node[], importer?: Importer) {
    this.body = body;
    this.importer = importer;
    for (const statement of body) {
      if (statement.type === 'ImportDeclaration' && statement.importKind !== 'type') {
        const specifier = (statement.source as Node).value as string;
        for (const imported of statement.specifiers as Node[]) {
          const local = (imported.local as Node).name as string;
          if (imported.type === 'ImportDefaultSpecifier') {
            this.imports.set(local, { specifier, name: 'default' });
          } else if (imported.type === 'ImportSpecifier' && imported.importKind !== 'type') {
            const name = propertyName(imported.imported as Node);
            if (name) this.imports.set(local, { specifier, name });
          }
        }
        continue;
      }
      const declaration =
        statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node) : statement;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as Node[]) {
          const id = declarator.id as Node;
          if (id.type === 'Identifier' && declarator.init) {
            this.bindings.set(id.name as string, declarator.init as Node);
          }
        }
      } else if (declaration?.type === 'FunctionDeclaration' && declaration.id) {
        this.bindings.set((declaration.id as Node).name as string, declaration);
      }
    }
  }

  exported(named?: string): unknown {
    if (named) return this.identifier(named);
    for (const statement of this.body) {
      if (statement.type === 'ExportDefaultDeclaration') {
        return this.value(statement.declaration as Node);
      }
      const assigned = moduleExportsAssignment(statement);
      if (assigned) return this.value(assigned);
    }
    return UNKNOWN;
  }

  /** The value of one expression of the module. */
  read(node: Node): unknown {
    return this.value(node);
  }

  private identifier(name: string): unknown {
    if (this.values.has(name)) return this.values.get(name);
    const node = this.bindings.get(name);
    if (!node) {
      const value = this.imported(name);
      this.values.set(name, value);
      return value;
    }
    if (this.resolving.has(name)) return UNKNOWN;
    this.resolving.add(name);
    try {
      const value = this.value(node);
      this.values.set(name, value);
      return value;
    } finally {
      this.resolving.delete(name);
    }
  }

  private imported(name: string): unknown {
    const binding = this.imports.get(name);
    if (!binding || !this.importer) return UNKNOWN;
    return this.importer(binding.specifier, binding.name) ?? UNKNOWN;
  }

  private value(node: Node | null | undefined): unknown {
    if (!node || this.depth > MAX_DEPTH) return UNKNOWN;
    this.depth++;
    try {
      return this.evaluate(node);
    } finally {
      this.depth--;
    }
  }

  private evaluate(node: Node): unknown {
    switch (node.type) {
      case 'StringLiteral':
      case 'NumericLiteral':
      case 'BooleanLiteral':
        return node.value;
      case 'NullLiteral':
        return null;
      case 'TemplateLiteral':
        return this.template(node);
      case 'Identifier':
        return node.name === 'undefined' ? undefined : this.identifier(node.name as string);
      case 'ObjectExpression':
        return this.object(node);
      case 'ArrayExpression':
        return this.array(node);
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ParenthesizedExpression':
        return this.value(node.expression as Node);
      case 'UnaryExpression':
        return this.unary(node);
      case 'LogicalExpression':
        return this.logical(node);
      case 'MemberExpression':
        return this.member(node);
      case 'CallExpression':
        return this.call(node);
      case 'AwaitExpression':
        return this.value(node.argument as Node);
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        return this.returned(node);
      default:
        return UNKNOWN;
    }
  }

  private template(node: Node): unknown {
    const quasis = node.quasis as Node[];
    const expressions = node.expressions as Node[];
    let text = '';
    for (const [index, quasi] of quasis.entries()) {
      text += (quasi.value as { cooked: string }).cooked;
      if (index < expressions.length) {
        const part = this.value(expressions[index]);
        if (typeof part !== 'string' && typeof part !== 'number') return UNKNOWN;
        text += String(part);
      }
      if (text.length > MAX_STRING) return UNKNOWN;
    }
    return text;
  }

  private object(node: Node): unknown {
    const result: Record<string, unknown> = {};
    for (const property of node.properties as Node[]) {
      if (property.type === 'SpreadElement') {
        const spread = this.value(property.argument as Node);
        if (spread && typeof spread === 'object' && !Array.isArray(spread)) {
          Object.assign(result, spread);
        }
        continue;
      }
      if (property.type !== 'ObjectProperty' || property.computed) continue;
      const key = propertyName(property.key as Node);
      if (key === undefined) continue;
      const value = this.value(property.value as Node);
      if (value !== UNKNOWN) result[key] = value;
    }
    return bounded(result, sizeOf(Object.values(result)));
  }

  private array(node: Node): unknown {
    const result: unknown[] = [];
    let size = 1;
    const add = (value: unknown) => {
      result.push(value);
      size += sizeOf(value);
      return size <= MAX_VALUES;
    };
    for (const element of node.elements as (Node | null)[]) {
      if (!element) continue;
      if (element.type === 'SpreadElement') {
        const spread = this.value(element.argument as Node);
        // One item at a time: `push(...spread)` overflows the stack on a long list.
        if (Array.isArray(spread)) for (const item of spread) if (!add(item)) return UNKNOWN;
        continue;
      }
      const value = this.value(element);
      if (value !== UNKNOWN && !add(value)) return UNKNOWN;
    }
    return bounded(result, size);
  }

  private unary(node: Node): unknown {
    const argument = this.value(node.argument as Node);
    if (argument === UNKNOWN) return UNKNOWN;
    if (node.operator === '!') return !argument;
    if (node.operator === '-' && typeof argument === 'number') return -argument;
    return UNKNOWN;
  }

  /** `process.env.X || 'default'`: the literal side is what a static reading can know. */
  private logical(node: Node): unknown {
    const left = this.value(node.left as Node);
    if (left === UNKNOWN) return this.value(node.right as Node);
    if (node.operator === '||') return left || this.value(node.right as Node);
    if (node.operator === '??') return left ?? this.value(node.right as Node);
    return UNKNOWN;
  }

  private member(node: Node): unknown {
    const object = this.value(node.object as Node);
    const property = node.computed
      ? this.value(node.property as Node)
      : propertyName(node.property as Node);
    if (!object || typeof object !== 'object' || typeof property !== 'string') return UNKNOWN;
    return Object.hasOwn(object, property)
      ? (object as Record<string, unknown>)[property]
      : UNKNOWN;
  }

  /** `require.resolve('./sidebars.js')` is the path itself; other calls keep their arguments. */
  private call(node: Node): unknown {
    const callee = node.callee as Node;
    const name = calleeName(callee);
    const args = (node.arguments as Node[]).map((argument) => this.value(argument));
    if (name === 'require.resolve' && typeof args[0] === 'string') return args[0];
    // `languages: Object.keys(translations)`: the keys of a literal object.
    if (name === 'Object.keys') {
      const [object] = args;
      const literal = object && typeof object === 'object' && !Array.isArray(object);
      return literal && !isStaticCall(object) ? Object.keys(object) : UNKNOWN;
    }
    if (name === undefined) return UNKNOWN;
    const known = args.filter((arg) => arg !== UNKNOWN);
    return bounded({ call: name, args: known } satisfies StaticCall, sizeOf(known));
  }

  /** A config written as a function (`async function createConfig() { return {...} }`). */
  private returned(node: Node): unknown {
    const body = node.body as Node;
    if (body.type !== 'BlockStatement') return this.value(body);
    for (const statement of body.body as Node[]) {
      if (statement.type === 'ReturnStatement') return this.value(statement.argument as Node);
    }
    return UNKNOWN;
  }
}

function moduleExportsAssignment(statement: Node): Node | undefined {
  if (statement.type !== 'ExpressionStatement') return undefined;
  const expression = statement.expression as Node;
  if (expression.type !== 'AssignmentExpression') return undefined;
  const target = expression.left as Node;
  return calleeName(target) === 'module.exports' ? (expression.right as Node) : undefined;
}

function propertyName(key: Node): string | undefined {
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'StringLiteral' || key.type === 'NumericLiteral') return String(key.value);
  return undefined;
}

function calleeName(node: Node): string | undefined {
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression' && !node.computed) {
    const object = calleeName(node.object as Node);
    const property = propertyName(node.property as Node);
    return object && property ? `${object}.${property}` : undefined;
  }
  return undefined;
}
