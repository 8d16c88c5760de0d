/**
 * Reference links whose definition is not at hand, read as their text. mkdocs-autorefs links
 * API objects and headings by identifier, with no definition on the page
 * (`` [`Any`][typing.Any] ``, `[BaseModel][pydantic.BaseModel]`), and marks places with empty
 * anchors (`[](){#my-id}`); CommonMark would show both as written. A quoted line never carries
 * its page's definitions, so there every reference link reads as its text. Images, code spans
 * and fences stay as written.
 */
import { mapLinesOutsideFences } from './mdx-tokens.ts';

/** A code span (kept), a full or collapsed reference link, or an empty autorefs anchor. */
const REFERENCE =
  /(`+)[^`][\s\S]*?\1|(!?)\[((?:[^[\]`\n]|`[^`\n]*`)*)\]\[([^[\]\n]*)\]|\[\]\(\)\{[ \t]*#[^}\n]*\}/g;
/** A link reference definition: `[label]: destination`. */
const DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*\S/;

/**
 * The Markdown with each reference link not among `defined` (labels as `referenceLabels`
 * gives them; none when omitted) as its text, and empty autorefs anchors removed.
 */
export function referenceLinksAsText(markdown: string, defined?: ReadonlySet<string>): string {
  if (!markdown.includes('][') && !markdown.includes('[]()')) return markdown;
  return mapLinesOutsideFences(markdown, (line) =>
    line.replace(REFERENCE, (whole, ticks, bang, text: string, label: string) => {
      if (ticks !== undefined || bang) return whole;
      if (text === undefined) return '';
      const reference = normalizeLabel(label === '' ? text : label);
      return defined?.has(reference) ? whole : text;
    }),
  );
}

/** The labels the page defines, matched as CommonMark matches them (case, inner spaces). */
export function referenceLabels(markdown: string): Set<string> {
  const labels = new Set<string>();
  mapLinesOutsideFences(markdown, (line) => {
    const label = DEFINITION.exec(line)?.[1];
    if (label) labels.add(normalizeLabel(label));
    return line;
  });
  return labels;
}

function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase();
}
