import { describe, expect, it } from 'vitest';
import { ACME_KEY, GLOBEX_KEY, post, testApp } from '../../support/server.ts';

describe('key authentication', () => {
  const app = testApp();

  it('accepts a key of the organization that owns the domain', async () => {
    const response = await app.request('/v1/page/acme', post({ path: 'docs/guides/theming' }));
    expect(response.status).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['another scheme', `Basic ${ACME_KEY}`],
    ['no prefix', 'Bearer acme0123456789abcdef'],
    ['too short', 'Bearer da_dsc_short'],
    ['characters outside the key alphabet', 'Bearer da_dsc_acme0123456789abcdef!'],
    ['an unknown key', 'Bearer da_dsc_unknown0123456789abc'],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 for %s', async (_case, authorization) => {
    const init = post({ path: 'x' });
    const headers = init.headers as Record<string, string>;
    if (authorization === undefined) delete headers['Authorization'];
    else headers['Authorization'] = authorization;
    const response = await app.request('/v1/search/acme', init);
    expect(response.status).toBe(401);
    expect(response.headers.get('WWW-Authenticate')).toBe('Bearer');
    expect(await response.json()).toEqual({ message: 'Missing or invalid API key' });
  });

  it('answers 403 alike for another organization’s domain and a domain that does not exist', async () => {
    const other = await app.request('/v1/search/globex', post({ query: 'x' }, ACME_KEY));
    const missing = await app.request('/v1/search/nope', post({ query: 'x' }, ACME_KEY));
    expect(other.status).toBe(403);
    expect(missing.status).toBe(403);
    expect(await other.json()).toEqual(await missing.json());
  });

  it('checks the key before the body, so a bad key never learns about validation', async () => {
    const response = await app.request('/v1/search/acme', post('{not json', 'da_dsc_x'));
    expect(response.status).toBe(401);
  });

  it('guards the assistant routes too', async () => {
    for (const path of ['/v1/assistant/acme/message', '/v2/assistant/acme/message']) {
      expect((await app.request(path, post({}, GLOBEX_KEY))).status).toBe(403);
    }
  });

  it('accepts the lower-case scheme', async () => {
    const response = await app.request(
      '/v1/page/globex',
      post({ path: 'a' }, GLOBEX_KEY, { Authorization: `bearer ${GLOBEX_KEY}` }),
    );
    expect(response.status).toBe(200);
  });
});
