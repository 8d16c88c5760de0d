import { waitUntil } from '@open-wc/testing/pure';
import { html, LitElement, type ReactiveController, type ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatController, type ChatOptions } from '../../../src/widget/chat/chat-controller.ts';
import { loadConversation, storageKey } from '../../../src/widget/chat/persistence.ts';
import type { DocsUIMessage } from '../../../src/widget/chat/types.ts';
import { errorText } from '../../../src/widget/i18n/error-text.ts';
import defaultI18n from '../../../src/widget/i18n/locales/en.ts';
import { StreamingMarkdown } from '../../../src/widget/markdown/streaming-markdown.ts';
import { answerChunks, FakeNetwork, recordedStream, sseBody } from '../../support/widget/chat.ts';
import { WAIT } from '../../support/widget/wait.ts';

const KEY = 'da_dsc_0123456789abcdefABCD';
const DOMAIN = `test-${Math.random().toString(36).slice(2)}`;

class FakeHost implements ReactiveControllerHost {
  controllers: ReactiveController[] = [];
  updates = 0;
  addController(controller: ReactiveController) {
    this.controllers.push(controller);
  }
  removeController() {}
  requestUpdate() {
    this.updates++;
  }
  get updateComplete() {
    return Promise.resolve(true);
  }
  connect() {
    for (const c of this.controllers) c.hostConnected?.();
  }
}

let network: FakeNetwork;
let path = '/docs/foundations/overview';

function options(overrides: Partial<ChatOptions> = {}): ChatOptions {
  return {
    baseUrl: 'https://api.example.test/',
    domain: DOMAIN,
    apiKey: KEY,
    fp: 'reader-1',
    retrievalPageSize: 7,
    currentPath: () => path,
    fetch: network.fetch,
    ...overrides,
  };
}

function makeController(overrides: Partial<ChatOptions> = {}) {
  const host = new FakeHost();
  const controller = new ChatController(host, () => options(overrides));
  host.connect();
  return { host, controller };
}

beforeEach(() => {
  network = new FakeNetwork();
  path = '/docs/foundations/overview';
  localStorage.removeItem(storageKey(DOMAIN));
});
afterEach(() => localStorage.removeItem(storageKey(DOMAIN)));

const answer = recordedStream('v2-answer');
const continued = recordedStream('v2-continued');
const streamError = recordedStream('v2-error');

/** What the reader is told about the controller's last error. */
const wording = (controller: ChatController) =>
  controller.error ? errorText(controller.error, defaultI18n) : '';

function textOf(message: DocsUIMessage | undefined): string {
  return (message?.parts ?? [])
    .filter((p) => p.type === 'text')
    .map((p) => (p as { text: string }).text)
    .join('');
}

/** The recorded body's SSE events up to (and including) the first text delta containing `text`. */
function eventsThrough(body: string, text: string): string {
  const events = body.split('\n\n').filter(Boolean);
  const at = events.findIndex((e) => e.includes('"text-delta"') && e.includes(text));
  if (at === -1) throw new Error(`no text delta with ${text}`);
  return `${events.slice(0, at + 1).join('\n\n')}\n\n`;
}

function replay(recorded = answer) {
  network.respondSse(recorded.body, recorded.headers);
}

