/**
 * Section search: runs the engine, applies filters and maps scores to 0..1.
 */
import { NEUTRAL } from '../text/languages.ts';
import { WordCache } from '../text/word-cache.ts';
import type { EngineSearchOptions, IndexedSection, SectionEngine } from './engine.ts';
import type { IndexFilter, PageMeta } from './types.ts';

export interface SectionHit {
  /** The page's best-matching section. */
  section: IndexedSection;
  /** Relevance mapped to 0..1 (absolute, so thresholds mean the same for every query). */
  score: number;
}

/** Raw BM25 score that maps to 0.5; picked from the spread of scores on real docs. */
const SCORE_MIDPOINT = 25;

export interface EngineQuery {
  /** Whether a section may be a result (filters, the reader's language and version). */
  accept?: ((section: IndexedSection) => boolean) | undefined;
  /** The reader's language, for the engine's query analysis. */
  language?: string | undefined;
  /** The page languages a result may have (see EngineSearchOptions), before `accept`. */
  pageLanguages?: readonly (string | undefined)[] | undefined;
  /** The page languages that make up the reader's language (see EngineSearchOptions). */
  languagePages?: readonly (string | undefined)[] | undefined;
  /** Multiplies the score of a page (the reader's current page and its neighbours). */
  boost?: ((pagePath: string) => number) | undefined;
}

/**
 * A page that matches in several sections is a better answer than one passing mention: the
 * page's score adds the weight of its next-best sections with diminishing weight.
 */
const FURTHER_SECTION_WEIGHTS = [0.35, 0.15];
const AGGREGATION_DEPTH = 400;
/**
 * A page named by the query ("useChat options" and the page `useChat`) is what the reader is
 * after, even when its long reference sections score lower than short pages mentioning it.
 */
const NAMED_PAGE_BOOST = 1.5;

/**
 * Ranks pages, each represented by its best-matching section: a short result list then
 * covers several pages, which is what a reader (and the assistant's grounding) needs.
 * Page-level boosts apply here, to the few hundred best hits, not per posting.
 */
export function searchSections(
  engine: SectionEngine,
  query: string,
  options: EngineQuery,
): SectionHit[] {
  const { accept, boost, language, pageLanguages, languagePages } = options;
  const engineOptions: EngineSearchOptions = {
    // Hits come best first; a page whose best section is beyond this depth cannot reach the top.
    limit: AGGREGATION_DEPTH,
    accept,
    pageLanguages,
    languagePages,
    ...(language && { language }),
  };
  const hits = engine.search(query, engineOptions);
  const named = namesIn(query);
  const slugNamed = slugNamesIn(query);
  const initials = new Set([...named].map((name) => name.charCodeAt(0)));
  // By the engine's page numbers: a hit's section and its strings are read only for the pages
  // the query may name.
  const pages = new Map<number, { section: IndexedSection; score: number; count: number }>();
  for (const hit of hits) {
    const page = pages.get(hit.page);
    if (!page) {
      const { section } = hit;
      const bonus =
        namedBy(hit.titleInitial, section, named, initials) || slugNamedBy(section, slugNamed)
          ? NAMED_PAGE_BOOST
          : 1;
      const score = hit.score * bonus * (boost?.(section.pagePath) ?? 1);
      pages.set(hit.page, { section, score, count: 1 });
    } else if (page.count <= FURTHER_SECTION_WEIGHTS.length) {
      page.score += hit.score * FURTHER_SECTION_WEIGHTS[page.count - 1]!;
      page.count++;
    }
  }
  return [...pages.values()]
    .sort((a, b) => b.score - a.score)
    .map((page) => ({
      section: page.section,
      score: page.score / (page.score + SCORE_MIDPOINT),
    }));
}

/** `useChat`, `use-chat` and "use chat" all name the same thing. */
function nameKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The name a title gives after a leading namespace: `AI_JSONParseError` is the `JSONParseError`
 * a reader names, `ERR_REQUIRE_ESM` the `REQUIRE_ESM`. '' for a title without one.
 */
function unprefixedKey(title: string): string {
  const match = /^[\p{Lu}\p{N}]+_(?=[\p{L}\p{N}])/u.exec(title);
  return match && !/\s/.test(title) ? nameKey(title.slice(match[0].length)) : '';
}

