/**
 * The `ChatState` that `AbstractChat` writes to, as in the AI SDK's Svelte and Angular
 * bindings: every mutator replaces the array, and every message is stored as a copy because
 * `AbstractChat` keeps mutating the message it is streaming into. `onChange` lets the
 * controller ask its host to re-render.
 *
 * The copy on every streamed chunk is shallow: the message, its parts array, and only the parts
 * whose fields changed since the last copy. That is enough because `AbstractChat` changes a
 * streaming message by pushing parts and assigning part fields (`text += delta`,
 * `state = …`, a new `output`), never by mutating a nested value in place. Unchanged parts
 * (the search results, finished text) keep their identity from chunk to chunk.
 */
import type { ChatState, ChatStatus } from 'ai';
import type { DocsUIMessage } from './types.ts';

export class LitChatState implements ChatState<DocsUIMessage> {
  #messages: readonly DocsUIMessage[];
  #status: ChatStatus = 'ready';
  #error: Error | undefined;
  /**
   * An interrupted answer being retried. It stays visible until the new answer has text of its
   * own, and stays in the conversation if the retry fails or is stopped before that.
   */
  #held: DocsUIMessage | undefined;
  #onChange: () => void;

  constructor(messages: readonly DocsUIMessage[], onChange: () => void) {
    this.#messages = messages;
    this.#onChange = onChange;
  }

  /** What the reader sees: the conversation, with a held interrupted answer in place of a retry that has no text yet. */
  get visibleMessages(): readonly DocsUIMessage[] {
    const held = this.#held;
    if (!held) return this.#messages;
    const last = this.#messages.at(-1);
    return last?.role === 'assistant' && !hasText(last)
      ? [...this.#messages.slice(0, -1), held]
      : [...this.#messages, held];
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

  /** A retry ended without new text: the held answer is part of the conversation again. */
  #release(): void {
    if (!this.#held) return;
    this.#messages = this.visibleMessages;
    this.#held = undefined;
  }

  /** The retry's answer has text of its own: the held one can go. */
  #replaceHeld(message: DocsUIMessage): void {
    if (this.#held && message.role === 'assistant' && hasText(message)) this.#held = undefined;
  }

  pushMessage = (message: DocsUIMessage): void => {
    this.#replaceHeld(message);
    this.#messages = [...this.#messages, copyOf(message)];
    this.#onChange();
  };

  popMessage = (): void => {
    this.#messages = this.#messages.slice(0, -1);
    this.#onChange();
  };

  replaceMessage = (index: number, message: DocsUIMessage): void => {
    this.#replaceHeld(message);
    const next = [...this.#messages];
    next[index] = copyOf(message, this.#messages[index]);
    this.#messages = next;
    this.#onChange();
  };

  /** A deep copy, for the message `AbstractChat` starts streaming into (once per request). */
  snapshot = <T>(thing: T): T => structuredClone(thing);
}

/** A copy of `message` that later mutations of it cannot reach; parts unchanged since `previous` are reused. */
function copyOf(message: DocsUIMessage, previous?: DocsUIMessage): DocsUIMessage {
  const before = previous?.id === message.id ? previous.parts : [];
  return {
    ...message,
    parts: message.parts.map((part, i) => {
      const old = before[i];
      return old && sameFields(old, part) ? old : { ...part };
    }),
  };
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(b);
  if (Object.keys(a).length !== keys.length) return false;
  for (const key of keys) {
    if ((a as Record<string, unknown>)[key] !== (b as Record<string, unknown>)[key]) return false;
  }
  return true;
}

function hasText(message: DocsUIMessage): boolean {
  return message.parts.some((part) => part.type === 'text' && part.text !== '');
}
