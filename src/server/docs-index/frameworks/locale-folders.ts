/**
 * Languages of a site without locale configuration: top-level folders named by a language
 * code (`fr/`, `zh-cn/`) that mirror the default language's files are its translations.
 * Requiring the mirror keeps folders such as `go/` or `it/` holding other content from being
 * taken for languages.
 */
import { isLanguageCode, normalizeLanguage } from './languages.ts';

/** At least this share of a locale folder's pages must exist in the default language. */
const MIRROR_SHARE = 0.5;

export interface LocaleFolder {
  /** Folder name as written (`zh-cn`). */
  folder: string;
  /** BCP 47 tag (`zh-CN`). */
  language: string;
}

/**
 * The locale folders among `files` (paths relative to the content root). `key` turns a file
 * path into what must match between languages (the path without extension, usually).
 */
export function findLocaleFolders(
  files: string[],
  key: (file: string) => string = (file) => file.replace(/\.[^./]+$/, ''),
): LocaleFolder[] {
  const byFolder = new Map<string, string[]>();
  const base = new Set<string>();
  for (const file of files) {
    const slash = file.indexOf('/');
    const folder = slash > 0 ? file.slice(0, slash) : '';
    if (folder && isLanguageCode(folder)) {
      const inner = byFolder.get(folder) ?? [];
      inner.push(file.slice(slash + 1));
      byFolder.set(folder, inner);
    } else {
      base.add(key(file));
    }
  }
  const found: LocaleFolder[] = [];
  for (const [folder, inner] of byFolder) {
    const mirrored = inner.filter((file) => base.has(key(file))).length;
    if (mirrored > 0 && mirrored >= inner.length * MIRROR_SHARE) {
      found.push({ folder, language: normalizeLanguage(folder)! });
    }
  }
  return found.sort((a, b) => a.folder.localeCompare(b.folder));
}

/** The locale folder a file is in, if any. */
export function localeFolderOf(
  file: string,
  folders: readonly LocaleFolder[],
): LocaleFolder | undefined {
  const first = file.split('/', 1)[0]!.toLowerCase();
  return folders.find((folder) => folder.folder.toLowerCase() === first);
}

/** `ja/guides/x` -> `guides/x` when `ja/` is a locale prefix of the path. */
export function withoutPrefix(path: string, prefix: string): string {
  if (!prefix) return path;
  const lower = path.toLowerCase();
  const bare = prefix.toLowerCase().replace(/\/$/, '');
  if (lower === bare || lower === `${bare}/`) return '';
  return lower.startsWith(`${bare}/`) ? path.slice(bare.length + 1) : path;
}
