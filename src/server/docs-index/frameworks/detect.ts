/**
 * Which framework publishes a docs folder, told by the configuration file it keeps (or named
 * by `--framework` / a site's `framework` in the config file), and that framework's layout.
 */
import { join } from 'node:path';
import { isDocFile } from '../paths.ts';
import { findConfig, isData, parseJson } from './config-files.ts';
import { DocsFolder } from './docs-folder.ts';
import { loadDocusaurus } from './docusaurus.ts';
import { isFumadocsSite, loadFumadocs } from './fumadocs.ts';
import { loadMintlify, MINTLIFY_CONFIGS } from './mintlify.ts';
import { hasMkdocsLanguageSites, loadMkdocs, MKDOCS_CONFIGS } from './mkdocs.ts';
import { isNextraSite, loadNextra } from './nextra.ts';
import { loadPlain } from './plain.ts';
import { loadStarlight, STARLIGHT_CONTENT } from './starlight.ts';
import { layoutFromAbove } from './subfolder-site.ts';
import type { FrameworkName, SiteLayout } from './types.ts';
import { loadVitepress, vitepressRoot } from './vitepress.ts';

const LOADERS: Record<FrameworkName, (folder: DocsFolder) => SiteLayout> = {
  mintlify: loadMintlify,
  docusaurus: loadDocusaurus,
  starlight: loadStarlight,
  vitepress: loadVitepress,
  mkdocs: loadMkdocs,
  fumadocs: loadFumadocs,
  nextra: loadNextra,
  plain: loadPlain,
};

/** The first framework whose configuration the folder holds; `plain` when none. */
export function detectFramework(folder: DocsFolder): FrameworkName {
  const mintlify = folder.firstFile(MINTLIFY_CONFIGS);
  // `docs.json` is a common name: Mintlify's has a navigation.
  const config = mintlify ? parseJson(folder.readIfExists(mintlify) ?? '') : undefined;
  if (mintlify === 'mint.json' || (isData(config) && 'navigation' in config)) return 'mintlify';
  if (findConfig(folder, 'docusaurus.config')) return 'docusaurus';
  if (findConfig(folder, 'sidebars', ['js', 'ts', 'json']) && folder.isDirectory('docs')) {
    return 'docusaurus';
  }
  if (findConfig(folder, 'astro.config') && folder.isDirectory(STARLIGHT_CONTENT)) {
    return 'starlight';
  }
  if (vitepressRoot(folder) !== undefined) return 'vitepress';
  if (folder.firstFile(MKDOCS_CONFIGS)) return 'mkdocs';
  if (hasMkdocsLanguageSites(folder)) return 'mkdocs';
  // Next.js sites after the others, so a repository that also keeps one of their configs is
  // read as before. Fumadocs first: `source.config` is its own, while `nextra` may linger in
  // the dependencies of a site that moved to Fumadocs.
  if (isFumadocsSite(folder)) return 'fumadocs';
  if (isNextraSite(folder)) return 'nextra';
  return 'plain';
}

/** Folders of a monorepo whose subfolders are apps and packages (`apps/docs`). */
const WORKSPACE_FOLDERS = ['apps', 'packages'];

/**
 * Doc sites kept in a subfolder of a repository whose root has no framework configuration
 * (`website/` of Docusaurus projects, `apps/docs` of monorepos): the folder, relative, its
 * framework and its layout as read from there (its content may come from elsewhere in the
 * repository: jest's `website/` takes `../docs`).
 */
export function findSitesBelow(folder: DocsFolder): {
  dir: string;
  framework: Exclude<FrameworkName, 'plain'>;
  layout: SiteLayout;
}[] {
  const candidates = folder
    .subfolders('')
    .flatMap((name) =>
      WORKSPACE_FOLDERS.includes(name)
        ? [name, ...folder.subfolders(name).map((inner) => `${name}/${inner}`)]
        : [name],
    );
  const found: { dir: string; framework: Exclude<FrameworkName, 'plain'>; layout: SiteLayout }[] =
    [];
  for (const dir of candidates) {
    const site = new DocsFolder(join(folder.root, dir), folder.boundary);
    const framework = detectFramework(site);
    if (framework === 'plain') continue;
    const layout = LOADERS[framework](site);
    // A package that merely depends on a framework (a plugin, a library) publishes no page.
    if (hasPages(site, layout)) found.push({ dir, framework, layout });
  }
  return found;
}

function hasPages(folder: DocsFolder, layout: SiteLayout): boolean {
  return layout.contentDirs.some((dir) =>
    folder.list(dir, isDocFile).some((file) => layout.isPageFile(file)),
  );
}

/**
 * Reads the site's layout: its framework's configuration, as data. A folder without any whose
 * subfolders hold exactly one site (a repository's root, `website/` holding a Docusaurus site)
 * is read as that site, its paths relative to the folder; with several, as a plain folder.
 * `siteDir` names the subfolder again (the page reader's worker), `framework` the framework:
 * when the folder is not a site of it but one subfolder is, that subfolder's site.
 */
export function loadSiteLayout(
  folder: DocsFolder,
  framework?: FrameworkName,
  siteDir?: string,
): SiteLayout {
  if (siteDir) {
    const site = new DocsFolder(join(folder.root, siteDir), folder.boundary);
    return layoutFromAbove(LOADERS[framework ?? detectFramework(site)](site), siteDir);
  }
  const detected = detectFramework(folder);
  const own = framework ?? detected;
  if (framework && framework !== 'plain' && detected !== framework) {
    // `--framework` at a repository's root whose site of that framework is in a subfolder
    // (`docs/mkdocs.yml`, an Astro site in `docs/`): that site, as detection finds it there.
    const [only, ...more] = findSitesBelow(folder).filter((site) => site.framework === framework);
    if (only && more.length === 0) return layoutFromAbove(only.layout, only.dir);
  }
  if (own !== 'plain' || framework) return LOADERS[own](folder);
  const sites = findSitesBelow(folder);
  const [only] = sites;
  return sites.length === 1 && only ? layoutFromAbove(only.layout, only.dir) : loadPlain(folder);
}

/**
 * Names of files whose appearance or change can change a folder's framework or layout, for
 * --watch (each layout lists its own too).
 */
export function isFrameworkConfigFile(file: string): boolean {
  return (
    /^(?:docs\/)?\.vitepress\/config(?:\/index)?\.[cm]?[jt]s$/.test(file) ||
    /^(?:docs\.json|mint\.json|\.mintignore|mkdocs\.ya?ml|versions\.json)$/.test(file) ||
    /^(?:docusaurus|astro|source|next)\.config\.[cm]?[jt]s$/.test(file) ||
    /^package\.json$/.test(file) ||
    /(?:^|\/)_meta(?:\.[\w-]+)?\.(?:[jt]sx?|json)$/.test(file) ||
    /^sidebars\.(?:[cm]?[jt]s|json)$/.test(file) ||
    /(?:^|\/)_category_\.(?:json|ya?ml)$/.test(file) ||
    /^(?:\w+_)?versioned_sidebars\//.test(file)
  );
}
