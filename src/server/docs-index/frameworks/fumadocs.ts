/**
 * Fumadocs (fumadocs-mdx + `loader()` of fumadocs-core), as its "Page Slugs & Page Tree" and
 * "Internationalization" guides describe it. `source.config.*` names the content folder
 * (`defineDocs({ dir })`, `content/docs` by default); `loader({ baseUrl })` in `lib/source.ts`
 * names the URL (`/docs` when it cannot be read). Every `.md`/`.mdx` file in the folder is a
 * page (dot-files are not collected), at its path without extension: `index` names its folder
 * and `(group)` folders stay out of the URL. `meta.json` (or `.yaml`) titles folders, orders
 * them and marks `---Separator---` headings; they give the navigation groups. Pages a meta file
 * leaves out of the sidebar are still published and searched, as in Fumadocs' own search.
 *
 * i18n (`defineI18n({ languages, defaultLanguage, parser, hideLocale })` in `lib/i18n.ts`, or
 * inline in `loader()`): `page.cn.mdx` files (`parser: 'dot'`, the default) or `cn/page.mdx`
 * folders (`'dir'`), published under `/cn/docs/...`; the default language under `/en/docs/...`,
 * or `/docs/...` with `hideLocale`. With `hideLocale: 'always'` the site serves every language
 * at one URL by cookie; translations keep their `/cn/...` URL, which the middleware redirects.
 *
 * `loader()` and `defineI18n()` may live in any module: after the templates' places, the
 * app's modules (`lib/`, `src/`, `app/`) are searched for the call. When the i18n config's
 * languages are built by code (`languages: Object.keys(translations)`), they are the ones the
 * files show: `page.<code>.mdx` suffixes (or `<code>/` folders with the dir parser) naming a
 * language and mirroring the default language's pages.
 *
 * Not read: a `baseUrl` or `dir` built by code, custom `url()`/`slugs()` loader
 * options and plugins, several docs collections (the first `defineDocs` is the site's), pages a
 * meta file pulls in from another folder (`../other/page`: they keep their own folder's groups),
 * `fallbackLanguage`, and `<include>` of a `#section`. `<include>` partials are inlined.
 */
import { isDocFile } from '../paths.ts';
import {
  arrayOf,
  configImporter,
  type Data,
  dependenciesOf,
  findConfig,
  isData,
  stringOf,
  tsconfigAliases,
} from './config-files.ts';
import { type DocsFolder, normalizeRelative } from './docs-folder.ts';
import { type FumadocsI18n, GROUP, MetaTree, pathToName } from './fumadocs-meta.ts';
import { isLanguageCode, normalizeLanguage } from './languages.ts';
import { findLocaleFolders } from './locale-folders.ts';
import { frontmatterText } from './page-rules.ts';
import { findStaticCalls, isStaticCall, readConfigModule } from './static-config.ts';
import type { PagePlacement, SiteLayout } from './types.ts';

const DEFAULT_DIR = 'content/docs';
const DEFAULT_BASE_URL = '/docs';
/** Where the Fumadocs templates keep `loader()` and the i18n config. */
const SOURCE_MODULES = ['lib/source', 'src/lib/source', 'app/source', 'src/app/source'];
const I18N_MODULES = ['lib/i18n', 'src/lib/i18n', 'i18n', 'src/i18n', 'app/i18n'];
const META_NAME = /^meta(?:\.[\w$-]+)?\.(?:json|ya?ml)$/;
/** Folders of the app whose modules may call `loader()` or `defineI18n()`. */
const APP_FOLDERS = ['lib', 'src', 'app'];
const APP_MODULE = /\.(?:[cm]?[jt]sx?)$/;
/**
 * A module calling Fumadocs' `loader()`: it imports it from `fumadocs-core/source`, and calls it.
 * Other functions of that name (React Router's route `loader`, an object's `loader()` method,
 * `route.loader(…)`) are not it.
 */