describe('ChatController: request', () => {
  it('posts the API fields, context and bearer key to the v2 endpoint', async () => {
    replay();
    const { controller } = makeController({ filterVersion: 'v5', filterLanguage: 'en' });
    controller.addContext({ type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' });
    controller.addContext({ type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' });
    controller.addContext({ type: 'textSelection', value: 'streaming', path: 'docs/a' });
    controller.removeContext(1);
    expect(controller.context).toEqual([
      { type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' },
    ]);

    await controller.send('  How do I stream text with streamText?  ');

    expect(network.requests).toHaveLength(1);
    const request = network.requests[0]!;
    expect(request.url).toBe(`https://api.example.test/v2/assistant/${DOMAIN}/message`);
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toMatchObject({
      fp: 'reader-1',
      retrievalPageSize: 7,
      currentPath: '/docs/foundations/overview',
      filter: { version: 'v5', language: 'en' },
      context: [{ type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' }],
      threadId: null,
      threadKey: null,
    });
    expect(request.body.messages).toEqual([
      {
        id: expect.any(String),
        role: 'user',
        parts: [{ type: 'text', text: 'How do I stream text with streamText?' }],
      },
    ]);
    expect(controller.context).toEqual([]);
    expect(controller.status).toBe('ready');
    expect(controller.error).toBeUndefined();
    expect(controller.threadId).toBe(answer.headers['x-thread-id']);
    const reply = controller.messages.at(-1)!;
    expect(reply.role).toBe('assistant');
    expect(textOf(reply)).toContain('```ts');
    expect(reply.parts.some((p) => p.type === 'tool-search')).toBe(true);
    expect(reply.metadata?.threadId).toBe(answer.headers['x-thread-id']);
    // the context stays with the question it was asked with
    expect(controller.messages[0]?.metadata?.context).toHaveLength(1);
  });

  it('keeps currentPath within 200 characters and omits an empty filter and context', async () => {
    network.respondSse(await sseBody(answerChunks({ text: 'ok' })));
    path = `/docs/${'a'.repeat(300)}?q=1#frag`;
    const { controller } = makeController({ retrievalPageSize: 500 });
    await controller.send('long path');
    const body = network.requests[0]!.body;
    expect((body.currentPath as string).length).toBeLessThanOrEqual(200);
    expect(body.currentPath).toMatch(/^\/docs\/a+$/);
    expect(body.retrievalPageSize).toBe(50);
    expect(body).not.toHaveProperty('filter');
    expect(body).not.toHaveProperty('context');
  });

  it('sends the thread id and key with the second message, and after a reload', async () => {
    replay(answer);
    replay(continued);
    replay(continued);
    const threadId = answer.headers['x-thread-id'];
    const threadKey = answer.headers['x-thread-key'];
    const first = makeController();
    await first.controller.send('How do I stream text with streamText?');
    await first.controller.send('And how do I smooth the stream?');
    expect(network.requests[1]!.body).toMatchObject({ threadId, threadKey });
    expect(network.requests[1]!.body.messages).toHaveLength(3);
    // the continued response has no X-Thread-Key: the key from the first one is kept
    expect(first.controller.threadId).toBe(threadId);

    // a reload, or the next doc page: a new controller on the same domain
    first.host.controllers[0]!.hostDisconnected?.();
    const second = makeController();
    expect(second.controller.messages).toHaveLength(4);
    expect(second.controller.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(second.controller.threadId).toBe(threadId);
    await second.controller.send('One more?');
    expect(network.requests[2]!.body).toMatchObject({ threadId, threadKey });
    expect(network.requests[2]!.body.messages).toHaveLength(5);
  });

  it('publishes immutable snapshots while streaming', async () => {
    const body = network.respondControlled(answer.headers);
    const { host, controller } = makeController();
    const sending = controller.send('How do I stream text with streamText?');
    const lines = answer.body.split('\n\n').filter(Boolean);
    const snapshots: { list: readonly DocsUIMessage[]; text: string; json: string }[] = [];
    for (const line of lines) {
      body.push(`${line}\n\n`);
      await new Promise((resolve) => setTimeout(resolve, 0));
      const list = controller.messages;
      snapshots.push({ list, text: textOf(list.at(-1)), json: JSON.stringify(list) });
    }
    body.close();
    await sending;
    expect(host.updates).toBeGreaterThan(lines.length / 2);
    // what was published earlier did not change under the reader's feet, in any part
    for (const { list, text, json } of snapshots) {
      expect(textOf(list.at(-1))).toBe(text);
      expect(JSON.stringify(list)).toBe(json);
    }
    const distinct = new Set(snapshots.map((s) => s.text));
    expect(distinct.size).toBeGreaterThan(10);
    // the question keeps its identity while the answer streams
    expect(new Set(snapshots.map((s) => s.list[0])).size).toBe(1);
    // so do the answer's finished parts: the search results are copied once, not per chunk
    const searches = snapshots
      .map((s) => s.list.at(-1)?.parts.find((p) => p.type === 'tool-search'))
      .filter((part) => (part as { state?: string } | undefined)?.state === 'output-available');
    expect(searches.length).toBeGreaterThan(10);
    expect(new Set(searches).size).toBe(1);
  });
});

describe('ChatController: events and getters', () => {
  function withEvents() {
    const responses: DocsUIMessage[] = [];
    const errors: unknown[] = [];
    const host = new FakeHost();
    const controller = new ChatController(host, () => options(), {
      onResponse: (message) => responses.push(message),
      onError: (error) => errors.push(error),
    });
    host.connect();
    return { controller, responses, errors };
  }

  it('reports each finished answer and each failure once, from the chat callbacks', async () => {
    replay();
    network.respondJson(500, { message: 'boom' });
    const { controller, responses, errors } = withEvents();
    await controller.send('How do I stream text with streamText?');
    expect(responses).toHaveLength(1);
    expect(responses[0]).toBe(controller.messages.at(-1));
    expect(responses[0]?.metadata?.threadId).toBe(answer.headers['x-thread-id']);
    expect(errors).toEqual([]);
    await controller.send('And again?');
    expect(errors).toEqual([{ kind: 'server', status: 500, detail: 'boom' }]);
    expect(responses).toHaveLength(1);
  });

  it('reports no error for a lost thread it recovers on a new one', async () => {
    replay(answer);
    network.respondJson(404, { message: 'Unknown thread.' });
    network.respondSse(await sseBody(answerChunks({ text: 'Again.', threadId: 'fresh' })), {
      'X-Thread-Id': 'fresh',
      'X-Thread-Key': 'fresh-key',
    });
    const { controller, responses, errors } = withEvents();
    await controller.send('first');
    await controller.send('second');
    expect(errors).toEqual([]);
    expect(responses.map((m) => textOf(m))).toEqual([expect.any(String), 'Again.']);
  });

  it('reports an answer stopped after it started, not one stopped before its first chunk', async () => {
    network.respondNever();
    const body = network.respondControlled(answer.headers);
    const { controller, responses } = withEvents();
    const first = controller.send('hello?');
    await waitUntil(() => network.requests.length === 1, 'the first request', WAIT);
    await controller.stop();
    await first;
    expect(responses).toEqual([]);
    const second = controller.send('How do I stream text with streamText?');
    body.push(eventsThrough(answer.body, '**streamText**: AI '));
    await waitUntil(
      () => controller.messages.at(-1)?.role === 'assistant' && textOf(controller.messages.at(-1)),
      'first text',
      WAIT,
    );
    await controller.stop();
    await second;
    expect(responses).toHaveLength(1);
    expect(textOf(responses[0])).toContain('**streamText**');
  });

  it('getters read, never load: the conversation arrives when the host connects', () => {
    const stored: DocsUIMessage[] = [
      { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'q' }] },
      { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'a' }] },
    ];
    localStorage.setItem(
      storageKey(DOMAIN),
      JSON.stringify({ v: 1, messages: stored, threadId: 't1', threadKey: 'k1' }),
    );
    const host = new FakeHost();
    const controller = new ChatController(host, () => options());
    expect(controller.messages).toEqual([]);
    expect(controller.threadId).toBeUndefined();
    expect(host.updates).toBe(0);
    host.connect();
    expect(controller.messages).toEqual(stored);
    expect(controller.threadId).toBe('t1');
  });
});

describe('ChatController: errors and retry', () => {
  it.each([
    [401, 'auth'],
    [403, 'auth'],
  ] as const)('%i is a bad key', async (status, kind) => {
    network.respondJson(status, { message: 'Invalid API key.' });
    const { controller } = makeController();
    await controller.send('hello?');
    expect(controller.status).toBe('error');
    expect(controller.error).toMatchObject({ kind, status, detail: 'Invalid API key.' });
    expect(wording(controller)).toMatch(/key/);
  });

  it('429 reports the wait from Retry-After, and retry asks again', async () => {
    network.respondJson(429, { message: 'Rate limit exceeded.' }, { 'Retry-After': '120' });
    replay();
    const { controller } = makeController();
    await controller.send('How do I stream text with streamText?');
    expect(controller.error).toMatchObject({
      kind: 'rate-limit',
      status: 429,
      retryAfterSeconds: 120,
    });
    expect(wording(controller)).toContain('2 minutes');
    expect(controller.messages).toHaveLength(1);

    await controller.retry();
    expect(controller.status).toBe('ready');
    expect(controller.error).toBeUndefined();
    expect(network.requests).toHaveLength(2);
    expect(network.requests[1]!.body.messages).toEqual(network.requests[0]!.body.messages);
    expect(controller.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('5xx is a server error carrying the API message', async () => {
    network.respondJson(502, { message: 'The language model failed.' });
    const { controller } = makeController();
    await controller.send('hello?');
    expect(controller.error).toMatchObject({
      kind: 'server',
      status: 502,
      detail: 'The language model failed.',
    });
  });

  it('a failed fetch is a network error; offline says so', async () => {
    network.respondNetworkError().respondNetworkError();
    const { controller } = makeController();
    await controller.send('hello?');
    expect(controller.error?.kind).toBe('network');
    expect(wording(controller)).toMatch(/reach|connection/i);

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      await controller.retry();
      expect(controller.error?.kind).toBe('network');
      expect(wording(controller)).toMatch(/offline/i);
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
    }
    expect(navigator.onLine).toBe(true);
  });

  it('an error chunk keeps the streamed text; retry shows it until the new answer streams', async () => {
    network.respondSse(streamError.body, streamError.headers);
    const { controller } = makeController();
    await controller.send('Why does streaming help?');
    expect(controller.status).toBe('error');
    expect(controller.error).toMatchObject({
      kind: 'stream',
      detail: 'The language model failed: Failed to process successful response',
    });
    const partial = controller.messages.at(-1)!;
    expect(textOf(partial)).toBe('Streaming sends the answer in small chunks ');
    expect(partial.metadata?.interrupted).toBe(true);
    // the thread was created before the stream failed: it is kept
    expect(controller.threadId).toBe(streamError.headers['x-thread-id']);

    const retryBody = network.respondControlled(continued.headers);
    const retrying = controller.retry();
    await waitUntil(() => network.requests.length === 2, 'the retry request', WAIT);
    expect(controller.status).toBe('submitted');
    // the interrupted answer stays on screen while the retry waits for its first chunk
    expect(textOf(controller.messages.at(-1))).toBe('Streaming sends the answer in small chunks ');
    // the server is asked the question again, not shown the broken answer
    const sent = network.requests[1]!.body.messages as { role: string }[];
    expect(sent.map((m) => m.role)).toEqual(['user']);
    expect(network.requests[1]!.body).toMatchObject({
      threadId: streamError.headers['x-thread-id'],
      threadKey: streamError.headers['x-thread-key'],
    });

    retryBody.push(continued.body);
    retryBody.close();
    await retrying;
    expect(controller.status).toBe('ready');
    expect(controller.messages).toHaveLength(2);
    expect(textOf(controller.messages[1])).toContain('smoothStream');
    expect(controller.messages[1]?.metadata?.interrupted).toBeUndefined();
  });

  it('a retry that fails again keeps the interrupted answer', async () => {
    network.respondSse(streamError.body, streamError.headers).respondNetworkError();
    const { controller } = makeController();
    await controller.send('Why does streaming help?');
    await controller.retry();
    expect(controller.error?.kind).toBe('network');
    expect(controller.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(controller.messages[1])).toBe('Streaming sends the answer in small chunks ');
  });

  it('a retry that fails after its search, before any text, still keeps the interrupted answer', async () => {
    network.respondSse(streamError.body, streamError.headers);
    const events = streamError.body.split('\n\n').filter(Boolean);
    const beforeText = events.filter((e) => !e.includes('"text-'));
    network.respondSse(`${beforeText.join('\n\n')}\n\n`, streamError.headers);
    const { controller } = makeController();
    await controller.send('Why does streaming help?');
    await controller.retry();
    expect(controller.error?.kind).toBe('stream');
    expect(controller.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(textOf(controller.messages[1])).toBe('Streaming sends the answer in small chunks ');
    expect(controller.messages[1]?.metadata?.interrupted).toBe(true);
  });

  it('a connection dropped mid-stream is a network error and keeps the text so far', async () => {
    const body = network.respondControlled(answer.headers);
    const { controller } = makeController();
    const sending = controller.send('How do I stream text with streamText?');
    body.push(eventsThrough(answer.body, '```ts'));
    await waitUntil(() => controller.status === 'streaming', 'streaming', WAIT);
    body.fail(new TypeError('network error'));
    await sending;
    expect(controller.error?.kind).toBe('network');
    expect(wording(controller)).toMatch(/dropped/);
    expect(textOf(controller.messages.at(-1))).toContain('**streamText**');
  });

  it('a thread the server no longer knows is replaced by a new one, once', async () => {
    replay(answer);
    network.respondJson(404, { message: 'Unknown thread.' });
    network.respondSse(await sseBody(answerChunks({ text: 'Again.', threadId: 'fresh' })), {
      'X-Thread-Id': 'fresh',
      'X-Thread-Key': 'fresh-key',
    });
    const { controller } = makeController();
    await controller.send('first');
    await controller.send('second');
    expect(network.requests).toHaveLength(3);
    expect(network.requests[1]!.body.threadId).toBe(answer.headers['x-thread-id']);
    expect(network.requests[2]!.body).toMatchObject({ threadId: null, threadKey: null });
    expect(network.requests[2]!.body.messages).toHaveLength(3);
    expect(controller.status).toBe('ready');
    expect(controller.threadId).toBe('fresh');
    expect(controller.error).toBeUndefined();
  });
});

describe('ChatController: stop', () => {
  it('stops before the first token', async () => {
    network.respondNever();
    const { controller } = makeController();
    const sending = controller.send('hello?');
    await waitUntil(() => network.requests.length === 1, 'the request', WAIT);
    expect(controller.status).toBe('submitted');
    await controller.stop();
    await sending;
    expect(network.requests[0]!.signal?.aborted).toBe(true);
    expect(controller.status).toBe('ready');
    expect(controller.error).toBeUndefined();
    expect(controller.messages.map((m) => m.role)).toEqual(['user']);
  });

  it('stops mid-stream and keeps what arrived, also after a reload', async () => {
    const body = network.respondControlled(answer.headers);
    const { controller } = makeController();
    const sending = controller.send('How do I stream text with streamText?');
    const events = answer.body.split('\n\n');
    body.push(`${events.slice(0, 12).join('\n\n')}\n\n`);
    await waitUntil(() => textOf(controller.messages.at(-1)).length > 0, 'first text', WAIT);
    await controller.stop();
    await sending;
    expect(controller.status).toBe('ready');
    const partial = textOf(controller.messages.at(-1));
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.startsWith('> **streamText**')).toBe(true);
    expect(textOf(loadConversation(DOMAIN).messages.at(-1))).toBe(partial);
  });

  it('renders a stream cut off mid-code-block as a code block', async () => {
    const body = network.respondControlled(answer.headers);
    const { controller } = makeController();
    const sending = controller.send('How do I stream text with streamText?');
    body.push(eventsThrough(answer.body, 'result = streamText'));
    body.close(); // the body ends with no finish chunk
    await sending;
    const text = textOf(controller.messages.at(-1));
    expect(text).toMatch(/```ts\nimport \{ streamText \}/);
    expect(text).not.toMatch(/```\s*$/);
    const blocks = new StreamingMarkdown().update(text, { streaming: true });
    const root = document.createElement('div');
    root.innerHTML = blocks.map((b) => b.html).join('');
    expect(root.querySelector('[data-code-block] code')?.textContent).toContain(
      "import { streamText } from 'ai';",
    );
    expect(root.textContent).not.toContain('```');
  });
});

describe('ChatController: conversation', () => {
  it('newChat forgets the conversation, thread and context, here and after a reload', async () => {
    replay();
    replay(answer);
    const { controller } = makeController();
    await controller.send('first');
    controller.addContext({ type: 'textSelection', value: 'x' });
    controller.newChat();
    expect(controller.messages).toEqual([]);
    expect(controller.threadId).toBeUndefined();
    expect(controller.context).toEqual([]);
    expect(localStorage.getItem(storageKey(DOMAIN))).toBeNull();
    await controller.send('again');
    expect(network.requests[1]!.body).toMatchObject({ threadId: null, threadKey: null });
    expect(makeController().controller.messages).toHaveLength(2);
  });

  it('starts empty from corrupt storage, and keeps domains apart', async () => {
    localStorage.setItem(storageKey(DOMAIN), '{not json');
    replay();
    const { controller } = makeController();
    expect(controller.messages).toEqual([]);
    await controller.send('first');
    const other = makeController({ domain: `${DOMAIN}-other` });
    expect(other.controller.messages).toEqual([]);
    localStorage.removeItem(storageKey(`${DOMAIN}-other`));
  });

  it("re-sends the question's context on retry", async () => {
    network.respondJson(500, { message: 'boom' });
    replay();
    const { controller } = makeController();
    controller.addContext({ type: 'textSelection', value: 'selected words', path: 'docs/x' });
    await controller.send('explain this');
    expect(controller.context).toEqual([]);
    await controller.retry();
    expect(network.requests[1]!.body.context).toEqual([
      { type: 'textSelection', value: 'selected words', path: 'docs/x' },
    ]);
  });
});

describe('ChatController: threads without headers, long conversations, leaving mid-answer', () => {
  it('takes the thread id from the finish chunk when the headers are not readable', async () => {
    const withoutHeaders = Object.fromEntries(
      Object.entries(answer.headers).filter(([name]) => !name.startsWith('x-thread')),
    );
    network.respondSse(answer.body, withoutHeaders);
    replay(continued);
    const { controller } = makeController();
    await controller.send('How do I stream text with streamText?');
    expect(controller.threadId).toBe(answer.headers['x-thread-id']);
    await controller.send('again');
    // without its key the thread cannot be continued (the API would answer 404): start a new one
    expect(network.requests[1]!.body).toMatchObject({ threadId: null, threadKey: null });
    expect(network.requests).toHaveLength(2);
  });

  it('drops the oldest turns of a conversation that would exceed the body limit', async () => {
    const long = 'x'.repeat(200_000);
    const stored = Array.from({ length: 6 }, (_, i): DocsUIMessage[] => [
      { id: `u${i}`, role: 'user', parts: [{ type: 'text', text: `q${i}` }] },
      { id: `a${i}`, role: 'assistant', parts: [{ type: 'text', text: long }] },
    ]).flat();
    localStorage.setItem(storageKey(DOMAIN), JSON.stringify({ v: 1, messages: stored }));
    network.respondSse(await sseBody(answerChunks({ text: 'ok' })));
    const { controller } = makeController();
    await controller.send('newest question');
    const sent = network.requests[0]!.body.messages as { id: string; role: string }[];
    expect(JSON.stringify(network.requests[0]!.body).length).toBeLessThan(1024 * 1024);
    expect(sent.length).toBeLessThan(13);
    expect(sent[0]?.role).toBe('user');
    expect(sent.at(-1)).toMatchObject({ role: 'user' });
    // the conversation on screen is untouched
    expect(controller.messages).toHaveLength(14);
  });

  it('stores an answer cut short by leaving the page as interrupted', async () => {
    const body = network.respondControlled(answer.headers);
    const { host, controller } = makeController();
    void controller.send('How do I stream text with streamText?');
    body.push(eventsThrough(answer.body, '**streamText**: AI '));
    await waitUntil(
      () => controller.status === 'streaming' && textOf(controller.messages.at(-1)) !== '',
      'text',
      WAIT,
    );
    host.controllers[0]!.hostDisconnected?.();
    const stored = loadConversation(DOMAIN).messages;
    expect(stored.at(-1)?.metadata?.interrupted).toBe(true);
    expect(textOf(stored.at(-1))).toContain('**streamText**');
    await controller.stop();
  });
});

class ChatProbe extends LitElement {
  declare chatOptions: ChatOptions;
  chat: ChatController;
  renders: string[] = [];
  constructor() {
    super();
    this.chat = new ChatController(this, () => this.chatOptions);
  }
  override render() {
    const last = this.chat.messages.at(-1);
    this.renders.push(`${this.chat.status}:${textOf(last).length}`);
    return html`<p>${this.chat.messages.length} ${this.chat.status}</p>`;
  }
}
customElements.define('chat-probe', ChatProbe);

describe('ChatController in a LitElement', () => {
  it('re-renders its host as the answer streams, and switches conversation with the domain', async () => {
    replay();
    const element = document.createElement('chat-probe') as ChatProbe;
    element.chatOptions = options();
    document.body.append(element);
    await element.updateComplete;
    await element.chat.send('How do I stream text with streamText?');
    await element.updateComplete;
    expect(element.shadowRoot?.textContent).toBe('2 ready');
    expect(element.renders.some((r) => r.startsWith('streaming:'))).toBe(true);
    expect(element.renders.at(-1)).toMatch(/^ready:\d{3,}/);

    element.chatOptions = options({ domain: `${DOMAIN}-second` });
    element.requestUpdate();
    await element.updateComplete;
    expect(element.chat.messages).toEqual([]);
    element.chatOptions = options();
    element.requestUpdate();
    await element.updateComplete;
    expect(element.chat.messages).toHaveLength(2);
    element.remove();
  });
});

describe('ChatController across tabs', () => {
  it('follows a conversation another tab saved or cleared, while idle', async () => {
    replay();
    const { host, controller } = makeController();
    const other = makeController();
    await other.controller.send('How do I stream text with streamText?');
    // what the browser tells this tab when another one writes the key
    const stored = localStorage.getItem(storageKey(DOMAIN));
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKey(DOMAIN), newValue: stored }),
    );
    expect(controller.messages).toHaveLength(2);
    expect(controller.threadId).toBe(answer.headers['x-thread-id']);

    other.controller.newChat();
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey(DOMAIN), newValue: null }));
    expect(controller.messages).toEqual([]);
    expect(controller.threadId).toBeUndefined();

    // another site's key is none of its business
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKey('elsewhere'), newValue: stored }),
    );
    expect(controller.messages).toEqual([]);
    for (const c of [...host.controllers, ...other.host.controllers]) c.hostDisconnected?.();
  });
});
