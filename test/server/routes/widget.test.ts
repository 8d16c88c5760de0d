import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { beforeAll, describe, expect, test } from 'vitest';
import { widgetRoutes } from '../../../src/server/routes/widget.ts';

let app: Hono;

beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'widget-'));
  mkdirSync(join(dir, 'chunks'));
  writeFileSync(join(dir, 'docs-assistant.js'), 'import "./chunks/panel-AbC123.js";');
  writeFileSync(join(dir, 'chunks', 'panel-AbC123.js'), 'export const panel = 1;');
  writeFileSync(join(dir, 'chunks', 'panel-AbC123.js.map'), '{}');
  const lazy = 'export const lazy = "a chunk built with compressed siblings";';
  writeFileSync(join(dir, 'chunks', 'lazy-XyZ789.js'), lazy);
  writeFileSync(join(dir, 'chunks', 'lazy-XyZ789.js.br'), brotliCompressSync(lazy));
  writeFileSync(join(dir, 'chunks', 'lazy-XyZ789.js.gz'), gzipSync(lazy));
  app = new Hono();
  app.route('/widget', widgetRoutes({ dir }));
});

describe('GET /widget/*', () => {
  test('serves the entry as JavaScript, revalidated on every load, to any origin', async () => {
    const res = await app.request('/widget/docs-assistant.js', {
      headers: { Origin: 'https://docs.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.text()).toContain('panel-AbC123.js');
  });

  test('caches hashed chunks for a year', async () => {
    const res = await app.request('/widget/chunks/panel-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const map = await app.request('/widget/chunks/panel-AbC123.js.map');
    expect(map.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('answers HEAD without a body', async () => {
    const res = await app.request('/widget/docs-assistant.js', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('34');
  });

  test('sends a file compressed when it was built with compressed siblings', async () => {
    const fetchAs = (encoding?: string) =>
      app.request('/widget/chunks/lazy-XyZ789.js', {
        headers: encoding ? { 'Accept-Encoding': encoding } : {},
      });
    const brotli = await fetchAs('gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    const bytes = Buffer.from(await brotli.arrayBuffer());
    expect(bytes).toEqual(
      brotliCompressSync('export const lazy = "a chunk built with compressed siblings";'),
    );
    expect((await fetchAs('gzip')).headers.get('content-encoding')).toBe('gzip');
    const plain = await fetchAs();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('compressed siblings');
    for (const response of [brotli, plain]) {
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
  });

  test('unknown files are 404 JSON', async () => {
    const res = await app.request('/widget/nope.js');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });

  test('nothing outside the folder is served', async () => {
    for (const path of ['/widget/%2e%2e/package.json', '/widget/chunks/..%2F..%2Fpackage.json']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });
});
