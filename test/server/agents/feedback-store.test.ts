import { describe, expect, it } from 'vitest';
import {
  FEEDBACK_TEXT_MAX,
  MemoryFeedbackStore,
} from '../../../src/server/agents/feedback-store.ts';

describe('MemoryFeedbackStore', () => {
  it('lists a site’s entries newest first, by source', async () => {
    let now = 1000;
    const store = new MemoryFeedbackStore({ now: () => now++ });
    await store.add({
      domain: 'acme',
      source: 'reader',
      helpful: true,
      threadId: 't',
      messageId: 'm',
    });
    await store.add({
      domain: 'acme',
      source: 'agent',
      path: 'a',
      helpful: false,
      comment: 'Wrong',
    });
    await store.add({ domain: 'globex', source: 'agent', path: 'b', helpful: false });
    const acme = await store.list({ domain: 'acme' });
    expect(acme.map((entry) => entry.source)).toEqual(['agent', 'reader']);
    expect(acme[0]).toMatchObject({ at: 1001, path: 'a', comment: 'Wrong' });
    expect(acme[0]!.id).toMatch(/^[\w-]{36}$/);
    expect(await store.list({ domain: 'acme', source: 'agent' })).toHaveLength(1);
    expect(await store.list({ domain: 'acme', limit: 1 })).toHaveLength(1);
  });

  it('keeps one reader vote per answer, the highest version, in any order', async () => {
    let now = 1000;
    const store = new MemoryFeedbackStore({ now: () => now++ });
    const vote = { domain: 'acme', source: 'reader', threadId: 't', messageId: 'm' } as const;
    await store.add({ ...vote, helpful: false, version: 2 });
    // An earlier vote written later changes nothing.
    await store.add({ ...vote, helpful: true, version: 1 });
    await store.add({ ...vote, messageId: 'other', helpful: true, version: 1 });
    const kept = await store.list({ domain: 'acme' });
    expect(kept.map((entry) => [entry.messageId, entry.helpful])).toEqual([
      ['other', true],
      ['m', false],
    ]);
    // Without a version, the time it is received: after any count a client keeps.
    await store.add({ ...vote, helpful: true });
    expect(store.size).toBe(2);
    expect((await store.list({ domain: 'acme' }))[0]).toMatchObject({
      messageId: 'm',
      helpful: true,
    });
  });

  it('keeps the latest entries only, and cuts long texts', async () => {
    const store = new MemoryFeedbackStore({ maxEntries: 3 });
    for (const path of ['1', '2', '3', '4', '5']) {
      await store.add({ domain: 'acme', source: 'agent', path, helpful: false });
    }
    expect(store.size).toBe(3);
    expect((await store.list({ domain: 'acme' })).map((entry) => entry.path)).toEqual([
      '5',
      '4',
      '3',
    ]);
    const long = await store.add({
      domain: 'acme',
      source: 'agent',
      helpful: false,
      comment: 'x'.repeat(FEEDBACK_TEXT_MAX + 100),
    });
    expect(long.comment).toHaveLength(FEEDBACK_TEXT_MAX);
  });
});
