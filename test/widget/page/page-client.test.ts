import { beforeEach, describe, expect, it } from 'vitest';
import { clearPageCache, fetchPage } from '../../../src/widget/page/page-client.ts';
import { FakeNetwork } from '../../support/widget/chat.ts';

let network: FakeNetwork;
const options = () => ({
  baseUrl: 'http://api.test/',
  domain: 'docs',
  apiKey: 'da_dsc_0123456789abcdef',
  fetch: network.fetch,
});

beforeEach(() => {
  network = new FakeNetwork();
  clearPageCache();
});

describe('fetchPage', () => {
  it('posts the slug path with the key and returns the page; a second open comes from the cache', async () => {
    network.respondJson(200, { path: 'docs/foundations/overview', content: '# Overview' });
    const result = await fetchPage(options(), '/docs/foundations/overview/#intro');
    expect(result).toEqual({
      ok: true,
      page: { path: 'docs/foundations/overview', content: '# Overview' },
    });
    const request = network.requests[0]!;
    expect(request.url).toBe('http://api.test/v1/page/docs');
    expect(request.method).toBe('POST');
    expect(request.headers.get('Authorization')).toBe('Bearer da_dsc_0123456789abcdef');
    expect(request.body).toEqual({ path: 'docs/foundations/overview', format: 'markdown' });
    expect(await fetchPage(options(), 'docs/foundations/overview')).toEqual(result);
    expect(network.requests).toHaveLength(1);
  });

  it("keeps a 404's own message, which names the page", async () => {
    network.respondJson(404, { message: 'No page at docs/missing.' });
    expect(await fetchPage(options(), 'docs/missing')).toEqual({
      ok: false,
      error: { kind: 'not-found', status: 404, detail: 'No page at docs/missing.' },
    });
  });

  it('never asks for a path outside the docs', async () => {
    expect(await fetchPage(options(), '../../etc/passwd')).toEqual({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(network.requests).toHaveLength(0);
  });

  it('classifies other failures without throwing', async () => {
    network
      .respondJson(401, { message: 'bad key' })
      .respondNetworkError()
      .respond(() => new Response('not json'));
    expect(await fetchPage(options(), 'a')).toMatchObject({
      ok: false,
      error: { kind: 'auth', status: 401 },
    });
    expect(await fetchPage(options(), 'b')).toEqual({ ok: false, error: { kind: 'network' } });
    expect(await fetchPage(options(), 'c')).toMatchObject({ ok: false, error: { kind: 'server' } });
  });

  it('lets an abort through so a stale page view can be dropped', async () => {
    network.respondNever();
    const abort = new AbortController();
    const pending = fetchPage(options(), 'docs/slow', abort.signal);
    abort.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});
