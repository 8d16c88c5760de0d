/**
 * Real AI SDK chat clients in Node: `AbstractChat` + `DefaultChatTransport` of a given major,
 * with the minimal `ChatState` that framework bindings provide (copies on every change, because
 * AbstractChat mutates the streaming message in place).
 */
import type * as Ai7 from 'ai';
import type * as Ai5 from 'ai-v5';
import type * as Ai6 from 'ai-v6';

/** The parts of an `ai` major's exports the chat client needs (5, 6 and 7 share them). */
export type AiModule = typeof Ai5 | typeof Ai6 | typeof Ai7;

// biome-ignore lint/suspicious/noExplicitAny: messages are read structurally across majors
export type ChatMessage = { id: string; role: string; parts: any[]; metadata?: any };

export interface NodeChat {
  readonly messages: ChatMessage[];
  readonly status: string;
  readonly error: Error | undefined;
  /** Response headers and status of the latest request. */
  readonly lastHeaders: Headers | undefined;
  readonly lastStatus: number | undefined;
  send(text: string, body?: Record<string, unknown>): Promise<void>;
}

export interface NodeChatOptions {
  api: string;
  key: string;
  body?: Record<string, unknown>;
}

export function createNodeChat(ai: AiModule, options: NodeChatOptions): NodeChat {
  let lastHeaders: Headers | undefined;
  let lastStatus: number | undefined;
  const state = {
    status: 'ready',
    error: undefined as Error | undefined,
    messages: [] as ChatMessage[],
    pushMessage(message: ChatMessage) {
      state.messages = [...state.messages, structuredClone(message)];
    },
    popMessage() {
      state.messages = state.messages.slice(0, -1);
    },
    replaceMessage(index: number, message: ChatMessage) {
      const messages = [...state.messages];
      messages[index] = structuredClone(message);
      state.messages = messages;
    },
    snapshot: <T>(thing: T): T => structuredClone(thing),
  };
  // The majors' classes differ only in generics; one structural view fits them all.
  const Transport = ai.DefaultChatTransport as unknown as new (init: object) => object;
  const transport = new Transport({
    api: options.api,
    headers: { Authorization: `Bearer ${options.key}` },
    body: { fp: 'anonymous', ...options.body },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetch(input, init);
      lastHeaders = response.headers;
      lastStatus = response.status;
      return response;
    },
  });
  // Each major's AbstractChat is abstract only to force a state; this is that state.
  const Chat = class extends (ai.AbstractChat as unknown as new (
    init: object,
  ) => { sendMessage(message: { text: string }, options?: { body?: object }): Promise<void> }) {};
  const chat = new Chat({ id: crypto.randomUUID(), transport, state });
  return {
    get messages() {
      return state.messages;
    },
    get status() {
      return state.status;
    },
    get error() {
      return state.error;
    },
    get lastHeaders() {
      return lastHeaders;
    },
    get lastStatus() {
      return lastStatus;
    },
    send: (text, body) => chat.sendMessage({ text }, body ? { body } : undefined),
  };
}

/** The text of a message's `text` parts. */
export function messageText(message: ChatMessage | undefined): string {
  return (message?.parts ?? [])
    .filter((part) => part.type === 'text')
    .map((part) => part.text)
    .join('');
}
