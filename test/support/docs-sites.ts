/** Docs sites for the framework tests: the fixture sites, and small sites written on the fly. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FrameworkName } from '../../src/server/docs-index/frameworks/types.ts';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';

const site = (name: string) =>
  fileURLToPath(new URL(`../fixtures/sites/${name}/`, import.meta.url));

/** A Docusaurus 3 site with versions and a French locale (test/fixtures/sites/docusaurus). */
export const DOCUSAURUS_SITE = site('docusaurus');
/** react-native-website's docs plugin instances, trimmed (sites/docusaurus-instances). */
export const DOCUSAURUS_INSTANCES_SITE = site('docusaurus-instances');
/** A Mintlify site with languages, versions and .mintignore (test/fixtures/sites/mintlify). */
export const MINTLIFY_SITE = site('mintlify');
/** A MkDocs site with exclusions, nav sections and French pages (test/fixtures/sites/mkdocs). */
export const MKDOCS_SITE = site('mkdocs');
/** One MkDocs site per language, FastAPI's layout, `{!path!}` includes (sites/mkdocs-languages). */
export const MKDOCS_LANGUAGES_SITE = site('mkdocs-languages');
/** A Fumadocs site with meta.json groups, a route group and Chinese pages (sites/fumadocs). */
export const FUMADOCS_SITE = site('fumadocs');
/** A Nextra 4 site with _meta files, a hidden page and German pages (sites/nextra). */
export const NEXTRA_SITE = site('nextra');

/** Writes `files` (relative path -> content) into a fresh temporary folder. */
export async function writeSite(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'da-site-'));
  for (const [file, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), content);
  }
  return root;
}

/** The index of a folder, built as the server builds it. */
export async function indexSite(root: string, framework?: FrameworkName) {
  return (await buildDocsIndex(root, { framework })).index;
}

/** Published path -> file of every page, for comparing whole layouts. */
export function pathsOf(index: Awaited<ReturnType<typeof indexSite>>): Record<string, string> {
  const paths: Record<string, string> = {};
  for (const page of index.allPages()) paths[page.path] = page.file;
  return Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b)));
}
