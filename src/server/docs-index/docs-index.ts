/**
 * The in-memory index of one site: pages by published path, sections in the search engine.
 * Pages are only ever served from here, so no request path ever reaches the file system.
 */

import { SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX } from '../../api/limits.ts';
import type { SearchResult } from '../../api/types.ts';
import { tokenize } from '../text/terms.ts';
import { type IndexedSection, SectionEngine } from './engine.ts';
import { DEFAULT_LANGUAGE } from './frameworks/plain.ts';
import type { FrameworkName, SiteLayout, SiteProfile } from './frameworks/types.ts';
import { LinkGraph, type PageLink, pageLinks } from './link-text.ts';
import { normalizeRequestPath } from './paths.ts';
import { inLanguage, readerScope } from './reader-scope.ts';
import { matchesFilter, type SectionHit, searchSections } from './search.ts';
import type { CountedWords } from './section-words.ts';
import { indexedSections, type SectionBounds } from './sections.ts';
import type { DocsIndex, LanguageRarity, Page, ReaderScope, SearchOptions } from './types.ts';

/** Search results quote a section; longer ones are cut so a response stays small. */
const RESULT_CONTENT_MAX = 4000;

const PLAIN_PROFILE: SiteProfile = {
  framework: 'plain',
  defaultLanguage: DEFAULT_LANGUAGE,
  languages: [DEFAULT_LANGUAGE],
  versions: [],
  languagePrefixes: [],
};

/**
 * A page as the page reader prepared it: where its sections are and their words, counted, and
 * its links to other pages.
 */
export interface SplitPage {
  bounds: SectionBounds[];
  /** The words of each section, as `sectionWords` counts them. */
  counted: CountedWords[][];
  /** `pageLinks` of the page. */
  links: PageLink[];
}

export class SiteIndex implements DocsIndex {
  private readonly pages = new Map<string, Page>();
  /** Lookup keys of published paths (lower case, no trailing slash) -> published path. */
  private readonly publishedKeys = new Map<string, string>();
  /** The file path as a page path (`docs/02-foundations/...`) -> published path. */
  private readonly fileKeys = new Map<string, string>();
  private readonly pathByFile = new Map<string, string>();
  private readonly sections = new Map<string, IndexedSection>();
  private readonly sectionIdsByPage = new Map<string, string[]>();
  /** Translation key -> language -> published path, of searchable pages. */
  private readonly translations = new Map<string, Map<string, string>>();
  private readonly languageCounts = new Map<string, number>();
  /** Searchable pages restricted to groups: while there are any, every search filters. */
  private restrictedPages = 0;
  private engine = new SectionEngine();
  /** The links between pages, whose text is indexed with the sections they lead to. */
  private links = new LinkGraph();
  /** A build is adding pages: their link text is indexed once, at its end (`indexLinkText`). */
  private linkTextDeferred = false;
  private siteProfile: SiteProfile = PLAIN_PROFILE;
  private siteLayout: SiteLayout | undefined;
  private requestedFramework: FrameworkName | undefined;
  private changes = 0;

  get pageCount(): number {
    return this.pages.size;
  }

  get sectionCount(): number {
    return this.sections.size;
  }

  /** Counts every change to the pages, so files derived from them know when to rebuild. */
  get revision(): number {
    return this.changes;
  }

  /** The site's framework, languages and versions. */
  get profile(): SiteProfile {
    return this.siteProfile;
  }

  /** The layout the index was built with (--watch re-reads files with it). */
  get layout(): SiteLayout | undefined {
    return this.siteLayout;
  }

  /** The framework asked for (`--framework`), undefined when detected. */
  get framework(): FrameworkName | undefined {
    return this.requestedFramework;
  }

  /** Sets the site's layout; pages added afterwards follow it. */
  configure(layout: SiteLayout, framework?: FrameworkName): void {
    this.siteLayout = layout;
    this.requestedFramework = framework;
    const { defaultLanguage, languages, versions, languagePrefixes } = layout;
    this.siteProfile = {
      framework: layout.framework,
      defaultLanguage,
      languages,
      versions,
      languagePrefixes,
      ...(layout.publishesFallbacks && { publishesFallbacks: true }),
      ...(layout.siteDir && { siteDir: layout.siteDir }),
    };
  }

  /** Empties the index (before it is built again). */
  clear(): void {
    for (const map of [this.pages, this.publishedKeys, this.fileKeys, this.pathByFile]) map.clear();
    for (const map of [this.sections, this.sectionIdsByPage, this.translations]) map.clear();
    this.languageCounts.clear();
    this.restrictedPages = 0;
    this.engine = new SectionEngine();
    this.links = new LinkGraph();
    this.linkTextDeferred = false;
    this.changes++;
  }

