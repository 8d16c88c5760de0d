/**
 * The `ChatState` that `AbstractChat` writes to, as in the AI SDK's Svelte and Angular
 * bindings: every mutator replaces the array, and every message is stored as a copy because
 * `AbstractChat` keeps mutating the message it is streaming into. `onChange` lets the
 * controller ask its host to re-render.
 */
import type { ChatState, ChatStatus } from 'ai';
import type { DocsUIMessage } from './types.ts';

export class LitChatState implements ChatState<DocsUIMessage> {
  #messages: readonly DocsUIMessage[];
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  /**
   * An interrupted answer whose retry has not streamed anything yet. It stays visible (and comes
   * back if the retry fails or is stopped) until the new answer's first chunk replaces it.
   */
  #held: DocsUIMessage | undefined;
  #onChange: () => void;

  constructor(messages: readonly DocsUIMessage[], onChange: () => void) {
    this.#messages = messages;
    this.#onChange = onChange;
  }

  /** What the reader sees: the conversation, plus a held interrupted answer. */
  get visibleMessages(): readonly DocsUIMessage[] {
    return this.#held ? [...this.#messages, this.#held] : this.#messages;
  }

  get messages(): DocsUIMessage[] {
    return this.#messages as DocsUIMessage[];
  }
  set messages(messages: DocsUIMessage[]) {
    this.#messages = [...messages];
    this.#onChange();
  }

  get status(): ChatStatus {
    return this.#status;
  }
  set status(status: ChatStatus) {
    this.#status = status;
    if (status === 'ready' || status === 'error') this.#release();
    this.#onChange();
  }

  get error(): Error | undefined {
    return this.#error;
  }
  set error(error: Error | undefined) {
    this.#error = error;
    this.#onChange();
  }

  hold(message: DocsUIMessage): void {
    this.#held = message;
  }

  /** A retry ended without a new answer: the held one is part of the conversation again. */
  #release(): void {
    if (!this.#held) return;
    this.#messages = [...this.#messages, this.#held];
    this.#held = undefined;
  }

  pushMessage = (message: DocsUIMessage): void => {
    if (message.role === 'assistant') this.#held = undefined;
    this.#messages = [...this.#messages, this.snapshot(message)];
    this.#onChange();
  };

  popMessage = (): void => {
    this.#messages = this.#messages.slice(0, -1);
    this.#onChange();
  };

  replaceMessage = (index: number, message: DocsUIMessage): void => {
    const next = [...this.#messages];
    next[index] = this.snapshot(message);
    this.#messages = next;
    this.#onChange();
  };

  snapshot = <T>(thing: T): T => structuredClone(thing);
}
