/**
 * The chat engine of the panel: the AI SDK's `AbstractChat` on `DefaultChatTransport`, wrapped
 * in a Lit ReactiveController the way the SDK's Svelte and Angular bindings wrap it (see
 * chat-state.ts). It adds what the docs-assistant API needs: the request fields and bearer key,
 * the thread id and key, pending context, classified errors, and per-domain persistence; and it
 * reports finished answers and failures through `ChatEvents`, from the SDK's own callbacks.
 */
// First: configures Zod before the AI SDK builds its schemas (strict-CSP safe).
import './zod-jitless.ts';
import { AbstractChat, type ChatStatus, DefaultChatTransport } from 'ai';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ContextItem } from '../../api/types.ts';
import { LitChatState } from './chat-state.ts';
import { classifyError, type ResponseInfo } from './errors.ts';
import { withContext } from './pending-context.ts';
import {
  clearConversation,
  loadConversation,
  saveConversation,
  storageKey,
} from './persistence.ts';
import { buildRequestBody, messageEndpoint } from './request.ts';
import type { ChatError, ChatOptions, DocsUIMessage } from './types.ts';

export { MAX_CONTEXT_CHARS, MAX_CONTEXT_ITEMS } from './pending-context.ts';
export type {
  ChatError,
  ChatErrorKind,
  ChatOptions,
  Citation,
  DocsMessageMetadata,
  DocsUIMessage,
} from './types.ts';

class DocsChat extends AbstractChat<DocsUIMessage> {}

/** What the controller reports to its host (which turns it into DOM events). */
export interface ChatEvents {
  /** An answer ended (finished, or stopped after it had started), as the conversation holds it. */
  onResponse?(message: DocsUIMessage): void;
  /** A request failed; not called for a lost thread that is recovered on a new one. */
  onError?(error: ChatError): void;
}