  /** In how many sections a term (as the tokenizer makes it) occurs: how rare it is. */
  termFrequency(term: string): number {
    return this.engine.frequencyOf(term);
  }

  /** The term of the site a word it never uses is a typo of, if any (see the engine's). */
  readingOf(term: string): string | undefined {
    return this.engine.readingOf(term);
  }

  /**
   * How rare terms are among the sections of one language's pages (the default language's
   * include pages that name none): in how many a term occurs, and how many there are.
   */
  rarityIn(language: string): LanguageRarity {
    return this.engine.rarityAmong(this.pageLanguagesOf(language));
  }

  /**
   * The page languages, as pages give them (undefined: none), that make up a reader's language
   * (any case): its own, and for the default language the pages that name none.
   */
  private pageLanguagesOf(language: string): (string | undefined)[] {
    const wanted = language.toLowerCase();
    const own: (string | undefined)[] = [...this.languageCounts.keys()].filter(
      (key) => key.toLowerCase() === wanted,
    );
    if (this.siteProfile.defaultLanguage.toLowerCase() === wanted) own.push(undefined);
    return own;
  }

  /** Every page, in no particular order. */
  allPages(): IterableIterator<Page> {
    return this.pages.values();
  }

  /** The page currently indexed from a file (relative path), if any. */
  pageOfFile(file: string): Page | undefined {
    const path = this.pathByFile.get(file);
    return path === undefined ? undefined : this.pages.get(path);
  }

  /**
   * Adds or replaces a page and its sections (none for an unlisted page); `split` when the
   * page reader split it and counted its words already. The text of links to and from it is
   * indexed before it returns, unless a build deferred that (`deferLinkText`).
   */
  upsert(page: Page, split?: SplitPage): void {
    this.put(page, split);
    if (!this.linkTextDeferred) this.indexLinkText();
  }

  private put(page: Page, split: SplitPage | undefined): void {
    this.removePage(page.path);
    this.changes++;
    this.pages.set(page.path, page);
    this.pathByFile.set(page.file, page.path);
    const published = publishedKeysOf(page.path);
    for (const key of published) {
      if (!this.publishedKeys.has(key)) this.publishedKeys.set(key, page.path);
    }
    const fileKey = normalizeRequestPath(page.file);
    if (fileKey !== undefined && !this.fileKeys.has(fileKey)) this.fileKeys.set(fileKey, page.path);
    // Links from pages restricted to groups would tell the public pages' search their words.
    if (!page.unlisted && page.groups.length === 0) {
      this.links.set(page.path, split?.links ?? pageLinks(page));
    }
    for (const key of withFileKey(published, fileKey)) this.links.touch(key);
    if (page.unlisted) return;
    if (page.groups.length > 0) this.restrictedPages++;
    const language = this.languageOf(page);
    this.languageCounts.set(language, (this.languageCounts.get(language) ?? 0) + 1);
    const key = page.translationKey ?? page.path;
    const copies = this.translations.get(key) ?? new Map<string, string>();
    copies.set(language, page.path);
    this.translations.set(key, copies);
    const sections = indexedSections(page, split?.bounds);
    for (const section of sections) this.sections.set(section.id, section);
    this.sectionIdsByPage.set(
      page.path,
      sections.map((section) => section.id),
    );
    this.engine.add(sections, split?.counted);
  }

  /**
   * Leaves the link text of the pages added or removed from now on unindexed until
   * `indexLinkText`: a build adding thousands of pages indexes each target's once, at the end.
   */
  deferLinkText(): void {
    this.linkTextDeferred = true;
  }

  /**
   * Indexes the text of the links that changed since it last ran with the sections they lead
   * to: a link to a heading's anchor with its section, any other with the page's first
   * section; and ends `deferLinkText`. Searches only read the index.
   */
  indexLinkText(): void {
    this.linkTextDeferred = false;
    if (!this.links.hasChanges) return;
    const pages = new Set<Page>();
    for (const key of this.links.takeChanged()) {
      const page = this.lookup(key);
      if (page && !page.unlisted) pages.add(page);
    }
    for (const page of pages) {
      const ids = this.sectionIdsByPage.get(page.path) ?? [];
      const sectionOf = new Map<string, string>();
      for (const id of ids) {
        const anchor = this.sections.get(id)?.anchor.toLowerCase();
        if (anchor && !sectionOf.has(anchor)) sectionOf.set(anchor, id);
      }
      const texts = new Map<string, string[]>();
      for (const [anchor, linked] of this.links.linksTo(pageKeysOf(page), page.path)) {
        const id = sectionOf.get(anchor) ?? ids[0];
        if (id === undefined) continue;
        const list = texts.get(id);
        if (list) list.push(...linked);
        else texts.set(id, linked);
      }
      for (const id of ids) this.engine.setLinkText(id, texts.get(id) ?? [], page.language);
    }
  }

