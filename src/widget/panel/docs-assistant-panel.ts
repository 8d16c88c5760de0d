import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { ContextItem } from '../../api/types.ts';
import { ChatController } from '../chat/chat-controller.ts';
import { citationsOf } from '../chat/citations.ts';
import type { ChatOptions, Citation, DocsUIMessage } from '../chat/types.ts';
import { emit } from '../docs-assistant/events.ts';
import { type DocsAssistantI18n, defaultI18n } from '../i18n.ts';
import { stripMdxSource } from '../markdown/render.ts';
import { docPathOf } from './doc-links.ts';
import { styles } from './docs-assistant-panel.styles.ts';
import { canRetry, errorText } from './error-text.ts';
import { icon, iconButton } from './icons.ts';
import { pageMarkdown } from './markdown-view.ts';
import { MediaQueryController } from './media-query.ts';
import { textOf } from './message-parts.ts';
import {
  assistantMessage,
  contextLabel,
  pendingLine,
  titleOf,
  userMessage,
} from './message-view.ts';
import { type PageTarget, PageViewController } from './page-view.ts';
import { proseStyles } from './prose.styles.ts';
import { ScrollFollowController } from './scroll-follow.ts';

/** GitHub-style heading slug: `Mock providers` → `mock-providers`. */
const slugOf = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Below this width the panel covers the screen and becomes modal. */
const NARROW = '(max-width: 640px)';

/**
 * The chat panel of `<docs-assistant>`, loaded on the reader's first intent. A dialog: a
 * side panel on wide screens, full screen (modal) on narrow ones.
 *
 * @summary Chat panel: messages, citations, page view and composer.
 *
 * @event close-request - The reader asked to close the panel (Escape, close button); not composed.
 * @event docs-assistant-submit - A question is about to be sent. Cancelable.
 * @event docs-assistant-response - An answer finished streaming.
 * @event docs-assistant-error - A request failed.
 * @event docs-assistant-citation - A cited page is being opened. Cancelable.
 * @event docs-assistant-feedback - Thumbs up/down on an answer.
 *
 * @csspart dialog - The dialog box.
 * @csspart header - Title bar.
 * @csspart title - The title.
 * @csspart messages - Scrolling message list (live region).
 * @csspart message - Every message.
 * @csspart user-message - A question.
 * @csspart assistant-message - An answer.
 * @csspart status - The searching/thinking line.
 * @csspart citation - A numbered source chip.
 * @csspart composer - Input area.
 * @csspart input - The textarea.
 * @csspart send - Send button.
 * @csspart stop - Stop button.
 * @csspart context - A context chip.
 * @csspart error - Inline error.
 * @csspart page - The page view.
 * @csspart suggestion - A starter question.
 * @csspart button - Every button (each also has its own part name).
 */
export class DocsAssistantPanel extends LitElement {
  static override styles = [styles, proseStyles];

  static override properties = {
    open: { type: Boolean, reflect: true },
    options: { attribute: false },
    i18n: { attribute: false },
    placeholder: {},
    suggestions: { attribute: false },
    draft: { state: true },
    feedback: { state: true },
    copied: { state: true },
  };

  /** Whether the dialog is shown. */
  declare open: boolean;
  /** How to reach the API (set by `<docs-assistant>`). */
  declare options: ChatOptions;
  /** Replacement UI strings. */
  declare i18n: Partial<DocsAssistantI18n>;
  /** Placeholder of the question input. */
  declare placeholder: string | undefined;
  /** Starter questions for the empty state. */
  declare suggestions: string[];
  declare private draft: string;
  declare private feedback: ReadonlyMap<string, 'up' | 'down'>;
  declare private copied: string | undefined;

  private readonly chat = new ChatController(this, () => this.options);
  private readonly page = new PageViewController(this, () => this.options);
  private readonly follow = new ScrollFollowController(this, () =>
    this.renderRoot.querySelector('[part=messages]'),
  );
  private readonly narrow = new MediaQueryController(this, NARROW);
  private shownModal: boolean | undefined;
  private lastStatus: ChatController['status'] = 'ready';
  private copyTimer = 0;

