/**
 * Docusaurus: docs plugin instances from `docusaurus.config.*` (the classic preset's `docs`
 * and `@docusaurus/plugin-content-docs` plugins), published as Docusaurus computes doc URLs:
 * `routeBasePath` + version path + slug, where the slug is the file path with number prefixes
 * dropped, `id` renaming the last segment, `slug` frontmatter replacing it (relative or
 * absolute), and `index`/`README`/same-name-as-folder docs naming their folder. Versions come
 * from `versions.json` + `versioned_docs/version-X` (the last version at the root, the current
 * docs under `next/`), languages from `i18n.locales` + `i18n/<locale>/docusaurus-plugin-
 * content-docs/…` (published under `<locale>/`). `_`-prefixed partials and test files are
 * excluded as the plugin's default `exclude` says; `unlisted: true` pages are served, not
 * searched. Markdown pages in `src/pages` are published too; the blog is not indexed.
 */
import { posix } from 'node:path';
import picomatch from 'picomatch';
import { isDocFile } from '../paths.ts';
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
import { categoryLabel, readSidebars, type Sidebars, sidebarEntry } from './docusaurus-sidebars.ts';
import { normalizeLanguage } from './languages.ts';
import { frontmatterText, isTrue } from './page-rules.ts';
import { isStaticCall } from './static-config.ts';
import type { PagePlacement, SiteLayout, SiteVersion } from './types.ts';

const DEFAULT_EXCLUDE = [
  '**/_*.{js,jsx,ts,tsx,md,mdx}',
  '**/_*/**',
  '**/*.test.{js,jsx,ts,tsx}',
  '**/__tests__/**',
];

interface DocsInstance {
  id: string;
  path: string;
  routeBasePath: string;
  include: string[];
  exclude: string[];
  sidebarPath: string | false | undefined;
  numberPrefixes: boolean;
  options: Data;
}

interface DocsVersion {
  name: string;
  /** URL segment ('' for the last version). */
  path: string;
  label: string;
}

/** A folder of pages: one docs version in one locale, or the Markdown pages. */
interface ContentRoot {
  dir: string;
  locale: string;
  instance?: DocsInstance;
  version?: DocsVersion;
  /** The same version's folder in the default locale (ids, sidebars, category files). */
  baseDir: string;
  sidebars?: Sidebars | undefined;
  /** Category labels in this root's locale (`i18n/<locale>/…/current.json`). */
  labels?: Map<string, string>;
  accepts: (relativePath: string) => boolean;
}