/** Page titles come back in every search: their keys are worked out once (bounded). */
const titleKeys = new WordCache(50_000, nameKey);
const titleKey = (title: string) => titleKeys.get(title, NEUTRAL);
const unprefixedKeys = new WordCache(50_000, unprefixedKey);

/**
 * Whether a section's page title (`first`: its first character code, 0 for none) is one of the
 * query's names. A title starting with an ASCII letter or digit starts its key with that
 * character, lowercased: most titles are told apart by it, without reading the title or looking
 * its key up among every title's.
 */
function namedBy(
  first: number,
  section: IndexedSection,
  named: Set<string>,
  initials: Set<number>,
): boolean {
  const upper = first >= 65 && first <= 90;
  if (
    upper &&
    section.pageTitle.includes('_') &&
    named.has(unprefixedKeys.get(section.pageTitle, NEUTRAL))
  ) {
    return true;
  }
  if (
    (upper || (first >= 97 && first <= 122) || (first >= 48 && first <= 57)) &&
    !initials.has(upper ? first + 32 : first)
  ) {
    return false;
  }
  return named.has(titleKey(section.pageTitle));
}

/**
 * A translated page's title is translated, its address seldom is (`zh-cn/components/cards` is
 * titled 卡片): the last part of the address of the page it translates names it as the
 * original's title does, singular or plural (`Card` names `cards`). Pages of the site's own
 * language are named by their titles only.
 */
function slugNamedBy(section: IndexedSection, named: Set<string>): boolean {
  if (named.size === 0) return false;
  const original = section.meta.translationKey;
  if (original === undefined || original === section.pagePath) return false;
  const key = slugKeys.get(original, NEUTRAL);
  if (key === '') return false;
  return (
    named.has(key) ||
    (key.endsWith('s') && named.has(key.slice(0, -1))) ||
    (key.endsWith('es') && named.has(key.slice(0, -2)))
  );
}

const UPPER = /\p{Lu}/u;
const LATIN = /\p{sc=Latin}/u;
/** A letter of another script than Latin: not a non-letter, nor Latin. */
const OTHER_LETTERS = /[^\P{L}\p{sc=Latin}]/u;

/**
 * The words of a query that read as names of what the docs leave untranslated: written with a
 * capital (`Card`, `LinkCard`), or in Latin letters in a question written in another script
 * (`icon` in a Chinese one). A plain word ("page" in a French question) names a page by its
 * title, in the reader's language.
 */
function slugNamesIn(query: string): Set<string> {
  const otherScript = OTHER_LETTERS.test(query);
  const names = query
    .split(/[^\p{L}\p{N}_-]+/u)
    .filter((word) => LATIN.test(word) && (otherScript || UPPER.test(word)))
    .map(nameKey)
    .filter(Boolean);
  return new Set(names);
}

/** The name key of an address's last part ('' for an index page's). */
function slugKey(address: string): string {
  const last = address.split('/').filter(Boolean).pop() ?? '';
  return /^(index|readme)$/i.test(last) ? '' : nameKey(last.replace(/\.[a-z]+$/i, ''));
}
const slugKeys = new WordCache(50_000, slugKey);

/** The words of a query and each run of two or three adjacent words, as name keys. */
function namesIn(query: string): Set<string> {
  const words = query.split(/\s+/).map(nameKey).filter(Boolean);
  return new Set([
    ...words,
    ...words.slice(1).map((word, n) => `${words[n]}${word}`),
    ...words.slice(2).map((word, n) => `${words[n]}${words[n + 1]}${word}`),
  ]);
}

/**
 * A page without a version belongs to every version; `group` is a navigation group the page
 * sits under (any depth, any case); `groups` lists the reader's groups and a page with groups
 * is visible to members of any of them. The language is the reader's scope (reader-scope.ts),
 * not a filter here.
 */
export function matchesFilter(meta: PageMeta | undefined, filter: IndexFilter): boolean {
  if (!meta) return false;
  if (filter.version && meta.version && meta.version !== filter.version) return false;
  if (filter.tag && !meta.tags.includes(filter.tag)) return false;
  if (filter.group) {
    const wanted = filter.group.toLowerCase();
    if (!meta.navigation?.some((group) => group.toLowerCase() === wanted)) return false;
  }
  // A page restricted to groups is for callers naming one of them; without groups, only public
  // pages (API.md). Groups sent by a browser are a filter, not authentication.
  if (meta.groups.length > 0 && !meta.groups.some((group) => filter.groups?.includes(group))) {
    return false;
  }
  return true;
}
