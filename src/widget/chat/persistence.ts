/**
 * The conversation and thread kept per domain in localStorage, so they survive navigating
 * between doc pages and reloads. Bounded, and never trusted: anything unreadable loads as empty.
 */
import type { DocsUIMessage } from './types.ts';

export interface StoredConversation {
  messages: DocsUIMessage[];
  threadId?: string | undefined;
  threadKey?: string | undefined;
}

const VERSION = 1;
/** Most messages kept (the newest; always starting at a question). */
export const MAX_STORED_MESSAGES = 40;
/** Most characters of JSON kept per domain (localStorage quotas are ~5 MB per origin, shared with the host). */
export const MAX_STORED_CHARS = 200_000;

export function storageKey(domain: string): string {
  return `docs-assistant:conversation:${domain}`;
}

/** localStorage, or undefined where touching it throws (blocked storage, sandboxed frames). */
function defaultStorage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function isMessage(value: unknown): value is DocsUIMessage {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    (m.role === 'user' || m.role === 'assistant') &&
    Array.isArray(m.parts) &&
    m.parts.every(
      (p) => p && typeof p === 'object' && typeof (p as { type?: unknown }).type === 'string',
    )
  );
}

/** Reads the stored conversation of `domain`; empty when missing or corrupt. */
export function loadConversation(domain: string, storage = defaultStorage()): StoredConversation {
  let raw: string | null = null;
  try {
    raw = storage?.getItem(storageKey(domain)) ?? null;
  } catch {
    return { messages: [] };
  }
  if (!raw) return { messages: [] };
  try {
    const data: unknown = JSON.parse(raw);
    if (!data || typeof data !== 'object') return { messages: [] };
    const d = data as Record<string, unknown>;
    if (d.v !== VERSION || !Array.isArray(d.messages)) return { messages: [] };
    const messages = d.messages.filter(isMessage);
    const hasThread = typeof d.threadId === 'string' && typeof d.threadKey === 'string';
    return hasThread
      ? { messages, threadId: d.threadId as string, threadKey: d.threadKey as string }
      : { messages };
  } catch {
    return { messages: [] };
  }
}

/** Search results keep their path and metadata (for citations) but not their passages. */
function withoutPassages(message: DocsUIMessage): DocsUIMessage {
  return {
    ...message,
    parts: message.parts.map((part) => {
      const output = (part as { output?: unknown }).output;
      if (!part.type.startsWith('tool-') || !Array.isArray(output)) return part;
      return {
        ...part,
        output: output.map((result) =>
          result && typeof result === 'object' ? { ...result, content: '' } : result,
        ),
      } as typeof part;
    }),
  };
}

/** Drops leading messages until the list starts with a user message. */
function startAtQuestion(messages: DocsUIMessage[]): DocsUIMessage[] {
  const first = messages.findIndex((m) => m.role === 'user');
  return first <= 0 ? messages : messages.slice(first);
}

/** The JSON to store: newest messages first to survive the bounds. */
export function serializeConversation(conversation: StoredConversation): string {
  let messages = startAtQuestion(conversation.messages.slice(-MAX_STORED_MESSAGES)).map(
    withoutPassages,
  );
  const encode = () =>
    JSON.stringify({
      v: VERSION,
      messages,
      threadId: conversation.threadId,
      threadKey: conversation.threadKey,
    });
  let json = encode();
  while (json.length > MAX_STORED_CHARS && messages.length > 0) {
    messages = startAtQuestion(messages.slice(Math.max(1, Math.ceil(messages.length / 4))));
    json = encode();
  }
  return json;
}

/** Stores the conversation of `domain`; a full or blocked storage only costs the history. */
export function saveConversation(
  domain: string,
  conversation: StoredConversation,
  storage = defaultStorage(),
): boolean {
  if (!storage) return false;
  if (conversation.messages.length === 0 && !conversation.threadId) {
    return clearConversation(domain, storage);
  }
  try {
    storage.setItem(storageKey(domain), serializeConversation(conversation));
    return true;
  } catch {
    return false;
  }
}

export function clearConversation(domain: string, storage = defaultStorage()): boolean {
  try {
    storage?.removeItem(storageKey(domain));
    return storage !== undefined;
  } catch {
    return false;
  }
}
