/**
 * What the open panel does to the page around it, through inline styles on `<html>`: each
 * function changes one thing and returns its undo, which puts back exactly the value it found.
 */

const root = () => document.documentElement;

/** The full-screen panel: the page behind stops scrolling (it is covered, so nothing shifts into view). */
export function lockScroll(): () => void {
  const style = root().style;
  const overflow = style.overflow;
  style.overflow = 'hidden';
  return () => {
    style.overflow = overflow;
  };
}

/** The side of the viewport the side panel is on (the left one on a right-to-left page). */
export type Side = 'left' | 'right';

/**
 * The side panel with `layout="push"`: the page's margin on the panel's side grows by `width`,
 * so its content reflows beside the panel instead of under it. Fixed elements (headers pinned
 * with `right: 0`, or `left: 0` on a right-to-left page) are placed against the viewport and do
 * not follow: the width is also `--docs-assistant-push` on `<html>`, for the site's own CSS to
 * move them.
 */
export function pushPage(width: number, side: Side = 'right'): () => void {
  const style = root().style;
  const margin = side === 'left' ? 'marginLeft' : 'marginRight';
  const before = style[margin];
  const push = style.getPropertyValue(PUSH);
  style.setProperty(PUSH, `${width}px`);
  slide(margin, `${width}px`);
  return () => {
    style.setProperty(PUSH, push);
    slide(margin, before);
  };
}

const PUSH = '--docs-assistant-push';

/** Sets the margin with a short slide, unless the reader asked for reduced motion. */
function slide(margin: 'marginLeft' | 'marginRight', value: string): void {
  const html = root();
  const from = getComputedStyle(html)[margin];
  html.style[margin] = value;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  html.animate(
    { [margin]: [from, getComputedStyle(html)[margin]] },
    { duration: 220, easing: 'ease' },
  );
}
