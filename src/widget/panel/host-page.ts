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

/**
 * The side panel with `layout="push"`: the page's right margin grows by `width`, so its content
 * reflows beside the panel instead of under it. Fixed elements (headers pinned with `right: 0`)
 * are placed against the viewport and do not follow: the width is also `--docs-assistant-push`
 * on `<html>`, for the site's own CSS to move them.
 */
export function pushPage(width: number): () => void {
  const style = root().style;
  const { marginRight } = style;
  const push = style.getPropertyValue(PUSH);
  style.setProperty(PUSH, `${width}px`);
  slide(`${width}px`);
  return () => {
    style.setProperty(PUSH, push);
    slide(marginRight);
  };
}

const PUSH = '--docs-assistant-push';

/** Sets the margin with a short slide, unless the reader asked for reduced motion. */
function slide(value: string): void {
  const html = root();
  const from = getComputedStyle(html).marginRight;
  html.style.marginRight = value;
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  html.animate(
    { marginRight: [from, getComputedStyle(html).marginRight] },
    { duration: 220, easing: 'ease' },
  );
}
