/**
 * Splits a page at its headings. A section is what search ranks and what the assistant
 * quotes, so it carries its heading trail (for context) and anchor (for deep links).
 */
import { HeadingSlugger, headingSource } from '../../api/anchors.ts';
import { FenceTracker, parseHeading, plainText } from './markdown.ts';
import type { IndexedSection } from './section-words.ts';
import type { Page, Section } from './types.ts';

/**
 * Where a section of a page is and what leads to it: what splitting the page works out, which
 * the page reader's worker sends so the indexing thread does not split the page again.
 */
export interface SectionBounds {
  heading: string;
  anchor: string;
  /** The heading trail below the page title. */
  trail: string[];
  /** Where the section's (trimmed) text starts and ends in the page's content. */
  start: number;
  end: number;
}

interface OpenSection {
  heading: string;
  level: number;
  anchor: string;
  trail: string[];
  /** Where the section's text starts and ends in the page's content. */
  start: number;
  end: number;
}

/**
 * Anchors are the ones the page's framework publishes (`page.anchorStyle`: GitHub's slugs for
 * Docusaurus, Starlight, Mintlify and plain folders, VitePress's, or MkDocs'), custom `{#id}`
 * anchors included. The page's `#` heading opens the top section, which links to the page
 * itself (no anchor).
 */
export function splitSections(page: Page): Section[] {
  return sectionsAt(page, sectionBounds(page));
}

/** A page's sections at the bounds `sectionBounds` found. */
export function sectionsAt(page: Page, bounds: readonly SectionBounds[]): Section[] {
  return bounds.map(({ heading, anchor, trail, start, end }, position) => ({
    id: `${page.path}#${anchor || `@${position}`}`,
    pagePath: page.path,
    pageTitle: page.title,
    heading,
    headings: [page.title, ...trail],
    anchor,
    // A slice of the page's content (V8 shares the characters), not a copy of them.
    content: page.content.slice(start, end),
    lead: position === 0,
  }));
}

/**
 * The sections a listed page is searched by, with the page metadata that filters need; `bounds`
 * when the page was split already (by the page reader).
 */
export function indexedSections(page: Page, bounds = sectionBounds(page)): IndexedSection[] {
  const { content: _content, path: _path, file: _file, ...meta } = page;
  return sectionsAt(page, bounds).map((section) => ({ ...section, meta }));
}

/** Where the page's sections are (see `splitSections`). */
export function sectionBounds(page: Page): SectionBounds[] {
  const slugger = new HeadingSlugger(page.anchorStyle);
  const fences = new FenceTracker();
  const sections: SectionBounds[] = [];
  // Heading text per open level, to build the trail of nested headings.
  const open: string[] = [];
  let current: OpenSection = { heading: '', level: 0, anchor: '', trail: [], start: 0, end: 0 };
  const close = () => {
    const text = page.content.slice(current.start, current.end);
    const content = text.trim();
    if (content === '' && current.heading === '') return;
    const start = current.start + text.length - text.trimStart().length;
    sections.push({
      heading: current.heading,
      anchor: current.anchor,
      trail: current.trail,
      start,
      end: start + content.length,
    });
  };
  let offset = 0;
  for (const line of page.content.split('\n')) {
    const lineStart = offset;
    offset += line.length + 1;
    const heading = fences.isCode(line) ? undefined : parseHeading(line);
    if (!heading) {
      current.end = lineStart + line.length;
      continue;
    }
    close();
    const text = plainText(heading.text);
    const anchor =
      heading.customId === undefined
        ? slugger.slug(headingSource(heading.text).text)
        : slugger.claim(heading.customId);
    if (heading.level === 1 && current.level === 0) {
      current = { heading: text, level: 1, anchor: '', trail: [], start: offset, end: offset };
      continue;
    }
    // Below the page title, `##` is the first trail level; a stray later `#` counts as `##`.
    const depth = Math.max(0, heading.level - 2);
    open.length = depth;
    const trail = [...open.filter(Boolean), text];
    open[depth] = text;
    current = { heading: text, level: heading.level, anchor, trail, start: offset, end: offset };
  }
  close();
  return sections;
}
