import { adoptStyles, html, LitElement, nothing, type PropertyValues } from 'lit';
import { createRef, ref } from 'lit/directives/ref.js';
import type { FeedbackReason } from '../../api/limits.ts';
import type { ContextItem } from '../../api/types.ts';
import { ChatController } from '../chat/chat-controller.ts';
import { citationsOf } from '../chat/citations.ts';
import type { ChatError, Citation, DocsUIMessage } from '../chat/types.ts';
import type { DocsAssistant } from '../docs-assistant/docs-assistant.ts';
import { emit } from '../docs-assistant/events.ts';
import { errorText, pageErrorText } from '../i18n/error-text.ts';
import { type DocsAssistantI18n, resolveI18n } from '../i18n/i18n.ts';
import { directionAt, layoutDirectionAt } from '../i18n/language.ts';
import { type PageTarget, PageViewController } from '../page/page-view-controller.ts';
import { ClipboardController } from './clipboard-controller.ts';
import { composerStyles } from './composer/composer.styles.ts';
import { composer } from './composer/composer.ts';
import { DraftController } from './composer/draft-controller.ts';
import { contentAction } from './content-links.ts';
import { contextChipStyles } from './context-chip/context-chip.styles.ts';
import { conversationStyles } from './conversation/conversation.styles.ts';
import { conversation } from './conversation/conversation.ts';
import { DialogController, siteModalOpen } from './dialog-controller.ts';
import { adaptationStyles, styles } from './docs-assistant-panel.styles.ts';
import type { FeedbackController, Rating } from './feedback-controller.ts';
import { feedbackFormStyles } from './feedback-form/feedback-form.styles.ts';
import { feedbackFormId } from './feedback-form/feedback-form.ts';
import { headerStyles } from './header/header.styles.ts';
import { header } from './header/header.ts';
import { inlineErrorStyles } from './inline-error/inline-error.styles.ts';
import { messageStyles } from './message/message.styles.ts';
import { assistantMessage, userMessage } from './message/message.ts';
import { textOf } from './message/message-parts.ts';
import { pageFrameStyles } from './page-view/page-frame.styles.ts';
import { pageStatus } from './page-view/page-status.ts';
import { type HostContext, type PanelConfig, panelConfigOf } from './panel-config.ts';
import { PANEL_PARTS } from './parts.ts';
import { proseStyles } from './prose.styles.ts';
import { ScrollFollowController } from './scroll-follow.ts';

/** The clipboard's name for the page view's copy (answers are named by message id). */
const PAGE_COPY = '\u0000page';

/**
 * The chat panel of `<docs-assistant>`, loaded on the reader's first intent. A dialog: a
 * side panel on wide screens, full screen (modal) on narrow ones. It composes the parts (each a
 * template module with its styles beside it) and turns what its controllers report into events.
 *
 * @summary Chat panel: messages, citations, page view and composer.
 *
 * @event close-request - The reader asked to close the panel (Escape, close button); not composed.
 * @event docs-assistant-submit - A question is about to be sent. Cancelable.
 * @event docs-assistant-response - An answer finished streaming.
 * @event docs-assistant-error - A request failed.
 * @event docs-assistant-citation - A cited page is being opened. Cancelable.
 * @event docs-assistant-feedback - Thumbs up/down on an answer; again on Send of the thumbs-down form, with its reason and comment.
 *
 * @csspart dialog - The dialog box.
 * @csspart header - Title bar.
 * @csspart title - The title.
 * @csspart messages - Scrolling message list (live region).
 * @csspart message - Every message.
 * @csspart user-message - A question.
 * @csspart assistant-message - An answer.
 * @csspart status - The searching/thinking line.
 * @csspart stopped - The "Stopped" line under a stopped answer.
 * @csspart citation - A numbered source chip.
 * @csspart composer - Input area.
 * @csspart input - The textarea.
 * @csspart send - Send button.
 * @csspart stop - Stop button.
 * @csspart context - A context chip.
 * @csspart error - Inline error.
 * @csspart page - The page view.
 * @csspart suggestion - A starter question.
 * @csspart feedback - The form under a thumbs down (reasons, comment, Skip, Send).
 * @csspart feedback-reason - A reason chip of that form (a radio).
 * @csspart feedback-comment - Its comment box.
 * @csspart send-feedback - Its Send button.
 * @csspart skip-feedback - Its Skip button.
 * @csspart button - Every button (each also has its own part name).
 */
