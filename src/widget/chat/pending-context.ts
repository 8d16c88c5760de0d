/** The context items (selections, code) waiting to go with the reader's next question. */
import type { ContextItem } from '../../api/types.ts';

/** Most pending context items; the oldest goes first. */
export const MAX_CONTEXT_ITEMS = 8;
/** Longest context value sent (characters); a huge selection should not cost a 413. */
export const MAX_CONTEXT_CHARS = 8_000;

/**
 * `items` with `item` added: cut to `MAX_CONTEXT_CHARS`, blank or repeated items left out, the
 * oldest dropped beyond `MAX_CONTEXT_ITEMS`. The same array when nothing was added.
 */
export function withContext(
  items: readonly ContextItem[],
  item: ContextItem,
): readonly ContextItem[] {
  const value = item.value.slice(0, MAX_CONTEXT_CHARS);
  if (value.trim() === '') return items;
  const next: ContextItem = { ...item, value };
  const same = (c: ContextItem) =>
    c.type === next.type &&
    c.value === next.value &&
    c.path === next.path &&
    c.elementId === next.elementId;
  if (items.some(same)) return items;
  return [...items, next].slice(-MAX_CONTEXT_ITEMS);
}
