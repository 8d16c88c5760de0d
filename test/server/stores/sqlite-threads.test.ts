/** The SQLite thread store on its own: keys, bounds in bytes and count, retention. */
import { describe, expect, it } from 'vitest';
import { SqliteThreadStore } from '../../../src/server/stores/sqlite-threads.ts';

const open = (options = {}) => SqliteThreadStore.open(':memory:', options);

describe('SqliteThreadStore', () => {
  it('opens a thread with its key only, on its own domain only', async () => {
    const store = await open();
    const thread = await store.create('acme', 'fp');
    await store.append(thread, [{ role: 'user', text: 'Hello', at: 1 }]);
    const opened = await store.open('acme', thread.id, thread.key);
    expect(opened?.messages).toEqual([{ role: 'user', text: 'Hello', at: 1 }]);
    expect(await store.open('acme', thread.id, 'wrong')).toBeUndefined();
    expect(await store.open('globex', thread.id, thread.key)).toBeUndefined();
    expect(await store.open('acme', 'no-such-id', thread.key)).toBeUndefined();
  });

  it('keeps a thread within its bounds: bytes per message, bytes and messages per thread', async () => {
    const store = await open({ maxMessageBytes: 10, maxThreadBytes: 25, maxMessages: 3 });
    const thread = await store.create('acme', 'fp');
    await store.append(thread, [{ role: 'user', text: '🚀🚀🚀🚀', at: 1 }]);
    for (const letter of ['a', 'b', 'c']) {
      await store.append(thread, [{ role: 'user', text: letter.repeat(10), at: 2 }]);
    }
    const opened = await store.open('acme', thread.id, thread.key);
    // 4 × 10 bytes > 25: the two newest stay, the emoji message (cut to 8 bytes) went first.
    expect(opened!.messages.map((m) => m.text)).toEqual(['bbbbbbbbbb', 'cccccccccc']);
    for (let i = 0; i < 5; i++) {
      await store.append(thread, [{ role: 'assistant', text: String(i), at: 3 }]);
    }
    expect((await store.open('acme', thread.id, thread.key))!.messages.map((m) => m.text)).toEqual([
      '2',
      '3',
      '4',
    ]);
  });

  it('deletes threads idle since before the retention cut', async () => {
    let now = 1000;
    const store = await open({ now: () => now });
    const old = await store.create('acme', 'fp');
    await store.append(old, [{ role: 'user', text: 'old', at: now }]);
    now = 5000;
    const recent = await store.create('acme', 'fp');
    expect(await store.prune(2000)).toBe(1);
    expect(await store.open('acme', old.id, old.key)).toBeUndefined();
    expect(await store.open('acme', recent.id, recent.key)).toBeDefined();
    await store.close();
  });
});
