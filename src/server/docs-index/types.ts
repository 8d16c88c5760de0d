import type { SearchFilter, SearchResult } from '../../api/types.ts';

/** Frontmatter fields the index understands (more may be present). */
export interface PageMeta {
  title: string;
  description?: string;
  version?: string;
  language?: string;
  tags: string[];
  groups: string[];
}

/** One docs page, addressed by its published path (`docs/foundations/overview`). */
export interface Page extends PageMeta {
  path: string;
  /** File path relative to the docs folder. */
  file: string;
  /** Markdown content without frontmatter and MDX import/export lines. */
  content: string;
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
}

export interface SearchOptions {
  pageSize?: number;
  scoreThreshold?: number;
  filter?: SearchFilter | null;
  /** Sections of this page (or pages near it) rank higher: the reader's current path. */
  boostPath?: string;
}

/** What the routes and the assistant need from a site's index. */
export interface DocsIndex {
  search(query: string, options?: SearchOptions): SearchResult[];
  /** A page by any accepted form of its path (normalised), or undefined. */
  getPage(path: string): Page | undefined;
  readonly pageCount: number;
  readonly sectionCount: number;
  /** In how many sections a term (as the tokenizer makes it) occurs: how rare it is. */
  termFrequency?(term: string): number;
}
