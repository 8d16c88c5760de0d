/**
 * Partials inlined the way the frameworks render them, so a page's text includes what its
 * readers see: MDX imports of local Markdown rendered as a component (Mintlify snippets,
 * Docusaurus `_partial.mdx`, Starlight and Nextra pages alike), VitePress's
 * `<!--@include: ./part.md-->` and Fumadocs' `<include>./part.mdx</include>`. A partial whose
 * file is missing, outside the docs folder or part of a cycle is left as it was.
 */
import { FenceTracker, fencedCode, stripMdxStatements } from '../markdown.ts';
import { isDocFile } from '../paths.ts';
import type { DocsFolder } from './docs-folder.ts';
import { splitFrontmatterBody } from './frontmatter.ts';
import { AUTO_TYPE_TABLE, TypeFiles, typeRows, typeTableMarkdown } from './type-tables.ts';

export interface PartialOptions {
  /** Import prefixes naming a folder (`@site/` -> '', VitePress `@/` -> srcDir). */
  aliases?: Record<string, string>;
  /** Inline VitePress `<!--@include: path-->` directives. */
  vitepressIncludes?: boolean;
  /**
   * Inline Fumadocs `<include>path</include>` elements: Markdown as text, other files as a code
   * block. A `cwd` attribute makes the path relative to the folder's root; `#section`
   * includes are left as written.
   */
  fumadocsIncludes?: boolean;
  /**
   * Inline MkDocs `{!path!}` includes (markdown-include, mdx_include) everywhere in the page,
   * code blocks too, as these preprocessors do: the folder a page's paths start from.
   */
  mkdocsIncludes?: (file: string) => string;
  /**
   * Also `{* path ln[3:8] hl[5] *}` of markdown-include-variants (FastAPI, SQLModel, Typer): the
   * file, or the lines asked for, as a code block in the file's language.
   */
  mkdocsIncludeVariants?: boolean;
  /**
   * Fumadocs' generated props tables (`<AutoTypeTable path name />` from this folder, relative
   * to the docs folder; `<auto-type-table>` from the page) as the Markdown table they show.
   */
  fumadocsTypeTables?: string;
}

export interface InlinedBody {
  body: string;
  /** Files inlined into the page, directly or through another partial. */
  includes: string[];
}

const MAX_DEPTH = 8;
/**
 * The most text partials may add to one page. A partial used many times, each use holding
 * another used many times, multiplies its text by each level: ten files of ten uses each would
 * otherwise make a page of 10^8 copies. Past it, directives stay as written.
 */
