/**
 * What the embedded model quotes from: every section of the pages search found, not only the
 * one section per page that search returns. Search ranks pages by their best section, but the
 * line that answers is often in the next one (the `server.port` entry beside the
 * `server.strictPort` one that matched best).
 */
import type { SearchResult } from '../../api/types.ts';
import { splitSections } from '../docs-index/sections.ts';
import type { DocsIndex, LanguageRarity, Page } from '../docs-index/types.ts';
import type { SectionText } from './read-sections.ts';

/** How the model finds a retrieved page by its path (the site's index). */
export type PageLookup = (path: string) => Page | undefined;

/**
 * What the embedded model reads of the site's index. Closures and a number: provider options
 * are JSON to any provider that sends them on, and JSON leaves the functions out.
 */
export interface DocsLookup {
  getPage: PageLookup;
  /** In how many sections a term occurs. */
  termFrequency?: (term: string) => number;
  /** The term of the site a word it never uses is a typo of, if any. */
  readingOf?: (term: string) => string | undefined;
  sectionCount: number;
  /** The language the site is written in first, when it publishes several. */
  defaultLanguage?: string;
  /** How rare terms are within one language's pages, when the site publishes several. */
  rarityIn?: (language: string) => LanguageRarity;
}

export function docsLookup(index: DocsIndex): DocsLookup {
  return {
    getPage: (path) => index.getPage(path),
    ...(index.termFrequency && { termFrequency: (term) => index.termFrequency!(term) }),
    ...(index.readingOf && { readingOf: (term) => index.readingOf!(term) }),
    sectionCount: index.sectionCount,
    ...(multilingual(index) && {
      defaultLanguage: index.profile!.defaultLanguage,
      ...(index.rarityIn && { rarityIn: (language: string) => index.rarityIn!(language) }),
    }),
  };
}

function multilingual(index: DocsIndex): boolean {
  return (index.profile?.languages.length ?? 0) > 1;
}

export interface Grounding {
  /** The sections of the retrieved pages: each page's matched section first, then the rest. */
  sections: SectionText[];
  /** The sections search returned. */
  matched: Set<SectionText>;
}

/**
 * Sections by page, for the pages answers quote most. The same objects come back for the same
 * page, so what an answer works out about a section (its lines and terms) is kept with it.
 * Bounded; a page the index replaces is a new object and starts afresh.
 */
const sectionCache = new Map<Page, SectionText[]>();
/** Characters of page text the cache holds at most (what it works out is a few times more). */
const SECTION_CACHE_CHARS = 2_000_000;
let cachedChars = 0;

/**
 * The sections of the retrieved pages in search order. A page the lookup does not know counts
 * by its result alone.
 */
export function groundingSections(results: SearchResult[], pageOf?: PageLookup): Grounding {
  const sections: SectionText[] = [];
  const matched = new Set<SectionText>();
  const seen = new Set<string>();
  for (const result of results) {
    const page = seen.has(result.path) ? undefined : pageOf?.(result.path);
    const anchor = result.metadata.anchor ?? '';
    if (!page) {
      // A page without a lookup, or a second result of a page already in (another section).
      const known = sections.find((s) => s.path === result.path && (s.anchor ?? '') === anchor);
      const text = known ?? fromResult(result);
      if (!known) sections.push(text);
      matched.add(text);
      seen.add(result.path);
      continue;
    }
    seen.add(result.path);
    // A page served at another path (a locale's copy of an untranslated page, `fr/docs/x`) is
    // quoted and cited where the reader's site serves it.
    const own =
      page.path === result.path ? pageSections(page) : servedAt(pageSections(page), result.path);
    // The section search returned, whole from its page; as search gave it when the page has
    // no section of that anchor (an index that cuts pages otherwise).
    const best = own.find((s) => (s.anchor ?? '') === anchor) ?? fromResult(result);
    matched.add(best);
    sections.push(best);
    for (const section of own) if (section !== best) sections.push(section);
  }
  return { sections, matched };
}

/** A page's sections at the path a result gives it, each still followed by the next. */
function servedAt(sections: SectionText[], path: string): SectionText[] {
  const copies = sections.map((section) => ({ ...section, path }));
  for (let i = 0; i + 1 < copies.length; i++) following.set(copies[i]!, copies[i + 1]!);
  return copies;
}

/** The section after a section on its page (for the pages `groundingSections` read). */
const following = new WeakMap<SectionText, SectionText>();

/**
 * The section that follows this one on its page. A section that ends with "in your unit
 * tests:" often has its code right below the next heading.
 */
export function followingSection(text: SectionText): SectionText | undefined {
  return following.get(text);
}

function pageSections(page: Page): SectionText[] {
  let own = sectionCache.get(page);
  if (own) {
    sectionCache.delete(page);
  } else {
    own = splitSections(page).map((section) => ({
      path: page.path,
      title: page.title,
      ...(section.heading && { heading: section.heading }),
      headings: section.headings.slice(1),
      ...(section.anchor && { anchor: section.anchor }),
      ...(section.anchor === '' && page.description && { description: page.description }),
      content: section.content,
      ...(page.language && { language: page.language }),
    }));
    for (let i = 0; i + 1 < own.length; i++) following.set(own[i]!, own[i + 1]!);
    cachedChars += page.content.length;
    for (const [oldest] of sectionCache) {
      if (cachedChars <= SECTION_CACHE_CHARS) break;
      cachedChars -= oldest.content.length;
      sectionCache.delete(oldest);
    }
  }
  sectionCache.set(page, own);
  return own;
}

/** A search result as a quotable section. */
export function fromResult(result: SearchResult): SectionText {
  const headings = result.metadata['headings'];
  return {
    path: result.path,
    title: result.metadata.title,
    ...(result.metadata.heading && { heading: result.metadata.heading }),
    ...(Array.isArray(headings) && { headings: headings.slice(1).map(String) }),
    ...(result.metadata.anchor && { anchor: result.metadata.anchor }),
    ...(!result.metadata.anchor &&
      result.metadata.description && { description: result.metadata.description }),
    content: result.content,
    ...(typeof result.metadata['language'] === 'string' && {
      language: result.metadata['language'],
    }),
  };
}
