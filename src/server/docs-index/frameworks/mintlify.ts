/**
 * Mintlify: `docs.json` (or the older `mint.json`) names every published page in its
 * navigation, by file path without extension; languages and versions are branches of it
 * (`$ref`s to other JSON files resolved, mintlify-config.ts).
 * As Mintlify documents: `.mintignore` (gitignore syntax, plus its default patterns) removes
 * files from the site; `snippets/` holds partials, never pages; pages outside the navigation,
 * in a `hidden` branch or with `hidden: true` are served by URL but kept out of search and the
 * assistant unless `seo.indexing` is `all`; `noindex: true` keeps a page out of them always.
 */
import ignore from 'ignore';
import { isDocFile } from '../paths.ts';
import { arrayOf, type Data, isData, pathOf, stringOf } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import { normalizeLanguage } from './languages.ts';
import { withoutPrefix } from './locale-folders.ts';
import { MINTLIFY_CONFIGS, readMintlifyConfig } from './mintlify-config.ts';
import { frontmatterText, isRepositoryFile, isTrue } from './page-rules.ts';
import type { PagePlacement, SiteLayout, SiteVersion } from './types.ts';

export { MINTLIFY_CONFIGS };

/** What Mintlify ignores without a `.mintignore` (its documented defaults). */
const DEFAULT_IGNORED = [
  '.git',
  '.github',
  '.claude',
  '.agents',
  '.idea',
  '.vscode',
  'node_modules',
  'build',
  'dist',
  'coverage',
  '.cache',
  'tmp',
  'temp',
  'README.md',
  'LICENSE.md',
  'CHANGELOG.md',
  'CONTRIBUTING.md',
  '/snippets/',
];

/** Navigation keys that label a branch (`{"group": "Guides", "pages": [...]}`). */
const LABEL_KEYS = ['tab', 'anchor', 'dropdown', 'product', 'item', 'group'];
/** Navigation keys holding child entries. */
const CHILD_KEYS = ['languages', 'versions', 'products', 'tabs', 'anchors', 'dropdowns', 'menu'];

interface NavContext {
  language?: string;
  version?: string;
  trail: string[];
  hidden: boolean;
}

interface NavEntry extends NavContext {
  /** Referenced from more than one version: it belongs to all of them. */
  shared?: boolean;
}

export function loadMintlify(folder: DocsFolder): SiteLayout {
  const { config, files: configFiles } = readMintlifyConfig(folder);
  const ignored = ignore()
    .add(DEFAULT_IGNORED)
    .add(folder.readIfExists('.mintignore') ?? '');
  const indexHidden = pathOf(config, 'seo', 'indexing') === 'all';
  const navigation = readNavigation(config);
  const languages = navigation.languages.length > 0 ? navigation.languages : ['en'];
  const defaultLanguage = languages[0]!;
  const folders = new Map(navigation.folders);
  const languageOf = (ref: string, declared?: string) => {
    if (declared) return declared;
    const first = ref.split('/', 1)[0]!.toLowerCase();
    const match = [...folders].find(([, code]) => code.toLowerCase() === first);
    return match?.[0] ?? defaultLanguage;
  };
  return {
    framework: 'mintlify',
    anchorStyle: 'github',
    defaultLanguage,
    languages,
    versions: navigation.versions,
    languagePrefixes: languages
      .slice(1)
      .map((language) => ({ prefix: `${folders.get(language) ?? language}/`, language })),
    configFiles: [...new Set([...MINTLIFY_CONFIGS, ...configFiles, '.mintignore'])],
    contentDirs: [''],
    isPageFile: (file) =>
      isDocFile(file) && !isRepositoryFile(file.split('/').at(-1)!) && !ignored.ignores(file),
    place(file, frontmatter): PagePlacement {
      const ref = file.replace(/\.mdx?$/i, '');
      const entry = navigation.pages.get(ref.toLowerCase());
      const language = languageOf(ref, entry?.language);
      const path = ref.replace(/(?:^|\/)index$/i, '');
      // Without a navigation (no config yet), every page counts as listed.
      const hidden =
        (navigation.pages.size > 0 && (!entry || entry.hidden)) || isTrue(frontmatter.hidden);
      const placement: PagePlacement = {
        path,
        language,
        translationKey:
          language === defaultLanguage ? path : withoutPrefix(path, folders.get(language) ?? ''),
      };
      if (entry?.version && !entry.shared) placement.version = entry.version;
      if (entry?.trail.length) placement.navigation = entry.trail;
      const navTitle = frontmatterText(frontmatter.sidebarTitle);
      if (navTitle) placement.navTitle = navTitle;
      if ((hidden && !indexHidden) || isTrue(frontmatter.noindex)) placement.unlisted = true;
      return placement;
    },
  };
}

