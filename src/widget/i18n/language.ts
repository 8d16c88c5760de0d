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

/** The direction at `element`: the nearest `dir` (`ltr`/`rtl`), else its `language`'s. */
export function directionAt(element: Element, language: string): Direction {
  const dir = element.closest('[dir]')?.getAttribute('dir')?.toLowerCase();
  return dir === 'rtl' || dir === 'ltr' ? dir : directionOf(language);
}