const MAX_INLINED_CHARS = 4 * 1024 * 1024;
const IMPORT = /^import\s+([A-Z][\w$]*)\s+from\s+['"]([^'"]+\.mdx?)['"];?\s*$/gm;
/** Cheap first look: most pages import no Markdown at all. */
const MAYBE_IMPORT = /^import\s+[A-Z][\w$]*\s+from\s+['"][^'"]+\.mdx?['"]/m;
// No space between the path and what may follow it: trimmed after (overlapping runs of spaces
// would take time quadratic in a line's length).
const FUMADOCS_INCLUDE = /<include(\s[^>]*)?>([^<#]*)<\/include>/g;
/**
 * `{!path!}`, `{! path !}`, mdx_include's `{!> path !}`, `{! path | utf-8 !}` and
 * `{! path [ln:2-5] !}`, markdown-include's `{!path!lines=2 4-6}`; `\{!` is escaped.
 */
const MKDOCS_INCLUDE =
  /(?<!\\)\{![<>]?([^!|[\]\n]+)(?:\|\s*[\w-]+\s*)?(?:\[ln:([\d.,\s-]+)\]\s*)?!(?:lines=([\d -]+))?\}/g;
/** `{* ../src/app.py *}`, `{* ../src/app.py ln[1:4,9] hl[3] *}`, alone on their line. */
const INCLUDE_VARIANT = /^([ \t]*)\{\*\s*(\S+?)((?:\s+\w+\[[^\]]*\])*)\s*\*\}[ \t]*$/gm;
/** Code block languages of file extensions whose name is not the language's. */
const CODE_LANGUAGES: Record<string, string> = {
  py: 'python',
  js: 'javascript',
  ts: 'typescript',
  md: 'markdown',
  yml: 'yaml',
};
const INCLUDE = /<!--\s*@include:\s*([^\s{#]+?)(?:#[\w-]+)?(?:\{(\d*),(\d*)\})?\s*-->/g;

export function inlinePartials(
  folder: DocsFolder,
  file: string,
  body: string,
  options: PartialOptions = {},
): InlinedBody {
  const includes = new Set<string>();
  let room = MAX_INLINED_CHARS;
  /** Takes `text`'s length from what partials may still add; false once that is spent. */
  const spend = (text: string): boolean => {
    room -= text.length;
    return room >= 0;
  };
  const expand = (from: string, text: string, stack: string[]): string => {
    if (stack.length > MAX_DEPTH || room <= 0) return text;
    const load = (specifier: string): [string, string] | undefined => {
      const target = resolve(folder, from, specifier, options.aliases);
      if (!target || stack.includes(target)) return undefined;
      const source = folder.readIfExists(target);
      if (source === undefined || !spend(source)) return undefined;
      includes.add(target);
      // Code (a Fumadocs include of `./example.ts`) is shown as it is.
      if (!isDocFile(target)) return [target, source];
      const inlined = expand(target, splitFrontmatterBody(source), [...stack, target]);
      // The partial's own imports and exports are its build instructions, not its text.
      return [target, stripMdxStatements(inlined)];
    };
    let result = inlineImports(text, load, spend);
    if (options.vitepressIncludes) result = inlineIncludes(result, load);
    if (options.fumadocsIncludes) result = inlineIncludeElements(result, load);
    if (options.fumadocsTypeTables !== undefined) {
      result = inlineTypeTables(result, load, options.fumadocsTypeTables, typeFilesOf(folder));
    }
    if (options.mkdocsIncludes) {
      const base = options.mkdocsIncludes(file);
      result = inlineMkdocsIncludes(result, load, base);
      if (options.mkdocsIncludeVariants) result = inlineIncludeVariants(result, load, base);
    }
    return result;
  };
  const inlined = expand(file, body, [file]);
  return { body: inlined, includes: [...includes] };
}

type Loader = (specifier: string) => [file: string, body: string] | undefined;

/** `import Note from './_note.mdx'` + `<Note word="x" />` -> the partial's text. */
function inlineImports(text: string, load: Loader, spend: (text: string) => boolean): string {
  if (!MAYBE_IMPORT.test(text)) return text;
  const components = new Map<string, string>();
  for (const match of outsideCode(text).matchAll(IMPORT)) {
    const loaded = load(match[2]!);
    if (loaded) components.set(match[1]!, loaded[1]);
  }
  if (components.size === 0) return text;
  const names = [...components.keys()].join('|');
  // `<Note word="x" />` or `<Note></Note>`. Attributes hold no `<` (string props only), so a
  // tag left open is read to the next tag at most: nested runs of spaces made it cubic.
  const usage = new RegExp(`<(${names})(?![\\w.:-])([^<>]*)>(\\s*</\\1>)?`, 'g');
  return mapProse(text, (prose) =>
    prose.replace(usage, (tag, name: string, attributes: string, closing?: string) => {
      if (closing === undefined && !attributes.trimEnd().endsWith('/')) return tag;
      const partial = components.get(name)!;
      if (!spend(partial)) return tag;
      return withProps(partial, attributes).trim();
    }),
  );
}

/** `<!--@include: ./parts/a.md{3,10}-->` -> those lines of the file. */
function inlineIncludes(text: string, load: Loader): string {
  if (!text.includes('@include')) return text;
  return mapProse(text, (prose) =>
    prose.replace(INCLUDE, (directive, specifier: string, start?: string, end?: string) => {
      const loaded = load(specifier);
      if (!loaded) return directive;
      if (start === undefined && end === undefined) return loaded[1].trim();
      const lines = loaded[1].split('\n');
      const from = start ? Number(start) - 1 : 0;
      return lines
        .slice(from, end ? Number(end) : undefined)
        .join('\n')
        .trim();
    }),
  );
}

/**
 * The TypeScript files the tables of a folder's pages read: one build reads its pages from one
 * DocsFolder (one a thread), so a file named by many tables is parsed once a build.
 */
const TYPE_FILES = new WeakMap<DocsFolder, TypeFiles>();

function typeFilesOf(folder: DocsFolder): TypeFiles {
  const known = TYPE_FILES.get(folder);
  if (known) return known;
  const files = new TypeFiles();
  TYPE_FILES.set(folder, files);
  return files;
}

/**
 * `<AutoTypeTable path="./lib/button.ts" name="ButtonProps" />` -> the table of its members;
 * nothing when the type cannot be read (the tag itself is never the page's text).
 */
function inlineTypeTables(
  text: string,
  load: Loader,
  siteRoot: string,
  typeFiles: TypeFiles,
): string {
  if (!/<(?:AutoTypeTable|auto-type-table)\b/.test(text)) return text;
  return mapProse(text, (prose) =>
    prose.replace(AUTO_TYPE_TABLE, (_element, tag: string, attributes: string) => {
      const read = (name: string) => {
        const match = new RegExp(`\\b${name}=(?:"([^"]*)"|'([^']*)'|\\{\`([^\`]*)\`\\})`).exec(
          attributes,
        );
        return match?.slice(1).find((value) => value !== undefined);
      };
      const path = read('path');
      // The component reads `path` from the site's folder, the remark plugin from the page.
      const fromSite = tag === 'AutoTypeTable';
      const bare = path?.replace(/^\.?\//, '');
      const loaded =
        path === undefined
          ? undefined
          : load(
              fromSite
                ? `/${siteRoot ? `${siteRoot}/` : ''}${bare}`
                : /^\.\.?\//.test(path)
                  ? path
                  : `./${path}`,
            );
      const declarations = loaded && typeFiles.declarationsOf(loaded[0], loaded[1]);
      return typeTableMarkdown(typeRows(loaded?.[1], read('name'), read('type'), declarations));
    }),
  );
}

/** `{!../src/app.py!}` -> the file's text (the lines asked for), read from `base`. */
function inlineMkdocsIncludes(text: string, load: Loader, base: string): string {
  if (!text.includes('{!')) return text;
  return text.replace(
    MKDOCS_INCLUDE,
    (directive, written: string, ranges?: string, lines?: string) => {
      const path = written.trim();
      const loaded = path ? load(`/${base ? `${base}/` : ''}${path}`) : undefined;
      return loaded ? pickLines(loaded[1], ranges ?? lines, '-') : directive;
    },
  );
}

/** `{* ../src/app.py ln[3:5] *}` -> a code block of those lines of the file. */
function inlineIncludeVariants(text: string, load: Loader, base: string): string {
  if (!text.includes('{*')) return text;
  return text.replace(
    INCLUDE_VARIANT,
    (directive, indent: string, path: string, options: string) => {
      const loaded = load(`/${base ? `${base}/` : ''}${path}`);
      if (!loaded) return directive;
      const ranges = /\bln\[([^\]]*)\]/.exec(options)?.[1];
      const extension = path.split('.').at(-1)?.toLowerCase() ?? '';
      const language = CODE_LANGUAGES[extension] ?? extension;
      const block = fencedCode(pickLines(loaded[1], ranges, ':'), language);
      return indent ? block.replace(/^/gm, indent) : block;
    },
  );
}

/** The lines `ranges` names (`1 3-5`, `2,4:6`: one-based, inclusive); all without ranges. */
function pickLines(source: string, ranges: string | undefined, dash: string): string {
  const body = source.replace(/\n$/, '');
  if (!ranges) return body;
  const all = body.split('\n');
  return ranges
    .split(/[,\s]+/)
    .filter(Boolean)
    .flatMap((range) => {
      const [from, to] = range.split(dash).map((bound) => Number.parseInt(bound, 10));
      if (from === undefined || Number.isNaN(from)) return [];
      const end = to === undefined ? from : Number.isNaN(to) ? all.length : to;
      return all.slice(from - 1, end);
    })
    .join('\n');
}

/** `<include>./part.mdx</include>` -> the partial's text; `<include>./a.ts</include>` -> its code. */
function inlineIncludeElements(text: string, load: Loader): string {
  if (!text.includes('<include')) return text;
  return mapProse(text, (prose) =>
    prose.replace(FUMADOCS_INCLUDE, (element, attributes = '', written: string) => {
      const specifier = written.trim();
      if (!specifier) return element;
      const fromRoot = /\bcwd\b/.test(attributes);
      const bare = specifier.replace(/^\.?\//, '');
      const loaded = load(
        fromRoot ? `/${bare}` : /^\.\.?\//.test(specifier) ? specifier : `./${bare}`,
      );
      if (!loaded) return element;
      if (isDocFile(loaded[0])) return loaded[1].trim();
      const lang = /\blang=["']?([\w+-]+)/.exec(attributes)?.[1] ?? loaded[0].split('.').at(-1);
      return fencedCode(loaded[1].trimEnd(), lang);
    }),
  );
}

/** Snippet variables: `{word}` (Mintlify) and `{props.word}` (Docusaurus) take string props. */
function withProps(body: string, attributes: string): string {
  let result = body;
  for (const [, name, double, single] of attributes.matchAll(/([\w-]+)=(?:"([^"]*)"|'([^']*)')/g)) {
    const value = double ?? single ?? '';
    result = result.replaceAll(`{${name}}`, value).replaceAll(`{props.${name}}`, value);
  }
  return result;
}

function resolve(
  folder: DocsFolder,
  from: string,
  specifier: string,
  aliases: Record<string, string> = {},
): string | undefined {
  for (const [prefix, dir] of Object.entries(aliases)) {
    if (specifier.startsWith(prefix)) {
      return folder.resolveFrom('', `${dir}/${specifier.slice(prefix.length)}`);
    }
  }
  if (!/^\.{0,2}\//.test(specifier)) return undefined;
  return folder.resolveFrom(from, specifier);
}

/** The text with fenced code blanked out, so matches never come from code examples. */
function outsideCode(text: string): string {
  return mapProse(text, (prose) => prose, '');
}

/** Applies `change` to each run of lines outside fenced code; code lines kept (or replaced). */
function mapProse(text: string, change: (prose: string) => string, codeAs?: string): string {
  const fences = new FenceTracker();
  const out: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) out.push(change(prose.join('\n')));
    prose = [];
  };
  for (const line of text.split('\n')) {
    if (fences.isCode(line)) {
      flush();
      out.push(codeAs ?? line);
    } else {
      prose.push(line);
    }
  }
  flush();
  return out.join('\n');
}