  constructor() {
    super();
    this.open = false;
    this.options = {
      baseUrl: location.origin,
      domain: '',
      apiKey: '',
      fp: 'anonymous',
      retrievalPageSize: 5,
      currentPath: () => location.pathname,
    };
    this.i18n = {};
    this.suggestions = [];
    this.draft = '';
    this.feedback = new Map();
    this.copied = undefined;
  }

  private get t(): DocsAssistantI18n {
    return { ...defaultI18n, ...this.i18n };
  }

  private get busy(): boolean {
    return this.chat.status === 'submitted' || this.chat.status === 'streaming';
  }

  /** Moves focus to the question input (or the page view's Back button). */
  override focus(options?: FocusOptions): void {
    const target = this.renderRoot.querySelector<HTMLElement>(
      this.page.state.status === 'closed' ? '[part~=input]' : '[data-back]',
    );
    target?.focus(options);
  }

  /** Adds a context item (shown as a chip) to the next question. */
  addContext(item: ContextItem): void {
    this.page.close();
    this.chat.addContext(item);
  }

  /** Sends a question as if the reader typed it. */
  async ask(text: string): Promise<void> {
    await this.submit(text);
  }

  private async submit(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    const context = [...this.chat.context];
    if (!emit(this, 'docs-assistant-submit', { text: question, context }, true)) return;
    this.draft = '';
    this.resizeInput();
    this.follow.pin();
    await this.chat.send(question);
  }

  protected override firstUpdated(): void {
    // Code that scrolls sideways must be reachable by keyboard, and the sanitizer drops
    // tabindex; blocks also re-render on their own (late highlighting), hence an observer.
    // Inline citation markers (`[3](/docs/page)`) get the pill style of the chips.
    const enhance = () => {
      for (const pre of this.renderRoot.querySelectorAll('pre:not([tabindex])')) {
        pre.setAttribute('tabindex', '0');
      }
      for (const a of this.renderRoot.querySelectorAll('.answer a:not(.cite)')) {
        if (/^\d{1,2}$/.test(a.textContent ?? '')) a.classList.add('cite');
      }
    };
    new MutationObserver(enhance).observe(this.renderRoot, { childList: true, subtree: true });
  }

  protected override willUpdate(): void {
    const status = this.chat.status;
    if (status === this.lastStatus) return;
    const was = this.lastStatus;
    this.lastStatus = status;
    if (status === 'error' && this.chat.error) {
      const { kind, message, status: httpStatus, retryAfterSeconds } = this.chat.error;
      emit(this, 'docs-assistant-error', {
        kind,
        message,
        ...(httpStatus === undefined ? {} : { status: httpStatus }),
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    } else if (status === 'ready' && (was === 'streaming' || was === 'submitted')) {
      const last = this.chat.messages.at(-1);
      if (last?.role === 'assistant') {
        emit(this, 'docs-assistant-response', {
          message: last,
          sources: citationsOf(last),
          threadId: this.chat.threadId,
        });
      }
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.syncDialog();
    if (changed.has('open') && !this.open) this.page.close();
  }

  /** Shows the native dialog non-modally beside the page, or modally when it fills the screen. */
  private syncDialog(): void {
    const dialog = this.renderRoot.querySelector('dialog');
    if (!dialog) return;
    const modal = this.narrow.matches;
    if (!this.open) {
      if (dialog.open) dialog.close();
      this.shownModal = undefined;
      return;
    }
    if (dialog.open && this.shownModal === modal) return;
    if (dialog.open) dialog.close();
    // show() moves focus into the dialog; focus is the opener's call (`focus()`), so put it
    // back. A modal dialog makes the page inert, so there focus stays inside.
    const previous = document.activeElement;
    if (modal) dialog.showModal();
    else dialog.show();
    if (!modal && previous instanceof HTMLElement) previous.focus({ preventScroll: true });
    this.shownModal = modal;
  }

  private requestClose(): void {
    this.dispatchEvent(new Event('close-request'));
  }

  private onKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    event.stopPropagation();
    this.requestClose();
  }

  private onInputKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void this.submit(this.draft);
    }
  }

