/**
 * The docs of a Docusaurus site as its config declares them: docs plugin instances (the classic
 * preset's `docs`, `@docusaurus/plugin-content-docs` plugins) with their options, the versions
 * each publishes (`versions.json`), their sidebars and their translated category labels.
 */
import { posix } from 'node:path';
import {
  arrayOf,
  type Data,
  findConfig,
  isData,
  parseJson,
  pathOf,
  readConfig,
  stringOf,
} from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import { readSidebars, type Sidebars } from './docusaurus-sidebars.ts';
import { isStaticCall } from './static-config.ts';

export const DEFAULT_EXCLUDE = [
  '**/_*.{js,jsx,ts,tsx,md,mdx}',
  '**/_*/**',
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__tests__/**',
];

const SIDEBAR_EXTENSIONS = ['js', 'ts', 'mjs', 'cjs', 'json'];

export interface DocsInstance {
  id: string;
  path: string;
  routeBasePath: string;
  include: string[];
  exclude: string[];
  sidebarPath: string | false | undefined;
  numberPrefixes: boolean;
  options: Data;
}

export interface DocsVersion {
  name: string;
  /** URL segment ('' for the last version). */
  path: string;
  label: string;
}

/** The docs instances of the classic preset and of `plugin-content-docs` plugins. */
export function docsInstances(config: Data): DocsInstance[] {
  const optionsList: Data[] = [];
  const classic = classicOptions(config);
  if (config.presets === undefined && config.plugins === undefined) optionsList.push({});
  else if (classic && classic.docs !== false)
    optionsList.push(isData(classic.docs) ? classic.docs : {});
  for (const plugin of arrayOf(config.plugins)) {
    const [name, options] = Array.isArray(plugin) ? plugin : [plugin, {}];
    if (typeof name === 'string' && /content-docs/.test(name)) {
      optionsList.push(isData(options) ? options : {});
    }
  }
  return optionsList.map((options) => ({
    id: stringOf(options.id) ?? 'default',
    path: sitePath(options.path) ?? 'docs',
    routeBasePath: trimSlashes(stringOf(options.routeBasePath) ?? 'docs'),
    include: arrayOf(options.include).filter((glob) => typeof glob === 'string'),
    exclude: arrayOf(options.exclude).filter((glob) => typeof glob === 'string'),
    sidebarPath: options.sidebarPath === false ? false : sitePath(options.sidebarPath),
    numberPrefixes: options.numberPrefixParser !== false,
    options,
  }));
}

/** Options of the classic preset (`'classic'`, `'@docusaurus/preset-classic'`), if used. */
export function classicOptions(config: Data): Data | undefined {
  for (const preset of arrayOf(config.presets)) {
    const [name, options] = Array.isArray(preset) ? preset : [preset, {}];
    const label = isStaticCall(name) ? String(name.args[0] ?? '') : String(name);
    if (/classic/.test(label)) return isData(options) ? options : {};
  }
  return undefined;
}

/** The versions an instance publishes, the one served at its root first. */
export function docsVersions(folder: DocsFolder, instance: DocsInstance, configFiles: string[]) {
  const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
  const versionsFile = `${prefix}versions.json`;
  configFiles.push(versionsFile);
  const names = arrayOf(parseJson(folder.readIfExists(versionsFile) ?? '')).filter(
    (name): name is string => typeof name === 'string',
  );
  const { options } = instance;
  const only = arrayOf(options.onlyIncludeVersions).map(String);
  const all = [...(options.includeCurrentVersion === false ? [] : ['current']), ...names].filter(
    (name) => only.length === 0 || only.includes(name),
  );
  const last = stringOf(options.lastVersion) ?? names[0] ?? 'current';
  const versions: DocsVersion[] = all.map((name) => {
    const custom = pathOf(options, 'versions', name);
    const path =
      name === last
        ? ''
        : (stringOf(pathOf(custom, 'path')) ?? (name === 'current' ? 'next' : name));
    const label = stringOf(pathOf(custom, 'label')) ?? (name === 'current' ? 'Next' : name);
    return { name, path: trimSlashes(path), label };
  });
  return versions.sort((a, b) => Number(b.name === last) - Number(a.name === last));
}

/** `sidebar.<name>.category.<label>` messages of a locale's translation file. */
export function categoryTranslations(folder: DocsFolder, file: string): Map<string, string> {
  const labels = new Map<string, string>();
  const data = parseJson(folder.readIfExists(file) ?? '');
  if (!isData(data)) return labels;
  for (const [key, value] of Object.entries(data)) {
    const label = /^sidebar\.[^.]+\.category\.(.+)$/.exec(key)?.[1];
    const message = stringOf(pathOf(value, 'message'));
    if (label && message && !label.includes('.link.')) labels.set(label, message);
  }
  return labels;
}

export function versionDir(instance: DocsInstance, version: DocsVersion): string {
  if (version.name === 'current') return instance.path;
  const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
  return `${prefix}versioned_docs/version-${version.name}`;
}

export function sidebarsOf(
  folder: DocsFolder,
  instance: DocsInstance,
  version: DocsVersion,
  configFiles: string[],
): Sidebars | undefined {
  if (instance.sidebarPath === false) return undefined;
  let file: string | undefined;
  if (version.name !== 'current') {
    const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
    file = `${prefix}versioned_sidebars/version-${version.name}-sidebars.json`;
  } else if (instance.sidebarPath) {
    // `require.resolve('./sidebars')` names the file without its extension, as Node resolves it.
    const named = instance.sidebarPath;
    file = folder.isFile(named) ? named : findConfig(folder, named, SIDEBAR_EXTENSIONS);
  } else {
    file = findConfig(folder, 'sidebars', SIDEBAR_EXTENSIONS);
  }
  // Without a sidebars file, Docusaurus generates the sidebar from the folders.
  if (!file) return readSidebars({ default: [{ type: 'autogenerated', dirName: '.' }] });
  configFiles.push(file);
  return readSidebars(readConfig(folder, file));
}

export function pluginDir(plugin: 'docs', id: string): string {
  return `docusaurus-plugin-content-${plugin}${id === 'default' ? '' : `-${id}`}`;
}

export function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

/**
 * A path option relative to the site folder: `'./docs'`, `require.resolve('./sidebars')` (read
 * as its argument), `path.join(__dirname, 'sidebars.json')` or `path.resolve(…)` (the parts
 * a static reading knows, `__dirname` being the site folder).
 */
function sitePath(value: unknown): string | undefined {
  let path = stringOf(value);
  if (isStaticCall(value) && /^(?:path\.)?(?:join|resolve)$/.test(value.call)) {
    const parts = value.args.filter((arg): arg is string => typeof arg === 'string');
    if (parts.length === value.args.length && parts.length > 0) path = posix.join(...parts);
  }
  if (path === undefined) return undefined;
  return trimSlashes(posix.normalize(path)).replace(/^\.$/, '');
}
