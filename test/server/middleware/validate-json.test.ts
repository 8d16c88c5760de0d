import { describe, expect, it } from 'vitest';
import { post, testApp } from '../../support/server.ts';

describe('JSON body validation', () => {
  const app = testApp({ bodyLimitBytes: 1000 });

  it('answers 415 for a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const response = await app.request(
        '/v1/search/acme',
        post({ query: 'x' }, undefined, { 'Content-Type': type }),
      );
      expect(response.status).toBe(415);
      expect((await response.json()).message).toMatch(/application\/json/);
    }
  });

  it('answers 415 without a Content-Type', async () => {
    const init = post({ query: 'x' });
    delete (init.headers as Record<string, string>)['Content-Type'];
    expect((await app.request('/v1/search/acme', init)).status).toBe(415);
  });

  it('accepts a charset parameter and +json types', async () => {
    for (const type of ['application/json; charset=utf-8', 'application/vnd.api+json']) {
      const response = await app.request(
        '/v1/search/acme',
        post({ query: 'x' }, undefined, { 'Content-Type': type }),
      );
      expect(response.status).toBe(200);
    }
  });

  it('answers 413 over the limit, by Content-Length', async () => {
    const response = await app.request('/v1/search/acme', post({ query: 'x'.repeat(2000) }));
    expect(response.status).toBe(413);
    expect((await response.json()).message).toMatch(/larger than 1000 bytes/);
  });

  it('answers 413 over the limit for a streamed body without a length', async () => {
    const chunk = new TextEncoder().encode(`{"query": "${'y'.repeat(600)}`);
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(chunk);
        controller.enqueue(chunk);
        controller.close();
      },
    });
    const response = await app.request('/v1/search/acme', {
      ...post(''),
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it.each(['{"query": ', '', 'null x', '{"query": "a",}'])(
    'answers 400 for malformed JSON %j',
    async (body) => {
      const response = await app.request('/v1/search/acme', post(body));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Request body is not valid JSON' });
    },
  );

  it('answers 400 with issues for a missing or mistyped field', async () => {
    const response = await app.request('/v1/search/acme', post({ query: 3, pageSize: 'ten' }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe('Invalid request body');
    expect(body.issues.map((issue: { path: string[] }) => issue.path.join('.'))).toEqual([
      'query',
      'pageSize',
    ]);
    expect(body.issues[0].message).toEqual(expect.any(String));
  });

  it('says a number too large for a double is out of range, not of the wrong type', async () => {
    // JSON.parse reads 1e309 as Infinity.
    for (const [field, body] of [
      ['pageSize', '{"query": "x", "pageSize": 1e309}'],
      ['scoreThreshold', '{"query": "x", "scoreThreshold": -1e309}'],
    ] as const) {
      const response = await app.request('/v1/search/acme', post(body));
      expect(response.status).toBe(400);
      const [issue] = (await response.json()).issues;
      expect(issue.path).toEqual([field]);
      expect(issue.message).toMatch(/finite number, received -?Infinity/);
    }
  });

  it.each([[[]], ['text'], [42], [null]])(
    'answers 400 for a JSON %j that is not an object',
    async (body) => {
      const response = await app.request('/v1/page/acme', post(JSON.stringify(body)));
      expect(response.status).toBe(400);
      expect((await response.json()).issues).toHaveLength(1);
    },
  );
});
