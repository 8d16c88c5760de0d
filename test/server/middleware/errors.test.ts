import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { DocsIndex } from '../../../src/server/docs-index/types.ts';
import { StoreUnavailable } from '../../../src/server/stores/unavailable.ts';
import { ACME_KEY, post, testApp } from '../../support/server.ts';

/** An app whose one site's search throws `error`: what it logged, and its JSON request log. */
function appWhoseSearchThrows(error: Error) {
  const logged: unknown[] = [];
  const lines: string[] = [];
  const index: DocsIndex = {
    search: () => {
      throw error;
    },
    getPage: () => undefined,
    pageCount: 0,
    sectionCount: 0,
  };
  const app = createApp({
    organizations: [
      {
        name: 'o',
        keys: [ACME_KEY],
        limits: { orgPerHour: 10, ipPerDay: 10 },
        sites: [{ domain: 'acme', index }],
      },
    ],
    log: (_message, failure) => logged.push(failure),
    requestLog: { format: 'json', write: (line) => lines.push(line) },
  });
  return { app, logged, lines };
}

describe('errors', () => {
  it('answers unknown routes and methods with JSON 404', async () => {
    const app = testApp();
    for (const [method, path] of [
      ['GET', '/'],
      ['GET', '/v1/page/acme'],
      ['POST', '/v3/page/acme'],
      ['POST', '/v1/page/acme/extra'],
    ] as const) {
      const init =
        method === 'GET'
          ? { method, headers: { Authorization: `Bearer ${ACME_KEY}` } }
          : post({ path: 'x' });
      const response = await app.request(path, init);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('turns an unexpected failure into a 500 without details, and logs it', async () => {
    const { app, logged } = appWhoseSearchThrows(new Error('secret internals at /srv/app.ts:12'));
    const response = await app.request('/v1/search/acme', post({ query: 'x' }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: 'Internal server error' });
    expect(text).not.toContain('secret');
    expect(logged).toHaveLength(1);
  });

  it('answers 503 with Retry-After when a store cannot be reached, and logs no stack', async () => {
    const { app, logged, lines } = appWhoseSearchThrows(
      new StoreUnavailable('postgres', new Error('connect ECONNREFUSED 127.0.0.1:5432')),
    );
    const response = await app.request('/v1/search/acme', post({ query: 'x' }));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    expect(logged).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      status: 503,
      error: 'postgres unavailable: connect ECONNREFUSED 127.0.0.1:5432',
    });
  });

  it('never answers 500 to odd but well-formed input', async () => {
    const app = testApp();
    const bodies = [
      { query: 'x'.repeat(200_000) },
      { query: '\u0000\uffff\ud800 ../../etc/passwd %00' },
      { query: 'a '.repeat(5000) },
      { query: '* ? ( ) [ ] { } " \\ / : ^ ~ -' },
      { query: '🙂 emoji 漢字 العربية' },
      { query: 'constructor __proto__ prototype hasOwnProperty' },
      { query: 'x', filter: { version: '', groups: [] } },
      { query: 'x', extra: { nested: [1, 2, 3] } },
    ];
    for (const body of bodies) {
      const response = await app.request('/v1/search/acme', post(body));
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(200);
    }
    for (const path of ['%', '%%%', '\ud800', '🙂', '/'.repeat(10_000), 'a/'.repeat(5000)]) {
      const response = await app.request('/v1/page/acme', post({ path }));
      expect(response.status).toBe(404);
    }
    const proto = await app.request('/v1/page/acme', post('{"__proto__": {"path": "x"}}'));
    expect(proto.status).toBe(400);
  });
});
