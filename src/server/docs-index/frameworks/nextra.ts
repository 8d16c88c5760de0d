/**
 * Nextra, as its file-convention docs describe it. Nextra 4 (App Router): every `.md`/`.mdx`
 * file of the `content` (or `src/content`) folder is a page at its path, `index` naming its
 * folder, under `contentDirBasePath` (`nextra({...})` in next.config); `page.md`/`page.mdx` files
 * of `app` (or `src/app`) are pages at their folder's route, route groups `(name)` and `@slot`
 * folders left out, `_private` and `[dynamic]` folders not collected. With `i18n.locales` in
 * next.config, `content/<locale>/` holds each language, published under `/<locale>/...`
 * (default language too, as nextra/locales redirects). Nextra 2 and 3 (Pages Router): `.md`/`.mdx`
 * files of `pages` (or `src/pages`), `_`-prefixed files and `api/` left out; languages are
 * `page.<locale>.mdx` suffixes (Nextra 2: the default language unprefixed, as Next.js's i18n
 * routing serves it) or `pages/<locale>/` folders (Nextra 3).
 *
 * `_meta.{js,jsx,ts,tsx}` (Nextra 3, 4), `_meta.json` and `_meta.<locale>.json` (Nextra 2) and
 * `app/_meta.global.*` give titles (a folder's title names its group; `type: 'page'` folders
 * are navbar tabs, groups too), `type: 'separator'` headings (groups of the items after them)
 * and `display: 'hidden'`: such pages (and folders) stay served at their URL but, left out of
 * the navigation by the site's owner, are not searched or quoted; the `'*'` key applies to
 * every item. `sidebarTitle` frontmatter labels a page.
 *
 * Not read: `_meta` values built by code or JSX titles (the file name's title is used),
 * Next.js `basePath`, `asIndexPage`, remote content, `.js`/`.tsx` pages, and `pageMap`
 * transforms.
 */
import { isDocFile } from '../paths.ts';
import {
  type Data,
  dependenciesOf,
  findConfig,
  isData,
  pathOf,
  readConfig,
  stringOf,
} from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import { normalizeLanguage } from './languages.ts';
import { frontmatterText } from './page-rules.ts';
import { findStaticCalls } from './static-config.ts';
import type { PagePlacement, SiteLayout } from './types.ts';