  /**
   * Builds what the first searches would otherwise build (the engine's postings of the text and
   * its tree of terms): a build ends with it, so that a fresh server's first searches take what
   * later ones take. Changes after it (`--watch`) are read beside the postings until there are
   * too many, then the next search builds them again (body-text.ts).
   */
  prepareSearch(): void {
    this.engine.prepareSearch();
  }

  /** Removes a page by its published path; true if it was there. */
  remove(path: string): boolean {
    const removed = this.removePage(path);
    if (!this.linkTextDeferred) this.indexLinkText();
    return removed;
  }

  private removePage(path: string): boolean {
    const page = this.pages.get(path);
    if (!page) return false;
    this.changes++;
    this.links.delete(path);
    for (const key of pageKeysOf(page)) this.links.touch(key);
    for (const id of this.sectionIdsByPage.get(path) ?? []) {
      const section = this.sections.get(id);
      if (section) this.engine.discard(section);
      this.sections.delete(id);
    }
    this.sectionIdsByPage.delete(path);
    this.pages.delete(path);
    this.pathByFile.delete(page.file);
    for (const key of publishedKeysOf(path)) deleteIf(this.publishedKeys, key, path);
    deleteIf(this.fileKeys, normalizeRequestPath(page.file), path);
    if (!page.unlisted) {
      if (page.groups.length > 0) this.restrictedPages--;
      const language = this.languageOf(page);
      const count = (this.languageCounts.get(language) ?? 1) - 1;
      if (count > 0) this.languageCounts.set(language, count);
      else this.languageCounts.delete(language);
      const key = page.translationKey ?? page.path;
      const copies = this.translations.get(key);
      if (copies?.get(language) === path) copies.delete(language);
      if (copies?.size === 0) this.translations.delete(key);
    }
    return true;
  }

  /** The page published at exactly this path, if any. */
  publishedPage(path: string): Page | undefined {
    return this.pages.get(path);
  }

  /**
   * A page by its published path, with or without a trailing slash, `.html` or `index`. Under
   * a language's prefix, a page not translated to it is its default-language page, which the
   * frameworks publish there (Starlight, Docusaurus, mkdocs-static-i18n).
   */
  getPage(path: string): Page | undefined {
    // Clients mostly send the exact published path: a map hit needs no normalising.
    const exact = this.pages.get(path);
    if (exact) return exact;
    const key = normalizeRequestPath(path);
    if (key === undefined) return undefined;
    const found = this.lookup(key);
    if (found) return found;
    for (const { prefix } of this.siteProfile.languagePrefixes) {
      const lower = prefix.toLowerCase();
      if (!`${key}/`.startsWith(lower)) continue;
      const fallback = this.lookup(key.slice(lower.length));
      if (fallback && this.languageOf(fallback) === this.siteProfile.defaultLanguage) {
        return fallback;
      }
    }
    return undefined;
  }

  /**
   * The path a page is served at for a request path: under a language's prefix, a
   * default-language page the site publishes there untranslated (`publishesFallbacks`) is at that
   * language's path (`fr/docs/x`); any other page at its own.
   */
  servedPath(page: Page, requestPath: string): string {
    if (!this.siteProfile.publishesFallbacks || this.pages.get(requestPath) === page) {
      return page.path;
    }
    const key = normalizeRequestPath(requestPath);
    if (key === undefined) return page.path;
    const prefix = this.siteProfile.languagePrefixes.find(({ prefix }) =>
      `${key}/`.startsWith(prefix.toLowerCase()),
    );
    return prefix ? this.localizedPath(page, prefix.language) : page.path;
  }

  /**
   * Where a reader of `language` is served a page: a default-language page with no translation
   * in it, at that language's prefix where the site publishes one there (`publishesFallbacks`);
   * otherwise the page's own path.
   */
  private localizedPath(page: Page, language: string | undefined): string {
    const profile = this.siteProfile;
    if (!profile.publishesFallbacks || language === undefined) return page.path;
    if (language === profile.defaultLanguage || this.languageOf(page) !== profile.defaultLanguage) {
      return page.path;
    }
    const prefix = profile.languagePrefixes.find((entry) => entry.language === language)?.prefix;
    const key = page.translationKey ?? page.path;
    if (prefix === undefined || this.translations.get(key)?.has(language)) return page.path;
    return key ? `${prefix}${key}` : prefix.replace(/\/$/, '');
  }

