/**
 * Which language and version of the docs a reader is served. Language: the filter's, else the
 * current page's, else the question's, else the site's default. Version: the filter's, else
 * the current page's, else the site's default (the latest). Each page then shows in one
 * language only: the reader's, or the default language when it has no translation in the
 * reader's, as doc frameworks fall back.
 */
import { matchLanguage } from './frameworks/languages.ts';
import type { SiteProfile } from './frameworks/types.ts';
import type { IndexFilter, Page, ReaderScope } from './types.ts';

type DetectLanguage = (text: string, candidates?: readonly string[]) => string | undefined;

/**
 * The question's language is told by `src/server/text/detect.ts`, whose data costs about 30 MB
 * of heap: it is loaded only once a site turns out to have pages in several languages.
 */
let detectLanguage: DetectLanguage | undefined;

export async function loadLanguageDetection(): Promise<void> {
  detectLanguage ??= (await import('../text/detect.ts')).detectLanguage;
}

export interface ScopeInput {
  profile: SiteProfile;
  /** Languages pages are indexed in, the profile's order first. */
  languages: string[];
  filter: IndexFilter | null | undefined;
  query: string;
  /** The page the reader is on, if known, and the path they sent. */
  currentPage: Page | undefined;
  currentPath: string | undefined;
}

export function readerScope(input: ScopeInput): ReaderScope {
  const scope: ReaderScope = {};
  const language = input.languages.length > 1 ? readerLanguage(input) : undefined;
  if (language) scope.language = language;
  const version = readerVersion(input);
  if (version) scope.version = version;
  return scope;
}

function readerLanguage({
  profile,
  languages,
  filter,
  query,
  currentPage,
  currentPath,
}: ScopeInput): string {
  const fallback = languages.includes(profile.defaultLanguage)
    ? profile.defaultLanguage
    : languages[0]!;
  if (filter?.language) return matchLanguage(filter.language, languages) ?? fallback;
  // A language prefix wins over the page found there: that may be a default-language
  // fallback shown to a reader of the translated site.
  const current =
    (currentPath && languageOfPath(profile, currentPath)) ??
    (currentPage && (currentPage.language ?? profile.defaultLanguage));
  if (current) return matchLanguage(current, languages) ?? fallback;
  return matchLanguage(detectLanguage?.(query, languages), languages) ?? fallback;
}

/** A path under a language's prefix (`/ja/`, `fr/docs/x`) that is no page. */
function languageOfPath(profile: SiteProfile, path: string): string | undefined {
  const bare = `${path
    .replace(/^[a-z]+:\/\/[^/]+/i, '')
    .replace(/^\/+/, '')
    .toLowerCase()}/`;
  return profile.languagePrefixes.find(({ prefix }) => bare.startsWith(prefix.toLowerCase()))
    ?.language;
}

function readerVersion({ profile, filter, currentPage }: ScopeInput): string | undefined {
  if (filter?.version) {
    const wanted = filter.version.toLowerCase();
    const known = profile.versions.find(
      (version) =>
        version.name.toLowerCase() === wanted ||
        version.aliases.some((alias) => alias.toLowerCase() === wanted),
    );
    return known?.name ?? filter.version;
  }
  return currentPage?.version ?? profile.versions[0]?.name;
}

/**
 * Whether a page is the copy a reader in `language` sees: a page in that language, or a
 * default-language page with no translation in it.
 */
export function inLanguage(
  page: Page,
  language: string,
  defaultLanguage: string,
  translated: (key: string, language: string) => boolean,
): boolean {
  const own = page.language ?? defaultLanguage;
  if (own === language) return true;
  return own === defaultLanguage && !translated(page.translationKey ?? page.path, language);
}