  private onInput(event: InputEvent): void {
    this.draft = (event.target as HTMLTextAreaElement).value;
    this.resizeInput();
  }

  /** Grows the textarea with its content (CSSOM, so it works under a strict CSP). */
  private resizeInput(): void {
    const input = this.renderRoot.querySelector<HTMLTextAreaElement>('[part~=input]');
    if (!input) return;
    input.style.height = 'auto';
    if (this.draft) input.style.height = `${input.scrollHeight}px`;
  }

  private newChat(): void {
    this.chat.newChat();
    this.page.close();
    this.feedback = new Map();
    this.follow.pin();
    this.focus();
  }

  private openCitation(citation: Citation): void {
    if (!emit(this, 'docs-assistant-citation', { citation }, true)) return;
    void this.showPage(citation);
  }

  private async showPage(target: PageTarget): Promise<void> {
    await this.page.open(target);
    await this.updateComplete;
    this.focus();
    // The sanitizer drops ids, so a `#section` is found by its heading's slug.
    const heading = target.anchor
      ? [...this.renderRoot.querySelectorAll('.prose :is(h1, h2, h3, h4, h5, h6)')].find(
          (h) => slugOf(h.textContent ?? '') === slugOf(target.anchor ?? ''),
        )
      : undefined;
    heading?.scrollIntoView({ block: 'start' });
  }

