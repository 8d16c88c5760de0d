/**
 * Every part the panel renders: `<docs-assistant>` re-exports them (`exportparts`) so a page
 * styles the panel through `docs-assistant::part(…)`. Tiny and dependency-free: the first-load
 * element imports it. The panel tests check that nothing the panel renders is missing here.
 */
export const PANEL_PARTS = [
  'dialog',
  'header',
  'title',
  'messages',
  'message',
  'user-message',
  'assistant-message',
  'status',
  'citation',
  'composer',
  'input',
  'send',
  'stop',
  'context',
  'remove-context',
  'error',
  'retry',
  'page',
  'back',
  'open-page',
  'suggestion',
  'new-chat',
  'close',
  'copy',
  'helpful',
  'not-helpful',
  'regenerate',
  'jump',
  'button',
] as const;

export type PanelPart = (typeof PANEL_PARTS)[number];
