/**
 * The deprecated v1 endpoint read by AI SDK 4's data-stream chat client: `callChatApi` and
 * `processChatResponse` of its UI utilities, called as `useChat({ streamProtocol: 'data',
 * sendExtraMessageFields: true })` calls them.
 */

import { callChatApi, generateId, type Message, type UIMessage } from '@ai-sdk/ui-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakingModel } from '../support/assistant-models.ts';
import { type AssistantServer, startAssistantServer } from '../support/assistant-server.ts';
import { AI_SDK_DOCS } from '../support/corpora.ts';

const corpus = AI_SDK_DOCS;

let server: AssistantServer;
beforeAll(async () => {
  server = await startAssistantServer({ docs: corpus });
});
afterAll(() => server.close());

interface V4Result {
  finished?: Message;
  updates: number;
  headers?: Headers;
}

/** One `useChat` submit: the full messages (sendExtraMessageFields) plus the extra body. */
async function submit(
  target: AssistantServer,
  messages: Message[],
  extra: Record<string, unknown> = {},
): Promise<V4Result> {
  const result: V4Result = { updates: 0 };
  await callChatApi({
    api: `${target.url}/v1/assistant/${target.domain}/message`,
    body: { id: 'chat-1', messages, fp: 'anonymous', ...extra },
    streamProtocol: 'data',
    credentials: undefined,
    headers: { Authorization: `Bearer ${target.key}` },
    abortController: () => new AbortController(),
    restoreMessagesOnFailure: () => {},
    onResponse: (response) => {
      result.headers = response.headers;
    },
    onUpdate: () => {
      result.updates++;
    },
    onFinish: (message) => {
      result.finished = message;
    },
    onToolCall: undefined,
    generateId,
    fetch: undefined,
    lastMessage: undefined,
  });
  return result;
}

const userMessage = (content: string): UIMessage => ({
  id: generateId(),
  role: 'user',
  content,
  createdAt: new Date(),
  parts: [{ type: 'text', text: content }],
});

describe('v1 endpoint read by ai 4 callChatApi (streamProtocol data)', () => {
  it('reads the answer text, the search tool invocation, sources and the threadId annotation', async () => {
    const question = 'How do I stream text with streamText?';
    const { finished, updates, headers } = await submit(server, [userMessage(question)]);
    expect(updates).toBeGreaterThan(3);
    expect(finished?.role).toBe('assistant');
    expect(finished?.content).toContain('](/docs/reference/ai-sdk-core/stream-text');
    expect(finished?.content.length).toBeGreaterThan(200);

    expect(finished?.toolInvocations).toHaveLength(1);
    expect(finished?.toolInvocations?.[0]).toMatchObject({
      state: 'result',
      toolName: 'search',
      args: { query: question },
    });
    const invocation = finished!.toolInvocations![0]!;
    expect(invocation.state === 'result' && invocation.result).toHaveLength(5);

    const sources = finished?.parts?.filter((p) => p.type === 'source') ?? [];
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]).toMatchObject({
      source: { sourceType: 'url', id: '1', url: expect.stringMatching(/^\//) },
    });

    const threadId = headers?.get('x-thread-id');
    expect(threadId).toBeTruthy();
    expect(headers?.get('x-thread-key')).toBeTruthy();
    expect(finished?.annotations).toEqual([{ threadId }]);
  });

  it('continues the thread with its key', async () => {
    const first = await submit(server, [userMessage('What is useChat?')]);
    const threadId = first.headers!.get('x-thread-id');
    const threadKey = first.headers!.get('x-thread-key');
    const second = await submit(
      server,
      [userMessage('What is useChat?'), first.finished!, userMessage('How do I add tools?')],
      { threadId, threadKey },
    );
    expect(second.headers?.get('x-thread-id')).toBe(threadId);
    expect(second.finished?.annotations).toEqual([{ threadId }]);
    await expect(
      submit(server, [userMessage('Again?')], { threadId, threadKey: 'wrong' }),
    ).rejects.toThrow('Thread not found');
  });

  it('surfaces a failure after the first chunk as the error the v4 client throws', async () => {
    const failing = await startAssistantServer({ docs: corpus, languageModel: breakingModel() });
    try {
      await expect(submit(failing, [userMessage('How do I stream text?')])).rejects.toThrow(
        'The language model failed. Try again in a moment.',
      );
    } finally {
      await failing.close();
    }
  });
});
