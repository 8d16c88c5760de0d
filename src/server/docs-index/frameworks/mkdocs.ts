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
import { DocsFolder, normalizeRelative } from './docs-folder.ts';
import { isLanguageCode, normalizeLanguage } from './languages.ts';
import { readMaterialBlog } from './mkdocs-blog.ts';
import { rewriteAutodocBlocks } from './mkdocstrings.ts';
import { isTrue } from './page-rules.ts';
import { layoutFromAbove } from './subfolder-site.ts';
import { isMdxFile, type PagePlacement, type SiteLayout } from './types.ts';

const DEFAULT_EXCLUDE = ['.*', '/templates/'];

interface I18n {
  structure: 'suffix' | 'folder';
  /** Locale codes as written, the default first. */
  locales: string[];
}

export const MKDOCS_CONFIGS = ['mkdocs.yml', 'mkdocs.yaml'];

export function loadMkdocs(folder: DocsFolder): SiteLayout {
  if (!folder.firstFile(MKDOCS_CONFIGS)) {
    const below = mkdocsBelow(folder);
    if (below) return below;
  }
  return loadMkdocsConfig(folder);
}

/**
 * The MkDocs site of the folder's configuration, or of `configFile` (a path from the folder,
 * `../en/mkdocs.yml`) read as if it were the folder's own: `docs_dir` is then a folder of this
 * one, as where a site's build copies one configuration into each language's folder.
 */
export function loadMkdocsConfig(folder: DocsFolder, configFile?: string): SiteLayout {
  const ownConfig = folder.firstFile(MKDOCS_CONFIGS);
  const file = configFile ?? ownConfig ?? MKDOCS_CONFIGS[0]!;
  const configFiles = [file];
  const config = readConfig(folder, file, configFiles);
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
  const includes = readIncludeBase(config);
  return {
    framework: 'mkdocs',
    isMdx: isMdxFile,
    ...(includes !== undefined && {
      partials: {
        mkdocsIncludes: () => includes.base,
        ...(includes.variants && { mkdocsIncludeVariants: true }),
      },
    }),
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
  // Within a wider boundary the parent may sit beside the folder (`../en/mkdocs.yml`).
  const parentFile = inherit && folder.inside(posix.join(posix.dirname(file), inherit));
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
function pluginOptions(config: Data, names: string[], key = 'plugins'): Data | undefined {
  const listed = config[key];
  const entries: [string, unknown][] = isData(listed)
    ? Object.entries(listed)
    : arrayOf(listed).flatMap((plugin): [string, unknown][] =>
        typeof plugin === 'string' ? [[plugin, {}]] : isData(plugin) ? Object.entries(plugin) : [],
      );
  const found = entries.find(([name]) => names.includes(name));
  if (!found) return undefined;
  return isData(found[1]) ? found[1] : {};
}

/** Markdown extensions that include files with `{!path!}`, resolved from their `base_path`. */
const INCLUDE_EXTENSIONS = ['markdown_include.include', 'mdx_include'];
/** markdown-include-variants' `{* path *}`, from the folder MkDocs runs in. */
const INCLUDE_VARIANTS = ['markdown_include_variants'];

/**
 * Where includes start from, relative to the folder, when the configuration enables
 * markdown-include or mdx_include (their `base_path`, by default `.`, the folder MkDocs runs
 * in: the configuration's) or markdown-include-variants (`variants`, from that folder).
 */
function readIncludeBase(config: Data): { base: string; variants: boolean } | undefined {
  const options = pluginOptions(config, INCLUDE_EXTENSIONS, 'markdown_extensions');
  const variants = pluginOptions(config, INCLUDE_VARIANTS, 'markdown_extensions') !== undefined;
  if (!options && !variants) return undefined;
  return { base: normalizeRelative(stringOf(options?.base_path) ?? '.') ?? '', variants };
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
        // An unnamed section (`"":`) groups its pages without a heading of its own.
        visit(value, label.trim() ? [...trail, label] : trail);
      }
    }
  };
  visit(nav, []);
  return entries;
}

/**
 * True for a folder holding one MkDocs site per language (`docs/en/mkdocs.yml`, `docs/es/`):
 * detected as MkDocs, which the root's own configuration is not.
 */
export function hasMkdocsLanguageSites(folder: DocsFolder): boolean {
  return CONFIG_FOLDERS.some((base) => languageSites(folder, base) !== undefined);
}

/** Where a repository keeps its MkDocs configuration when not at its root. */
const CONFIG_FOLDERS = ['', 'docs'];