  private lookup(key: string): Page | undefined {
    const path =
      this.publishedKeys.get(key) ??
      this.publishedKeys.get(withoutHtml(key)) ??
      this.fileKeys.get(key);
    return path === undefined ? undefined : this.pages.get(path);
  }

  scope(query: string, options: SearchOptions = {}): ReaderScope {
    const currentPath = options.boostPath;
    return readerScope({
      profile: this.siteProfile,
      languages: this.indexedLanguages(),
      filter: options.filter,
      query,
      currentPage: currentPath ? this.getPage(currentPath) : undefined,
      currentPath,
    });
  }

  search(query: string, options: SearchOptions = {}): SearchResult[] {
    const pageSize = Math.min(options.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX);
    const threshold = options.scoreThreshold ?? 0;
    const currentPath = options.boostPath;
    const currentPage = currentPath ? this.getPage(currentPath) : undefined;
    const current = currentPage?.path ?? (currentPath && normalizeRequestPath(currentPath));
    const scope = this.scope(query, options);
    const filter = { ...options.filter, version: scope.version };
    const { language } = scope;
    const defaultLanguage = this.siteProfile.defaultLanguage;
    const translated = (key: string, wanted: string) =>
      this.translations.get(key)?.has(wanted) === true;
    const filtered =
      language !== undefined || this.restrictedPages > 0 || Object.values(filter).some(Boolean);
    // Sections of one page share the answer: decide once per page and search.
    const visible = new Map<string, boolean>();
    const pageVisible = (pagePath: string) => {
      let answer = visible.get(pagePath);
      if (answer === undefined) {
        const page = this.pages.get(pagePath);
        answer = page !== undefined && inLanguage(page, language!, defaultLanguage, translated);
        visible.set(pagePath, answer);
      }
      return answer;
    };
    const boost = current ? (pagePath: string) => proximityBoost(pagePath, current) : undefined;
    // A reader of a partly translated language: also the pages of the fuller translation that
    // shares most of their words, each standing for the default-language page they are served.
    const sharing = language === undefined ? undefined : this.sharingTranslation(query, language);
    let hits = searchSections(this.engine, query, {
      accept:
        filtered || sharing
          ? (section) =>
              matchesFilter(section.meta, filter) &&
              (!language ||
                pageVisible(section.pagePath) ||
                (sharing !== undefined && this.fallbackCopy(section, pageVisible) !== undefined))
          : undefined,
      language,
      // What `inLanguage` accepts (pages in the reader's language and default-language pages),
      // and the pages of the translation that shares the reader's words.
      pageLanguages: language
        ? [language, defaultLanguage, undefined, ...(sharing ? this.pageLanguagesOf(sharing) : [])]
        : undefined,
      languagePages: language ? this.pageLanguagesOf(language) : undefined,
      boost,
    });
    if (sharing) hits = this.asServed(hits, pageVisible);
    const results: SearchResult[] = [];
    for (const hit of hits) {
      if (results.length >= pageSize || hit.score < threshold) break;
      const result = toResult(hit.section, hit.score);
      const page = language === undefined ? undefined : this.pages.get(result.path);
      if (page) result.path = this.localizedPath(page, language);
      results.push(result);
    }
    return results;
  }

  /**
   * For a reader of a language the site translates only in part (fewer pages than half the
   * default language's), served mostly default-language pages that hold the docs' words in
   * another language than theirs: the fuller translation (half the default's pages or more)
   * holding most of the question's words, if any holds one. Its pages stand for their originals
   * (`asServed`).
   */
  private sharingTranslation(query: string, language: string): string | undefined {
    const defaultLanguage = this.siteProfile.defaultLanguage;
    const full = this.languageCounts.get(defaultLanguage) ?? 0;
    if (language === defaultLanguage || (this.languageCounts.get(language) ?? 0) * 2 >= full) {
      return undefined;
    }
    const terms = new Set(tokenize(query, language));
    let best: string | undefined;
    let bestHeld = 0;
    for (const other of this.indexedLanguages()) {
      if (other === defaultLanguage || (this.languageCounts.get(other) ?? 0) * 2 < full) continue;
      const rarity = this.engine.rarityAmong(this.pageLanguagesOf(other));
      let held = 0;
      for (const term of terms) if (rarity.termFrequency(term) > 0) held++;
      if (held > bestHeld) {
        best = other;
        bestHeld = held;
      }
    }
    return best;
  }

