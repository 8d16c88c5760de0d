import { describe, expect, it } from 'vitest';
import {
  clearConversation,
  loadConversation,
  MAX_STORED_CHARS,
  MAX_STORED_MESSAGES,
  saveConversation,
  storageKey,
} from '../../../src/widget/chat/persistence.ts';
import type { DocsUIMessage } from '../../../src/widget/chat/types.ts';

/** A Storage in memory, optionally refusing writes like a full or blocked localStorage. */
class MemoryStorage implements Storage {
  items = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

const turn = (i: number, text = `answer ${i}`): DocsUIMessage[] => [
  { id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `question ${i}` }] },
  { id: `a${i}`, role: 'assistant', parts: [{ type: 'text', text }] },
];

describe('persistence', () => {
  it('round-trips messages and thread per domain', () => {
    const storage = new MemoryStorage();
    const messages = turn(1);
    expect(saveConversation('acme', { messages, threadId: 't', threadKey: 'k' }, storage)).toBe(
      true,
    );
    expect(loadConversation('acme', storage)).toEqual({ messages, threadId: 't', threadKey: 'k' });
    expect(loadConversation('other', storage)).toEqual({ messages: [] });
    clearConversation('acme', storage);
    expect(loadConversation('acme', storage)).toEqual({ messages: [] });
  });

  it.each([
    ['not JSON', '{oops'],
    ['wrong version', JSON.stringify({ v: 99, messages: [] })],
    ['not an object', '42'],
    ['messages not an array', JSON.stringify({ v: 1, messages: 'x' })],
  ])('loads corrupt storage (%s) as empty', (_, raw) => {
    const storage = new MemoryStorage();
    storage.setItem(storageKey('acme'), raw);
    expect(loadConversation('acme', storage)).toEqual({ messages: [] });
  });

  it('drops malformed messages and a thread without its key', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      storageKey('acme'),
      JSON.stringify({
        v: 1,
        threadId: 't',
        messages: [
          ...turn(1),
          { id: 3, role: 'user', parts: [] },
          { id: 'x', role: 'system', parts: [] },
          null,
        ],
      }),
    );
    expect(loadConversation('acme', storage)).toEqual({ messages: turn(1) });
  });

  it('survives storage that throws on access or write', () => {
    const throwing = {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem() {
        throw new DOMException('denied', 'SecurityError');
      },
      removeItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    } as unknown as Storage;
    expect(loadConversation('acme', throwing)).toEqual({ messages: [] });
    expect(saveConversation('acme', { messages: turn(1) }, throwing)).toBe(false);
    const full = new MemoryStorage();
    full.failWrites = true;
    expect(saveConversation('acme', { messages: turn(1) }, full)).toBe(false);
    expect(loadConversation('acme', undefined)).toEqual({ messages: [] });
  });

  it('keeps only the newest messages, starting at a question', () => {
    const storage = new MemoryStorage();
    const messages = Array.from({ length: 40 }, (_, i) => turn(i)).flat();
    saveConversation('acme', { messages }, storage);
    const loaded = loadConversation('acme', storage).messages;
    expect(loaded.length).toBeLessThanOrEqual(MAX_STORED_MESSAGES);
    expect(loaded[0]?.role).toBe('user');
    expect(loaded.at(-1)?.id).toBe('a39');
  });

  it('stays under the size bound: passages go first, then the oldest turns', () => {
    const storage = new MemoryStorage();
    const big = 'x'.repeat(30_000);
    const withSearch: DocsUIMessage = {
      id: 'a0',
      role: 'assistant',
      parts: [
        {
          type: 'tool-search',
          toolCallId: 'c',
          state: 'output-available',
          input: { query: 'q' },
          output: [{ content: big, path: 'docs/a', metadata: { title: 'A' } }],
        },
        { type: 'text', text: 'short' },
      ],
    } as DocsUIMessage;
    const messages = [
      turn(0)[0]!,
      withSearch,
      ...Array.from({ length: 12 }, (_, i) => turn(i + 1, big)).flat(),
    ];
    saveConversation('acme', { messages, threadId: 't', threadKey: 'k' }, storage);
    const raw = storage.getItem(storageKey('acme'))!;
    expect(raw.length).toBeLessThanOrEqual(MAX_STORED_CHARS);
    const loaded = loadConversation('acme', storage);
    expect(loaded.threadId).toBe('t');
    expect(loaded.messages[0]?.role).toBe('user');
    expect(loaded.messages.at(-1)?.id).toBe('a12');
    expect(loaded.messages.length).toBeLessThan(messages.length);

    const small = new MemoryStorage();
    saveConversation('acme', { messages: [turn(0)[0]!, withSearch] }, small);
    const kept = loadConversation('acme', small).messages[1]!.parts[0] as {
      output: { content: string; path: string }[];
    };
    expect(kept.output[0]).toMatchObject({ content: '', path: 'docs/a' });
  });
});