/**
 * A site whose `mkdocs.yml` is not at the folder's root: in `docs/` (a repository's root
 * named), or one per language (`docs/en/mkdocs.yml`, `docs/es/mkdocs.yml`, each language
 * with its own `docs/` folder, as FastAPI keeps its translations). Undefined when neither.
 */
function mkdocsBelow(folder: DocsFolder): SiteLayout | undefined {
  for (const base of CONFIG_FOLDERS) {
    const languages = languageSites(folder, base);
    if (languages) return languages;
  }
  if (folder.firstFile(MKDOCS_CONFIGS.map((name) => `docs/${name}`))) {
    return layoutFromAbove(loadMkdocsConfig(subfolder(folder, 'docs')), 'docs');
  }
  return undefined;
}

function subfolder(folder: DocsFolder, dir: string): DocsFolder {
  return new DocsFolder(posix.join(folder.root, dir), folder.boundary);
}

/**
 * One MkDocs site per language: folders of `base` named by a language code, at least one with
 * an `mkdocs.yml`. The default language is the one whose configuration the others inherit
 * (`INHERIT: ../en/mkdocs.yml`), or the only one configured, else `en` or the first; it is
 * published at the root and every other at `<code>/`, its own `docs_dir` read with its own
 * configuration, or with the default one's where it has none (the build then copies that one
 * in). A language's page mirrors the default-language page at the same place.
 */
function languageSites(folder: DocsFolder, base: string): SiteLayout | undefined {
  const join = (name: string) => (base ? `${base}/${name}` : name);
  const codes = folder.subfolders(base).filter(isLanguageCode);
  const configured = codes.filter((code) =>
    folder.firstFile(MKDOCS_CONFIGS.map((name) => join(`${code}/${name}`))),
  );
  if (configured.length === 0) return undefined;
  const inherits = (code: string) => {
    const file = folder.firstFile(MKDOCS_CONFIGS.map((name) => join(`${code}/${name}`)))!;
    const parsed = parseYamlData(folder.readIfExists(file) ?? '');
    return isData(parsed) && stringOf(parsed.INHERIT) !== undefined;
  };
  const roots = configured.filter((code) => !inherits(code));
  const candidates = roots.length > 0 ? roots : configured;
  const defaultCode = candidates.includes('en') ? 'en' : candidates[0]!;
  const defaultConfig = folder.firstFile(
    MKDOCS_CONFIGS.map((name) => join(`${defaultCode}/${name}`)),
  )!;
  const main = layoutFromAbove(
    loadMkdocsConfig(subfolder(folder, join(defaultCode))),
    join(defaultCode),
  );
  const [mainDir] = main.contentDirs;
  const others = codes
    .filter((code) => code !== defaultCode)
    .map((code) => {
      const own = configured.includes(code);
      const borrowed = posix.relative(join(code), defaultConfig);
      const site = loadMkdocsConfig(subfolder(folder, join(code)), own ? undefined : borrowed);
      return { code, own, layout: layoutFromAbove(site, join(code)) };
    })
    .filter(({ layout }) => layout.contentDirs.every((dir) => folder.isDirectory(dir)));
  if (others.length === 0 || mainDir === undefined) return undefined;
  const { siteDir: _, ...mainLayout } = main;
  const defaultLanguage = main.defaultLanguage;
  const siteOf = (file: string) =>
    others.find(({ layout }) => layout.contentDirs.some((dir) => file.startsWith(`${dir}/`)));
  // No `siteDir`: the languages are read together from this folder, not from the default's.
  return {
    ...mainLayout,
    languages: [defaultLanguage, ...others.map(({ code }) => normalizeLanguage(code) ?? code)],
    languagePrefixes: others.map(({ code }) => ({
      prefix: `${code}/`,
      language: normalizeLanguage(code) ?? code,
    })),
    configFiles: [
      ...new Set([main, ...others.map(({ layout }) => layout)].flatMap((l) => l.configFiles)),
    ],
    contentDirs: [...main.contentDirs, ...others.flatMap(({ layout }) => layout.contentDirs)],
    isPageFile: (file) => (siteOf(file)?.layout ?? main).isPageFile(file),
    place(file, frontmatter) {
      const other = siteOf(file);
      if (!other) return main.place(file, frontmatter);
      const placement = other.layout.place(file, frontmatter);
      if (!placement) return undefined;
      const { navTitle: _, navTitleFirst: __, ...rest } = placement;
      return {
        // A configuration of its own may title its nav in its language; a borrowed one cannot.
        ...(other.own ? placement : rest),
        path: `${other.code}/${placement.path}`,
        language: normalizeLanguage(other.code) ?? other.code,
        translationKey: placement.path,
      };
    },
  };
}