export function loadDocusaurus(folder: DocsFolder): SiteLayout {
  const configFile = findConfig(folder, 'docusaurus.config');
  const config = (readConfig(folder, configFile) ?? {}) as Data;
  const defaultLocale = stringOf(pathOf(config, 'i18n', 'defaultLocale')) ?? 'en';
  const locales = arrayOf(pathOf(config, 'i18n', 'locales')).filter(
    (locale): locale is string => typeof locale === 'string',
  );
  const allLocales = [defaultLocale, ...locales.filter((locale) => locale !== defaultLocale)];
  const languageOf = (locale: string) =>
    normalizeLanguage(
      stringOf(pathOf(config, 'i18n', 'localeConfigs', locale, 'htmlLang')) ?? locale,
    ) ?? locale;
  const localeDir = (locale: string) =>
    stringOf(pathOf(config, 'i18n', 'localeConfigs', locale, 'path')) ?? locale;
  const trailingSlash = config.trailingSlash === true;
  const configFiles = configFile ? [configFile] : [];
  const roots: ContentRoot[] = [];
  const siteVersions: SiteVersion[] = [];
  for (const instance of docsInstances(config)) {
    const versions = docsVersions(folder, instance, configFiles);
    const versioned = versions.length > 1 || versions[0]?.name !== 'current';
    if (versioned && siteVersions.length === 0) {
      for (const version of versions) {
        const aliases = [version.label, version.path].filter(Boolean);
        siteVersions.push({ name: version.name, aliases });
      }
    }
    const accepts = globFilter(instance.include, instance.exclude);
    for (const version of versions) {
      const baseDir = versionDir(instance, version);
      const sidebars = sidebarsOf(folder, instance, version, configFiles);
      const versionFolder = version.name === 'current' ? 'current' : `version-${version.name}`;
      for (const locale of allLocales) {
        const i18nDir = `i18n/${localeDir(locale)}/${pluginDir('docs', instance.id)}`;
        const translated = locale !== defaultLocale;
        roots.push({
          dir: translated ? `${i18nDir}/${versionFolder}` : baseDir,
          locale,
          instance,
          baseDir,
          sidebars,
          accepts,
          ...(translated && {
            labels: categoryTranslations(folder, `${i18nDir}/${versionFolder}.json`),
          }),
          ...(versioned && { version }),
        });
      }
    }
  }
  if (config.presets === undefined || classicOptions(config)?.pages !== false) {
    const accepts = globFilter(['**/*.{md,mdx}'], DEFAULT_EXCLUDE);
    for (const locale of allLocales) {
      const dir =
        locale === defaultLocale
          ? 'src/pages'
          : `i18n/${localeDir(locale)}/docusaurus-plugin-content-pages`;
      roots.push({ dir, locale, baseDir: 'src/pages', accepts });
    }
  }
  // Longest folder first, so `docs` never claims `docs/x` of a nested root.
  roots.sort((a, b) => b.dir.length - a.dir.length);
  const rootOf = (file: string) => roots.find((root) => file.startsWith(`${root.dir}/`));
  const finish = (path: string) => (trailingSlash && path ? `${path}/` : path);
  return {
    framework: 'docusaurus',
    anchorStyle: 'github',
    defaultLanguage: languageOf(defaultLocale),
    languages: allLocales.map(languageOf),
    versions: siteVersions,
    languagePrefixes: allLocales
      .slice(1)
      .map((locale) => ({ prefix: `${locale}/`, language: languageOf(locale) })),
    configFiles,
    contentDirs: [...new Set(roots.map((root) => root.dir))],
    isPageFile(file) {
      const root = rootOf(file);
      return root !== undefined && isDocFile(file) && root.accepts(file.slice(root.dir.length + 1));
    },
    place(file, frontmatter): PagePlacement | undefined {
      const root = rootOf(file);
      if (!root) return undefined;
      const relativePath = file.slice(root.dir.length + 1);
      const localePrefix = root.locale === defaultLocale ? '' : root.locale;
      const language = languageOf(root.locale);
      if (!root.instance) {
        const path = joinPath(pagePath(relativePath));
        return {
          path: finish(joinPath(localePrefix, path)),
          language,
          translationKey: finish(path),
        };
      }
      const doc = docRoute(relativePath, frontmatter, root.instance.numberPrefixes);
      const route = joinPath(root.instance.routeBasePath, root.version?.path ?? '', doc.slug);
      const placement: PagePlacement = {
        path: finish(joinPath(localePrefix, route)),
        language,
        translationKey: finish(route),
      };
      if (root.version) placement.version = root.version.name;
      const dirLabel = (dir: string) =>
        categoryLabel(folder, `${root.baseDir}/${dir}`) ??
        stripNumberPrefix(dir.split('/').at(-1)!, root.instance!.numberPrefixes);
      const entry = root.sidebars && sidebarEntry(root.sidebars, doc.id, doc.dir, dirLabel);
      if (entry?.trail.length) {
        placement.navigation = entry.trail.map((label) => root.labels?.get(label) ?? label);
      }
      const navTitle = frontmatterText(frontmatter.sidebar_label) ?? entry?.label;
      if (navTitle) placement.navTitle = navTitle;
      if (isTrue(frontmatter.unlisted)) placement.unlisted = true;
      return placement;
    },
  };
}

/** The docs instances of the classic preset and of `plugin-content-docs` plugins. */
function docsInstances(config: Data): DocsInstance[] {
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
    path: trimSlashes(stringOf(options.path) ?? 'docs'),
    routeBasePath: trimSlashes(stringOf(options.routeBasePath) ?? 'docs'),
    include: arrayOf(options.include).filter((glob) => typeof glob === 'string'),
    exclude: arrayOf(options.exclude).filter((glob) => typeof glob === 'string'),
    sidebarPath: options.sidebarPath === false ? false : trimDot(stringOf(options.sidebarPath)),
    numberPrefixes: options.numberPrefixParser !== false,
    options,
  }));
}

