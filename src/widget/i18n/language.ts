/**
 * The language and writing direction around `<docs-assistant>`: the UI strings, the panel's
 * direction and the page view's `lang`/`dir` follow them.
 */

/** Languages written right to left (primary subtags). */
const RIGHT_TO_LEFT = /^(?:ar|fa|he|ur|ps|sd|ug|yi|ckb|dv)(?:-|$)/i;

export type Direction = 'ltr' | 'rtl';

/** The direction a language is written in (`fa-IR` → `rtl`). */
export function directionOf(language: string): Direction {
  return RIGHT_TO_LEFT.test(language) ? 'rtl' : 'ltr';
}

/**
 * The direction the page is laid out in at `element`: its `dir` attributes and its CSS
 * (`html { direction: rtl }` without a `dir`, which `:dir()` does not see). The launcher and the
 * side panel keep to its end.
 */
export function layoutDirectionAt(element: Element): Direction {
  return getComputedStyle(element).direction === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * The direction the panel's text reads in at `element`: the nearest `dir` (`ltr`/`rtl`); else
 * right to left where the page is laid out so; else its `language`'s (a Hebrew page without
 * a `dir` still reads right to left in the panel).
 */
export function directionAt(element: Element, language: string): Direction {
  const dir = element.closest('[dir]')?.getAttribute('dir')?.toLowerCase();
  if (dir === 'rtl' || dir === 'ltr') return dir;
  return layoutDirectionAt(element) === 'rtl' ? 'rtl' : directionOf(language);
}
