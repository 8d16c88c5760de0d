/**
 * Docusaurus: docs plugin instances from `docusaurus.config.*` (the classic preset's `docs`
 * and `@docusaurus/plugin-content-docs` plugins), published as Docusaurus computes doc URLs:
 * `routeBasePath` + version path + slug, where the slug is the file path with number prefixes
 * dropped, `id` renaming the last segment, `slug` frontmatter replacing it (relative or
 * absolute), and `index`/`README`/same-name-as-folder docs naming their folder. Versions come
 * from `versions.json` + `versioned_docs/version-X` (the last version at the root, the current
 * docs under `next/`), languages from `i18n.locales` + `i18n/<locale>/docusaurus-plugin-
 * content-docs/…` (published under `<locale>/`; an untranslated page is published there too, with
 * the original's text). `_`-prefixed partials and test files are
 * excluded as the plugin's default `exclude` says; `unlisted: true` pages are served, not
 * searched. Markdown pages in `src/pages` are published too; the blog is not indexed. Pages are
 * MDX, `.md` too, unless `markdown.format` or the page's `format` says `md` or `detect`.
 */
import picomatch from 'picomatch';
import { isDocFile } from '../paths.ts';
import { arrayOf, type Data, findConfig, pathOf, readConfig, stringOf } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import {
  categoryTranslations,
  classicOptions,
  DEFAULT_EXCLUDE,
  type DocsInstance,
  type DocsVersion,
  docsInstances,
  docsVersions,
  pluginDir,
  sidebarsOf,
  trimSlashes,
  versionDir,
} from './docusaurus-plugins.ts';
import { docRoute, stripNumberPrefix } from './docusaurus-routes.ts';
import { categoryLabel, type Sidebars, sidebarEntry } from './docusaurus-sidebars.ts';
import { normalizeLanguage } from './languages.ts';
import { frontmatterText, isTrue } from './page-rules.ts';
import { isMdxFile, type PagePlacement, type SiteLayout, type SiteVersion } from './types.ts';

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
  /**
   * For the default locale's own folder: the locale's `i18n/` folder, whose files are
   * published in place of the ones of the same name here.
   */
  localizedDir?: string;
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
  const requiredDirs: string[] = [];
  const siteVersions: SiteVersion[] = [];
  for (const instance of docsInstances(config)) {
    const versions = docsVersions(folder, instance, configFiles);
    const versioned = versions.length > 1 || versions[0]?.name !== 'current';
    if (versioned && siteVersions.length === 0) {
      for (const version of versions) {
        const aliases = [...new Set([version.label, version.path].filter(Boolean))];
        siteVersions.push({ name: version.name, aliases });
      }
    }
    const accepts = globFilter(instance.include, instance.exclude);
    for (const version of versions) {
      const baseDir = versionDir(instance, version);
      requiredDirs.push(baseDir);
      const sidebars = sidebarsOf(folder, instance, version, configFiles);
      const versionFolder = version.name === 'current' ? 'current' : `version-${version.name}`;
      for (const locale of allLocales) {
        const i18nDir = `i18n/${localeDir(locale)}/${pluginDir('docs', instance.id)}`;
        const shared = {
          locale,
          instance,
          baseDir,
          sidebars,
          accepts,
          labels: categoryTranslations(folder, `${i18nDir}/${versionFolder}.json`),
          ...(versioned && { version }),
        };
        roots.push({ ...shared, dir: `${i18nDir}/${versionFolder}` });
        if (locale === defaultLocale) {
          roots.push({ ...shared, dir: baseDir, localizedDir: `${i18nDir}/${versionFolder}` });
        }
      }
    }
  }
  if (config.presets === undefined || classicOptions(config)?.pages !== false) {
    const accepts = globFilter(['**/*.{md,mdx}'], DEFAULT_EXCLUDE);
    for (const locale of allLocales) {
      const dir = `i18n/${localeDir(locale)}/docusaurus-plugin-content-pages`;
      roots.push({ dir, locale, baseDir: 'src/pages', accepts });
      if (locale === defaultLocale) {
        roots.push({ dir: 'src/pages', locale, baseDir: 'src/pages', accepts, localizedDir: dir });
      }
    }
  }
  // Longest folder first, so `docs` never claims `docs/x` of a nested root.
  roots.sort((a, b) => b.dir.length - a.dir.length);
  const rootOf = (file: string) => roots.find((root) => file.startsWith(`${root.dir}/`));
  /**
   * The locale a file of a root is published as a page of. An original the default locale's
   * `i18n/` copy replaces is still what every other locale without its own copy publishes
   * (apache/rocketmq-site: Chinese originals in `docs/`, English in `i18n/en/`, served at
   * `zh/docs/…`): the first such locale's page, in its language and with its labels (that
   * locale's root). Undefined: no page.
   */
  const publishedBy = (root: ContentRoot, relativePath: string): ContentRoot | undefined => {
    if (!root.localizedDir || !folder.isFile(`${root.localizedDir}/${relativePath}`)) {
      return root;
    }
    return roots.find(
      (other) =>
        other.locale !== defaultLocale &&
        !other.localizedDir &&
        other.baseDir === root.baseDir &&
        other.instance === root.instance &&
        other.version === root.version &&
        !folder.isFile(`${other.dir}/${relativePath}`),
    );
  };
  const finish = (path: string) => (trailingSlash && path ? `${path}/` : path);
  return {
    framework: 'docusaurus',
    isMdx: (file, frontmatter) => {
      const format = stringOf(frontmatter.format ?? pathOf(frontmatter, 'mdx', 'format'));
      const chosen = format ?? stringOf(pathOf(config, 'markdown', 'format')) ?? 'mdx';
      return chosen === 'detect' ? isMdxFile(file) : chosen !== 'md';
    },
    anchorStyle: 'github',
    defaultLanguage: languageOf(defaultLocale),
    languages: allLocales.map(languageOf),
    versions: siteVersions,
    languagePrefixes: allLocales
      .slice(1)
      .map((locale) => ({ prefix: `${locale}/`, language: languageOf(locale) })),
    // Every locale's site has the default locale's pages, each read from the locale's `i18n/`
    // folder where translated, else from the original (the docs plugin's localized content path
    // before the original one).
    publishesFallbacks: true,
    configFiles,
    contentDirs: [...new Set(roots.map((root) => root.dir))],
    requiredDirs,
    isPageFile(file) {
      const root = rootOf(file);
      if (root === undefined || !isDocFile(file)) return false;
      const relativePath = file.slice(root.dir.length + 1);
      if (!root.accepts(relativePath)) return false;
      // Docusaurus lists a locale's pages from the default folder and reads each from the
      // locale's `i18n/` folder where it has the file: a translation without its original is
      // not published, and the default locale's own `i18n/` copy replaces the original, which
      // other locales without a copy still publish (`publishedBy`).
      if (root.localizedDir) return publishedBy(root, relativePath) !== undefined;
      return root.dir === root.baseDir || folder.isFile(`${root.baseDir}/${relativePath}`);
    },
    place(file, frontmatter): PagePlacement | undefined {
      const root = rootOf(file);
      if (!root) return undefined;
      const relativePath = file.slice(root.dir.length + 1);
      const owner = publishedBy(root, relativePath) ?? root;
      const { locale } = owner;
      const localePrefix = locale === defaultLocale ? '' : locale;
      const language = languageOf(locale);
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
        placement.navigation = entry.trail.map((label) => owner.labels?.get(label) ?? label);
      }
      const navTitle = frontmatterText(frontmatter.sidebar_label) ?? entry?.label;
      if (navTitle) placement.navTitle = navTitle;
      if (isTrue(frontmatter.unlisted)) placement.unlisted = true;
      return placement;
    },
  };
}

function globFilter(include: string[], exclude: string[]): (path: string) => boolean {
  const included = picomatch(include.length > 0 ? include : ['**/*.{md,mdx}']);
  const excluded = picomatch(exclude.length > 0 ? exclude : DEFAULT_EXCLUDE);
  return (path) => included(path) && !excluded(path);
}

function pagePath(relativePath: string): string {
  return relativePath.replace(/\.mdx?$/i, '').replace(/(?:^|\/)index$/i, '');
}

function joinPath(...parts: string[]): string {
  return parts.map(trimSlashes).filter(Boolean).join('/');
}
