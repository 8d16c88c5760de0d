/**
 * Every string the reader sees, errors included (./error-text.ts picks the sentence for an
 * error from its kind and data). The tables, English included, are in ./locales/, one chunk
 * each: the panel loads the one of the page's language (./locales.ts), and hosts replace any
 * subset through the `i18n` property of `<docs-assistant>`.
 *
 * The launcher's English strings live in ./launcher-strings.ts so the first load carries just
 * those.
 */
import type { LauncherStrings } from './launcher-strings.ts';

export interface DocsAssistantI18n extends LauncherStrings {
  /** Panel title (also the dialog's accessible name). */
  title: string;
  newChat: string;
  close: string;
  /** Accessible name of the message list. */
  conversation: string;
  emptyTitle: string;
  emptyBody: string;
  suggestionsLabel: string;
  placeholder: string;
  inputLabel: string;
  send: string;
  stop: string;
  /** Under an answer the reader stopped. */
  stopped: string;
  retry: string;
  regenerate: string;
  copy: string;
  copied: string;
  copyCode: string;
  helpful: string;
  notHelpful: string;
  thanks: string;
  /** The question over the reasons of the form a thumbs down opens. */
  feedbackLegend: string;
  reasonWrong: string;
  reasonOutdated: string;
  reasonNotWhatIAsked: string;
  reasonOther: string;
  /** Name and placeholder of the form's comment box. */
  feedbackComment: string;
  sendFeedback: string;
  skipFeedback: string;
  you: string;
  assistant: string;
  thinking: string;
  searching: string;
  sources: string;
  /**
   * Accessible name of a citation marker in an answer (it shows only its number): `{index}` is
   * the number, `{title}` the page (› section) it cites.
   */
  citationName: string;
  contextLabel: string;
  removeContext: string;
  selectedCode: string;
  selectedText: string;
  back: string;
  jumpToLatest: string;
  openPublished: string;
  /** The page view's actions (see the `page-actions` attribute). */
  copyPage: string;
  openInChatGPT: string;
  openInClaude: string;
  /** The prompt a chat assistant opens with; `{url}` is the page's published address. */
  askAboutPage: string;
  loadingPage: string;
  disclaimer: string;
  /** Accessible name of a table's scrolling region in answers and pages. */
  table: string;
  errorAuth: string;
  /** `{time}` is replaced by a readable wait (e.g. "in 30 seconds"). */
  errorRateLimit: string;
  errorRateLimitNoTime: string;
  errorNetwork: string;
  /** The connection dropped while the answer was arriving. */
  errorConnectionDropped: string;
  errorOffline: string;
  errorServer: string;
  /** The API refused the question (a 4xx other than key, thread and rate limit). */
  errorRequest: string;
  errorStream: string;
  errorNotFound: string;
  pageNotFound: string;
  /** A cited page could not be loaded (other than not found or offline). */
  pageFailed: string;
}

const resolved = new WeakMap<
  Partial<DocsAssistantI18n>,
  { table: DocsAssistantI18n; strings: DocsAssistantI18n }
>();

/**
 * The host's replacement strings over the table of the page's language (the same object while
 * both are the same).
 */
export function resolveI18n(
  replacements: Partial<DocsAssistantI18n>,
  table: DocsAssistantI18n,
): DocsAssistantI18n {
  let entry = resolved.get(replacements);
  if (!entry || entry.table !== table) {
    entry = { table, strings: { ...table, ...replacements } };
    resolved.set(replacements, entry);
  }
  return entry.strings;
}
