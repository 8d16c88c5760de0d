/**
 * Every part the panel renders: the panel exports them (its own `exportparts`) through the
 * shadow root of `<docs-assistant>`, so a page styles the panel with `docs-assistant::part(…)`.
 * Only the lazily loaded panel imports this list. The panel tests check that nothing the panel
 * renders is missing here.
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
  'stopped',
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
  'page-actions',
  'cited-section',
  'copy-page',
  'open-in-chatgpt',
  'open-in-claude',
  'suggestion',
  'new-chat',
  'close',
  'copy',
  'helpful',
  'not-helpful',
  'feedback',
  'feedback-reason',
  'feedback-comment',
  'send-feedback',
  'skip-feedback',
  'regenerate',
  'jump',
  'button',
] as const;

export type PanelPart = (typeof PANEL_PARTS)[number];