/** Options of the classic preset (`'classic'`, `'@docusaurus/preset-classic'`), if used. */
function classicOptions(config: Data): Data | undefined {
  for (const preset of arrayOf(config.presets)) {
    const [name, options] = Array.isArray(preset) ? preset : [preset, {}];
    const label = isStaticCall(name) ? String(name.args[0] ?? '') : String(name);
    if (/classic/.test(label)) return isData(options) ? options : {};
  }
  return undefined;
}

/** The versions an instance publishes, the one served at its root first. */
function docsVersions(folder: DocsFolder, instance: DocsInstance, configFiles: string[]) {
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
function categoryTranslations(folder: DocsFolder, file: string): Map<string, string> {
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

function versionDir(instance: DocsInstance, version: DocsVersion): string {
  if (version.name === 'current') return instance.path;
  const prefix = instance.id === 'default' ? '' : `${instance.id}_`;
  return `${prefix}versioned_docs/version-${version.name}`;
}

function sidebarsOf(
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
  } else {
    file =
      instance.sidebarPath ?? findConfig(folder, 'sidebars', ['js', 'ts', 'mjs', 'cjs', 'json']);
  }
  // Without a sidebars file, Docusaurus generates the sidebar from the folders.
  if (!file) return readSidebars({ default: [{ type: 'autogenerated', dirName: '.' }] });
  configFiles.push(file);
  return readSidebars(readConfig(folder, file));
}

/** The doc's id (folders as written) and its slug relative to the version's route. */
function docRoute(
  relativePath: string,
  frontmatter: Record<string, unknown>,
  numberPrefixes: boolean,
): { id: string; dir: string; slug: string } {
  const dirName = posix.dirname(relativePath);
  const dir = dirName === '.' ? '' : dirName;
  const fileName = posix.basename(relativePath).replace(/\.mdx?$/i, '');
  const baseId = frontmatterText(frontmatter.id) ?? stripNumberPrefix(fileName, numberPrefixes);
  const id = dir ? `${dir}/${baseId}` : baseId;
  const slugMatter = frontmatterText(frontmatter.slug);
  if (slugMatter?.startsWith('/')) return { id, dir, slug: slugMatter };
  const dirSlug = dir
    ? `/${dir
        .split('/')
        .map((segment) => stripNumberPrefix(segment, numberPrefixes))
        .join('/')}/`
    : '/';
  const isCategoryIndex = ['index', 'readme', dir.split('/').at(-1)?.toLowerCase()].includes(
    fileName.toLowerCase(),
  );
  if (!slugMatter && isCategoryIndex) return { id, dir, slug: dirSlug };
  return { id, dir, slug: resolvePathname(slugMatter ?? baseId, dirSlug) };
}

/**
 * Docusaurus's number prefix parser: `01-intro` -> `intro`, `0 --- Client API` -> `Client API`;
 * date-like (`2021-08-26-x`) and version-like (`1.2-x`) names are left alone.
 */
export function stripNumberPrefix(name: string, enabled = true): string {
  if (!enabled) return name;
  if (/^((\d{2}|\d{4})[-_.]\d{2}([-_.](\d{2}|\d{4}))?)(.*)$|^(\d+[-_.]\d+)(.*)$/.test(name)) {
    return name;
  }
  return /^\d+\s*[-_.]+\s*(.*)$/.exec(name)?.[1] || name;
}

/** `../b` against `/a/c/` -> `/a/b`, as browsers (and Docusaurus) resolve links. */
function resolvePathname(to: string, from: string): string {
  return decodeURI(new URL(to, `http://docs${from}`).pathname);
}

function globFilter(include: string[], exclude: string[]): (path: string) => boolean {
  const included = picomatch(include.length > 0 ? include : ['**/*.{md,mdx}']);
  const excluded = picomatch(exclude.length > 0 ? exclude : DEFAULT_EXCLUDE);
  return (path) => included(path) && !excluded(path);
}

function pluginDir(plugin: 'docs', id: string): string {
  return `docusaurus-plugin-content-${plugin}${id === 'default' ? '' : `-${id}`}`;
}

function pagePath(relativePath: string): string {
  return relativePath.replace(/\.mdx?$/i, '').replace(/(?:^|\/)index$/i, '');
}

function joinPath(...parts: string[]): string {
  return parts.map(trimSlashes).filter(Boolean).join('/');
}

function trimSlashes(value: string): string {
  return value.replace(/^\/+|\/+$/g, '');
}

function trimDot(value: string | undefined): string | undefined {
  return value?.replace(/^\.\//, '');
}
