import { html, LitElement, nothing } from 'lit';
import { createRef, type Ref, ref } from 'lit/directives/ref.js';
import type { Conversation } from '../../api/analytics.ts';
import { dateTime, languageName, pagePath } from '../format.ts';
import { LoadController } from '../load-controller.ts';

/**
 * One conversation, as the insights store keeps it, in a modal `<dialog>`: each question in
 * order, whether the docs covered it, the pages the answer cited and the reader's thumbs. The
 * answers' text is never recorded, so it is not shown. Focus moves to the dialog's close
 * button when it opens; Escape or the button closes it, and focus returns to what opened it.
 *
 * @summary The transcript of one thread.
 */
export class TranscriptDialog extends LitElement {
  private readonly dialog: Ref<HTMLDialogElement> = createRef();
  private readonly closeButton: Ref<HTMLButtonElement> = createRef();
  private readonly thread = new LoadController<Conversation[]>(this);
  private opener: HTMLElement | undefined;

  protected override createRenderRoot() {
    return this;
  }

  /** Opens the dialog and loads the thread; focus returns to `opener` when it closes. */
  show(load: (signal: AbortSignal) => Promise<Conversation[]>, opener?: HTMLElement): void {
    this.opener = opener;
    void this.thread.run(load);
    const dialog = this.dialog.value;
    if (dialog && !dialog.open) dialog.showModal();
    this.closeButton.value?.focus();
  }

  /** Closes the dialog (focus goes back to what opened it). */
  close(): void {
    this.dialog.value?.close();
  }

  private onClose = () => {
    this.thread.reset();
    this.opener?.focus();
    this.opener = undefined;
  };

  protected override render() {
    return html`<dialog
      ${ref(this.dialog)}
      class="transcript"
      aria-labelledby="transcript-title"
      @close=${this.onClose}
    >
      <div class="dialog-header">
        <h2 id="transcript-title">Conversation</h2>
        <button type="button" class="icon-button" ${ref(this.closeButton)} @click=${() => this.close()}>
          Close
        </button>
      </div>
      <p class="note">
        The answers' text is never recorded: each question shows whether the docs covered it,
        the pages its answer cited and the reader's thumbs.
      </p>
      ${this.renderThread()}
    </dialog>`;
  }

  private renderThread() {
    const { state } = this.thread;
    if (state.status === 'error')
      return html`<p class="error" role="alert">${state.error.message}</p>`;
    if (state.status !== 'ready') return html`<p class="loading" role="status">Loading…</p>`;
    return html`<ol class="transcript-messages">
      ${state.value.map((message) => this.renderMessage(message))}
    </ol>`;
  }

  private renderMessage(message: Conversation) {
    return html`<li class="transcript-message">
      <p class="meta">
        <time datetime=${message.at}>${dateTime(message.at)}</time>
        ${message.language ? html` · ${languageName(message.language)}` : nothing}
        · <span class="badge ${message.covered ? 'ok' : 'warn'}">${message.covered ? 'Covered' : 'Not covered'}</span>
        ${message.stopped ? html` · <span class="badge">Stopped</span>` : nothing}
      </p>
      <p class="question">${message.question ?? html`<em>Question not kept (logQuestions: false)</em>`}</p>
      ${
        message.cited.length
          ? html`<p class="cited">Cited: ${message.cited.map((path, i) => html`${i ? ', ' : ''}<code>${pagePath(path)}</code>`)}</p>`
          : html`<p class="cited">Cited no page.</p>`
      }
      ${this.renderThumbs(message)}
    </li>`;
  }

  private renderThumbs(message: Conversation) {
    if (message.helpful === null) return nothing;
    const said = [message.reason, message.comment].filter(Boolean).join(': ');
    return html`<p class="thumbs ${message.helpful ? 'up' : 'down'}">
      ${message.helpful ? 'Thumbs up' : 'Thumbs down'}${said ? html`: “${said}”` : nothing}
    </p>`;
  }
}

if (!customElements.get('insights-transcript')) {
  customElements.define('insights-transcript', TranscriptDialog);
}

declare global {
  interface HTMLElementTagNameMap {
    'insights-transcript': TranscriptDialog;
  }
}
