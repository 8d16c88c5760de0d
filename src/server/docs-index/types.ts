import type { SearchFilter, SearchResult } from '../../api/types.ts';
import type { AnchorStyle, SiteProfile } from './frameworks/types.ts';

/** Frontmatter fields the index understands (more may be present). */
export interface PageMeta {
  title: string;
  description?: string;
  version?: string;
  /** BCP 47 tag; a page without one is in the site's default language. */
  language?: string;
  tags: string[];
  /** Access groups: a page listing groups is only for readers naming one of them. */
  groups: string[];
  /** Navigation groups above the page (sidebar categories, tabs), outermost first. */
  navigation?: string[];
}

/** One docs page, addressed by its published path (`docs/foundations/overview`). */
export interface Page extends PageMeta {
  path: string;
  /** File path relative to the docs folder. */
  file: string;
  /** Markdown content without frontmatter and MDX import/export lines, partials inlined. */
  content: string;
  /** How the site slugs this page's headings into anchors (default `github`). */
  anchorStyle?: AnchorStyle;
  /**
   * Published path of the default-language page this one translates; its own path (the
   * default) for a default-language page.
   */
  translationKey?: string;
  /** Served by its path but never searched or quoted (hidden, unlisted, noindex). */
  unlisted?: boolean;
  /** Partial files inlined into the content. */
  includes?: string[];
}

/** A page split at a heading: the unit that search ranks. */
export interface Section {
  id: string;
  pagePath: string;
  pageTitle: string;
  /** The section's own heading ('' for the text before the first heading). */
  heading: string;
  /** Heading trail from the page title down to this section. */
  headings: string[];
  /** Anchor of the heading as docs frameworks slug it ('' for the page top). */
  anchor: string;
  content: string;
  /** The page's first section, which also carries the page's description in search. */
  lead: boolean;
}

/** The search filter of the API (its `group` is the navigation group, this project's own). */
export type IndexFilter = SearchFilter;

export interface SearchOptions {
  pageSize?: number;
  scoreThreshold?: number;
  filter?: IndexFilter | null;
  /**
   * The reader's current path: its page and neighbours rank higher, and its language and
   * version scope the results when the filter does not name them.
   */
  boostPath?: string;
}

/** The language and version a reader is answered in. */
export interface ReaderScope {
  /** The reader's language, when the site publishes more than one. */
  language?: string;
  /** Only pages of this version (and pages of no version). */
  version?: string;
}

/** What the routes and the assistant need from a site's index. */
export interface DocsIndex {
  search(query: string, options?: SearchOptions): SearchResult[];
  /** A page by any accepted form of its path (normalised), or undefined. */
  getPage(path: string): Page | undefined;
  /**
   * The path a page is served at for a request path: the page's own, or, for a default-language
   * page the site also publishes untranslated under a language's prefix (`fr/docs/x`), that one.
   */
  servedPath?(page: Page, requestPath: string): string;
  /** The language and version `search` scopes results to for this reader. */
  scope?(query: string, options?: SearchOptions): ReaderScope;
  readonly pageCount: number;
  readonly sectionCount: number;
  /** Every page, in the order the site lists its files (llms.txt, MCP resources). */
  allPages?(): Iterable<Page>;
  /** The site's framework, languages and versions. */
  readonly profile?: SiteProfile;
  /** Changes whenever a page is added, replaced or removed (caches of derived files). */
  readonly revision?: number;
  /** In how many sections a term (as the tokenizer makes it) occurs: how rare it is. */
  termFrequency?(term: string): number;
  /**
   * The term of the site a word it never uses is a typo of ("serach": "search"), as search's
   * fuzzy matching reaches it; undefined when there is none.
   */
  readingOf?(term: string): string | undefined;
  /** The same within the pages of one language (BCP-47, any case). */
  rarityIn?(language: string): LanguageRarity;
}

/** How rare terms are among the sections of one language's pages. */
export interface LanguageRarity {
  /** In how many of them a term (as the tokenizer makes it) occurs. */
  termFrequency(term: string): number;
  sectionCount: number;
}