  /** Links in answers and pages: doc pages open in the panel, the rest in a new tab. */
  private onContentClick(event: MouseEvent, cited: readonly Citation[]): void {
    const path = event.composedPath();
    const copy = path.find(
      (node): node is HTMLElement =>
        node instanceof HTMLElement && node.matches('[data-copy-code]'),
    );
    if (copy) {
      const code = copy.closest('[data-code-block]')?.querySelector('code')?.textContent ?? '';
      void this.copy(code, copy);
      return;
    }
    const link = path.find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
    if (!link || event.defaultPrevented) return;
    const href = link.getAttribute('href') ?? '';
    const doc = docPathOf(href, cited);
    const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0;
    if (doc && !modified) {
      event.preventDefault();
      const known = cited.find((c) => c.path === doc.path);
      const citation: Citation = known ? { ...known, ...doc } : { index: 0, title: '', ...doc };
      if (emit(this, 'docs-assistant-citation', { citation }, true)) void this.showPage(citation);
    } else if (!doc) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    }
  }

  private async copy(text: string, button?: HTMLElement): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Clipboard permission denied (or an insecure page): select-and-copy fallback.
      const area = document.createElement('textarea');
      area.value = text;
      this.renderRoot.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    if (button) {
      const label = button.textContent;
      button.dataset.copied = '';
      button.textContent = this.t.copied;
      setTimeout(() => {
        delete button.dataset.copied;
        button.textContent = label;
      }, 1500);
    }
  }

  private async copyAnswer(message: DocsUIMessage): Promise<void> {
    await this.copy(textOf(message));
    this.copied = message.id;
    clearTimeout(this.copyTimer);
    this.copyTimer = window.setTimeout(() => {
      this.copied = undefined;
    }, 1500);
  }

  private rate(message: DocsUIMessage, value: 'up' | 'down'): void {
    const feedback = new Map(this.feedback);
    feedback.set(message.id, value);
    this.feedback = feedback;
    emit(this, 'docs-assistant-feedback', {
      messageId: message.id,
      value,
      threadId: this.chat.threadId,
    });
  }

  protected override render() {
    const t = this.t;
    return html`
      <dialog
        part="dialog"
        aria-labelledby="title"
        aria-modal=${this.narrow.matches ? 'true' : 'false'}
        @keydown=${this.onKeydown}
        @cancel=${(e: Event) => {
          e.preventDefault();
          this.requestClose();
        }}
        @close=${() => {
          if (this.open) this.requestClose();
        }}
      >
        ${this.renderHeader(t)}
        ${this.page.state.status === 'closed' ? this.renderChat(t) : this.renderPage(t)}
      </dialog>
    `;
  }

  private renderHeader(t: DocsAssistantI18n) {
    return html`
      <header part="header">
        <h2 id="title" part="title">${icon('sparkle')}<span>${t.title}</span></h2>
        <button
          part="button new-chat"
          type="button"
          class="ghost"
          ?disabled=${this.chat.messages.length === 0 && this.page.state.status === 'closed'}
          @click=${this.newChat}
        >
          ${icon('newChat')}<span>${t.newChat}</span>
        </button>
        ${iconButton({ part: 'close', label: t.close, icon: 'close', onClick: this.requestClose })}
      </header>
    `;
  }

  private renderChat(t: DocsAssistantI18n) {
    const messages = this.chat.messages;
    return html`
      <div
        part="messages"
        class="messages"
        role="log"
        aria-live="polite"
        aria-busy=${this.busy ? 'true' : 'false'}
        aria-label=${t.conversation}
        tabindex="-1"
        @scroll=${this.follow.onScroll}
      >
        <div class="list">
          ${messages.length === 0 ? this.renderEmpty(t) : nothing}
          ${repeat(
            messages,
            (m) => m.id,
            (m, i) => this.renderMessage(m, i === messages.length - 1, t),
          )}
          ${this.chat.status === 'submitted' && messages.at(-1)?.role !== 'assistant' ? pendingLine(t) : nothing}
          ${this.chat.status === 'error' && this.chat.error ? this.renderError(t) : nothing}
        </div>
      </div>
      <div class="jump">
        ${
          !this.follow.pinned && messages.length
            ? html`<button
              part="button jump"
              type="button"
              aria-label=${t.jumpToLatest}
              title=${t.jumpToLatest}
              @click=${() => this.follow.pin()}
            >
              ${icon('arrowDown')}
            </button>`
            : nothing
        }
      </div>
      ${this.renderComposer(t)}
    `;
  }

  private renderEmpty(t: DocsAssistantI18n) {
    return html`
      <div class="empty">
        <div class="empty-mark">${icon('sparkle')}</div>
        <p class="empty-title">${t.emptyTitle}</p>
        <p class="empty-body">${t.emptyBody}</p>
        ${
          this.suggestions.length
            ? html`<ul class="suggestions" aria-label=${t.suggestionsLabel}>
              ${this.suggestions.map(
                (q) => html`<li>
                  <button part="button suggestion" type="button" @click=${() => this.submit(q)}>
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

  private renderMessage(message: DocsUIMessage, last: boolean, t: DocsAssistantI18n) {
    if (message.role === 'user') return userMessage(message, t);
    if (message.role !== 'assistant') return nothing;
    const canRegenerate = last && this.chat.status === 'ready';
    return assistantMessage(message, {
      t,
      streaming: last && this.busy,
      onRegenerate: canRegenerate ? () => this.regenerate() : undefined,
      rated: this.feedback.get(message.id),
      copied: this.copied === message.id,
      onContentClick: (event, cited) => this.onContentClick(event, cited),
      onCitation: (citation) => this.openCitation(citation),
      onCopy: () => this.copyAnswer(message),
      onRate: (value) => this.rate(message, value),
    });
  }

  private async regenerate(): Promise<void> {
    this.follow.pin();
    await this.chat.retry();
  }

  private renderError(t: DocsAssistantI18n) {
    const error = this.chat.error;
    if (!error) return nothing;
    return html`<div part="error" class="error" role="alert">
      ${icon('alert')}
      <p>${errorText(error, t, this.options.filterLanguage)}</p>
      ${
        canRetry(error)
          ? html`<button part="button retry" type="button" @click=${() => this.chat.retry()}>
            ${icon('retry')}${t.retry}
          </button>`
          : error.kind === 'not-found'
            ? html`<button part="button" type="button" @click=${this.newChat}>
              ${icon('newChat')}${t.newChat}
            </button>`
            : nothing
      }
    </div>`;
  }

  private renderComposer(t: DocsAssistantI18n) {
    const context = this.chat.context;
    const busy = this.busy;
    return html`<form
      part="composer"
      class="composer"
      @submit=${(e: Event) => {
        e.preventDefault();
        void this.submit(this.draft);
      }}
    >
      <div class="box">
        ${
          context.length
            ? html`<ul class="context chip-row" aria-label=${t.contextLabel}>
              ${context.map(
                (item, index) => html`<li part="context" class="chip">
                  ${contextLabel(item, t)}
                  <button
                    part="button remove-context"
                    type="button"
                    class="icon-button"
                    aria-label=${`${t.removeContext}: ${item.value.slice(0, 40)}`}
                    @click=${() => {
                      this.chat.removeContext(index);
                      this.focus();
                    }}
                  >
                    ${icon('close')}
                  </button>
                </li>`,
              )}
            </ul>`
            : nothing
        }
        <textarea
          part="input"
          rows="1"
          aria-label=${t.inputLabel}
          placeholder=${this.placeholder || t.placeholder}
          .value=${this.draft}
          @input=${this.onInput}
          @keydown=${this.onInputKeydown}
        ></textarea>
        ${
          busy
            ? html`<button
              part="button stop"
              type="button"
              class="send"
              aria-label=${t.stop}
              title=${t.stop}
              @click=${() => this.chat.stop()}
            >
              ${icon('stop')}
            </button>`
            : html`<button
              part="button send"
              type="submit"
              class="send"
              aria-label=${t.send}
              title=${t.send}
              ?disabled=${!this.draft.trim()}
            >
              ${icon('send')}
            </button>`
        }
      </div>
      <p class="disclaimer">${t.disclaimer}</p>
    </form>`;
  }

  private renderPage(t: DocsAssistantI18n) {
    const state = this.page.state;
    if (state.status === 'closed') return nothing;
    const { target } = state;
    const published = target.url ?? new URL(`/${target.path}`, location.origin).href;
    // Most pages open with their own `# Title`; then ours is for screen readers only.
    const hasOwnTitle =
      state.status === 'loaded' && /^#\s/.test(stripMdxSource(state.content).trimStart());
    return html`<section part="page" class="page" aria-labelledby="page-title">
      <div class="page-bar">
        <button part="button back" type="button" class="ghost" data-back @click=${() => this.backToChat()}>
          ${icon('back')}<span>${t.back}</span>
        </button>
        <a part="button open-page" class="ghost" href=${published} target="_blank" rel="noopener noreferrer">
          <span>${t.openPublished}</span>${icon('external')}
        </a>
      </div>
      <div class="page-scroll" tabindex="0" aria-labelledby="page-title">
        <p class="page-path">${target.path.split('/').join(' › ')}</p>
        <h3 id="page-title" class=${hasOwnTitle ? 'sr-only' : 'page-title'}>${titleOf(target)}</h3>
        ${
          state.status === 'loading'
            ? html`<p class="page-status" role="status">${t.loadingPage}</p>`
            : state.status === 'failed'
              ? html`<div part="error" class="error" role="alert">
                ${icon('alert')}
                <p>${state.notFound ? state.message || t.pageNotFound : t.errorNetwork}</p>
              </div>`
              : html`<div class="prose" @click=${(e: MouseEvent) => this.onContentClick(e, [])}>
                ${pageMarkdown(state.content, t)}
              </div>`
        }
      </div>
    </section>`;
  }

  private async backToChat(): Promise<void> {
    this.page.close();
    await this.updateComplete;
    this.focus();
  }
}

if (!customElements.get('docs-assistant-panel')) {
  customElements.define('docs-assistant-panel', DocsAssistantPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'docs-assistant-panel': DocsAssistantPanel;
  }
}
