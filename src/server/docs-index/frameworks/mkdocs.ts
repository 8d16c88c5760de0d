/**
 * MkDocs: `mkdocs.yml` names the pages folder (`docs_dir`) and the URL form
 * (`use_directory_urls`: `guide/setup/` or `guide/setup.html`); `index.md`, else `README.md`,
 * is its folder's page; `exclude_docs` and `draft_docs` (gitignore patterns, `.*` and
 * `/templates/` by default) are not published. The `nav` titles win over the page's own, as
 * in MkDocs, and its sections are the groups. `INHERIT` is followed within the folder. Languages from the mkdocs-static-i18n plugin
 * (`page.fr.md` suffixes or `fr/` folders, published under `fr/`), else `theme.language`.
 * Posts of Material's blog plugin are published at their dated URLs (mkdocs-blog.ts);
 * mkdocstrings' `::: identifier` blocks keep their identifier, not their options (mkdocstrings.ts).
 */
import { posix } from 'node:path';
import ignore from 'ignore';
import { arrayOf, type Data, isData, parseYamlData, pathOf, stringOf } from './config-files.ts';
import { type DocsFolder, normalizeRelative } from './docs-folder.ts';
import { normalizeLanguage } from './languages.ts';
import { readMaterialBlog } from './mkdocs-blog.ts';
import { rewriteAutodocBlocks } from './mkdocstrings.ts';
import { isTrue } from './page-rules.ts';
import { isMdxFile, type PagePlacement, type SiteLayout } from './types.ts';

const DEFAULT_EXCLUDE = ['.*', '/templates/'];

interface I18n {
  structure: 'suffix' | 'folder';
  /** Locale codes as written, the default first. */
  locales: string[];
}

export const MKDOCS_CONFIGS = ['mkdocs.yml', 'mkdocs.yaml'];

export function loadMkdocs(folder: DocsFolder): SiteLayout {
  const configFile = folder.firstFile(MKDOCS_CONFIGS) ?? MKDOCS_CONFIGS[0]!;
  const configFiles = [configFile];
  const config = readConfig(folder, configFile, configFiles);
  const docsDir = normalizeRelative(stringOf(config.docs_dir) ?? 'docs') ?? 'docs';
  const directoryUrls = config.use_directory_urls !== false;
  const excluded = ignore()
    .add(DEFAULT_EXCLUDE)
    .add(stringOf(config.exclude_docs) ?? '')
    .add(stringOf(config.draft_docs) ?? '');
  const i18n = readI18n(config);
  const themeLanguage = stringOf(pathOf(config, 'theme', 'language'));
  const locales = i18n?.locales ?? [themeLanguage ?? 'en'];
  const languageOf = (locale: string) => normalizeLanguage(locale) ?? locale;
  const defaultLocale = locales[0]!;
  const nav = navEntries(config.nav);
  const relative = (file: string) => file.slice(docsDir.length + 1);
  const blog = readMaterialBlog(
    pluginOptions(config, ['blog', 'material/blog']),
    folder,
    docsDir,
    themeLanguage,
  );
  const url = (path: string, isIndex: boolean) => {
    if (isIndex)
      return path
        ? directoryUrls
          ? `${path}/`
          : `${path}/index.html`
        : directoryUrls
          ? ''
          : 'index.html';
    return directoryUrls ? `${path}/` : `${path}.html`;
  };
  return {
    framework: 'mkdocs',
    isMdx: isMdxFile,
    ...(pluginOptions(config, ['mkdocstrings']) && { rewriteBody: rewriteAutodocBlocks }),
    anchorStyle: 'mkdocs',
    defaultLanguage: languageOf(defaultLocale),
    languages: locales.map(languageOf),
    versions: [],
    languagePrefixes: locales
      .slice(1)
      .map((locale) => ({ prefix: `${locale}/`, language: languageOf(locale) })),
    configFiles: [...new Set([...MKDOCS_CONFIGS, ...configFiles])],
    contentDirs: [docsDir],
    isPageFile: (file) =>
      file.startsWith(`${docsDir}/`) && file.endsWith('.md') && !excluded.ignores(relative(file)),
    place(file, frontmatter): PagePlacement | undefined {
      if (blog && relative(file).startsWith(`${blog.postDir}/`)) {
        const post = blog.postPath(relative(file), frontmatter);
        if (post === undefined) return undefined;
        const path = url(post, false);
        return { path, language: languageOf(defaultLocale), translationKey: path };
      }
      let path = relative(file).replace(/\.md$/, '');
      let locale = defaultLocale;
      if (i18n?.structure === 'folder') {
        const folderLocale = locales.find((code) => path.startsWith(`${code}/`));
        if (folderLocale) {
          locale = folderLocale;
          path = path.slice(folderLocale.length + 1);
        }
      } else if (i18n) {
        const suffix = /\.([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]+)?)$/.exec(path)?.[1];
        if (suffix && locales.includes(suffix)) {
          locale = suffix;
          path = path.slice(0, -(suffix.length + 1));
        }
      }
      const segments = path.split('/');
      const name = segments.pop()!;
      const dir = segments.join('/');
      const isReadmeIndex =
        /^readme$/i.test(name) && !folder.isFile(`${docsDir}/${dir ? `${dir}/` : ''}index.md`);
      const isIndex = name === 'index' || isReadmeIndex;
      const bare = url(isIndex ? dir : path, isIndex);
      const prefix = locale === defaultLocale ? '' : `${locale}/`;
      const placement: PagePlacement = {
        path: `${prefix}${bare}`,
        language: languageOf(locale),
        translationKey: bare,
      };
      // The nav names default-language files; its titles are that language's.
      const entry = nav.get(`${path}.md`);
      if (entry?.label && locale === defaultLocale) {
        placement.navTitle = entry.label;
        placement.navTitleFirst = true;
      }
      if (entry?.trail.length) placement.navigation = entry.trail;
      if (isTrue(pathOf(frontmatter, 'search', 'exclude'))) placement.unlisted = true;
      return placement;
    },
  };
}

