import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
