/**
 * Where Nextra routes a page file: Nextra 4's `content` folder (under `contentDirBasePath`,
 * `content/<locale>/` per language) and `app` folder (`page.mdx` at its folder's route, route
 * groups and slots left out, `_private` and `[dynamic]` folders not collected), and Nextra 2
 * and 3's `pages` folder (`page.<locale>.mdx` suffixes or `pages/<locale>/` folders).
 */
import type { DocsFolder } from './docs-folder.ts';

export type Kind = 'content' | 'app' | 'pages';

export interface Root {
  kind: Kind;
  dir: string;
}

/** A page file as Nextra routes it. */
export interface Route {
  /** URL path segments, locale and base path included. */
  url: string[];
  /** The same page's URL in the default language. */
  defaultUrl: string[];
  locale: string;
  /** Folder of the page's `_meta` file, and the page's name in it (`index`, `setup`). */
  folders: string[];
  name: string;
}

/** Where the site's pages are: Nextra 4's content and app folders, or the pages folder. */
export function findRoots(folder: DocsFolder): Root[] {
  const roots: Root[] = [];
  const first = (dirs: string[]) => dirs.find((dir) => folder.isDirectory(dir));
  const content = first(['content', 'src/content']);
  if (content) roots.push({ kind: 'content', dir: content });
  const app = first(['app', 'src/app']);
  if (app) roots.push({ kind: 'app', dir: app });
  const pages = first(['pages', 'src/pages']);
  if (pages) roots.push({ kind: 'pages', dir: pages });
  return roots;
}

/** `content/<locale>/docs/setup.mdx` -> `<locale>/<base>/docs/setup`. */
export function contentRoute(
  relative: string,
  codes: string[],
  basePath: string[],
): Route | undefined {
  const segments = relative.split('/');
  if (segments.some((segment) => segment.startsWith('.'))) return undefined;
  let locale = '';
  if (codes.length > 0) {
    locale = segments.shift()!;
    // Nextra collects only the locale folders: other files are never built.
    if (!codes.includes(locale) || segments.length === 0) return undefined;
  }
  const name = segments.pop()!;
  const path = [...basePath, ...segments, ...(name === 'index' ? [] : [name])];
  const withLocale = (code: string) => (code ? [code, ...path] : path);
  return {
    url: withLocale(locale),
    defaultUrl: withLocale(codes[0] ?? ''),
    locale,
    folders: locale ? [locale, ...segments] : segments,
    name,
  };
}

/** `app/(guides)/docs/setup/page.mdx` -> `docs/setup`. */
export function appRoute(relative: string, isFolder: (dir: string) => boolean): Route | undefined {
  const segments = relative.split('/');
  if (segments.pop() !== 'page') return undefined;
  if (segments.some((segment) => /^[_.[]/.test(segment))) return undefined;
  const url = segments.filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('@'));
  if (segments.length === 0 || isFolder(segments.join('/'))) {
    return { url, defaultUrl: url, locale: '', folders: segments, name: 'index' };
  }
  const name = segments.pop()!;
  return { url, defaultUrl: url, locale: '', folders: segments, name };
}

/** `pages/docs/setup.de.mdx` -> `de/docs/setup`; `pages/de/docs/setup.mdx` -> the same. */
export function pagesRoute(
  relative: string,
  codes: string[],
  suffixes: boolean,
): Route | undefined {
  const segments = relative.split('/');
  let name = segments.pop()!;
  if (/^[_.[]/.test(name) || segments.some((segment) => /^[_.[]/.test(segment))) return undefined;
  if (segments[0] === 'api') return undefined;
  let locale = '';
  let folderLocale = false;
  if (segments.length > 0 && codes.includes(segments[0]!)) {
    locale = segments[0]!;
    folderLocale = true;
  } else if (suffixes) {
    const match = /^(.+)\.([^.]+)$/.exec(name);
    if (match && codes.includes(match[2]!)) {
      name = match[1]!;
      locale = match[2]!;
    }
  }
  const path = [...segments, ...(name === 'index' ? [] : [name])];
  const defaultLocale = codes[0] ?? '';
  if (folderLocale) {
    return {
      url: path,
      defaultUrl: [defaultLocale, ...path.slice(1)],
      locale,
      folders: segments,
      name,
    };
  }
  // Next.js i18n routing: the default locale has no prefix.
  const url = locale && locale !== defaultLocale ? [locale, ...path] : path;
  return { url, defaultUrl: path, locale, folders: segments, name };
}
