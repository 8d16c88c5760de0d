/**
 * The v2 endpoint read by the real chat clients of AI SDK 5, 6 and the pinned major, against
 * the server on a real listener over the ai-sdk-docs corpus.
 */

import * as ai7 from 'ai';
import * as ai5 from 'ai-v5';
import * as ai6 from 'ai-v6';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiModule, createNodeChat, messageText } from '../support/assistant-chat.ts';
import { type AssistantServer, startAssistantServer } from '../support/assistant-server.ts';
import { readSse } from '../support/assistant-streams.ts';
import { AI_SDK_DOCS } from '../support/corpora.ts';

const corpus = AI_SDK_DOCS;
const question = 'How do I stream text with streamText?';

let server: AssistantServer;
let api: string;
beforeAll(async () => {
  server = await startAssistantServer({ docs: corpus });
  api = `${server.url}/v2/assistant/${server.domain}/message`;
});
afterAll(() => server.close());

/** The answer as the raw stream carries it (the embedded model is deterministic). */
async function rawAnswer(text: string) {
  const response = await fetch(api, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({
      fp: 'anonymous',
      messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text }] }],
    }),
  });
  const { chunks } = await readSse(response);
  return {
    text: chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.delta)
      .join(''),
    sources: chunks.filter((c) => c.type === 'source-url'),
  };
}

const majors: [string, AiModule][] = [
  ['ai 5', ai5],
  ['ai 6', ai6],
  ['ai 7 (pinned)', ai7],
];

describe.each(majors)('v2 endpoint read by %s AbstractChat + DefaultChatTransport', (_, ai) => {
  it('reads the whole reply without an error: text, tool-search, sources, threadId', async () => {
    const expected = await rawAnswer(question);
    const chat = createNodeChat(ai, { api, key: server.key });
    await chat.send(question);
    expect(chat.error).toBeUndefined();
    expect(chat.status).toBe('ready');
    const reply = chat.messages.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(messageText(reply)).toBe(expected.text);
    expect(messageText(reply)).toContain('](/docs/reference/ai-sdk-core/stream-text');

    const search = reply.parts.find((p) => p.type === 'tool-search');
    expect(search).toMatchObject({ state: 'output-available', input: { query: question } });
    expect(search.output.length).toBe(5);
    expect(search.output[0]).toMatchObject({
      path: expect.any(String),
      metadata: { title: expect.any(String) },
    });

    const sources = reply.parts.filter((p) => p.type === 'source-url');
    expect(sources.map((s) => s.url)).toEqual(expected.sources.map((s) => s.url));
    expect(sources.length).toBeGreaterThan(0);

    const threadId = chat.lastHeaders?.get('x-thread-id');
    expect(threadId).toBeTruthy();
    expect(reply.metadata).toEqual({ threadId });
  });

  it('continues the thread with its id and key, and a wrong key gets 404', async () => {
    const chat = createNodeChat(ai, { api, key: server.key });
    await chat.send(question);
    const threadId = chat.lastHeaders!.get('x-thread-id')!;
    const threadKey = chat.lastHeaders!.get('x-thread-key')!;
    expect(threadKey).toBeTruthy();

    await chat.send('How do I smooth the stream?', { threadId, threadKey });
    expect(chat.error).toBeUndefined();
    expect(chat.lastHeaders!.get('x-thread-id')).toBe(threadId);
    expect(chat.lastHeaders!.get('x-thread-key')).toBeNull();
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(chat.messages.at(-1)!.metadata).toEqual({ threadId });
    expect(messageText(chat.messages.at(-1))).toContain('smoothStream');

    await chat.send('And again?', { threadId, threadKey: `${threadKey}-wrong` });
    expect(chat.status).toBe('error');
    expect(chat.lastStatus).toBe(404);
    expect(chat.error?.message).toContain('Thread not found');
  });
});
