/**
 * The security headers of every response, through the real app: the API's JSON (answers and
 * errors), the assistant's stream, the keyless agent files and the widget's files, with the
 * widget's CORS and cross-origin loading left as the contract needs them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { fromAddress, post, testApp } from '../../support/server.ts';

const SECURED = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

function expectSecured(response: Response) {
  for (const [name, value] of Object.entries(SECURED)) {
    expect(response.headers.get(name), name).toBe(value);
  }
  // TLS ends at the operator's proxy, which knows whether every subdomain is on HTTPS.
  expect(response.headers.get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it('are on the API answers and its errors, beside the CORS headers', async () => {
    const app = testApp();
    const origin = { Origin: 'https://docs.acme.dev' };
    const search = await app.request(
      '/v1/search/acme',
      post({ query: 'install' }, undefined, origin),
    );
    expect(search.status).toBe(200);
    expectSecured(search);
    expect(search.headers.get('access-control-allow-origin')).toBe('*');
    expect(search.headers.get('access-control-expose-headers')).toContain('X-Thread-Id');
    const message = {
      fp: 'anonymous',
      messages: [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How do I install it?' }] },
      ],
    };
    const stream = await app.request(
      '/v2/assistant/acme/message',
      post(message, undefined, origin),
    );
    expect(stream.status).toBe(200);
    expectSecured(stream);
    await stream.text();
    const unauthorized = await app.request('/v1/page/acme', post({ path: 'x' }, 'da_dsc_nope'));
    expect(unauthorized.status).toBe(401);
    expectSecured(unauthorized);
    const missing = await app.request('/nowhere');
    expect(missing.status).toBe(404);
    expectSecured(missing);
    const preflight = await app.request('/v1/search/acme', {
      method: 'OPTIONS',
      headers: { ...origin, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('are on the keyless files for agents, opened in a tab as text', async () => {
    const app = testApp();
    const peer = fromAddress('203.0.113.7');
    for (const path of ['/llms/acme/llms.txt', '/md/acme/docs/start/install.md']) {
      const response = await app.request(path, {}, peer);
      expect(response.status, path).toBe(200);
      expectSecured(response);
    }
  });

  it('leave the widget loadable from other sites', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'widget-headers-'));
    writeFileSync(join(dir, 'docs-assistant.js'), 'export {};');
    const response = await testApp({ widgetDir: dir }).request('/widget/docs-assistant.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('are on the responses a Node server writes, where the values a route sets win', async () => {
    // Served by Node, the headers go on the Node response before the route runs (no Headers
    // object per response); the route's response still sets its own over them.
    const dir = mkdtempSync(join(tmpdir(), 'widget-headers-'));
    writeFileSync(join(dir, 'docs-assistant.js'), 'export {};');
    const app = testApp({ widgetDir: dir });
    const server = createServer(getRequestListener(app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const search = await fetch(`${base}/v1/search/acme`, post({ query: 'install' }));
      expect(search.status).toBe(200);
      expectSecured(search);
      expect(search.headers.get('content-type')).toContain('application/json');
      const missing = await fetch(`${base}/nowhere`);
      expect(missing.status).toBe(404);
      expectSecured(missing);
      const widget = await fetch(`${base}/widget/docs-assistant.js`);
      expect(widget.status).toBe(200);
      expect(widget.headers.get('x-content-type-options')).toBe('nosniff');
      expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
      await Promise.all([search.text(), missing.text(), widget.text()]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
