/**
 * Builds a site's index from a docs folder, the way its framework publishes it. A file that
 * cannot be read or parsed is reported and skipped, so one broken page never takes a whole
 * site down.
 */
import { readdir } from 'node:fs/promises';
import { clearTermCache } from '../text/terms.ts';
import { SiteIndex } from './docs-index.ts';
import { loadSiteLayout } from './frameworks/detect.ts';
import { DocsFolder, normalizeRelative } from './frameworks/docs-folder.ts';
import type { FrameworkName, SiteLayout } from './frameworks/types.ts';
import { readPagesHere, readPagesInWorker } from './page-reader.ts';
import { isDocFile } from './paths.ts';
import { loadLanguageDetection } from './reader-scope.ts';
import { clearIndexedWords } from './section-words.ts';

export interface IndexProblem {
  /** File path relative to the docs folder. */
  file: string;
  message: string;
}

export interface IndexProgress {
  done: number;
  total: number;
}

export interface BuildIndexOptions {
  /** Called every few hundred files while loading. */
  onProgress?: (progress: IndexProgress) => void;
  /** Fill this (empty) index instead of a new one, e.g. one a server already serves. */
  index?: SiteIndex;
  /** The site's framework; detected from the folder when not given. */
  framework?: FrameworkName | undefined;
  /**
   * Read and parse the pages in a worker thread while this one indexes them (page-reader.ts):
   * `true` reads every page there. Default: for sites of READER_THREAD_MIN_FILES files or
   * more, this thread also reading the next file whenever it has no page to index (while the
   * worker starts, and whenever the worker falls behind).
   */
  readerThread?: boolean;
}

export interface BuiltIndex {
  index: SiteIndex;
  problems: IndexProblem[];
  /** Wall time of listing, reading, parsing and indexing. */
  milliseconds: number;
  /** The framework the folder was indexed as. */
  framework: FrameworkName;
  /** The subfolder holding the site's configuration, when the folder's one site is below it. */
  siteDir?: string;
}

const PROGRESS_EVERY = 250;
/**
 * Starting the worker and loading its modules costs about as much as indexing a few hundred
 * pages; below this, the pages are read where they are indexed.
 */
const READER_THREAD_MIN_FILES = 1000;

/** Relative paths (with `/`) of the files the site publishes as pages, sorted. */
export function listPageFiles(folder: DocsFolder, layout: SiteLayout): string[] {
  const files = new Set<string>();
  for (const dir of layout.contentDirs) {
    for (const file of folder.list(dir, isDocFile)) if (layout.isPageFile(file)) files.add(file);
  }
  return [...files].sort();
}

/** The page files of a docs folder, as its (detected) framework publishes them. */
export function listDocFiles(root: string, framework?: FrameworkName): string[] {
  const folder = new DocsFolder(root);
  return listPageFiles(folder, loadSiteLayout(folder, framework));
}

export async function buildDocsIndex(
  root: string,
  options: BuildIndexOptions = {},
): Promise<BuiltIndex> {
  const started = performance.now();
  const index = options.index ?? new SiteIndex();
  // A missing or unreadable folder is a configuration mistake, not an empty site.
  await readdir(root);
  const folder = new DocsFolder(root);
  const layout = loadSiteLayout(folder, options.framework);
  index.configure(layout, options.framework);
  // A content folder named outside the docs folder (Docusaurus' `path: '../docs'`) is never read.
  const problems: IndexProblem[] = layout.contentDirs
    .filter((dir) => normalizeRelative(dir) === undefined)
    .map((dir) => ({
      file: dir,
      message: `the ${layout.framework} configuration takes pages from there, outside the docs folder, which is never read: none of them is indexed (serve a folder holding both to index them)`,
    }));
  for (const dir of layout.requiredDirs ?? []) {
    if (normalizeRelative(dir) === undefined || folder.exists(dir)) continue;
    problems.push({
      file: dir,
      message: `the ${layout.framework} configuration takes pages from there, but there is no such folder (is it made by a build step?): no page of it is indexed`,
    });
  }
  const files = listPageFiles(folder, layout);
  const task = {
    root: folder.root,
    framework: layout.framework,
    ...(layout.siteDir && { siteDir: layout.siteDir }),
    files,
  };
  const pages =
    (options.readerThread ?? files.length >= READER_THREAD_MIN_FILES)
      ? readPagesInWorker(task, options.readerThread ? undefined : { folder, layout })
      : // Synchronous reads: at start-up nothing else waits on the event loop, and one blocking
        // read is several times cheaper than open/stat/read/close hops through the thread pool.
        readPagesHere(folder, layout, files);
  let done = 0;
  // Language detection's data (30 MB of small objects, reader-scope.ts) is loaded as soon as a
  // second language shows: loaded at the end, it was still in the young generation when the
  // first searches came, and the collections copying it out landed in them.
  let detection: Promise<void> | undefined;
  index.deferLinkText();
  for await (const { file, page, problem, split } of pages) {
    // Only the exact path: getPage's fallbacks would normalise every new page's path.
    const existing = page && index.publishedPage(page.path);
    if (problem !== undefined) {
      problems.push({ file, message: problem });
    } else if (existing) {
      problems.push({
        file,
        message: `publishes /${page.path} like ${existing.file}, which is kept`,
      });
    } else if (page) {
      index.upsert(page, split);
    }
    if (++done % PROGRESS_EVERY === 0) {
      options.onProgress?.({ done, total: files.length });
      if (!detection && index.indexedLanguages().length > 1) detection = loadLanguageDetection();
      // Let a listening server answer (health checks) between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  index.indexLinkText();
  index.prepareSearch();
  clearTermCache();
  clearIndexedWords();
  if (index.indexedLanguages().length > 1) detection ??= loadLanguageDetection();
  await detection;
  return {
    index,
    problems,
    milliseconds: performance.now() - started,
    framework: layout.framework,
    ...(layout.siteDir && { siteDir: layout.siteDir }),
  };
}
