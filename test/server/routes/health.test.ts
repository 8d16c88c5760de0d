import { describe, expect, it } from 'vitest';
import { testApp } from '../../support/server.ts';

describe('GET /health', () => {
  it('reports page and section counts without a key', async () => {
    const response = await testApp().request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', sites: 2, pages: 6, sections: 7 });
  });

  it('answers 503 while indexes are being built', async () => {
    let ready = false;
    const app = testApp({ isReady: () => ready });
    expect((await app.request('/health')).status).toBe(503);
    ready = true;
    expect((await app.request('/health')).status).toBe(200);
  });
});

describe('GET /health/ready', () => {
  const up = async () => {};
  const down = async (): Promise<void> => {
    throw new Error('redis is reconnecting');
  };

  it('says degraded, 503 as the contract words it, when only a store the server serves without is down', async () => {
    const app = testApp({
      checks: () => [
        { name: 'postgres', check: up },
        { name: 'redis', check: down, optional: true },
      ],
    });
    const response = await app.request('/health/ready');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded' });
  });

  it('stays 200, degraded, with serveDegraded (--ready-without-redis)', async () => {
    let redis = down;
    const app = testApp({
      serveDegraded: true,
      checks: () => [
        { name: 'postgres', check: up },
        { name: 'redis', check: () => redis(), optional: true, isDown: () => redis === down },
      ],
    });
    // Still in the load balancer (every replica shares Redis: a 503 would empty the pool);
    // the body says what it serves without.
    const degraded = await app.request('/health/ready');
    expect(degraded.status).toBe(200);
    expect(await degraded.json()).toEqual({
      status: 'degraded',
      checks: [
        { name: 'postgres', ok: true },
        { name: 'redis', ok: false, degraded: true, error: 'redis is reconnecting' },
      ],
    });
    // Liveness stays up, and names what the replica serves without.
    const live = await app.request('/health');
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: 'ok', degraded: ['redis'] });
    redis = up;
    const ready = await app.request('/health/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: [
        { name: 'postgres', ok: true },
        { name: 'redis', ok: true },
      ],
    });
    expect(await (await app.request('/health')).json()).not.toHaveProperty('degraded');
  });

  it('answers 503 when a store it needs is down, whatever the others say', async () => {
    const app = testApp({
      checks: () => [
        { name: 'postgres', check: down },
        { name: 'redis', check: down, optional: true },
      ],
    });
    const response = await app.request('/health/ready');
    expect(response.status).toBe(503);
    expect((await response.json()).status).toBe('unavailable');
  });
});
