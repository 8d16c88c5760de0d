/**
 * Splits a page at its headings. A section is what search ranks and what the assistant
 * quotes, so it carries its heading trail (for context) and anchor (for deep links).
 */
import { HeadingSlugger, headingSource } from '../../api/anchors.ts';
import { FenceTracker, parseHeading, plainText } from './markdown.ts';
import type { Page, Section } from './types.ts';

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
  const slugger = new HeadingSlugger(page.anchorStyle);
  const fences = new FenceTracker();
  const sections: Section[] = [];
  // Heading text per open level, to build the trail of nested headings.
  const open: string[] = [];
  let current: OpenSection = { heading: '', level: 0, anchor: '', trail: [], start: 0, end: 0 };
  const close = () => {
    // A slice of the page's content (V8 shares the characters), not a copy of them.
    const content = page.content.slice(current.start, current.end).trim();
    if (content === '' && current.heading === '') return;
    sections.push({
      id: `${page.path}#${current.anchor || `@${sections.length}`}`,
      pagePath: page.path,
      pageTitle: page.title,
      heading: current.heading,
      headings: [page.title, ...current.trail],
      anchor: current.anchor,
      content,
      lead: sections.length === 0,
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