export class DocsAssistantPanel extends LitElement {
  static override styles = [
    styles,
    headerStyles,
    conversationStyles,
    messageStyles,
    feedbackFormStyles,
    contextChipStyles,
    inlineErrorStyles,
    composerStyles,
    pageFrameStyles,
    adaptationStyles,
    proseStyles,
  ];

  static override properties = {
    open: { type: Boolean, reflect: true },
    config: { attribute: false },
  };

  /** Whether the dialog is shown. */
  declare open: boolean;
  /** What the host shares: API options, strings, placeholder, suggestions (read live). */
  declare config: PanelConfig;

  private readonly chat = new ChatController(this, () => this.config.chat, {
    onResponse: (message) => this.onResponse(message),
    onError: (error) => this.reportError(error, errorText(error, this.t, this.locale)),
  });
  /** The page view's template, once the first page opened has loaded it. */
  private view: typeof import('./page-view/page-view.ts') | undefined;
  private readonly page = new PageViewController(
    this,
    () => this.config.chat,
    (error) => this.reportError(error, pageErrorText(error, this.t, this.locale)),
    async () => {
      if (this.view) return;
      const view = await import('./page-view/page-view.ts');
      // The view's styles come with it, after the panel's own (the page view's chunk, not the first answer's).
      adoptStyles(this.renderRoot as ShadowRoot, [
        ...DocsAssistantPanel.elementStyles,
        view.pageViewStyles,
      ]);
      this.view = view;
    },
  );
  private readonly dialog = new DialogController(
    this,
    () => this.open,
    () => this.config.layout === 'push',
  );
  private readonly draft = new DraftController(this);
  private readonly clipboard = new ClipboardController(this);
  /** The thumbs' state and posts, once the first thumbs has loaded them (no answer needs them before). */
  private feedback: FeedbackController | undefined;
  private feedbackLoading: Promise<FeedbackController> | undefined;
  private readonly scroller = createRef<HTMLElement>();
  private readonly backButton = createRef<HTMLButtonElement>();
  private readonly follow = new ScrollFollowController(this, () => this.scroller.value ?? null);

  constructor() {
    super();
    this.open = false;
  }

  /** `<docs-assistant>`, whose page language and direction the panel follows. */
  private get host(): Element {
    const root = this.getRootNode();
    return root instanceof ShadowRoot ? root.host : this;
  }

  private get t(): DocsAssistantI18n {
    return resolveI18n(this.config.i18n, this.config.translation);
  }

  /** The language the reader reads (times of day in error messages; the panel's direction). */
  private get locale(): string | undefined {
    return this.config.chat.filterLanguage;
  }

  private get busy(): boolean {
    return this.chat.status === 'submitted' || this.chat.status === 'streaming';
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Every part, re-exported through `<docs-assistant>` to the page.
    this.setAttribute('exportparts', PANEL_PARTS.join(','));
  }

  /** Moves focus to the question input (or the page view's Back button). */
  override focus(options?: FocusOptions): void {
    const target = this.page.state.status === 'closed' ? this.draft.input : this.backButton;
    target.value?.focus(options);
  }

  /** Adds a context item (shown as a chip) to the next question. */
  addContext(item: ContextItem): void {
    this.page.close();
    this.chat.addContext(item);
  }

  /** Sends a question as if the reader typed it; resolves when the answer has ended. */
  async ask(text: string): Promise<void> {
    await this.submit(text);
  }

