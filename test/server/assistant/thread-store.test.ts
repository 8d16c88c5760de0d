import { describe, expect, it } from 'vitest';
import { MemoryThreadStore } from '../../../src/server/assistant/thread-store.ts';

describe('MemoryThreadStore', () => {
  it('opens a thread only with its domain and key', async () => {
    const store = new MemoryThreadStore();
    const thread = await store.create('acme', 'anonymous');
    expect(await store.open('acme', thread.id, thread.key)).toBe(thread);
    expect(await store.open('acme', thread.id, `${thread.key}x`)).toBeUndefined();
    expect(await store.open('acme', thread.id, '')).toBeUndefined();
    expect(await store.open('other', thread.id, thread.key)).toBeUndefined();
    expect(await store.open('acme', 'no-such-thread', thread.key)).toBeUndefined();
  });

  it('records messages and keeps only the newest', async () => {
    const store = new MemoryThreadStore({ maxMessages: 3 });
    const thread = await store.create('acme', 'user-1');
    for (const text of ['a', 'b', 'c', 'd']) {
      await store.append(thread, [{ role: 'user', text, at: 0 }]);
    }
    expect(thread.messages.map((m) => m.text)).toEqual(['b', 'c', 'd']);
  });

  it('forgets the least recently used thread beyond its size', async () => {
    const store = new MemoryThreadStore({ maxThreads: 2 });
    const first = await store.create('acme', 'fp');
    const second = await store.create('acme', 'fp');
    await store.open('acme', first.id, first.key); // first is now the most recent
    const third = await store.create('acme', 'fp');
    expect(store.size).toBe(2);
    expect(await store.open('acme', second.id, second.key)).toBeUndefined();
    expect(await store.open('acme', first.id, first.key)).toBe(first);
    expect(await store.open('acme', third.id, third.key)).toBe(third);
  });

  it('forgets threads idle for longer than their age', async () => {
    let now = 1_000;
    const store = new MemoryThreadStore({ maxAgeMs: 100, now: () => now });
    const thread = await store.create('acme', 'fp');
    now += 50;
    expect(await store.open('acme', thread.id, thread.key)).toBe(thread);
    now += 101;
    expect(await store.open('acme', thread.id, thread.key)).toBeUndefined();
    expect(store.size).toBe(0);
  });
});

describe('MemoryThreadStore size bounds', () => {
  it('cuts a message past the longest kept text', async () => {
    const store = new MemoryThreadStore({ maxMessageBytes: 10 });
    const thread = await store.create('acme', 'fp');
    await store.append(thread, [{ role: 'user', text: 'x'.repeat(1000), at: 0 }]);
    expect(thread.messages[0]!.text).toBe('x'.repeat(10));
    expect(store.storedBytes).toBe(10);
  });

  it('counts UTF-8 bytes, and never cuts a character in two', async () => {
    const store = new MemoryThreadStore({ maxMessageBytes: 10 });
    const thread = await store.create('acme', 'fp');
    // 4 bytes each: a 2.5-emoji cut keeps 2 whole ones.
    await store.append(thread, [{ role: 'user', text: '🚀🚀🚀🚀', at: 0 }]);
    expect(thread.messages[0]!.text).toBe('🚀🚀');
    // 3 bytes per CJK character: 3 fit in 10 bytes.
    await store.append(thread, [{ role: 'user', text: '文档助手很好', at: 0 }]);
    expect(thread.messages[1]!.text).toBe('文档助');
    expect(store.storedBytes).toBe(8 + 9);
  });

  it('drops the oldest messages of a thread past its size', async () => {
    const store = new MemoryThreadStore({ maxMessageBytes: 100, maxThreadBytes: 250 });
    const thread = await store.create('acme', 'fp');
    for (const letter of ['a', 'b', 'c', 'd']) {
      await store.append(thread, [{ role: 'user', text: letter.repeat(100), at: 0 }]);
    }
    expect(thread.messages.map((m) => m.text[0])).toEqual(['c', 'd']);
    expect(store.storedBytes).toBe(200);
  });

  it('forgets the least recently used threads past the total size', async () => {
    const store = new MemoryThreadStore({
      maxMessageBytes: 1000,
      maxThreadBytes: 1000,
      maxTotalBytes: 2500,
    });
    const threads = [];
    for (let n = 0; n < 5; n++) {
      const thread = await store.create('acme', 'fp');
      await store.append(thread, [{ role: 'user', text: 'q'.repeat(1000), at: 0 }]);
      threads.push(thread);
    }
    expect(store.storedBytes).toBeLessThanOrEqual(2500);
    expect(store.size).toBe(2);
    const last = threads[4]!;
    expect(await store.open('acme', last.id, last.key)).toBe(last);
    expect(await store.open('acme', threads[0]!.id, threads[0]!.key)).toBeUndefined();
  });
});
