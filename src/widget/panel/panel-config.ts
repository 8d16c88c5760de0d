import type { ChatOptions } from '../chat/types.ts';
import type { DocsAssistantI18n } from '../i18n/i18n.ts';

/**
 * What `<docs-assistant>` shares with its panel: one object, made once by the host, whose
 * fields read the host's properties when asked (so nothing is copied on every host update).
 */
export interface PanelConfig {
  /** How to reach the API; read again for every request. */
  readonly chat: ChatOptions;
  /** The host's replacement UI strings (missing keys stay in the page's language). */
  readonly i18n: Partial<DocsAssistantI18n>;
  /** The strings of the page's language (English where none ships); loaded before the panel. */
  readonly translation: DocsAssistantI18n;
  /** Placeholder of the question input (default: the i18n `placeholder`). */
  readonly placeholder: string | undefined;
  /** Starter questions on the empty state. */
  readonly suggestions: readonly string[];
  /** The host's `page-actions` attribute, unparsed (see pageActionsOf). */
  readonly pageActions: string | null;
  /** The host's `layout` attribute: `push` moves the page aside for the side panel. */
  readonly layout: string | null;
}