export class ChatController implements ReactiveController {
  readonly host: ReactiveControllerHost;
  #options: () => ChatOptions;
  #events: ChatEvents;
  #chat: DocsChat | undefined;
  #state: LitChatState | undefined;
  #domain: string | undefined;
  #context: readonly ContextItem[] = [];
  #threadId: string | undefined;
  #threadKey: string | undefined;
  /** The response of the request in flight, for Retry-After and telling "before" from "during" the stream. */
  #response: ResponseInfo | undefined;
  #sentThread = false;
  #error: ChatError | undefined;
  #status: ChatStatus = 'ready';
  #onPageHide = () => this.#persist();
  /** Another tab of the same site saved (or cleared) the conversation: follow it while idle. */
  #onStorage = (event: StorageEvent) => {
    const domain = this.#domain;
    if (!domain || (event.key !== null && event.key !== storageKey(domain))) return;
    if (this.status === 'submitted' || this.status === 'streaming') return;
    const stored = loadConversation(domain);
    this.#threadId = stored.threadId;
    this.#threadKey = stored.threadKey;
    this.#create(stored.messages);
    this.host.requestUpdate();
  };

  /**
   * `options` is read again for every request. The conversation of its domain is loaded when the
   * host connects (or on the first request, whichever comes first).
   */
  constructor(host: ReactiveControllerHost, options: () => ChatOptions, events: ChatEvents = {}) {
    this.host = host;
    this.#options = options;
    this.#events = events;
    host.addController(this);
  }

  /** The conversation as immutable snapshots: a changed message is a new object, others keep identity. */
  get messages(): readonly DocsUIMessage[] {
    return this.#state?.visibleMessages ?? [];
  }

  /** `ready`, `submitted` (waiting for the first chunk), `streaming` or `error`. */
  get status(): ChatStatus {
    return this.#state?.status ?? 'ready';
  }

  /** The last request's failure (kind and data); cleared by the next request. */
  get error(): ChatError | undefined {
    return this.#error;
  }

  /** Context items that will go with the next question. */
  get context(): readonly ContextItem[] {
    return this.#context;
  }

  /** The server's thread of this conversation, once it has answered. */
  get threadId(): string | undefined {
    return this.#threadId;
  }

  /** The thread's key, which proves the reader's feedback is theirs. */
  get threadKey(): string | undefined {
    return this.#threadKey;
  }

  hostConnected(): void {
    this.#ensure();
    globalThis.addEventListener?.('pagehide', this.#onPageHide);
    globalThis.addEventListener?.('storage', this.#onStorage);
  }

  hostUpdate(): void {
    // a changed `domain` attribute switches to that site's conversation
    const domain = this.#options().domain;
    if (this.#chat && domain !== this.#domain) this.#load(domain);
  }

  hostDisconnected(): void {
    globalThis.removeEventListener?.('pagehide', this.#onPageHide);
    globalThis.removeEventListener?.('storage', this.#onStorage);
    this.#persist();
  }

  /** Adds a context item (a selection, a code block) to the next question. */
  addContext(item: ContextItem): void {
    const context = withContext(this.#context, item);
    if (context === this.#context) return;
    this.#context = context;
    this.host.requestUpdate();
  }

  /** Removes the pending context item at `index` (a chip the reader dismissed). */
  removeContext(index: number): void {
    this.#context = this.#context.filter((_, i) => i !== index);
    this.host.requestUpdate();
  }

  /**
   * Asks a question; the pending context goes with it (stored on the user message, so a retry
   * sends it again) and is cleared. Resolves when the answer has finished, failed or stopped.
   */
  async send(text: string): Promise<void> {
    const question = text.trim();
    if (question === '') return;
    const { chat } = this.#ensure();
    if (chat.status === 'submitted' || chat.status === 'streaming') await chat.stop();
    const context = this.#context;
    this.#context = [];
    await this.#request(() =>
      chat.sendMessage({
        text: question,
        ...(context.length > 0 ? { metadata: { context: [...context] } } : {}),
      }),
    );
  }

  /** Stops the answer, also before its first token. What already arrived stays. */
  stop(): Promise<void> {
    return this.#chat?.stop() ?? Promise.resolve();
  }

  /**
   * Asks for the last answer again after an error (or a stop). The answer is regenerated, not
   * continued (the API has no "continue"): the text that already arrived stays on screen until
   * the new answer has text of its own, and stays in the conversation (`metadata.interrupted`)
   * if the retry fails or is stopped before that.
   */
  async retry(): Promise<void> {
    const { chat, state } = this.#ensure();
    if (chat.status === 'submitted' || chat.status === 'streaming') return;
    const last = chat.lastMessage;
    if (!last) return;
    if (last.role === 'assistant') state.hold(last);
    await this.#request(() => chat.regenerate());
  }

  /** Starts over: forgets the conversation, its thread and pending context, here and in storage. */
  newChat(): void {
    const old = this.#chat;
    this.#threadId = undefined;
    this.#threadKey = undefined;
    this.#context = [];
    if (this.#domain !== undefined) clearConversation(this.#domain);
    this.#create([]);
    void old?.stop();
    this.host.requestUpdate();
  }

  async #request(run: () => Promise<void>): Promise<void> {
    const state = this.#state;
    await run();
    // a thread the server no longer knows (restarted, expired) must not strand the reader:
    // the messages carry the conversation, so ask once more on a fresh thread
    if (state === this.#state && this.#error?.kind === 'not-found' && this.#sentThread) {
      this.#threadId = undefined;
      this.#threadKey = undefined;
      await this.#chat?.regenerate();
    }
  }

  #ensure(): { chat: DocsChat; state: LitChatState } {
    if (!this.#chat || !this.#state) this.#load(this.#options().domain);
    return { chat: this.#chat!, state: this.#state! };
  }

  #load(domain: string): void {
    this.#persist();
    void this.#chat?.stop();
    this.#domain = domain;
    const stored = domain ? loadConversation(domain) : { messages: [] };
    this.#threadId = stored.threadId;
    this.#threadKey = stored.threadKey;
    this.#create(stored.messages);
  }

  #create(messages: readonly DocsUIMessage[]): void {
    const state: LitChatState = new LitChatState(messages, () => this.#onStateChange(state));
    const options = this.#options();
    this.#state = state;
    this.#error = undefined;
    this.#status = 'ready';
    this.#response = undefined;
    this.#chat = new DocsChat({
      state,
      transport: new DefaultChatTransport<DocsUIMessage>({
        api: messageEndpoint(options),
        credentials: 'omit',
        fetch: (input, init) => this.#fetch(state, input, init),
        prepareSendMessagesRequest: ({ messages }) => {
          const current = this.#options();
          this.#response = undefined;
          this.#sentThread = Boolean(this.#threadId && this.#threadKey);
          return {
            api: messageEndpoint(current),
            headers: { Authorization: `Bearer ${current.apiKey}` },
            body: buildRequestBody(current, messages, {
              threadId: this.#threadId,
              threadKey: this.#threadKey,
            }),
          };
        },
      }),
      onError: (error) => {
        if (state !== this.#state) return;
        const failure = classifyError(error, {
          response: this.#response,
          online: globalThis.navigator?.onLine ?? true,
        });
        this.#error = failure;
        // a lost thread is asked again on a new one (#request): nothing to report yet
        if (failure.kind === 'not-found' && this.#sentThread) return;
        this.#events.onError?.(failure);
      },
      onFinish: ({ message, isAbort, isError, isDisconnect }) => {
        if (state !== this.#state) return;
        this.#adoptThread(message.metadata?.threadId ?? null, null);
        if ((isError || isDisconnect) && message.parts.length > 0)
          this.#mark(message.id, { interrupted: true });
        else if (isAbort && message.parts.length > 0) this.#mark(message.id, { stopped: true });
        // an answer stopped before its first chunk never reached the conversation
        const answer = isError ? undefined : state.messages.find((m) => m.id === message.id);
        if (answer) this.#events.onResponse?.(answer);
      },
    });
  }

  /** The transport's fetch: reads the thread headers and keeps the response for error reporting. */
  async #fetch(
    state: LitChatState,
    input: RequestInfo | URL,
    init?: RequestInit,
  ): Promise<Response> {
    const doFetch = this.#options().fetch ?? globalThis.fetch;
    const response = await doFetch(input, init);
    if (state === this.#state) {
      this.#response = { status: response.status, headers: response.headers };
      if (response.ok) {
        this.#adoptThread(
          response.headers.get('X-Thread-Id'),
          response.headers.get('X-Thread-Key'),
        );
      }
    }
    return response;
  }

  #adoptThread(id: string | null, key: string | null): void {
    if (!id) return;
    if (id !== this.#threadId) {
      this.#threadId = id;
      this.#threadKey = key ?? undefined;
    } else if (key) {
      this.#threadKey = key;
    }
  }

  /** Notes how an answer ended (the status has already settled, so it is stored again). */
  #mark(id: string, how: { interrupted: true } | { stopped: true }): void {
    const state = this.#state;
    const index = state?.messages.findIndex((m) => m.id === id) ?? -1;
    const message = state?.messages[index];
    if (!state || !message) return;
    state.replaceMessage(index, { ...message, metadata: { ...message.metadata, ...how } });
    this.#persist();
  }

  #onStateChange(state: LitChatState): void {
    if (state !== this.#state) return; // a chat replaced by newChat() or a domain switch
    const error = state.error;
    // classified in the chat's onError, which comes first; cleared when the next request starts
    if (!error) this.#error = undefined;
    else
      this.#error ??= classifyError(error, {
        response: this.#response,
        online: globalThis.navigator?.onLine ?? true,
      });
    if (state.status !== this.#status) {
      const settled = state.status === 'ready' || state.status === 'error';
      this.#status = state.status;
      if (settled) this.#persist();
    }
    this.host.requestUpdate();
  }

  #persist(): void {
    const state = this.#state;
    if (!state || !this.#domain) return;
    const messages = [...state.visibleMessages];
    const last = messages.at(-1);
    // leaving the page mid-answer: what arrived is kept, marked as cut off
    if (
      (state.status === 'submitted' || state.status === 'streaming') &&
      last?.role === 'assistant'
    ) {
      messages[messages.length - 1] = {
        ...last,
        metadata: { ...last.metadata, interrupted: true },
      };
    }
    saveConversation(this.#domain, {
      messages,
      threadId: this.#threadId,
      threadKey: this.#threadKey,
    });
  }
}
