/** A question or an answer in the conversation, with an answer's citations and actions. */
import { html, nothing } from 'lit';
import { citationsOf } from '../../chat/citations.ts';
import type { Citation, DocsUIMessage } from '../../chat/types.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { markdown } from '../../markdown/markdown-directive.ts';
import { contextLabel } from '../context-chip/context-chip.ts';
import type { FeedbackForm } from '../feedback-controller.ts';
import {
  type FeedbackFormView,
  feedbackForm,
  feedbackThanks,
} from '../feedback-form/feedback-form.ts';
import { icon, iconButton } from '../icons.ts';
import { citationNames, titleOf } from './citation-names.ts';
import { searchQueryOf, textOf } from './message-parts.ts';

/** What an answer's template needs from the panel: its state and the reader's actions. */
export interface AnswerView {
  t: DocsAssistantI18n;
  /** The answer is still arriving. */
  streaming: boolean;
  rated: 'up' | 'down' | undefined;
  /** The thumbs-down form under the answer: open, or sent (a thanks line in its place). */
  feedback: FeedbackForm | undefined;
  copied: boolean;
  onContentClick(event: MouseEvent, cited: readonly Citation[]): void;
  onCitation(citation: Citation): void;
  onCopy(): void;
  onRate(value: 'up' | 'down'): void;
  onSendFeedback: FeedbackFormView['onSend'];
  onSkipFeedback(): void;
  /** Set on the last answer: ask its question again. */
  onRegenerate?: (() => void) | undefined;
}

/** "Searching the docs for “…”…" while retrieval runs, "Thinking…" before that. */
export function pendingLine(t: DocsAssistantI18n, query?: string) {
  return html`<div class="pending" part="status">
    <span class="dots" aria-hidden="true"><i></i><i></i><i></i></span>
    <span>${query ? html`${t.searching} <q>${query}</q>…` : t.thinking}</span>
  </div>`;
}

/** A question, with the context it was asked about. */
export function userMessage(message: DocsUIMessage, t: DocsAssistantI18n) {
  const context = message.metadata?.context ?? [];
  return html`<div part="message user-message" class="user">
    <h3 class="sr-only">${t.you}</h3>
    ${
      context.length
        ? html`<div class="sent-context">${context.map((item) => contextLabel(item, t))}</div>`
        : nothing
    }
    <div class="bubble" dir="auto">${textOf(message)}</div>
  </div>`;
}

/** An answer: status while it starts, streamed Markdown, citation chips, then actions. */
export function assistantMessage(message: DocsUIMessage, view: AnswerView) {
  const { t, streaming } = view;
  const text = textOf(message);
  const all = citationsOf(message);
  // Chips show the pages the answer cites; pages only retrieved show when nothing is cited.
  const cited = all.filter((c) => c.from !== 'search');
  const citations = cited.length ? cited : all;
  return html`<article part="message assistant-message" class="assistant">
    <h3 class="sr-only">${t.assistant}</h3>
    ${!text && streaming ? pendingLine(t, searchQueryOf(message)) : nothing}
    <div
      class="answer"
      dir="auto"
      @click=${(e: MouseEvent) => view.onContentClick(e, all)}
      ${citationNames(all, t.citationName)}
    >
      ${markdown(text, {
        streaming,
        copyLabel: t.copyCode,
        tableLabel: t.table,
        citationMarkers: true,
      })}
    </div>
    ${
      message.metadata?.stopped && !streaming && text
        ? html`<p part="stopped" class="stopped">${icon('stop')}${t.stopped}</p>`
        : nothing
    }
    ${citations.length && text ? citationChips(citations, view) : nothing}
    ${!streaming && text ? answerActions(view) : nothing}
    ${
      view.feedback === 'open'
        ? feedbackForm({
            t,
            id: message.id,
            onSend: view.onSendFeedback,
            onSkip: view.onSkipFeedback,
          })
        : view.feedback === 'sent'
          ? feedbackThanks(t)
          : nothing
    }
  </article>`;
}

function citationChips(citations: readonly Citation[], view: AnswerView) {
  return html`<nav class="citations" aria-label=${view.t.sources}>
    <ol class="chip-row">
      ${citations.map(
        (c) => html`<li>
          <a
            part="citation"
            href=${c.url ?? `/${c.path}`}
            title=${titleOf(c)}
            @click=${(e: MouseEvent) => {
              // A modified click opens the published page in a new tab, as links do.
              if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
              e.preventDefault();
              view.onCitation(c);
            }}
          >
            <span class="num" aria-hidden="true">${c.index}</span>
            <span class="label" dir="auto">${titleOf(c)}</span>
          </a>
        </li>`,
      )}
    </ol>
  </nav>`;
}

function answerActions({ t, rated, feedback, copied, onCopy, onRate, onRegenerate }: AnswerView) {
  const copyLabel = copied ? t.copied : t.copy;
  return html`<div class="actions">
    ${iconButton({ part: 'copy', label: copyLabel, icon: copied ? 'check' : 'copy', onClick: onCopy })}
    ${iconButton({
      part: 'helpful',
      label: t.helpful,
      icon: 'up',
      pressed: rated === 'up',
      onClick: () => onRate('up'),
    })}
    ${iconButton({
      part: 'not-helpful',
      label: t.notHelpful,
      icon: 'down',
      pressed: rated === 'down',
      onClick: () => onRate('down'),
    })}
    ${
      onRegenerate
        ? iconButton({
            part: 'regenerate',
            label: t.regenerate,
            icon: 'retry',
            onClick: onRegenerate,
          })
        : nothing
    }
    ${
      // The form, then its own thanks line, take the place of this one after a thumbs down.
      rated && !feedback ? html`<span class="thanks" role="status">${t.thanks}</span>` : nothing
    }
  </div>`;
}
