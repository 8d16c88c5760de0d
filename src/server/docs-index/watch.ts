/**
 * --watch: keeps a site's index in step with its folder. A changed or added file is parsed and
 * replaces its page; a removed file or folder takes its pages out. Events are debounced per
 * path, since editors write a file in several steps.
 */
import { type FSWatcher, watch } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { SiteIndex } from './docs-index.ts';
import { isIgnoredDirectory, isIgnoredFile, listDocFiles, loadPage } from './load.ts';
import { isDocFile } from './paths.ts';

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
  const pending = new Map<string, NodeJS.Timeout>();
  const apply = async (file: string) => {
    pending.delete(file);
    try {
      const message = await reindex(root, index, file);
      if (message) log(message);
    } catch (error) {
      log(`Skipped ${file}: ${(error as Error).message.split('\n')[0]}`);
    }
    options.onUpdate?.(file);
  };
  const watcher: FSWatcher = watch(root, { recursive: true }, (_event, name) => {
    if (!name) return;
    const file = name.toString().split('\\').join('/');
    if (isIgnoredPath(file)) return;
    clearTimeout(pending.get(file));
    pending.set(
      file,
      setTimeout(() => void apply(file), options.debounceMs ?? 100),
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

function isIgnoredPath(file: string): boolean {
  const segments = file.split('/');
  const name = segments.pop() ?? '';
  return segments.some(isIgnoredDirectory) || isIgnoredDirectory(name) || isIgnoredFile(name);
}

/** Brings the index in line with one path (a file or a folder); returns what changed. */
async function reindex(root: string, index: SiteIndex, file: string): Promise<string | undefined> {
  const info = await stat(join(root, file)).catch(() => undefined);
  if (info?.isDirectory()) {
    const files = await listDocFiles(join(root, file));
    for (const inner of files) await reindex(root, index, `${file}/${inner}`);
    return undefined;
  }
  if (!info) {
    const removed = [...index.allPages()].filter(
      (page) => page.file === file || page.file.startsWith(`${file}/`),
    );
    for (const page of removed) index.remove(page.path);
    return removed.length > 0
      ? `Removed ${removed.map((page) => page.file).join(', ')}`
      : undefined;
  }
  if (!isDocFile(file)) return undefined;
  const page = await loadPage(root, file);
  const previous = index.pageOfFile(file);
  const occupant = index.getPage(page.path);
  if (occupant && occupant.file !== file && occupant.path === page.path) {
    return `Skipped ${file}: publishes /${page.path} like ${occupant.file}, which is kept`;
  }
  if (previous && previous.path !== page.path) index.remove(previous.path);
  index.upsert(page);
  return `Re-indexed ${file} (/${page.path})`;
}
