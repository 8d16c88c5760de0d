import { RETRIEVAL_PAGE_SIZE_DEFAULT } from '../../api/limits.ts';
import type { ChatOptions } from '../chat/types.ts';
import type { DocsAssistant } from '../docs-assistant/docs-assistant.ts';
import type { DocsAssistantI18n } from '../i18n/i18n.ts';

/**
 * What `<docs-assistant>` shares with its panel: one object, made once when the panel is made,
 * whose fields read the host's properties when asked (so nothing is copied on every host update).
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

/** What only the host itself knows: the reader's page, the page's language and its strings. */
export interface HostContext {
  /** The page the reader is on (`current-path`, else `location.pathname`). */
  path(): string;
  /** The page's language: the nearest `lang`. */
  language(): string;
  /** The strings of that language, loaded before the panel is made. */
  readonly translation: DocsAssistantI18n;
}

/** The origin this module was loaded from: where the script tag points, so the API's home. */
export const scriptOrigin = (): string => new URL(import.meta.url).origin;

/**
 * The panel's view of `host`: getters over its properties, so requests and renders read the
 * current values and nothing is rebuilt when a property changes.
 */
export function panelConfigOf(host: DocsAssistant, context: HostContext): PanelConfig {
  return {
    chat: {
      get baseUrl() {
        return (host.baseUrl || scriptOrigin()).replace(/\/+$/, '');
      },
      get domain() {
        return host.domain;
      },
      get apiKey() {
        return host.apiKey;
      },
      get fp() {
        return host.fp || 'anonymous';
      },
      get retrievalPageSize() {
        return host.retrievalPageSize || RETRIEVAL_PAGE_SIZE_DEFAULT;
      },
      currentPath: () => context.path(),
      get filterVersion() {
        return host.filterVersion || undefined;
      },
      get filterLanguage() {
        return host.filterLanguage || context.language() || undefined;
      },
      get fetch() {
        return host.fetch;
      },
    },
    get i18n() {
      return host.i18n;
    },
    translation: context.translation,
    get placeholder() {
      return host.placeholder;
    },
    get suggestions() {
      return host.suggestions;
    },
    get pageActions() {
      return host.getAttribute('page-actions');
    },
    get layout() {
      return host.getAttribute('layout');
    },
  };
}
