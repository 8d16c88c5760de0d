import type { ReactiveControllerHost } from 'lit';
import { FEEDBACK_COMMENT_MAX_CHARS, type FeedbackReason } from '../../api/limits.ts';
import type { FeedbackRequest } from '../../api/types.ts';
import { sendFeedback } from '../chat/feedback-client.ts';
import type { ApiOptions } from '../chat/request.ts';

export type Rating = 'up' | 'down';

/** The form under a thumbs down: open, or sent (its thanks line shows in its place). */
export type FeedbackForm = 'open' | 'sent';

/** The thread an answer belongs to: the server takes feedback only with its key. */
export interface FeedbackThread {
  threadId: string | undefined;
  threadKey: string | undefined;
}

/** What the reader added to a thumbs down with Send. */
export interface FeedbackDetails {
  reason?: FeedbackReason;
  comment?: string;
}

/**
 * The reader's feedback on each answer: thumbs up or down, and the reason and comment a
 * thumbs down may add. Every change is posted to the server (`POST …/feedback`), which keeps
 * the latest per answer; the posts for one answer go one after the other, so a later one
 * (the reason) never arrives before an earlier one (the thumbs) and is never replaced by it.
 * Each post carries a `version` that grows with each vote (the time, raised past the previous
 * vote's), so the server keeps the last one even when two replicas write them out of order.
 */
export class FeedbackController {
  private readonly host: ReactiveControllerHost;
  private readonly options: () => ApiOptions;
  private readonly thread: () => FeedbackThread;
  private ratings = new Map<string, Rating>();
  private forms = new Map<string, FeedbackForm>();
  /** Each answer's latest post; the next one starts when it has settled. */
  private posts = new Map<string, Promise<unknown>>();
  /** Each answer's latest post's version. */
  private versions = new Map<string, number>();

  constructor(
    host: ReactiveControllerHost,
    options: () => ApiOptions,
    thread: () => FeedbackThread,
  ) {
    this.host = host;
    this.options = options;
    this.thread = thread;
  }

  /** How the reader rated an answer, if they did. */
  ratingOf(messageId: string): Rating | undefined {
    return this.ratings.get(messageId);
  }

  /** The thumbs-down form of an answer, if it is open or was sent. */
  formOf(messageId: string): FeedbackForm | undefined {
    return this.forms.get(messageId);
  }

  /**
   * A thumbs: posted at once. Down opens the form, up closes it. Returns false when the
   * rating did not change (nothing is posted again: that would drop a reason already sent);
   * a repeated thumbs down opens the form again.
   */
  rate(messageId: string, rating: Rating): boolean {
    const changed = this.ratings.get(messageId) !== rating;
    const forms = new Map(this.forms);
    if (rating === 'down') forms.set(messageId, 'open');
    else forms.delete(messageId);
    this.forms = forms;
    if (changed) {
      this.ratings = new Map(this.ratings).set(messageId, rating);
      this.post(messageId, { helpful: rating === 'up' });
    }
    this.host.requestUpdate();
    return changed;
  }

  /**
   * Send: the form gives way to its thanks line, and the reason and comment, if the reader
   * gave either, are posted with the thumbs down. Returns what was posted (undefined: nothing).
   */
  send(messageId: string, reason: FeedbackReason | undefined, comment: string) {
    this.forms = new Map(this.forms).set(messageId, 'sent');
    this.host.requestUpdate();
    const text = comment.trim().slice(0, FEEDBACK_COMMENT_MAX_CHARS);
    const details: FeedbackDetails = { ...(reason && { reason }), ...(text && { comment: text }) };
    if (!details.reason && !details.comment) return undefined;
    this.post(messageId, { helpful: false, ...details });
    return details;
  }

  /** Skip (or Escape): the form closes; the thumbs down stays as it was posted. */
  close(messageId: string): void {
    if (!this.forms.has(messageId)) return;
    const forms = new Map(this.forms);
    forms.delete(messageId);
    this.forms = forms;
    this.host.requestUpdate();
  }

  /** A new conversation starts unrated (posts already under way still complete). */
  reset(): void {
    this.ratings = new Map();
    this.forms = new Map();
    this.posts = new Map();
    this.versions = new Map();
    this.host.requestUpdate();
  }

  private post(messageId: string, fields: Pick<FeedbackRequest, 'helpful'> & FeedbackDetails) {
    const { threadId, threadKey } = this.thread();
    if (!threadId || !threadKey) return;
    const version = Math.max(Date.now(), (this.versions.get(messageId) ?? 0) + 1);
    this.versions.set(messageId, version);
    const body: FeedbackRequest = { threadId, threadKey, messageId, ...fields, version };
    const previous = this.posts.get(messageId) ?? Promise.resolve();
    // sendFeedback never rejects, so one failed post does not stop the ones after it.
    this.posts.set(
      messageId,
      previous.then(() => sendFeedback(this.options(), body)),
    );
  }
}
