/**
 * --watch: keeps a site's index in step with its folder. A changed or added page is parsed
 * and replaces its page; a changed partial re-renders the pages that include it; a removed
 * file or folder takes its pages out; a changed framework configuration (docs.json,
 * mkdocs.yml, sidebars...) re-indexes the site. Events are debounced per path, since editors
 * write a file in several steps. Files are read through DocsFolder, so a link added to a file
 * outside the folder is refused here as at start-up.
 */
import { type FSWatcher, watch } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { SiteIndex } from './docs-index.ts';
import { isFrameworkConfigFile } from './frameworks/detect.ts';
import { DocsFolder, isSkippedFolder } from './frameworks/docs-folder.ts';
import { buildDocsIndex } from './load.ts';
import { errorMessage, loadPage } from './page-reader.ts';
import { isDocFile } from './paths.ts';
import type { Page } from './types.ts';

export interface WatchOptions {
  /** One line per change, for the console. */
  log?: (line: string) => void;
  debounceMs?: number;
  /** Called after each applied change (tests wait on it). */
  onUpdate?: (file: string) => void;
}

export interface DocsWatcher {
  close(): void;
}

export function watchDocs(root: string, index: SiteIndex, options: WatchOptions = {}): DocsWatcher {
  const log = options.log ?? (() => {});
  const folder = new DocsFolder(root);
  const pending = new Map<string, NodeJS.Timeout>();
  // Changes apply one at a time: a re-index after a config change must not interleave.
  let queue = Promise.resolve();
  const apply = (file: string) => {
    pending.delete(file);
    queue = queue.then(async () => {
      try {
        const message = await reindex(folder, index, file);
        if (message) log(message);
      } catch (error) {
        log(`Skipped ${file}: ${errorMessage(error)}`);
      }
      options.onUpdate?.(file);
    });
  };
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const file = name.toString().split('\\').join('/');
    if (!isWatched(index, file)) return;
    clearTimeout(pending.get(file));
    pending.set(
      file,
      setTimeout(() => apply(file), options.debounceMs ?? 100),
    );
  });
  watcher.on('error', (error) => log(`Watching ${root} failed: ${error.message}`));
  return {
    close() {
      watcher.close();
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    },
  };
}

/** Hidden folders and dependencies are not watched, except framework configuration. */
function isWatched(index: SiteIndex, file: string): boolean {
  if (isConfigFile(index, file)) return true;
  return !file.split('/').some(isSkippedFolder);
}

function isConfigFile(index: SiteIndex, file: string): boolean {
  return isFrameworkConfigFile(file) || (index.layout?.configFiles.includes(file) ?? false);
}

/** Brings the index in line with one path (a file or a folder); returns what changed. */
async function reindex(
  folder: DocsFolder,
  index: SiteIndex,
  file: string,
): Promise<string | undefined> {
  if (isConfigFile(index, file)) {
    index.clear();
    const built = await buildDocsIndex(folder.root, { index, framework: index.framework });
    return `Re-read ${file}: indexed ${built.index.pageCount} pages as ${built.framework}`;
  }
  if (folder.isDirectory(file)) {
    const changes: string[] = [];
    for (const inner of folder.list(file, isDocFile)) {
      const message = await reindex(folder, index, inner);
      if (message) changes.push(message);
    }
    return changes.length > 0 ? changes.join('\n') : undefined;
  }
  const changes: string[] = [];
  const layout = index.layout;
  const previous = index.pageOfFile(file);
  if (layout?.isPageFile(file) && folder.exists(file)) {
    const change = updatePage(folder, index, file);
    if (change) changes.push(change);
  } else {
    const removed = [...index.allPages()].filter(
      (page) => page.file === file || page.file.startsWith(`${file}/`),
    );
    for (const page of removed) index.remove(page.path);
    if (removed.length > 0) changes.push(`Removed ${removed.map((page) => page.file).join(', ')}`);
    else if (previous) index.remove(previous.path);
  }
  // Pages that inline this file show its new text (or lose it).
  const dependents = [...index.allPages()].filter((page) => page.includes?.includes(file));
  for (const page of dependents) {
    const change = updatePage(folder, index, page.file);
    if (change) changes.push(change);
  }
  return changes.length > 0 ? changes.join('\n') : undefined;
}

/** Reads a page file again; undefined when the index already holds the page as it reads now. */
function updatePage(folder: DocsFolder, index: SiteIndex, file: string): string | undefined {
  const previous = index.pageOfFile(file);
  let page: Page | undefined;
  try {
    page = index.layout && loadPage(folder, index.layout, file);
  } catch (error) {
    // Unreadable now (a broken link, a link out of the folder): its old text goes too.
    if (previous) index.remove(previous.path);
    throw error;
  }
  if (!page) {
    if (previous) index.remove(previous.path);
    return `Unpublished ${file}`;
  }
  const occupant = index.getPage(page.path);
  if (occupant && occupant.file !== file && occupant.path === page.path) {
    return `Skipped ${file}: publishes /${page.path} like ${occupant.file}, which is kept`;
  }
  // A new folder reports itself and its files: a file read for both is indexed and logged once.
  if (previous && isDeepStrictEqual(previous, page)) return undefined;
  if (previous && previous.path !== page.path) index.remove(previous.path);
  index.upsert(page);
  return `Re-indexed ${file} (/${page.path})`;
}
