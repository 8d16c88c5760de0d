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
