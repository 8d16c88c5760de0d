/**
 * Builds a site's index from a docs folder. A file that cannot be read or parsed is reported
 * and skipped, so one broken page never takes a whole site down.
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { clearTermCache } from '../text/terms.ts';
import { SiteIndex } from './docs-index.ts';
import { parsePage } from './page.ts';
import { isDocFile } from './paths.ts';
import type { Page } from './types.ts';

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
}

export interface BuiltIndex {
  index: SiteIndex;
  problems: IndexProblem[];
  /** Wall time of listing, reading, parsing and indexing. */
  milliseconds: number;
}

const PROGRESS_EVERY = 250;
/** Hidden folders (`.git`, `.next`), `_partials` and dependencies are never pages. */
export function isIgnoredDirectory(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || name === 'node_modules';
}

/**
 * Repository files (`README.md`, `LICENSE.md`, `CHANGELOG.md`...) and `_partials` are not pages
 * in the frameworks we follow (Docusaurus, Nextra, Fumadocs).
 */
export function isIgnoredFile(name: string): boolean {
  return name.startsWith('.') || name.startsWith('_') || /^[A-Z][A-Z0-9_-]*\.mdx?$/.test(name);
}

/** Relative paths (with `/`) of every `.md`/`.mdx` file under `root`, sorted. */
export async function listDocFiles(root: string): Promise<string[]> {
  const files: string[] = [];
  const visit = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !isIgnoredDirectory(entry.name)) await visit(full);
      // Linked files are listed (and reported if the link is broken); linked folders are not
      // followed, which rules out cycles.
      else if (
        (entry.isFile() || entry.isSymbolicLink()) &&
        isDocFile(entry.name) &&
        !isIgnoredFile(entry.name)
      ) {
        files.push(relative(root, full).split(sep).join('/'));
      }
    }
  };
  await visit(root);
  return files.sort();
}

/** Reads and parses one file relative to `root`. */
export async function loadPage(root: string, file: string): Promise<Page> {
  return parsePage(file, await readFile(join(root, file), 'utf8'));
}

export async function buildDocsIndex(
  root: string,
  options: BuildIndexOptions = {},
): Promise<BuiltIndex> {
  const started = performance.now();
  const index = options.index ?? new SiteIndex();
  const problems: IndexProblem[] = [];
  const files = await listDocFiles(root);
  for (const [position, file] of files.entries()) {
    try {
      // Synchronous reads: at start-up nothing else waits on the event loop, and one blocking
      // read is several times cheaper than open/stat/read/close hops through the thread pool.
      const page = parsePage(file, readFileSync(join(root, file), 'utf8'));
      const existing = index.getPage(page.path);
      if (existing && existing.path === page.path) {
        problems.push({
          file,
          message: `publishes /${page.path} like ${existing.file}, which is kept`,
        });
      } else {
        index.upsert(page);
      }
    } catch (error) {
      problems.push({ file, message: errorMessage(error) });
    }
    if ((position + 1) % PROGRESS_EVERY === 0) {
      options.onProgress?.({ done: position + 1, total: files.length });
      // Let a listening server answer (health checks) between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  clearTermCache();
  return { index, problems, milliseconds: performance.now() - started };
}

function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unreadable';
}