const NEXT_CONFIG_EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cjs'];
const META_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx', 'mjs'];
const IMPORTS_NEXTRA = /(?:from\s+|require\(\s*|import\(\s*)['"]nextra['"]/;

type Kind = 'content' | 'app' | 'pages';

interface Root {
  kind: Kind;
  dir: string;
}

/** A page file as Nextra routes it. */
interface Route {
  /** URL path segments, locale and base path included. */
  url: string[];
  /** The same page's URL in the default language. */
  defaultUrl: string[];
  locale: string;
  /** Folder of the page's `_meta` file, and the page's name in it (`index`, `setup`). */
  folders: string[];
  name: string;
}

/** A next.config that imports Nextra, or a nextra dependency. */
export function isNextraSite(folder: DocsFolder): boolean {
  const config = findConfig(folder, 'next.config', NEXT_CONFIG_EXTENSIONS);
  const source = config ? folder.readIfExists(config) : undefined;
  return (
    (source !== undefined && IMPORTS_NEXTRA.test(source)) ||
    dependenciesOf(folder).includes('nextra')
  );
}

export function loadNextra(folder: DocsFolder): SiteLayout {
  const configFile = findConfig(folder, 'next.config', NEXT_CONFIG_EXTENSIONS);
  const source = (configFile && folder.readIfExists(configFile)) || '';
  const nextConfig = readConfig(folder, configFile);
  const options = findStaticCalls(source, ['nextra'])[0]?.args[0];
  const basePath = (stringOf(pathOf(options, 'contentDirBasePath')) ?? '/')
    .split('/')
    .filter(Boolean);
  const locales = (pathOf(nextConfig, 'i18n', 'locales') as unknown[] | undefined)
    ?.map(stringOf)
    .filter((code): code is string => Boolean(code));
  const configured = stringOf(pathOf(nextConfig, 'i18n', 'defaultLocale'));
  const codes = locales?.length
    ? [
        configured && locales.includes(configured) ? configured : locales[0]!,
        ...locales.filter((code) => code !== (configured ?? locales[0])),
      ]
    : [];
  const defaultLocale = codes[0] ?? '';
  const roots = findRoots(folder);
  const languageOf = (code: string) => normalizeLanguage(code || 'en') ?? code;
  const suffixLocales = codes.length > 0 && roots.some((root) => root.kind === 'pages');
  const route = (file: string): Route | undefined => {
    const root = roots.find((candidate) => file.startsWith(`${candidate.dir}/`));
    if (!root) return undefined;
    const relative = file.slice(root.dir.length + 1).replace(/\.mdx?$/i, '');
    if (root.kind === 'app') {
      // A route with routes or a `_meta` file below it is a folder whose `index` it is.
      const isFolder = (dir: string) =>
        folder.list(`${root.dir}/${dir}`, (name) => /^(?:_meta\..+|page\.mdx?)$/.test(name))
          .length > 1;
      return appRoute(relative, isFolder);
    }
    if (root.kind === 'content') return contentRoute(relative, codes, basePath);
    return pagesRoute(relative, codes, suffixLocales);
  };
  const metas = new MetaFiles(folder, roots);
  return {
    framework: 'nextra',
    anchorStyle: 'github',
    defaultLanguage: languageOf(defaultLocale),
    languages: codes.length > 0 ? codes.map(languageOf) : [languageOf('')],
    versions: [],
    languagePrefixes: codes
      .slice(1)
      .map((code) => ({ prefix: `${code}/`, language: languageOf(code) })),
    configFiles: [
      ...(configFile ? [configFile] : []),
      'package.json',
      ...roots.flatMap((root) => folder.list(root.dir, (name) => name.startsWith('_meta.'))),
    ],
    contentDirs: roots.map((root) => root.dir),
    isPageFile: (file) => isDocFile(file) && route(file) !== undefined,
    place(file, frontmatter): PagePlacement | undefined {
      const found = route(file);
      if (!found) return undefined;
      const root = roots.find((candidate) => file.startsWith(`${candidate.dir}/`))!;
      const placement: PagePlacement = {
        path: found.url.join('/'),
        language: languageOf(found.locale || defaultLocale),
        translationKey: found.defaultUrl.join('/'),
      };
      const nav = metas.navigation(root, found);
      if (nav.trail.length > 0) placement.navigation = nav.trail;
      const navTitle = nav.title ?? frontmatterText(frontmatter.sidebarTitle);
      if (navTitle) placement.navTitle = navTitle;
      if (nav.hidden) placement.unlisted = true;
      return placement;
    },
  };
}

/** Where the site's pages are: Nextra 4's content and app folders, or the pages folder. */
function findRoots(folder: DocsFolder): Root[] {
  const roots: Root[] = [];
  const first = (dirs: string[]) => dirs.find((dir) => folder.isDirectory(dir));
  const content = first(['content', 'src/content']);
  if (content) roots.push({ kind: 'content', dir: content });
  const app = first(['app', 'src/app']);
  if (app) roots.push({ kind: 'app', dir: app });
  const pages = first(['pages', 'src/pages']);
  if (pages) roots.push({ kind: 'pages', dir: pages });
  return roots;
}

/** `content/<locale>/docs/setup.mdx` -> `<locale>/<base>/docs/setup`. */
function contentRoute(relative: string, codes: string[], basePath: string[]): Route | undefined {
  const segments = relative.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  let locale = '';
  if (codes.length > 0) {
    locale = segments.shift()!;
    // Nextra collects only the locale folders: other files are never built.
    if (!codes.includes(locale) || segments.length === 0) return undefined;
  }
  const name = segments.pop()!;
  const path = [...basePath, ...segments, ...(name === 'index' ? [] : [name])];
  const withLocale = (code: string) => (code ? [code, ...path] : path);
  return {
    url: withLocale(locale),
    defaultUrl: withLocale(codes[0] ?? ''),
    locale,
    folders: locale ? [locale, ...segments] : segments,
    name,
  };
}

/** `app/(guides)/docs/setup/page.mdx` -> `docs/setup`. */
function appRoute(relative: string, isFolder: (dir: string) => boolean): Route | undefined {
  const segments = relative.split('/');
  if (segments.pop() !== 'page') return undefined;
  if (segments.some((segment) => /^[_.[]/.test(segment))) return undefined;
  const url = segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('@'));
  if (segments.length === 0 || isFolder(segments.join('/'))) {
    return { url, defaultUrl: url, locale: '', folders: segments, name: 'index' };
  }
  const name = segments.pop()!;
  return { url, defaultUrl: url, locale: '', folders: segments, name };
}

/** `pages/docs/setup.de.mdx` -> `de/docs/setup`; `pages/de/docs/setup.mdx` -> the same. */
function pagesRoute(relative: string, codes: string[], suffixes: boolean): Route | undefined {
  const segments = relative.split('/');
  let name = segments.pop()!;
  if (/^[_.[]/.test(name) || segments.some((segment) => /^[_.[]/.test(segment))) return undefined;
  if (segments[0] === 'api') return undefined;
  let locale = '';
  let folderLocale = false;
  if (segments.length > 0 && codes.includes(segments[0]!)) {
    locale = segments[0]!;
    folderLocale = true;
  } else if (suffixes) {
    const match = /^(.+)\.([^.]+)$/.exec(name);
    if (match && codes.includes(match[2]!)) {
      name = match[1]!;
      locale = match[2]!;
    }
  }
  const path = [...segments, ...(name === 'index' ? [] : [name])];
  const defaultLocale = codes[0] ?? '';
  if (folderLocale) {
    return {
      url: path,
      defaultUrl: [defaultLocale, ...path.slice(1)],
      locale,
      folders: segments,
      name,
    };
  }
  // Next.js i18n routing: the default locale has no prefix.
  const url = locale && locale !== defaultLocale ? [locale, ...path] : path;
  return { url, defaultUrl: path, locale, folders: segments, name };
}

interface NavPlacement {
  trail: string[];
  title?: string;
  hidden: boolean;
}

/** The `_meta` files of the page folders, read as data. */
class MetaFiles {
  private readonly cache = new Map<string, Data | undefined>();
  private readonly global: Data | undefined;
  private readonly folder: DocsFolder;

  constructor(folder: DocsFolder, roots: Root[]) {
    this.folder = folder;
    const app = roots.find((root) => root.kind === 'app');
    const file = app ? findConfig(folder, `${app.dir}/_meta.global`, META_EXTENSIONS) : undefined;
    const global = readConfig(folder, file);
    this.global = isData(global) ? global : undefined;
  }

  /** Groups above a page (folder titles, separators), its `_meta` title, and whether hidden. */
  navigation(root: Root, route: Route): NavPlacement {
    const trail: string[] = [];
    let hidden = false;
    // A locale folder is the language's root, not a group.
    const start = route.locale && root.kind !== 'app' && route.folders[0] === route.locale ? 1 : 0;
    for (let depth = start; depth < route.folders.length; depth++) {
      const meta = this.meta(root, route.folders.slice(0, depth), route.locale);
      const name = route.folders[depth]!;
      // Route groups and slots are not routes: Nextra's page map has no folder for them.
      if (root.kind === 'app' && /^(?:\(.*\)|@.*)$/.test(name)) continue;
      const item = itemOf(meta, name);
      if (item.display === 'hidden') hidden = true;
      // Separators head sidebar items; `type: 'page'` folders are navbar tabs.
      const separator = item.type === 'page' ? undefined : separatorBefore(meta, name);
      if (separator) trail.push(separator);
      if (item.display !== 'children') trail.push(titleOf(item) ?? titleFromName(name));
    }
    const meta = this.meta(root, route.folders, route.locale);
    const item = itemOf(meta, route.name);
    if (item.display === 'hidden') hidden = true;
    const separator = item.type === 'page' ? undefined : separatorBefore(meta, route.name);
    if (separator) trail.push(separator);
    const title = titleOf(item);
    return title ? { trail, title, hidden } : { trail, hidden };
  }

  private meta(root: Root, folders: string[], locale: string): Data | undefined {
    if (this.global && root.kind === 'app') return this.globalMeta(folders);
    const dir = [root.dir, ...folders].join('/');
    const candidates = [
      ...(locale ? [`${dir}/_meta.${locale}.json`] : []),
      ...META_EXTENSIONS.map((extension) => `${dir}/_meta.${extension}`),
      `${dir}/_meta.json`,
    ];
    for (const file of candidates) {
      if (!this.cache.has(file)) {
        const data = this.folder.isFile(file) ? readConfig(this.folder, file) : undefined;
        this.cache.set(file, isData(data) ? data : undefined);
      }
      const found = this.cache.get(file);
      if (found) return found;
    }
    return undefined;
  }

  /** `_meta.global`: folders nest their items under `items`. */
  private globalMeta(folders: string[]): Data | undefined {
    let current: Data | undefined = this.global;
    for (const name of folders) {
      const items = pathOf(current?.[name], 'items');
      current = isData(items) ? items : undefined;
    }
    return current;
  }
}

/** An item of a `_meta` file as an object, the `'*'` fallback under it. */
function itemOf(meta: Data | undefined, key: string): Data {
  const fallback = isData(meta?.['*']) ? (meta['*'] as Data) : {};
  const value = meta?.[key];
  if (typeof value === 'string') return { ...fallback, title: value };
  return isData(value) ? { ...fallback, ...value } : fallback;
}

function titleOf(item: Data): string | undefined {
  return stringOf(item.title);
}

/** The separator title heading `key` in its `_meta` file, if any. */
function separatorBefore(meta: Data | undefined, key: string): string | undefined {
  if (!meta) return undefined;
  let separator: string | undefined;
  for (const [name, value] of Object.entries(meta)) {
    if (name === key) return separator;
    if (isData(value) && value.type === 'separator') separator = stringOf(value.title);
  }
  // Items the file does not list come after all it lists.
  return separator;
}

/** `getting-started` -> `Getting Started`, as Nextra titles files without one. */
function titleFromName(name: string): string {
  return name
    .replace(/[-_]/g, ' ')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
