/**
 * The form under a thumbs down: why the answer missed (a radio group of reasons) and an
 * optional comment, with Send and Skip; after Send, a thanks line in its place.
 */
import { html } from 'lit';
import {
  FEEDBACK_COMMENT_MAX_CHARS,
  FEEDBACK_REASONS,
  type FeedbackReason,
} from '../../../api/limits.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';

const REASON_LABELS = {
  wrong: 'reasonWrong',
  outdated: 'reasonOutdated',
  'not-what-i-asked': 'reasonNotWhatIAsked',
  other: 'reasonOther',
} as const satisfies Record<FeedbackReason, keyof DocsAssistantI18n>;

export interface FeedbackFormView {
  t: DocsAssistantI18n;
  /** The answer's id: the form's id is `feedback-{id}`, so the panel finds it to move focus. */
  id: string;
  onSend(reason: FeedbackReason | undefined, comment: string): void;
  /** Skip, or Escape anywhere in the form. */
  onSkip(): void;
}

/** The DOM id of an answer's feedback form. */
export const feedbackFormId = (messageId: string) => `feedback-${messageId}`;

export function feedbackForm({ t, id, onSend, onSkip }: FeedbackFormView) {
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const reason = data.get('reason') as FeedbackReason | null;
    onSend(reason ?? undefined, String(data.get('comment') ?? ''));
  };
  const onKeydown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.isComposing) return;
    // Handled: the panel leaves it alone (Escape closes the form, not the panel).
    event.preventDefault();
    onSkip();
  };
  return html`<form
    part="feedback"
    class="feedback"
    id=${feedbackFormId(id)}
    @submit=${onSubmit}
    @keydown=${onKeydown}
  >
    <fieldset>
      <legend>${t.feedbackLegend}</legend>
      ${FEEDBACK_REASONS.map(
        (reason) => html`<label part="feedback-reason" class="reason">
          <input type="radio" name="reason" value=${reason} />${t[REASON_LABELS[reason]]}
        </label>`,
      )}
    </fieldset>
    <textarea
      part="feedback-comment"
      name="comment"
      rows="2"
      maxlength=${FEEDBACK_COMMENT_MAX_CHARS}
      aria-label=${t.feedbackComment}
      placeholder=${t.feedbackComment}
    ></textarea>
    <div class="feedback-actions">
      <button part="button skip-feedback" type="button" class="ghost" @click=${onSkip}>
        ${t.skipFeedback}
      </button>
      <button part="button send-feedback" type="submit" class="primary">${t.sendFeedback}</button>
    </div>
  </form>`;
}

/** In place of the form once it is sent; announced politely. */
export const feedbackThanks = (t: DocsAssistantI18n) =>
  html`<p class="feedback-thanks" role="status" aria-live="polite">${t.thanks}</p>`;