  /**
   * The section of the default-language page a section of a translation stands for, when a
   * reader is served that page (`visible`): the one at the same place among the page's sections
   * (translations keep their original's headings in order), else its first.
   */
  private fallbackCopy(
    section: IndexedSection,
    visible: (pagePath: string) => boolean,
  ): IndexedSection | undefined {
    const page = this.pages.get(section.pagePath);
    if (!page) return undefined;
    const copy = this.translations
      .get(page.translationKey ?? page.path)
      ?.get(this.siteProfile.defaultLanguage);
    if (copy === undefined || copy === page.path || !visible(copy)) return undefined;
    const own = this.sectionIdsByPage.get(page.path) ?? [];
    const theirs = this.sectionIdsByPage.get(copy) ?? [];
    const at = own.length === theirs.length ? own.indexOf(section.id) : 0;
    const id = theirs[Math.max(0, at)];
    return id === undefined ? undefined : this.sections.get(id);
  }

  /**
   * The hits as the reader is served them: a page of the fuller translation stands for its
   * default-language original (`fallbackCopy`), scored as the better of the two when both
   * were found.
   */
  private asServed(hits: SectionHit[], visible: (pagePath: string) => boolean): SectionHit[] {
    const byPage = new Map<string, SectionHit>();
    for (const hit of hits) {
      const section = visible(hit.section.pagePath)
        ? hit.section
        : this.fallbackCopy(hit.section, visible);
      if (!section) continue;
      const known = byPage.get(section.pagePath);
      if (!known || known.score < hit.score) {
        byPage.set(section.pagePath, { section, score: hit.score });
      }
    }
    return [...byPage.values()].sort((a, b) => b.score - a.score);
  }

  /** Languages of the searchable pages, the site's configured order first. */
  indexedLanguages(): string[] {
    const indexed = [...this.languageCounts.keys()];
    const ordered = this.siteProfile.languages.filter((language) =>
      this.languageCounts.has(language),
    );
    return [...ordered, ...indexed.filter((language) => !ordered.includes(language))];
  }

  private languageOf(page: Page): string {
    return page.language ?? this.siteProfile.defaultLanguage;
  }
}

function toResult(section: IndexedSection, score: number): SearchResult {
  const { meta } = section;
  const content =
    section.content.length > RESULT_CONTENT_MAX
      ? `${section.content.slice(0, RESULT_CONTENT_MAX)}…`
      : section.content;
  return {
    content,
    path: section.pagePath,
    metadata: {
      title: section.pageTitle,
      ...(meta.description && { description: meta.description }),
      ...(section.heading && { heading: section.heading }),
      ...(section.anchor && { anchor: section.anchor }),
      headings: section.headings,
      ...(meta.version && { version: meta.version }),
      ...(meta.language && { language: meta.language }),
      ...(meta.navigation?.length && { group: meta.navigation.at(-1) }),
      ...(meta.tags.length > 0 && { tags: meta.tags }),
      score: Math.round(score * 1000) / 1000,
    },
  };
}

/** The reader's page counts most, then its siblings. */
function proximityBoost(pagePath: string, current: string): number {
  if (pagePath === current) return 1.5;
  const folder = current.replace(/\/$/, '').split('/').slice(0, -1).join('/');
  return folder && pagePath.startsWith(`${folder}/`) ? 1.15 : 1;
}

/** `guides/setup/` and `guide/x.html` are also found as `guides/setup` and `guide/x`. */
function publishedKeysOf(path: string): string[] {
  const key = normalizeRequestPath(path);
  if (key === undefined) return [];
  const bare = withoutHtml(key);
  return bare === key ? [key] : [key, bare];
}

/** The keys links to a page are resolved to: its published path's and its file's. */
function pageKeysOf(page: Page): string[] {
  return withFileKey(publishedKeysOf(page.path), normalizeRequestPath(page.file));
}

/** A page's published keys (`publishedKeysOf`, added to) and its file's key, once each. */
function withFileKey(keys: string[], fileKey: string | undefined): string[] {
  if (fileKey !== undefined && !keys.includes(fileKey)) keys.push(fileKey);
  return keys;
}

function withoutHtml(key: string): string {
  return key.replace(/\.html$/i, '').replace(/(?:^|\/)index$/i, '');
}

function deleteIf(map: Map<string, string>, key: string | undefined, path: string): void {
  if (key !== undefined && map.get(key) === path) map.delete(key);
}
