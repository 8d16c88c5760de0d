import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { EXPOSED_HEADERS } from '../../../src/api/limits.ts';
import { corsPolicy } from '../../../src/server/middleware/cors.ts';
import { siteGuards } from '../../../src/server/middleware/site-guards.ts';
import { siteRouter } from '../../../src/server/routes/site-router.ts';
import { organizations, post, testApp } from '../../support/server.ts';

const preflight = (origin: string) => ({
  method: 'OPTIONS',
  headers: {
    Origin: origin,
    'Access-Control-Request-Method': 'POST',
    'Access-Control-Request-Headers': 'authorization, content-type',
  },
});

describe('CORS', () => {
  it('answers preflights on every endpoint without a key', async () => {
    const app = testApp();
    for (const path of [
      '/v1/page/acme',
      '/v1/search/acme',
      '/v1/assistant/acme/message',
      '/v2/assistant/acme/message',
    ]) {
      const response = await app.request(path, preflight('https://docs.acme.dev'));
      expect(response.status).toBe(204);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST');
      expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/Authorization/i);
      expect(response.headers.get('Access-Control-Allow-Headers')).toMatch(/Content-Type/i);
    }
  });

  it('exposes the thread and rate-limit headers, on errors too', async () => {
    const app = testApp();
    const ok = await app.request(
      '/v1/search/acme',
      post({ query: 'x' }, undefined, { Origin: 'https://a.dev' }),
    );
    const unauthorized = await app.request('/v1/search/acme', {
      ...post({ query: 'x' }, 'nope'),
      headers: { Origin: 'https://a.dev' },
    });
    for (const response of [ok, unauthorized]) {
      const exposed = response.headers.get('Access-Control-Expose-Headers')?.split(/,\s*/) ?? [];
      expect(exposed).toEqual([...EXPOSED_HEADERS]);
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    }
  });

  it('allows only the configured origins when given', async () => {
    const app = testApp({ corsOrigins: ['https://docs.acme.dev'] });
    const allowed = await app.request('/v1/page/acme', preflight('https://docs.acme.dev'));
    const denied = await app.request('/v1/page/acme', preflight('https://evil.example'));
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.acme.dev');
    expect(denied.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('CORS without an Origin', () => {
  it('answers a bare OPTIONS request (not a preflight) with no content and no data', async () => {
    const response = await testApp().request('/v1/page/acme', { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('varies on Origin when origins are restricted', async () => {
    const app = testApp({ corsOrigins: ['https://docs.acme.dev'] });
    const response = await app.request('/health', { headers: { Origin: 'https://docs.acme.dev' } });
    expect(response.headers.get('Vary')).toBe('Origin');
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.acme.dev');
  });
});

describe('responses a handler builds itself', () => {
  it('still carry the CORS and RateLimit headers', async () => {
    // The v2 assistant returns the AI SDK's own streaming Response.
    const response = await testApp().request(
      '/v2/assistant/acme/message',
      post(
        {
          fp: 'anonymous',
          messages: [{ role: 'user', parts: [{ type: 'text', text: 'accent' }] }],
        },
        undefined,
        { Origin: 'https://docs.acme.dev' },
      ),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('X-Thread-Id');
    expect(response.headers.get('RateLimit-Remaining')).toBe('9999');
    await response.text();
  });

  it('copies a response whose headers cannot change', async () => {
    const router = siteRouter(siteGuards({ organizations: organizations() }).site).post(
      '/:domain',
      () => Response.redirect('https://example.com/', 302),
    );
    const app = new Hono().use(corsPolicy({ origins: '*' })).route('/v9/redirect', router);
    const response = await app.request('/v9/redirect/acme', post({}));
    expect(response.status).toBe(302);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('RateLimit-Remaining')).toBe('599');
  });

  it('keeps the response a handler made with c.json() (no copy into a streamed one)', async () => {
    let made: Response | undefined;
    let sent: Response | undefined;
    const app = new Hono()
      .use(async (c, next) => {
        await next();
        sent = c.res;
      })
      .use(corsPolicy({ origins: ['https://docs.acme.dev'] }))
      .get('/x', (c) => {
        made = c.json({ ok: true });
        return made;
      });
    const response = await app.request('/x', { headers: { Origin: 'https://docs.acme.dev' } });
    expect(sent).toBe(made);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('https://docs.acme.dev');
    expect(response.headers.get('Vary')).toBe('Origin');
  });
});