/**
 * The configuration with `INHERIT` applied as MkDocs documents it: the parent's (a path relative
 * to the file) mappings merged deeply under the file's, lists and other values replaced. A parent
 * outside the docs folder is not read. `read` gathers the files read.
 */
function readConfig(folder: DocsFolder, file: string, read: string[]): Data {
  const parsed = parseYamlData(folder.readIfExists(file) ?? '');
  const config: Data = isData(parsed) ? parsed : {};
  const inherit = stringOf(config.INHERIT);
  const parentFile = inherit && normalizeRelative(posix.join(posix.dirname(file), inherit));
  if (!parentFile || read.includes(parentFile)) return config;
  read.push(parentFile);
  const { INHERIT: _, ...own } = config;
  return mergeDeep(readConfig(folder, parentFile, read), own);
}

function mergeDeep(base: Data, over: Data): Data {
  const merged: Data = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const below = merged[key];
    const both = isData(below) && isData(value) && !(value instanceof Date);
    merged[key] = both ? mergeDeep(below, value) : value;
  }
  return merged;
}

/**
 * The options of the first of the plugins `names` that `plugins` enables, as MkDocs reads them:
 * a list of names or one-key mappings (`- blog`, `- blog:` with or without options), or one
 * mapping of names to options; `{}` for a plugin without options.
 */
function pluginOptions(config: Data, names: string[]): Data | undefined {
  const entries: [string, unknown][] = isData(config.plugins)
    ? Object.entries(config.plugins)
    : arrayOf(config.plugins).flatMap((plugin): [string, unknown][] =>
        typeof plugin === 'string' ? [[plugin, {}]] : isData(plugin) ? Object.entries(plugin) : [],
      );
  const found = entries.find(([name]) => names.includes(name));
  if (!found) return undefined;
  return isData(found[1]) ? found[1] : {};
}

/** mkdocs-static-i18n: 1.x `languages: [{locale, default}]`, or `default_language` before. */
function readI18n(config: Data): I18n | undefined {
  const options = pluginOptions(config, ['i18n']);
  if (!options) return undefined;
  const structure = options.docs_structure === 'folder' ? 'folder' : 'suffix';
  const entries = options.languages;
  const locales: string[] = [];
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      const locale = stringOf(pathOf(entry, 'locale'));
      if (!locale || pathOf(entry, 'build') === false) continue;
      if (isTrue(pathOf(entry, 'default'))) locales.unshift(locale);
      else locales.push(locale);
    }
  } else if (isData(entries)) {
    const fallback = stringOf(options.default_language);
    locales.push(...Object.keys(entries).filter((code) => code !== fallback));
    if (fallback) locales.unshift(fallback);
  }
  return locales.length > 0 ? { structure, locales } : undefined;
}

/** `nav:` entries: file -> its title and the sections above it. */
function navEntries(nav: unknown): Map<string, { label?: string; trail: string[] }> {
  const entries = new Map<string, { label?: string; trail: string[] }>();
  const visit = (item: unknown, trail: string[]): void => {
    if (typeof item === 'string') {
      if (!entries.has(item)) entries.set(item, { trail });
      return;
    }
    if (Array.isArray(item)) {
      for (const child of item) visit(child, trail);
      return;
    }
    if (!isData(item)) return;
    for (const [label, value] of Object.entries(item)) {
      if (typeof value === 'string') {
        if (!/^[a-z]+:/i.test(value) && !entries.has(value)) entries.set(value, { label, trail });
      } else {
        visit(value, [...trail, label]);
      }
    }
  };
  visit(nav, []);
  return entries;
}
