/**
 * Framework configuration read as data: JSON and YAML parsed, JS/TS modules read statically
 * (static-config.ts). A missing or unreadable file reads as undefined: the framework's
 * defaults then apply, as they would for a site without that file.
 */

import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type DocsFolder, normalizeRelative } from './docs-folder.ts';
import { type Importer, readConfigModule } from './static-config.ts';

/** Extensions a JS/TS config module may have, in the order frameworks look for them. */
export const MODULE_EXTENSIONS = ['ts', 'mts', 'cts', 'js', 'mjs', 'cjs'];

export type Data = Record<string, unknown>;

/** The first existing `<base>.<ext>` for the given extensions. */
export function findConfig(
  folder: DocsFolder,
  base: string,
  extensions = MODULE_EXTENSIONS,
): string | undefined {
  return folder.firstFile(extensions.map((extension) => `${base}.${extension}`));
}

/** A configuration file's content as data, whatever its format. */
export function readConfig(folder: DocsFolder, file: string | undefined): unknown {
  return readConfigFile(folder, file, 'default', [], {}, new Map());
}

/**
 * Import path aliases, `compilerOptions.paths` of the folder's `tsconfig.json` (`@/*` ->
 * `./*`): prefix -> folder, relative to the docs folder.
 */
export function tsconfigAliases(folder: DocsFolder): Record<string, string> {
  const source = folder.readIfExists('tsconfig.json');
  // tsconfig is JSON with comments (`//`, `/* */`, after values too) and trailing commas: as an
  // object literal, the static reader takes all of them.
  const config = source
    ? readConfigModule(`export default ${source.replace(/^\uFEFF/, '')}`)
    : undefined;
  const options = isData(config) && isData(config.compilerOptions) ? config.compilerOptions : {};
  const base = typeof options.baseUrl === 'string' ? options.baseUrl : '.';
  const aliases: Record<string, string> = {};
  for (const [pattern, targets] of Object.entries(isData(options.paths) ? options.paths : {})) {
    const target = Array.isArray(targets) ? targets[0] : undefined;
    if (!pattern.endsWith('/*') || typeof target !== 'string' || !target.endsWith('/*')) continue;
    const dir = normalizeRelative(posix.join(base, target.slice(0, -2)));
    if (dir !== undefined) aliases[pattern.slice(0, -1)] = dir;
  }
  return aliases;
}

/**
 * How a module of the site (`file`) reads what it imports from the site's own files: relative
 * specifiers, or those starting with one of `aliases` (prefix -> folder).
 */
export function configImporter(
  folder: DocsFolder,
  file: string,
  aliases: Record<string, string> = {},
): Importer {
  return importerOf(folder, file, [file], aliases, new Map());
}

/** Modules imported from modules imported from the configuration, at most. */
const MAX_IMPORT_DEPTH = 4;

/**
 * What one reading of a configuration has read of each module (by depth, module and export):
 * modules that import the same one (`a` imports `b` and `c`, both import `d`) read it once,
 * not once per path to it, which multiplies at each level.
 */
type ImportCache = Map<string, unknown>;

/**
 * The export `name` of a configuration file; a module's imports of the site's own files (a
 * relative specifier, with or without its extension) are read in turn.
 */
function readConfigFile(
  folder: DocsFolder,
  file: string | undefined,
  name: string,
  importing: string[],
  aliases: Record<string, string>,
  cache: ImportCache,
): unknown {
  if (!file) return undefined;
  const source = folder.readIfExists(file);
  if (source === undefined) return undefined;
  if (/\.json$/i.test(file)) return name === 'default' ? parseJson(source) : undefined;
  if (/\.ya?ml$/i.test(file)) return parseYamlData(source);
  const importer = importerOf(folder, file, [...importing, file], aliases, cache);
  return readConfigModule(source, name === 'default' ? undefined : name, importer);
}

function importerOf(
  folder: DocsFolder,
  file: string,
  chain: string[],
  aliases: Record<string, string>,
  cache: ImportCache,
): Importer {
  return (specifier, imported) => {
    if (chain.length > MAX_IMPORT_DEPTH) return undefined;
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    const local = alias
      ? `/${aliases[alias]}/${specifier.slice(alias.length)}`
      : specifier.startsWith('.')
        ? specifier
        : undefined;
    const target = local === undefined ? undefined : importedFile(folder, file, local);
    if (!target || chain.includes(target)) return undefined;
    // By depth too: deeper, a module's own imports are cut off sooner.
    const key = JSON.stringify([chain.length, target, imported]);
    if (!cache.has(key)) {
      cache.set(key, readConfigFile(folder, target, imported, chain, aliases, cache));
    }
    return cache.get(key);
  };
}

/** The file a relative import names: as written, or with a module extension, or its index. */
function importedFile(folder: DocsFolder, from: string, specifier: string): string | undefined {
  const base = folder.resolveFrom(from, specifier);
  if (base === undefined) return undefined;
  const extensions = [...MODULE_EXTENSIONS, 'tsx', 'jsx', 'json'];
  const candidates = [
    base,
    ...extensions.map((extension) => `${base}.${extension}`),
    ...extensions.map((extension) => `${base}/index.${extension}`),
  ];
  // `./config.js` written for what is `./config.ts` in a TypeScript project.
  const typescript = /\.(m|c)?js$/.exec(base);
  if (typescript) candidates.push(base.replace(/\.(m|c)?js$/, `.${typescript[1] ?? ''}ts`));
  return folder.firstFile(candidates);
}

export function parseJson(source: string): unknown {
  try {
    return JSON.parse(source.replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
}

/**
 * YAML as MkDocs writes it: Python tags (`!!python/name:…`, `!ENV`) are kept as plain values
 * rather than failing the whole file.
 */
export function parseYamlData(source: string): unknown {
  try {
    return parseYaml(source, { logLevel: 'silent', uniqueKeys: false });
  } catch {
    return undefined;
  }
}

export function isData(value: unknown): value is Data {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` when it is a non-empty string, else undefined. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Reads a nested value: `pathOf(config, 'i18n', 'locales')`. */
export function pathOf(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (!isData(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Names of the packages `package.json` depends on (all dependency kinds); empty without one. */
export function dependenciesOf(folder: DocsFolder): string[] {
  const manifest = parseJson(folder.readIfExists('package.json') ?? '');
  const names = new Set<string>();
  for (const key of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const section = pathOf(manifest, key);
    if (isData(section)) for (const name of Object.keys(section)) names.add(name);
  }
  return [...names];
}
