import type { ContextItem } from '../../api/types.ts';

/** Longest selection sent as context; a page's worth is plenty and keeps bodies small. */
export const SELECTION_MAX_CHARS = 8000;

/**
 * The context item for what the reader selected on the host page, or `undefined` when
 * there is nothing worth asking about (collapsed, blank, inside a form field, or inside
 * `ignore`, the assistant itself).
 */
export function contextFromSelection(
  selection: Selection | null,
  path: string,
  ignore?: Element,
): ContextItem | undefined {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return undefined;
  const value = selection.toString().trim().slice(0, SELECTION_MAX_CHARS);
  if (!value) return undefined;
  const range = selection.getRangeAt(0);
  const common = elementOf(range.commonAncestorContainer);
  if (!common) return undefined;
  // A triple-click selection ends at the start of the next block, which widens the common
  // ancestor; the tightest element around the selected text is what the reader meant.
  let element = elementOf(range.startContainer) ?? common;
  while (element !== common && element.parentElement && !element.textContent?.includes(value)) {
    element = element.parentElement;
  }
  if (ignore?.contains(common) || common.closest('input, textarea, [contenteditable]')) {
    return undefined;
  }
  const item: ContextItem = {
    type: element.closest('pre, code') ? 'code' : 'textSelection',
    value,
    path,
  };
  const elementId = element.closest('[id]')?.id;
  if (elementId) item.elementId = elementId;
  return item;
}

function elementOf(node: Node): Element | null {
  return node instanceof Element ? node : node.parentElement;
}

/**
 * Where the "Ask AI" button goes: above the selection, or below when there is no room. On touch
 * screens always below: the platform's own selection menu (Copy, Share…) takes the space above.
 */
export function selectionAnchor(selection: Selection): { x: number; y: number; below: boolean } {
  const rect = selection.getRangeAt(0).getBoundingClientRect();
  const below = rect.top < 48 || matchMedia('(pointer: coarse)').matches;
  return { x: rect.left + rect.width / 2, y: below ? rect.bottom : rect.top, below };
}
