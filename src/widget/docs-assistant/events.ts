import type { UIMessage } from 'ai';
import type { FeedbackReason } from '../../api/limits.ts';
import type { ContextItem } from '../../api/types.ts';
import type { ChatErrorKind, Citation } from '../chat/types.ts';

export interface DocsAssistantEventDetails {
  /** The panel is about to open (cancelable). */
  'docs-assistant-open': Record<string, never>;
  /** The panel is about to close (cancelable). */
  'docs-assistant-close': Record<string, never>;
  /** A question is about to be sent (cancelable). */
  'docs-assistant-submit': { text: string; context: ContextItem[] };
  /** An answer finished streaming. */
  'docs-assistant-response': {
    message: UIMessage;
    sources: Citation[];
    threadId: string | undefined;
  };
  /** A request failed; the panel shows it inline, in the words of `message`. */
  'docs-assistant-error': {
    kind: ChatErrorKind;
    /** The sentence the reader sees (from the i18n strings). */
    message: string;
    status?: number;
    retryAfterSeconds?: number;
    /** The API's own message, when it sent one (for logs, not for readers). */
    detail?: string;
  };
  /** The reader opened a cited page (cancelable: cancel it to navigate yourself). */
  'docs-assistant-citation': { citation: Citation };
  /**
   * Thumbs up or down on an answer; again on the thumbs-down form's Send, with the `reason`
   * and `comment` the reader gave (each only when given).
   */
  'docs-assistant-feedback': {
    messageId: string;
    value: 'up' | 'down';
    threadId: string | undefined;
    reason?: FeedbackReason;
    comment?: string;
  };
}

export type DocsAssistantEventName = keyof DocsAssistantEventDetails;

/** Dispatches a bubbling, composed event; returns false when a listener cancelled it. */
export function emit<K extends DocsAssistantEventName>(
  target: EventTarget,
  name: K,
  detail: DocsAssistantEventDetails[K],
  cancelable = false,
): boolean {
  return target.dispatchEvent(
    new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }),
  );
}

declare global {
  interface HTMLElementEventMap {
    'docs-assistant-open': CustomEvent<DocsAssistantEventDetails['docs-assistant-open']>;
    'docs-assistant-close': CustomEvent<DocsAssistantEventDetails['docs-assistant-close']>;
    'docs-assistant-submit': CustomEvent<DocsAssistantEventDetails['docs-assistant-submit']>;
    'docs-assistant-response': CustomEvent<DocsAssistantEventDetails['docs-assistant-response']>;
    'docs-assistant-error': CustomEvent<DocsAssistantEventDetails['docs-assistant-error']>;
    'docs-assistant-citation': CustomEvent<DocsAssistantEventDetails['docs-assistant-citation']>;
    'docs-assistant-feedback': CustomEvent<DocsAssistantEventDetails['docs-assistant-feedback']>;
  }
}