  private async submit(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    const context = [...this.chat.context];
    if (!emit(this, 'docs-assistant-submit', { text: question, context }, true)) return;
    this.draft.clear();
    this.follow.pin();
    await this.chat.send(question);
  }

  private onResponse(message: DocsUIMessage): void {
    emit(this, 'docs-assistant-response', {
      message,
      sources: citationsOf(message),
      threadId: this.chat.threadId,
    });
  }

  /** A failed question or page: the event carries the words the reader sees inline. */
  private reportError(error: ChatError, message: string): void {
    const { kind, status, retryAfterSeconds, detail } = error;
    emit(this, 'docs-assistant-error', {
      kind,
      message,
      ...(status === undefined ? {} : { status }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      ...(detail === undefined ? {} : { detail }),
    });
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('open') && !this.open) this.page.close();
  }

  private requestClose = (): void => {
    this.dispatchEvent(new Event('close-request'));
  };

  private onKeydown(event: KeyboardEvent): void {
    // A dialog of the site's own is on top: its Escape, not ours, and it must reach the site.
    if (event.key === 'Escape' && siteModalOpen()) return;
    if (event.key !== 'Escape' || event.defaultPrevented) {
      this.isolateKeys(event);
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    // Escape in the page view goes back to the chat; a second one closes the panel.
    if (this.page.state.status !== 'closed') void this.backToChat();
    else this.requestClose();
  }

  /**
   * Keys pressed in the panel stay in the panel. The host page sees them retargeted to
   * `<docs-assistant>`, which is not an editable element to it, so its own shortcuts would
   * fire ("/" opens VitePress's search and takes the rest of the question). Combinations with
   * Ctrl, Cmd or Alt still pass (the widget's own shortcut closes the panel from the input).
   */
  private isolateKeys = (event: KeyboardEvent): void => {
    if (!event.ctrlKey && !event.metaKey && !event.altKey) event.stopPropagation();
  };

  private newChat = (): void => {
    this.chat.newChat();
    this.page.close();
    this.feedback?.reset();
    this.follow.pin();
    this.focus();
  };

  private openCitation(citation: Citation): void {
    if (!emit(this, 'docs-assistant-citation', { citation }, true)) return;
    void this.showPage(citation);
  }

  private async showPage(target: PageTarget): Promise<void> {
    // Focus goes back where the reader was (the citation) when they leave the page view.
    if (this.page.state.status === 'closed') this.openedFrom = this.focusedCitation();
    await this.page.open(target);
    await this.updateComplete;
    this.focus();
    const heading = target.anchor
      ? this.view?.headingFor(this.renderRoot, target.anchor)
      : undefined;
    if (heading) {
      this.view!.markCitedSection(heading);
      heading.scrollIntoView({ block: 'start' });
    }
  }

  private async backToChat(): Promise<void> {
    this.page.close();
    await this.updateComplete;
    const from = this.openedFrom;
    this.openedFrom = undefined;
    const citation = from === undefined ? undefined : this.citations()[from];
    if (citation) citation.focus();
    else this.focus();
  }

  /** Which citation chip had focus when the page view opened (the chat is re-rendered). */
  private openedFrom: number | undefined;

  private citations(): HTMLElement[] {
    return [...this.renderRoot.querySelectorAll<HTMLElement>('[part~=citation]')];
  }

  private focusedCitation(): number | undefined {
    const active = this.shadowRoot?.activeElement;
    const index = active instanceof HTMLElement ? this.citations().indexOf(active) : -1;
    return index < 0 ? undefined : index;
  }

  /** Clicks in answers and pages: copy buttons, doc links (opened here), other links (new tab). */
  private onContentClick(event: MouseEvent, cited: readonly Citation[], base?: string): void {
    const action = contentAction(event, cited, base);
    if (action?.kind === 'copy-code') {
      void this.clipboard.copyCode(action.button, action.code, this.t.copied);
    } else if (action?.kind === 'open-page') {
      event.preventDefault();
      this.openCitation(action.citation);
    } else if (action?.kind === 'external') {
      action.link.target = '_blank';
      action.link.rel = 'noopener noreferrer';
    }
  }

  /**
   * A thumbs (the controller posts it). A thumbs down opens the form under the answer and
   * focus moves into it; the event fires when the rating changed.
   */
  private async rate(message: DocsUIMessage, rating: Rating): Promise<void> {
    let feedback: FeedbackController;
    try {
      feedback = await this.loadFeedback();
    } catch {
      return; // its code could not be fetched (offline): neither could the thumbs be posted
    }
    const changed = feedback.rate(message.id, rating);
    if (changed) {
      emit(this, 'docs-assistant-feedback', {
        messageId: message.id,
        value: rating,
        threadId: this.chat.threadId,
      });
    }
    if (rating !== 'down') return;
    await this.updateComplete;
    this.feedbackFormOf(message.id)?.querySelector('input')?.focus();
  }

  private async sendFeedback(
    message: DocsUIMessage,
    reason: FeedbackReason | undefined,
    comment: string,
  ): Promise<void> {
    const back = this.thumbsDownOf(message.id);
    const sent = this.feedback?.send(message.id, reason, comment);
    if (sent) {
      emit(this, 'docs-assistant-feedback', {
        messageId: message.id,
        value: 'down',
        threadId: this.chat.threadId,
        ...sent,
      });
    }
    await this.updateComplete;
    back?.focus();
  }

  /** Skip or Escape: the form closes and focus goes back to the thumbs down. */
  private async skipFeedback(message: DocsUIMessage): Promise<void> {
    const back = this.thumbsDownOf(message.id);
    this.feedback?.close(message.id);
    await this.updateComplete;
    back?.focus();
  }

  /** The feedback controller's code, fetched with the first thumbs (again after a failed fetch). */
  private loadFeedback(): Promise<FeedbackController> {
    this.feedbackLoading ??= import('./feedback-controller.ts').then(
      ({ FeedbackController }) =>
        (this.feedback = new FeedbackController(
          this,
          () => this.config.chat,
          () => this.chat,
        )),
      (error: unknown) => {
        this.feedbackLoading = undefined;
        throw error;
      },
    );
    return this.feedbackLoading;
  }

  private feedbackFormOf(messageId: string): HTMLElement | null {
    return (this.renderRoot as ShadowRoot).getElementById(feedbackFormId(messageId));
  }

  /** The thumbs-down button of the answer whose form is open. */
  private thumbsDownOf(messageId: string): HTMLElement | null {
    const answer = this.feedbackFormOf(messageId)?.closest('article');
    return answer?.querySelector<HTMLElement>('[part~=not-helpful]') ?? null;
  }

  private async regenerate(): Promise<void> {
    this.follow.pin();
    await this.chat.retry();
  }

  protected override render() {
    const t = this.t;
    const pageOpen = this.page.state.status !== 'closed';
    return html`
      <dialog
        part="dialog"
        dir=${directionAt(this.host, this.locale ?? '')}
        class=${layoutDirectionAt(this.host) === 'rtl' ? 'rtl-page' : ''}
        aria-labelledby="title"
        aria-modal=${this.dialog.modal ? 'true' : 'false'}
        ${ref(this.dialog.element)}
        @keydown=${this.onKeydown}
        @keyup=${this.isolateKeys}
        @keypress=${this.isolateKeys}
        @cancel=${(e: Event) => {
          e.preventDefault();
          this.requestClose();
        }}
        @close=${() => {
          if (this.open) this.requestClose();
        }}
      >
        ${header({
          t,
          canStartOver: this.chat.messages.length > 0 || pageOpen,
          onNewChat: this.newChat,
          onClose: this.requestClose,
        })}
        ${pageOpen ? this.renderPage(t) : this.renderChat(t)}
      </dialog>
    `;
  }

  private renderChat(t: DocsAssistantI18n) {
    const messages = this.chat.messages;
    return html`
      ${conversation({
        t,
        messages,
        waiting: this.chat.status === 'submitted',
        busy: this.busy,
        error: this.chat.status === 'error' ? this.chat.error : undefined,
        locale: this.locale,
        suggestions: this.config.suggestions,
        showJump: !this.follow.pinned && messages.length > 0,
        scroller: this.scroller,
        renderMessage: (message, last) => this.renderMessage(message, last, t),
        onScroll: this.follow.onScroll,
        onJump: () => this.follow.pin(),
        onSuggestion: (question) => void this.submit(question),
        onRetry: () => void this.chat.retry(),
        onNewChat: this.newChat,
      })}
      ${composer({
        t,
        draft: this.draft,
        context: this.chat.context,
        placeholder: this.config.placeholder,
        busy: this.busy,
        onSubmit: () => void this.submit(this.draft.text),
        onStop: () => void this.chat.stop(),
        onRemoveContext: (index) => {
          this.chat.removeContext(index);
          this.focus();
        },
      })}
    `;
  }

  private renderMessage(message: DocsUIMessage, last: boolean, t: DocsAssistantI18n) {
    if (message.role === 'user') return userMessage(message, t);
    if (message.role !== 'assistant') return nothing;
    return assistantMessage(message, {
      t,
      streaming: last && this.busy,
      onRegenerate: last && this.chat.status === 'ready' ? () => this.regenerate() : undefined,
      rated: this.feedback?.ratingOf(message.id),
      feedback: this.feedback?.formOf(message.id),
      copied: this.clipboard.copied === message.id,
      onContentClick: (event, cited) => this.onContentClick(event, cited),
      onCitation: (citation) => this.openCitation(citation),
      onCopy: () => void this.clipboard.copyAnswer(message.id, textOf(message)),
      onRate: (rating) => void this.rate(message, rating),
      onSendFeedback: (reason, comment) => void this.sendFeedback(message, reason, comment),
      onSkipFeedback: () => void this.skipFeedback(message),
    });
  }

  private renderPage(t: DocsAssistantI18n) {
    const state = this.page.state;
    if (state.status === 'closed') return nothing;
    const view = this.view;
    if (!view) {
      // The first page: the view's code is on its way (or could not be loaded).
      return html`<section part="page" class="page">
        <div class="page-scroll">
          ${
            state.status === 'loaded'
              ? nothing
              : pageStatus({
                  t,
                  state,
                  locale: this.locale,
                  onRetry: () => void this.showPage(state.target),
                })
          }
        </div>
      </section>`;
    }
    return view.pageView({
      t,
      state,
      locale: this.locale,
      back: this.backButton,
      onBack: () => void this.backToChat(),
      onRetry: () => void this.showPage(state.target),
      onContentClick: (event) => this.onContentClick(event, [], state.target.path),
      actions: view.pageActionsOf(this.config.pageActions),
      copied: this.clipboard.copied === PAGE_COPY,
      onCopyPage: (markdown) => void this.clipboard.copyAnswer(PAGE_COPY, markdown),
    });
  }
}

/**
 * Makes the panel of `host` and puts it in the host's shadow root, configured before it
 * connects (so its chat loads this domain's conversation at once).
 */
export function createPanel(host: DocsAssistant, context: HostContext): DocsAssistantPanel {
  const panel = document.createElement('docs-assistant-panel');
  // The panel sets its own `exportparts`: the list of its parts loads with it, not with the host.
  panel.setAttribute('part', 'panel');
  panel.addEventListener('close-request', () => host.hide());
  panel.config = panelConfigOf(host, context);
  panel.open = host.open;
  host.renderRoot.append(panel);
  return panel;
}

if (!customElements.get('docs-assistant-panel')) {
  customElements.define('docs-assistant-panel', DocsAssistantPanel);
}

declare global {
  interface HTMLElementTagNameMap {
    'docs-assistant-panel': DocsAssistantPanel;
  }
}
