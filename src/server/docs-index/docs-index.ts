/**
 * The in-memory index of one site: pages by published path, sections in the search engine.
 * Pages are only ever served from here, so no request path ever reaches the file system.
 */

import { SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX } from '../../api/limits.ts';
import type { SearchResult } from '../../api/types.ts';
import { type IndexedSection, SectionEngine } from './engine.ts';
import { normalizeRequestPath } from './paths.ts';
import { searchSections } from './search.ts';
import { splitSections } from './sections.ts';
import type { DocsIndex, Page, SearchOptions } from './types.ts';

/** Search results quote a section; longer ones are cut so a response stays small. */
const RESULT_CONTENT_MAX = 4000;

export class SiteIndex implements DocsIndex {
  private readonly pages = new Map<string, Page>();
  /** The file path as a page path (ordering prefixes kept) -> published path. */
  private readonly aliases = new Map<string, string>();
  private readonly pathByFile = new Map<string, string>();
  private readonly sections = new Map<string, IndexedSection>();
  private readonly sectionIdsByPage = new Map<string, string[]>();
  private readonly engine = new SectionEngine();

  get pageCount(): number {
    return this.pages.size;
  }

  get sectionCount(): number {
    return this.sections.size;
  }

  termFrequency(term: string): number {
    return this.engine.frequencyOf(term);
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

  /** Adds or replaces a page and its sections. */
  upsert(page: Page): void {
    this.remove(page.path);
    this.pages.set(page.path, page);
    this.pathByFile.set(page.file, page.path);
    const alias = normalizeRequestPath(page.file);
    if (alias !== undefined && alias !== page.path) this.aliases.set(alias, page.path);
    const { content: _content, path: _path, file: _file, ...meta } = page;
    const sections = splitSections(page).map((section) => ({ ...section, meta }));
    for (const section of sections) this.sections.set(section.id, section);
    this.sectionIdsByPage.set(
      page.path,
      sections.map((section) => section.id),
    );
    this.engine.add(sections);
  }

  /** Removes a page by its published path; true if it was there. */
  remove(path: string): boolean {
    const page = this.pages.get(path);
    if (!page) return false;
    for (const id of this.sectionIdsByPage.get(path) ?? []) {
      const section = this.sections.get(id);
      if (section) this.engine.discard(section);
      this.sections.delete(id);
    }
    this.sectionIdsByPage.delete(path);
    this.pages.delete(path);
    this.pathByFile.delete(page.file);
    const alias = normalizeRequestPath(page.file);
    if (alias !== undefined && this.aliases.get(alias) === path) this.aliases.delete(alias);
    return true;
  }

  getPage(path: string): Page | undefined {
    // Clients mostly send the exact published path: a map hit needs no normalising.
    const exact = this.pages.get(path);
    if (exact) return exact;
    const key = normalizeRequestPath(path);
    if (key === undefined) return undefined;
    return this.pages.get(key) ?? this.pages.get(this.aliases.get(key) ?? '\0');
  }

  search(query: string, options: SearchOptions = {}): SearchResult[] {
    const pageSize = Math.min(options.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX);
    const threshold = options.scoreThreshold ?? 0;
    const current = options.boostPath ? normalizeRequestPath(options.boostPath) : undefined;
    const hits = searchSections(this.engine, query, {
      filter: options.filter,
      boost: current ? (pagePath) => proximityBoost(pagePath, current) : undefined,
      metaOf: (id) => this.sections.get(id),
    });
    const results: SearchResult[] = [];
    for (const hit of hits) {
      if (results.length >= pageSize || hit.score < threshold) break;
      const section = this.sections.get(hit.id);
      if (section) results.push(toResult(section, hit.score));
    }
    return results;
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
      ...(meta.tags.length > 0 && { tags: meta.tags }),
      score: Math.round(score * 1000) / 1000,
    },
  };
}

/** The reader's page counts most, then its siblings. */
function proximityBoost(pagePath: string, current: string): number {
  if (pagePath === current) return 1.5;
  const folder = current.split('/').slice(0, -1).join('/');
  return folder && pagePath.startsWith(`${folder}/`) ? 1.15 : 1;
}
