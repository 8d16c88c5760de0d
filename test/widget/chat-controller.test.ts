import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ChatController, type ChatOptions } from '../../src/widget/chat/chat-controller.ts';
import { storageKey } from '../../src/widget/chat/persistence.ts';
import { answerChunks, FakeNetwork, sseBody } from './chat-test-utils.ts';

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

describe('ChatController request', () => {
  it('posts the API fields, context and bearer key to the v2 endpoint', async () => {
    network.respondSse(
      await sseBody(answerChunks({ text: 'Hello **reader**.', threadId: 't-1' })),
      {
        'X-Thread-Id': 't-1',
        'X-Thread-Key': 'k-1',
      },
    );
    const { controller } = makeController({ filterVersion: 'v5', filterLanguage: 'en' });
    controller.addContext({ type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' });
    expect(controller.context).toHaveLength(1);

    await controller.send('  What is streaming?  ');

    const [request] = network.requests;
    expect(request?.url).toBe(`https://api.example.test/v2/assistant/${DOMAIN}/message`);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    const body = request!.body;
    expect(body).toMatchObject({
      fp: 'reader-1',
      retrievalPageSize: 7,
      currentPath: '/docs/foundations/overview',
      filter: { version: 'v5', language: 'en' },
      context: [{ type: 'code', value: 'const x = 1;', path: 'docs/a', elementId: 'ex' }],
      threadId: null,
      threadKey: null,
    });
    expect(body.messages).toEqual([
      {
        id: expect.any(String),
        role: 'user',
        parts: [{ type: 'text', text: 'What is streaming?' }],
      },
    ]);
    expect(controller.context).toEqual([]);
    expect(controller.status).toBe('ready');
    expect(controller.threadId).toBe('t-1');
    const answer = controller.messages.at(-1)!;
    expect(answer.role).toBe('assistant');
    expect(answer.parts.find((p) => p.type === 'text')).toMatchObject({
      text: 'Hello **reader**.',
    });
  });

  it('keeps currentPath within 200 characters and omits empty filter and context', async () => {
    network.respondSse(await sseBody(answerChunks({ text: 'ok' })));
    path = `/docs/${'a'.repeat(300)}?q=1#frag`;
    const { controller } = makeController();
    await controller.send('long path');
    const body = network.requests[0]!.body;
    expect((body.currentPath as string).length).toBeLessThanOrEqual(200);
    expect(body.currentPath).toMatch(/^\/docs\/a+$/);
    expect(body).not.toHaveProperty('filter');
    expect(body).not.toHaveProperty('context');
  });

  it('sends the thread id and key with the second message, and after a reload', async () => {
    network
      .respondSse(await sseBody(answerChunks({ text: 'First.', threadId: 't-9' })), {
        'X-Thread-Id': 't-9',
        'X-Thread-Key': 'secret-9',
      })
      .respondSse(await sseBody(answerChunks({ text: 'Second.', threadId: 't-9' })), {
        'X-Thread-Id': 't-9',
      })
      .respondSse(await sseBody(answerChunks({ text: 'Third.', threadId: 't-9' })), {
        'X-Thread-Id': 't-9',
      });
    const first = makeController();
    await first.controller.send('one');
    await first.controller.send('two');
    expect(network.requests[1]!.body).toMatchObject({ threadId: 't-9', threadKey: 'secret-9' });
    expect(network.requests[1]!.body.messages).toHaveLength(3);

    // a reload: a new controller on the same domain
    const second = makeController();
    expect(second.controller.messages).toHaveLength(4);
    expect(second.controller.threadId).toBe('t-9');
    await second.controller.send('three');
    expect(network.requests[2]!.body).toMatchObject({ threadId: 't-9', threadKey: 'secret-9' });
    expect(network.requests[2]!.body.messages).toHaveLength(5);
  });
});
