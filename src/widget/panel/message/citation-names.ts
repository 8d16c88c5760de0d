/**
 * What citations are called: a chip's title, and the accessible name of each citation marker in
 * an answer (the `1`, `2` pills in its text). A screen reader says "Source 1: Page › Section"
 * instead of "1"; what the pill shows stays as it is. The names are set on the rendered links
 * after each render of the answer, so they follow the citations as they arrive, whenever the
 * marker's block was rendered.
 */
import { type ElementPart, noChange } from 'lit';
import { Directive, directive } from 'lit/async-directive.js';
import type { Citation } from '../../chat/types.ts';
import { docPathOf } from '../content-links.ts';

/** A page's title, or a readable one from its path (`docs/generating-text` → "Generating text"). */
export function titleOf(page: { path: string; title?: string }): string {
  if (page.title && page.title !== page.path) return page.title;
  const last = page.path.split('/').filter(Boolean).at(-1) ?? page.path;
  const words = last.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * What a marker linking to `href` cites: the cited section's title, the page's when the marker
 * points at another section of a cited page (or at a page that is not among the chips).
 */
export function citedTitle(href: string, cited: readonly Citation[]): string | undefined {
  const link = docPathOf(href, cited);
  if (!link) return undefined;
  const page = cited.filter((c) => c.path === link.path);
  const section = page.find((c) => (c.anchor ?? '') === (link.anchor ?? ''));
  if (section) return titleOf(section);
  const title = page[0] ? titleOf(page[0]) : titleOf(link);
  // "Page › Section" names a section the marker does not point at: the page alone
  return page[0]?.anchor ? title.split(' › ')[0] : title;
}

/** An element directive: on the answer's element. */
class CitationNames extends Directive {
  render(_cited: readonly Citation[], _name: string) {
    return noChange;
  }

  override update(part: ElementPart, [cited, name]: [readonly Citation[], string]) {
    const answer = part.element;
    // after this render has put the answer's blocks in place
    queueMicrotask(() => {
      for (const marker of answer.querySelectorAll('a.cite')) {
        const title = citedTitle(marker.getAttribute('href') ?? '', cited);
        const label = name.replace('{index}', marker.textContent ?? '');
        if (title) marker.setAttribute('aria-label', label.replace('{title}', title));
      }
    });
    return noChange;
  }
}

/**
 * Names each citation marker inside the element after `name` (`{index}`: the marker's number,
 * `{title}`: what it cites among `cited`).
 */
export const citationNames = directive(CitationNames);
