/** The conversation: the message list (a live region), its empty state, status, error and jump button. */
import { html, nothing, type TemplateResult } from 'lit';
import { type Ref, ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { ChatError, DocsUIMessage } from '../../chat/types.ts';
import { canRetry, errorText } from '../../i18n/error-text.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { icon } from '../icons.ts';
import { inlineError } from '../inline-error/inline-error.ts';
import { pendingLine } from '../message/message.ts';

export interface ConversationView {
  t: DocsAssistantI18n;
  messages: readonly DocsUIMessage[];
  /** The question is sent and nothing has arrived yet. */
  waiting: boolean;
  /** An answer is on its way (the list is busy). */
  busy: boolean;
  error: ChatError | undefined;
  /** Language of the error's wording (times of day). */
  locale: string | undefined;
  suggestions: readonly string[];
  /** The reader is reading back: offer the way down. */
  showJump: boolean;
  scroller: Ref<HTMLElement>;
  renderMessage(message: DocsUIMessage, last: boolean): TemplateResult | typeof nothing;
  onScroll(): void;
  onJump(): void;
  onSuggestion(question: string): void;
  onRetry(): void;
  onNewChat(): void;
}

export function conversation(view: ConversationView) {
  const { t, messages } = view;
  return html`
    <div
      part="messages"
      class="messages"
      role="log"
      aria-live="polite"
      aria-busy=${view.busy ? 'true' : 'false'}
      aria-label=${t.conversation}
      tabindex="-1"
      ${ref(view.scroller)}
      @scroll=${view.onScroll}
    >
      <div class="list">
        ${messages.length === 0 ? emptyState(view) : nothing}
        ${repeat(
          messages,
          (m) => m.id,
          (m, i) => view.renderMessage(m, i === messages.length - 1),
        )}
        ${view.waiting && messages.at(-1)?.role !== 'assistant' ? pendingLine(t) : nothing}
        ${view.error ? conversationError(view.error, view) : nothing}
      </div>
    </div>
    <div class="jump">
      ${
        view.showJump
          ? html`<button
            part="button jump"
            type="button"
            aria-label=${t.jumpToLatest}
            title=${t.jumpToLatest}
            @click=${view.onJump}
          >
            ${icon('arrowDown')}
          </button>`
          : nothing
      }
    </div>
  `;
}

function emptyState({ t, suggestions, onSuggestion }: ConversationView) {
  return html`
    <div class="empty">
      <div class="empty-mark">${icon('sparkle')}</div>
      <p class="empty-title">${t.emptyTitle}</p>
      <p class="empty-body">${t.emptyBody}</p>
      ${
        suggestions.length
          ? html`<ul class="suggestions" aria-label=${t.suggestionsLabel}>
            ${suggestions.map(
              (q) => html`<li>
                <button
                  part="button suggestion"
                  type="button"
                  dir="auto"
                  @click=${() => onSuggestion(q)}
                >
                  ${q}
                </button>
              </li>`,
            )}
          </ul>`
          : nothing
      }
    </div>
  `;
}

/** A failed question: Retry when asking again can help, New chat when the thread is gone. */
function conversationError(error: ChatError, { t, locale, onRetry, onNewChat }: ConversationView) {
  const action = canRetry(error)
    ? html`<button part="button retry" type="button" @click=${onRetry}>
        ${icon('retry')}${t.retry}
      </button>`
    : error.kind === 'not-found'
      ? html`<button part="button" type="button" @click=${onNewChat}>
          ${icon('newChat')}${t.newChat}
        </button>`
      : nothing;
  return inlineError(errorText(error, t, locale), action);
}
