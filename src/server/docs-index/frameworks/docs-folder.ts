/**
 * Every read of a docs folder goes through here: pages, partials and framework configuration.
 * Docs folders come from pull requests and git stores symlinks, so a file whose real path is
 * outside the folder is never read (links that stay inside it are fine).
 */
import { type Dirent, lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';

/**
 * The largest file read: far above any page a site publishes (a generated API reference runs to
 * a few hundred kB), far below what would exhaust memory when a repository holds a data dump.
 */
export const MAX_FILE_BYTES = 16 * 1024 * 1024;

/** Folders that are never part of a published site: tooling, dependencies, build output. */
const SKIPPED_FOLDERS = new Set(['node_modules']);

export class OutsideDocsFolderError extends Error {
  override name = 'OutsideDocsFolderError';
}

export class DocsFolder {
  /** Absolute path of the folder. */
  readonly root: string;
  /**
   * The folder the reads stay in, when wider than `root`: a site in a subfolder of the folder
   * named to the server (`website/` of a repository) may read the repository's `../docs`.
   * Paths climbing out of `root` (`../docs/intro.md`) are then allowed as far as it.
   */
  readonly boundary: string;
  /** `root` relative to `boundary`, `/`-separated ('' when they are one). */
  private readonly below: string;
  private realBoundary: string | undefined;

  constructor(root: string, boundary?: string) {
    this.root = resolve(root);
    this.boundary = boundary === undefined ? this.root : resolve(boundary);
    const below = relative(this.boundary, this.root).split(sep).join('/');
    if (below === '..' || below.startsWith('../') || isAbsolute(below)) {
      throw new OutsideDocsFolderError(`${root} is outside ${boundary}`);
    }
    this.below = below;
  }

  /**
   * Reads a file by its path relative to the folder (`/`-separated): a regular file (a named
   * pipe or device would block or never end) of at most MAX_FILE_BYTES.
   */
  read(file: string): string {
    const full = this.checked(file);
    const stats = statSync(full);
    if (!stats.isFile()) throw new Error(`${file} is not a regular file`);
    if (stats.size > MAX_FILE_BYTES) {
      throw new Error(`${file} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB`);
    }
    return readFileSync(full, 'utf8');
  }

  /** Like read, but undefined when the file does not exist or may not be read. */
  readIfExists(file: string): string | undefined {
    try {
      return this.read(file);
    } catch {
      return undefined;
    }
  }

  /** True when the path names a file inside the folder that may be read. */
  isFile(file: string): boolean {
    try {
      return statSync(this.checked(file)).isFile();
    } catch {
      return false;
    }
  }

  /** True when something (a file, a folder, a link, even a broken one) is at the path. */
  exists(file: string): boolean {
    const relativePath = this.inside(file);
    if (relativePath === undefined) return false;
    try {
      lstatSync(join(this.root, relativePath));
      return true;
    } catch {
      return false;
    }
  }

  isDirectory(dir: string): boolean {
    try {
      return statSync(this.checked(dir)).isDirectory();
    } catch {
      return false;
    }
  }

  /** The first of `candidates` that is a readable file. */
  firstFile(candidates: string[]): string | undefined {
    return candidates.find((candidate) => this.isFile(candidate));
  }

  /** Names of the folders directly inside `dir` (hidden ones and dependencies left out). */
  subfolders(dir: string): string[] {
    return this.entries(dir)
      .filter((entry) => entry.isDirectory() && !isSkippedFolder(entry.name))
      .map((entry) => entry.name)
      .sort();
  }

  /**
   * Relative paths of the files under `dir` whose name passes `accept`, sorted. Hidden folders
   * and node_modules are skipped; linked folders are not followed (no cycles), linked files are
   * listed and checked when read.
   */
  list(dir: string, accept: (name: string) => boolean): string[] {
    const files: string[] = [];
    const visit = (current: string) => {
      for (const entry of this.entries(current)) {
        const path = current ? `${current}/${entry.name}` : entry.name;
        if (entry.isDirectory()) {
          if (!isSkippedFolder(entry.name)) visit(path);
        } else if ((entry.isFile() || entry.isSymbolicLink()) && accept(entry.name)) {
          files.push(path);
        }
      }
    };
    const start = this.inside(dir);
    if (start !== undefined) visit(start);
    return files.sort();
  }

  /** The path relative to the folder that `specifier` names from `fromFile`, if inside. */
  resolveFrom(fromFile: string, specifier: string): string | undefined {
    const base = specifier.startsWith('/') ? '' : posix.dirname(fromFile);
    return this.inside(posix.join(base, specifier));
  }

  /**
   * `path` normalized, relative to the folder; undefined when it leaves the boundary. Within a
   * wider boundary it may climb out of the folder (`../docs/intro.md`).
   */
  inside(path: string): string | undefined {
    const own = normalizeRelative(path);
    if (own !== undefined || !this.below) return own;
    const fromBoundary = normalizeRelative(posix.join(this.below, path.replace(/\\/g, '/')));
    if (fromBoundary === undefined) return undefined;
    return posix.relative(this.below, fromBoundary) || '';
  }

  private entries(dir: string): Dirent[] {
    try {
      return readdirSync(this.checked(dir), { withFileTypes: true });
    } catch {
      return [];
    }
  }

  /** The absolute path of `file`, after checking that it and its real path stay inside. */
  private checked(file: string): string {
    const relativePath = this.inside(file);
    if (relativePath === undefined)
      throw new OutsideDocsFolderError(`${file} is outside the docs folder`);
    const full = relativePath ? join(this.root, relativePath) : this.root;
    // The native realpath resolves a path in one call instead of an lstat per segment.
    this.realBoundary ??= realpathSync.native(this.boundary);
    const real = realpathSync.native(full);
    const fromRoot = relative(this.realBoundary, real);
    if (fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot)) {
      throw new OutsideDocsFolderError(`${file} links to a file outside the docs folder`);
    }
    return full;
  }
}

/** Hidden folders (`.git`, `.docusaurus`) and dependencies are never listed. */
export function isSkippedFolder(name: string): boolean {
  return name.startsWith('.') || SKIPPED_FOLDERS.has(name);
}

/** `a/./b/../c` -> `a/c`; undefined for a path that climbs out of the folder. */
export function normalizeRelative(path: string): string | undefined {
  const normalized = posix.normalize(path.replace(/\\/g, '/').replace(/^\/+/, ''));
  if (normalized === '.' || normalized === '') return '';
  if (normalized === '..' || normalized.startsWith('../')) return undefined;
  return normalized.replace(/\/+$/, '');
}