const LOADER_CALL = {
  test: (source: string) =>
    /\bimport\s*\{[^}]*\bloader\b[^}]*\}\s*from\s*['"]fumadocs-core\/source['"]/.test(source) &&
    /(?<![.\w$]|\bfunction\s+)loader\(/.test(source),
};
/** At least this share of a language's files must mirror a default-language page. */
const MIRROR_SHARE = 0.5;

/** A page file read as Fumadocs reads it: its locale-free path and its locale. */
interface SourceFile {
  /** Path in the content folder without locale or extension (`(guides)/setup`). */
  key: string;
  locale: string;
}

/** Fumadocs' own config, or a fumadocs-* dependency. */
export function isFumadocsSite(folder: DocsFolder): boolean {
  return (
    findConfig(folder, 'source.config') !== undefined ||
    dependenciesOf(folder).some((name) => name.startsWith('fumadocs-'))
  );
}

export function loadFumadocs(folder: DocsFolder): SiteLayout {
  const configFile = findConfig(folder, 'source.config');
  const collection = readCollection(folder, configFile);
  const contentDir = normalizeRelative(collection.dir) ?? DEFAULT_DIR;
  const sourceFile =
    SOURCE_MODULES.map((base) => findConfig(folder, base)).find(Boolean) ??
    findAppModule(folder, LOADER_CALL, contentDir);
  const loaderOptions = readLoader(folder, sourceFile, collection.binding);
  const i18nFile =
    I18N_MODULES.map((base) => findConfig(folder, base)).find(Boolean) ??
    findAppModule(folder, /\bdefineI18n\(/, contentDir);
  const i18n = readI18n(folder, loaderOptions.i18n, i18nFile, () =>
    folder.list(contentDir, (name) => isDocFile(name)).map(relativeTo(contentDir)),
  );
  const baseSlugs = (stringOf(loaderOptions.baseUrl) ?? DEFAULT_BASE_URL)
    .split('/')
    .filter(Boolean);
  const defaultLocale = i18n?.languages[0] ?? '';
  const languageOf = (code: string) => normalizeLanguage(code || 'en') ?? code;
  const tree = new MetaTree(folder, contentDir, i18n);
  const urlLocale = (locale: string) => {
    if (!i18n) return '';
    if (i18n.hideLocale === 'never') return locale;
    return locale === defaultLocale ? '' : locale;
  };
  const url = (slugs: string[], locale: string) =>
    [urlLocale(locale), ...baseSlugs, ...slugs].filter(Boolean).join('/');
  const relative = relativeTo(contentDir);
  return {
    framework: 'fumadocs',
    anchorStyle: 'github',
    defaultLanguage: languageOf(defaultLocale),
    languages: i18n ? i18n.languages.map(languageOf) : [languageOf('')],
    versions: [],
    languagePrefixes: (i18n?.languages.slice(1) ?? []).map((code) => ({
      prefix: `${code}/`,
      language: languageOf(code),
    })),
    configFiles: [
      ...[configFile, sourceFile, i18nFile].filter((file): file is string => Boolean(file)),
      'package.json',
      ...folder.list(contentDir, (name) => META_NAME.test(name)),
    ],
    contentDirs: [contentDir],
    partials: { fumadocsIncludes: true, fumadocsTypeTables: '' },
    isPageFile: (file) =>
      file.startsWith(`${contentDir}/`) &&
      isDocFile(file) &&
      relative(file)
        .split('/')
        .every((segment) => !segment.startsWith('.')),
    place(file, frontmatter): PagePlacement {
      const source = parseFile(relative(file), i18n);
      const slugs = slugsOf(source.key);
      if (isShadowedIndex(folder, file, source.key)) slugs.push('index');
      const placement: PagePlacement = {
        path: url(slugs, source.locale),
        language: languageOf(source.locale),
        translationKey: url(slugs, defaultLocale),
      };
      const nav = tree.placement(source.key, source.locale);
      if (nav.trail.length > 0) placement.navigation = nav.trail;
      const navTitle = nav.folderTitle ?? frontmatterText(frontmatter.title);
      placement.navTitle = navTitle ?? pathToName(source.key.split('/').at(-1)!);
      return placement;
    },
  };
}

/** The docs collection: the first `defineDocs()` (or `defineCollections({ type: 'doc' })`). */
function readCollection(
  folder: DocsFolder,
  configFile: string | undefined,
): { dir: string; binding?: string } {
  const source = configFile ? folder.readIfExists(configFile) : undefined;
  if (!source) return { dir: DEFAULT_DIR };
  const calls = findStaticCalls(source, ['defineDocs', 'defineCollections']);
  const docs =
    calls.find((call) => call.call === 'defineDocs') ??
    calls.find((call) => isData(call.args[0]) && call.args[0].type === 'doc');
  if (!docs) return { dir: DEFAULT_DIR };
  const options = isData(docs.args[0]) ? docs.args[0] : {};
  const dir =
    stringOf(options.dir) ?? stringOf((options.docs as Data | undefined)?.dir) ?? DEFAULT_DIR;
  return docs.binding ? { dir, binding: docs.binding } : { dir };
}

/** The options of the `loader()` whose source is the docs collection (else the first). */
function readLoader(folder: DocsFolder, file: string | undefined, binding?: string): Data {
  const source = file ? folder.readIfExists(file) : undefined;
  if (!source) return {};
  const loaders = findStaticCalls(source, ['loader']).map((call) => {
    // loader({ source, baseUrl }) or loader(source, { baseUrl }).
    const options = call.args.find(isData) ?? {};
    const input = isData(options) && 'source' in options ? options.source : call.args[0];
    const from = isStaticCall(input) ? input.call.split('.')[0] : undefined;
    return { options, from };
  });
  const chosen = loaders.find((entry) => binding && entry.from === binding) ?? loaders[0];
  return chosen?.options ?? {};
}

const relativeTo = (dir: string) => (file: string) => file.slice(dir.length + 1);

/**
 * The first module of the app (outside the content folder) whose code makes `call`, for
 * sites that keep `loader()` or `defineI18n()` somewhere the templates do not.
 */
function findAppModule(
  folder: DocsFolder,
  call: { test(source: string): boolean },
  contentDir: string,
): string | undefined {
  for (const dir of APP_FOLDERS) {
    const modules = folder.list(dir, (name) => APP_MODULE.test(name) && !name.endsWith('.d.ts'));
    const found = modules.find(
      (file) => !file.startsWith(`${contentDir}/`) && call.test(folder.readIfExists(file) ?? ''),
    );
    if (found) return found;
  }
  return undefined;
}

/**
 * i18n from the loader's options, else `defineI18n()` or an exported `i18n` object; languages
 * built by code are read from the content files (`files`, relative to the content folder).
 */
function readI18n(
  folder: DocsFolder,
  inline: unknown,
  file: string | undefined,
  files: () => string[],
): FumadocsI18n | undefined {
  let config = isData(inline) ? inline : undefined;
  const source = !config && file ? folder.readIfExists(file) : undefined;
  if (source && file) {
    // Languages may come from the app's own modules (`Object.keys(translations)`).
    const importer = configImporter(folder, file, tsconfigAliases(folder));
    const call = findStaticCalls(source, ['defineI18n'], importer)[0];
    config = isData(call?.args[0]) ? call.args[0] : undefined;
    if (!config) {
      // `export const i18n: I18nConfig = {...}`, as the page conventions show it.
      const named =
        readConfigModule(source, 'i18n', importer) ?? readConfigModule(source, undefined, importer);
      config = isData(named) ? named : undefined;
    }
  }
  if (!config) return undefined;
  const parser = config.parser === 'dir' || config.parser === 'none' ? config.parser : 'dot';
  const fallback = stringOf(config.defaultLanguage);
  let languages = arrayOf(config.languages).map(stringOf).filter(Boolean) as string[];
  if (languages.length === 0 && parser !== 'none') {
    const defaultCode = fallback ?? 'en';
    const found = parser === 'dir' ? dirLocales(files(), defaultCode) : dotLocales(files());
    if (found.length === 0) return undefined;
    languages = [defaultCode, ...found];
  }
  if (languages.length === 0) return undefined;
  const defaultLanguage = fallback && languages.includes(fallback) ? fallback : languages[0]!;
  const hide = config.hideLocale;
  return {
    languages: [defaultLanguage, ...languages.filter((code) => code !== defaultLanguage)],
    parser,
    hideLocale: hide === 'always' || hide === 'default-locale' ? hide : 'never',
  };
}

/** `guide.cn.mdx` -> `guide` in `cn`; `cn/guide.mdx` with the dir parser; `page.$.mdx` shared. */
function parseFile(path: string, i18n: FumadocsI18n | undefined): SourceFile {
  const bare = path.replace(/\.mdx?$/i, '');
  const defaultLocale = i18n?.languages[0] ?? '';
  if (!i18n || i18n.parser === 'none') return { key: bare, locale: defaultLocale };
  if (i18n.parser === 'dir') {
    const [first, ...rest] = bare.split('/');
    if (rest.length > 0 && (i18n.languages.includes(first!) || first === '$')) {
      return { key: rest.join('/'), locale: first === '$' ? defaultLocale : first! };
    }
    return { key: bare, locale: defaultLocale };
  }
  const match = /^(.*)\.([^./]+)$/.exec(bare);
  if (match && (i18n.languages.includes(match[2]!) || match[2] === '$')) {
    return { key: match[1]!, locale: match[2] === '$' ? defaultLocale : match[2]! };
  }
  return { key: bare, locale: defaultLocale };
}

/** Fumadocs' getSlugs: `(group)` folders left out, `index` naming its folder. */
function slugsOf(key: string): string[] {
  const segments = key.split('/');
  const name = segments.pop()!;
  const slugs = segments.filter((segment) => segment !== '' && !GROUP.test(segment));
  if (name !== 'index') slugs.push(name);
  return slugs;
}

/** `dir/index.mdx` beside `dir.mdx`: Fumadocs gives the index the `dir/index` slug. */
function isShadowedIndex(folder: DocsFolder, file: string, key: string): boolean {
  if (!key.endsWith('/index')) return false;
  const dir = file.slice(0, file.lastIndexOf('/'));
  return folder.isFile(`${dir}.mdx`) || folder.isFile(`${dir}.md`);
}

/** Codes of `page.<code>.mdx` files that name a language and mirror a `page.mdx`. */
function dotLocales(files: string[]): string[] {
  const pages = new Set(files.map((file) => file.replace(/\.mdx?$/i, '')));
  const counts = new Map<string, { all: number; mirrored: number }>();
  for (const page of pages) {
    const match = /^(.*)\.([^./]+)$/.exec(page);
    if (!match || !isLanguageCode(match[2]!)) continue;
    const count = counts.get(match[2]!) ?? { all: 0, mirrored: 0 };
    count.all += 1;
    if (pages.has(match[1]!)) count.mirrored += 1;
    counts.set(match[2]!, count);
  }
  return [...counts]
    .filter(([, count]) => count.mirrored > 0 && count.mirrored >= count.all * MIRROR_SHARE)
    .map(([code]) => code)
    .sort();
}

/** Codes of `<code>/` folders (the dir parser) mirroring the default language's folder. */
function dirLocales(files: string[], defaultCode: string): string[] {
  const prefix = `${defaultCode}/`;
  const inDefault = files.filter((file) => file.startsWith(prefix));
  const others = files.filter((file) => !file.startsWith(prefix));
  return findLocaleFolders([...inDefault.map((file) => file.slice(prefix.length)), ...others])
    .map((found) => found.folder)
    .filter((code) => code !== defaultCode);
}
