/**
 * A plain folder of Markdown/MDX (Nextra, Fumadocs, the AI SDK site and hand-made sites): the
 * file path is the published path (extension, `index` and numeric ordering prefixes dropped,
 * a Docusaurus-style `slug` applied), `_`-prefixed partials and repository files are not
 * pages, and locale-named folders that mirror the other pages hold their translations.
 */
import { applySlug, isDocFile, pagePathFromFile } from '../paths.ts';
import type { DocsFolder } from './docs-folder.ts';
import { normalizeLanguage } from './languages.ts';
import { findLocaleFolders, localeFolderOf, withoutPrefix } from './locale-folders.ts';
import { frontmatterText, isRepositoryFile } from './page-rules.ts';
import { isMdxFile, type PagePlacement, type SiteLayout } from './types.ts';

export const DEFAULT_LANGUAGE = 'en';

/** `_partials/`, `_snippet.mdx`, `.git/`: never pages of a plain folder. */
export function isPlainPageFile(file: string): boolean {
  const segments = file.split('/');
  const name = segments.at(-1)!;
  return (
    isDocFile(name) &&
    !isRepositoryFile(name) &&
    segments.every((segment) => !segment.startsWith('_') && !segment.startsWith('.'))
  );
}

/** Today's published path of a plain page, before any language logic. */
export function plainPath(file: string, frontmatter: Record<string, unknown>): string {
  const path = pagePathFromFile(file);
  const slug = frontmatterText(frontmatter.slug);
  return slug ? applySlug(path, slug) : path;
}

export function loadPlain(folder: DocsFolder): SiteLayout {
  const files = folder.list('', isDocFile).filter(isPlainPageFile);
  const locales = findLocaleFolders(files, pagePathFromFile);
  return {
    framework: 'plain',
    isMdx: isMdxFile,
    anchorStyle: 'github',
    defaultLanguage: DEFAULT_LANGUAGE,
    languages: [DEFAULT_LANGUAGE, ...locales.map((locale) => locale.language)],
    versions: [],
    languagePrefixes: locales.map(({ folder, language }) => ({
      prefix: `${folder.toLowerCase()}/`,
      language,
    })),
    configFiles: [],
    contentDirs: [''],
    isPageFile: isPlainPageFile,
    place(file, frontmatter): PagePlacement {
      const path = plainPath(file, frontmatter);
      const locale = localeFolderOf(file, locales);
      if (locale) {
        return {
          path,
          language: locale.language,
          translationKey: withoutPrefix(path, locale.folder),
        };
      }
      const declared = normalizeLanguage(frontmatterText(frontmatter.language ?? frontmatter.lang));
      return { path, language: declared ?? DEFAULT_LANGUAGE, translationKey: path };
    },
  };
}
