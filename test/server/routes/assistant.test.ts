import { describe, expect, it } from 'vitest';
import { MemoryThreadStore } from '../../../src/server/assistant/thread-store.ts';
import { Lifecycle } from '../../../src/server/lifecycle.ts';
import { ASSISTANT_KEY, assistantApp, OUTSIDER_KEY } from '../../support/assistant-app.ts';
import { TinyIndex } from '../../support/assistant-index.ts';
import { breakingModel, failingModel, scriptedModel } from '../../support/assistant-models.ts';
import {
  assistantBody,
  chunkTypes,
  readSse,
  userMessage,
} from '../../support/assistant-streams.ts';
import { embeddedAssistant, post as postAs, testApp } from '../../support/server.ts';

const v2 = '/v2/assistant/docs/message';
const v1 = '/v1/assistant/docs/message';
const post = (
  app: ReturnType<typeof assistantApp>['app'],
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${ASSISTANT_KEY}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('POST /v2/assistant/{domain}/message', () => {
  it('streams the reply chunks in the order of the contract', async () => {
    const { app } = assistantApp();
    const response = await post(app, v2, assistantBody('Why does streaming improve latency?'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const { chunks, done } = await readSse(response);
    expect(done).toBe(true);
    expect(chunkTypes(chunks)).toEqual([
      'start',
      'start-step',
      'tool-input-available',
      'tool-output-available',
      'source-url',
      'text-start',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
    ]);
    const toolInput = chunks.find((c) => c.type === 'tool-input-available')!;
    expect(toolInput).toMatchObject({
      toolName: 'search',
      input: { query: 'Why does streaming improve latency?' },
    });
    const toolOutput = chunks.find((c) => c.type === 'tool-output-available')!;
    expect(toolOutput.toolCallId).toBe(toolInput.toolCallId);
    expect(toolOutput.output[0]).toMatchObject({
      path: 'docs/foundations/streaming',
      metadata: { title: 'Streaming' },
    });
    expect(chunks.find((c) => c.type === 'source-url')).toEqual({
      type: 'source-url',
      sourceId: '1',
      url: '/docs/foundations/streaming#why-streaming',
      title: 'Streaming › Why streaming',
    });
    const text = chunks
      .filter((c) => c.type === 'text-delta')
      .map((c) => c.delta)
      .join('');
    expect(text).toContain('[1](/docs/foundations/streaming#why-streaming)');
    const threadId = response.headers.get('x-thread-id');
    expect(threadId).toBeTruthy();
    expect(response.headers.get('x-thread-key')).toBeTruthy();
    expect(chunks.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      threadId,
      messageMetadata: { threadId },
    });
  });

  it('continues a thread with its key, and hides it from wrong keys and other domains', async () => {
    const { app, threads } = assistantApp();
    const first = await post(app, v2, assistantBody('How do I stream text?'));
    await first.text();
    const threadId = first.headers.get('x-thread-id')!;
    const threadKey = first.headers.get('x-thread-key')!;

    const again = await post(
      app,
      v2,
      assistantBody('And how do tools work?', { threadId, threadKey }),
    );
    expect(again.status).toBe(200);
    expect(again.headers.get('x-thread-id')).toBe(threadId);
    expect(again.headers.get('x-thread-key')).toBeNull();
    const { chunks } = await readSse(again);
    expect(chunks.at(-1)!.threadId).toBe(threadId);
    const thread = await threads.open('docs', threadId, threadKey);
    expect(thread?.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(thread?.messages[2]?.text).toBe('And how do tools work?');

    for (const body of [
      assistantBody('x y z', { threadId, threadKey: `${threadKey}x` }),
      assistantBody('x y z', { threadId }),
      assistantBody('x y z', { threadId: 'unknown', threadKey }),
    ]) {
      const response = await post(app, v2, body);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Thread not found' });
    }
    const otherDomain = await post(
      app,
      '/v2/assistant/other/message',
      assistantBody('x', { threadId, threadKey }),
    );
    expect(otherDomain.status).toBe(404);
  });

  it('retrieves with the last user message, context, current path, page size and filter', async () => {
    const index = new TinyIndex();
    const { app } = assistantApp({ index });
    const body = {
      fp: 'anonymous',
      messages: [
        userMessage('How do I install it?'),
        { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Earlier answer' }] },
        userMessage('What about tools?'),
      ],
      context: [{ type: 'code', value: 'const result = streamText({ model })', path: '/docs/x' }],
      currentPath: '/docs/ai-sdk-core/tools',
      retrievalPageSize: 3,
      filter: { version: 'v5' },
    };
    const response = await post(app, v2, body);
    await response.text();
    expect(index.calls).toEqual([
      {
        query: 'What about tools?\nconst result = streamText({ model })',
        options: { pageSize: 3, filter: { version: 'v5' }, boostPath: '/docs/ai-sdk-core/tools' },
      },
    ]);
  });

  it('answers 400 for each invalid field', async () => {
    const { app } = assistantApp();
    const good = assistantBody('How do I stream text?');
    const bad: Record<string, unknown>[] = [
      { ...good, fp: undefined },
      { ...good, fp: 42 },
      { ...good, messages: undefined },
      { ...good, messages: [] },
      { ...good, messages: [{ role: 'wizard', parts: [] }] },
      { ...good, currentPath: `/${'a'.repeat(200)}` },
      { ...good, retrievalPageSize: 0 },
      { ...good, retrievalPageSize: 51 },
      { ...good, retrievalPageSize: 2.5 },
      { ...good, filter: { groups: 'not-an-array' } },
      { ...good, context: [{ type: 'image', value: 'x' }] },
      { ...good, threadId: 7 },
      { ...good, messages: [{ role: 'user', parts: [{ type: 'file', url: 'x' }] }] },
    ];
    for (const body of bad) {
      const response = await post(app, v2, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await response.json();
      expect(typeof error.message).toBe('string');
      expect(error.issues.length).toBeGreaterThan(0);
    }
  });

  it('refuses a question over 4,000 characters, and oversized context, before any work', async () => {
    const { app, threads } = assistantApp();
    const before = threads.size;
    const long = await post(app, v2, assistantBody('q'.repeat(4001)));
    expect(long.status).toBe(400);
    expect((await long.json()).message).toMatch(/at most 4000 characters/);
    expect(threads.size).toBe(before);
    const good = assistantBody('How do I stream text?');
    const bigContext = await post(app, v2, {
      ...good,
      context: [{ type: 'code', value: 'x'.repeat(8001) }],
    });
    expect(bigContext.status).toBe(400);
    const manyItems = await post(app, v2, {
      ...good,
      context: Array.from({ length: 11 }, () => ({ type: 'code', value: 'x' })),
    });
    expect(manyItems.status).toBe(400);
    expect((await post(app, v2, assistantBody('q'.repeat(4000)))).status).toBe(200);
  });

  it('answers 400 for malformed JSON, 415 for non-JSON, 413 over the body limit', async () => {
    const { app } = assistantApp();
    const malformed = await post(app, v2, '{"fp": "anonymous", "messages": [');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBeTypeOf('string');
    const text = await post(app, v2, 'hello', { 'Content-Type': 'text/plain' });
    expect(text.status).toBe(415);
    const huge = assistantBody('x'.repeat(1024 * 1024 + 1));
    expect((await post(app, v2, huge)).status).toBe(413);
    expect((await post(app, v1, huge)).status).toBe(413);
  });

  it('answers 401 without a valid key and 403 for a domain of another organization', async () => {
    const { app } = assistantApp();
    const body = assistantBody('How do I stream text?');
    expect((await post(app, v2, body, { Authorization: '' })).status).toBe(401);
    expect((await post(app, v1, body, { Authorization: 'Bearer da_dsc_nope' })).status).toBe(401);
    const foreign = await post(app, v2, body, { Authorization: `Bearer ${OUTSIDER_KEY}` });
    expect(foreign.status).toBe(403);
  });

  it('counts assistant requests against the per-IP daily limit', async () => {
    const { app } = assistantApp({ ipPerDay: 2 });
    const body = assistantBody('How do I stream text?');
    for (let i = 0; i < 2; i++) await (await post(app, i ? v1 : v2, body)).text();
    const limited = await post(app, v2, body);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('accepts and ignores the transport fields id, trigger and messageId', async () => {
    const { app } = assistantApp();
    const body = assistantBody('How do I stream text?', {
      id: 'chat-1',
      trigger: 'submit-message',
      messageId: 'm-9',
    });
    expect((await post(app, v2, body)).status).toBe(200);
  });

  it('ends the started answer when its thread cannot be stored (500), leaving none in flight', async () => {
    // The database went away between the answer's first words and its thread.
    class DownStore extends MemoryThreadStore {
      override async create(): Promise<never> {
        throw new Error('connect ECONNREFUSED');
      }
    }
    const lifecycle = new Lifecycle();
    const lines: string[] = [];
    const app = testApp({
      assistant: { ...embeddedAssistant(), threads: new DownStore(), lifecycle },
      requestLog: { format: 'json', write: (line) => lines.push(line) },
    });
    const response = await app.request(
      '/v2/assistant/acme/message',
      postAs(assistantBody('How do I install acme?')),
    );
    expect(response.status).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Not waited for at the next SIGTERM, and logged like any request.
    expect(lifecycle.streaming).toBe(0);
    expect(lines.map((line) => JSON.parse(line).status)).toEqual([500]);
  });

  it('keeps a long reader identifier as its SHA-256, not as sent', async () => {
    const { app, threads } = assistantApp();
    const fp = `reader-${'x'.repeat(900_000)}`;
    const ask = () => post(app, v2, assistantBody('How do I stream text?', { fp }));
    const [first, second] = [await ask(), await ask()];
    expect(first.status).toBe(200);
    const keep = async (response: Response) => {
      await response.text();
      const id = response.headers.get('x-thread-id')!;
      return (await threads.open('docs', id, response.headers.get('x-thread-key')!))!.fp;
    };
    const [kept, keptAgain] = [await keep(first), await keep(second)];
    expect(kept).toMatch(/^sha256:[0-9a-f]{64}$/);
    // The same reader is still one identifier.
    expect(keptAgain).toBe(kept);
    const short = await post(app, v2, assistantBody('How do I stream text?', { fp: 'reader-1' }));
    expect(await keep(short)).toBe('reader-1');
  });

  it('answers 502 when the model fails before its first chunk, and creates no thread', async () => {
    const { app, threads } = assistantApp({ model: failingModel('invalid API key') });
    const response = await post(app, v2, assistantBody('How do I stream text?'));
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({
      message: 'The language model failed. Try again in a moment.',
    });
    expect(threads.size).toBe(0);
  });

  it('reports a failure after the first chunk inside the stream and ends it cleanly', async () => {
    const { app } = assistantApp({ model: breakingModel('Partial answer ', 'connection reset') });
    const response = await post(app, v2, assistantBody('How do I stream text?'));
    expect(response.status).toBe(200);
    const { chunks, done } = await readSse(response);
    expect(done).toBe(true);
    expect(chunks.find((c) => c.type === 'text-delta')!.delta).toBe('Partial answer ');
    expect(chunks.find((c) => c.type === 'error')).toEqual({
      type: 'error',
      errorText: 'The language model failed. Try again in a moment.',
    });
    expect(chunks.at(-1)).toMatchObject({ type: 'finish', finishReason: 'error' });
  });

  it('announces every retrieved page as a source for models that do not cite their own', async () => {
    const { app } = assistantApp({ model: scriptedModel('See [1](/docs/foundations/streaming).') });
    const { chunks } = await readSse(await post(app, v2, assistantBody('streaming tools install')));
    const sources = chunks.filter((c) => c.type === 'source-url');
    expect(sources.map((s) => s.sourceId)).toEqual(sources.map((_, i) => String(i + 1)));
    expect(sources.length).toBeGreaterThan(1);
    expect(chunkTypes(chunks).indexOf('source-url')).toBeLessThan(
      chunkTypes(chunks).indexOf('text-start'),
    );
  });
});

describe('POST /v1/assistant/{domain}/message', () => {
  it('streams AI SDK 4 data stream parts in the order of the contract', async () => {
    const { app } = assistantApp();
    const response = await post(app, v1, {
      fp: 'anonymous',
      messages: [{ id: 'm1', role: 'user', content: 'Why does streaming improve latency?' }],
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('x-vercel-ai-data-stream')).toBe('v1');
    expect(response.headers.get('x-thread-key')).toBeTruthy();
    const lines = (await response.text()).split('\n').filter(Boolean);
    const codes = lines.map((line) => line.slice(0, line.indexOf(':')));
    const collapsed = codes.filter((code, i) => !(code === '0' && codes[i - 1] === '0'));
    expect(collapsed).toEqual(['f', '9', 'a', 'h', '0', '8', 'e', 'd']);
    const threadId = response.headers.get('x-thread-id');
    expect(JSON.parse(lines.at(-1)!.slice(2))).toMatchObject({ finishReason: 'stop', threadId });
    expect(lines).toContain(`8:[{"threadId":"${threadId}"}]`);
  });

  it('reports a failure after the first chunk as a 3: part', async () => {
    const { app } = assistantApp({ model: breakingModel() });
    const body = (await (await post(app, v1, assistantBody('How do I stream text?'))).text()).split(
      '\n',
    );
    expect(body).toContain('3:"The language model failed. Try again in a moment."');
    expect(body.filter(Boolean).at(-1)).toMatch(/^d:\{"finishReason":"error"/);
  });

  it('answers 502 when the model fails before its first chunk', async () => {
    const { app } = assistantApp({ model: failingModel() });
    expect((await post(app, v1, assistantBody('How do I stream text?'))).status).toBe(502);
  });
});