interface Navigation {
  pages: Map<string, NavEntry>;
  /** Languages, default first. */
  languages: string[];
  /** Language -> the code its folder and entries use (`zh` -> `cn`). */
  folders: [string, string][];
  versions: SiteVersion[];
}

function readNavigation(config: Data): Navigation {
  const result: Navigation = { pages: new Map(), languages: [], folders: [], versions: [] };
  const addPage = (ref: string, context: NavContext) => {
    const key = ref
      .replace(/^\//, '')
      .replace(/\.mdx?$/i, '')
      .toLowerCase();
    if (!key || /\s|^https?:/.test(key)) return;
    const existing = result.pages.get(key);
    if (!existing) result.pages.set(key, { ...context, trail: [...context.trail] });
    else if (existing.version !== context.version) existing.shared = true;
  };
  const walk = (node: unknown, context: NavContext): void => {
    if (typeof node === 'string') {
      addPage(node, context);
      return;
    }
    if (Array.isArray(node)) {
      for (const child of node) walk(child, context);
      return;
    }
    if (!isData(node)) return;
    const next = branchContext(node, context, result);
    const root = stringOf(node.root);
    if (root) addPage(root, next);
    for (const key of [...CHILD_KEYS, 'groups', 'pages']) walk(node[key], next);
  };
  const navigation = config.navigation;
  if (Array.isArray(navigation)) {
    // mint.json: groups with an optional `version`, versions listed beside.
    result.versions = versionList(arrayOf(config.versions));
    for (const group of navigation) {
      const version = isData(group) ? stringOf(group.version) : undefined;
      walk(group, { trail: [], hidden: false, ...(version && { version }) });
    }
  } else {
    walk(navigation, { trail: [], hidden: false });
  }
  return result;
}

/** The context below a navigation object: its language, version, label, hidden flag. */
function branchContext(node: Data, context: NavContext, result: Navigation): NavContext {
  const next: NavContext = { ...context, trail: [...context.trail] };
  const code = stringOf(node.language);
  if (code) {
    const language = normalizeLanguage(code) ?? code;
    next.language = language;
    if (!result.languages.includes(language)) {
      if (isTrue(node.default)) result.languages.unshift(language);
      else result.languages.push(language);
      result.folders.push([language, code]);
    }
  }
  const version = stringOf(node.version);
  if (version) {
    next.version = version;
    if (!result.versions.some((known) => known.name === version)) {
      const entry = { name: version, aliases: [] };
      if (isTrue(node.default)) result.versions.unshift(entry);
      else result.versions.push(entry);
    }
  }
  for (const key of LABEL_KEYS) {
    const label = stringOf(node[key]);
    if (label) next.trail.push(label);
  }
  if (isTrue(node.hidden) && !isTrue(node.searchable)) next.hidden = true;
  return next;
}

/** mint.json `versions`: names, or `{name, default}` objects; the default first. */
function versionList(entries: unknown[]): SiteVersion[] {
  const versions: SiteVersion[] = [];
  for (const entry of entries) {
    const name = isData(entry) ? stringOf(entry.name) : stringOf(entry);
    if (!name) continue;
    if (isData(entry) && isTrue(entry.default)) versions.unshift({ name, aliases: [] });
    else versions.push({ name, aliases: [] });
  }
  return versions;
}
