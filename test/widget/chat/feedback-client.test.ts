import { beforeEach, describe, expect, it } from 'vitest';
import { sendFeedback } from '../../../src/widget/chat/feedback-client.ts';
import { FakeNetwork } from '../../support/widget/chat.ts';

let network: FakeNetwork;
const options = () => ({
  baseUrl: 'http://api.test/',
  domain: 'acme docs',
  apiKey: 'da_dsc_0123456789abcdef',
  fetch: network.fetch,
});
const body = {
  threadId: 't1',
  threadKey: 'k1',
  messageId: 'm1',
  helpful: false,
  reason: 'outdated',
  comment: 'The Tuesday windows changed',
};

beforeEach(() => {
  network = new FakeNetwork();
});

describe('sendFeedback', () => {
  it('posts the body as JSON with the key to the feedback endpoint of its domain', async () => {
    network.respond(() => new Response(null, { status: 204 }));
    expect(await sendFeedback(options(), body)).toBe(true);
    const request = network.requests[0]!;
    expect(request.url).toBe('http://api.test/v1/assistant/acme%20docs/feedback');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer da_dsc_0123456789abcdef');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.body).toEqual(body);
  });

  it('reports a refused or unsent feedback as false, never throws', async () => {
    network.respondJson(404, { message: 'No such thread.' }).respondNetworkError();
    expect(await sendFeedback(options(), body)).toBe(false);
    expect(await sendFeedback(options(), body)).toBe(false);
  });

  it('sends without cookies and outlives the page (keepalive)', async () => {
    let init: RequestInit | undefined;
    const fetch: typeof globalThis.fetch = async (_input, given) => {
      init = given;
      return new Response(null, { status: 204 });
    };
    await sendFeedback({ ...options(), fetch }, body);
    expect(init).toMatchObject({ credentials: 'omit', keepalive: true });
  });
});
