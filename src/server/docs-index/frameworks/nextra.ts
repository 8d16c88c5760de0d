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
 * and `display: 'hidden'` (left out of the sidebar only: the page is built, and Nextra's own
 * search, Pagefind over the built HTML, still finds it); the `'*'` key applies to every item.
 * `sidebarTitle` frontmatter labels a page; `searchable: false` frontmatter keeps a page out of
 * Nextra's search, so it is served by its URL but not searched or quoted here either.
 *
 * Not read: `_meta` values built by code or JSX titles (the file name's title is used),
 * Next.js `basePath`, `asIndexPage`, remote content, `.js`/`.tsx` pages, and `pageMap`
 * transforms.
 */
import { isDocFile } from '../paths.ts';
import { dependenciesOf, findConfig, pathOf, readConfig, stringOf } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import { normalizeLanguage } from './languages.ts';
import { MetaFiles } from './nextra-meta.ts';
import { appRoute, contentRoute, findRoots, pagesRoute, type Route } from './nextra-routes.ts';
import { frontmatterText } from './page-rules.ts';
import { findStaticCalls } from './static-config.ts';
import type { PagePlacement, SiteLayout } from './types.ts';

const NEXT_CONFIG_EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cjs'];
const IMPORTS_NEXTRA = /(?:from\s+|require\(\s*|import\(\s*)['"]nextra['"]/;

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
      if (frontmatter.searchable === false) placement.unlisted = true;
      return placement;
    },
  };
}
