/**
 * GET /insights/ (the Insights page) and GET /v1/analytics/sites (the sites an admin key
 * reads), through the real app: the page's security headers, its redirect and hashed assets,
 * a clear 404 when it is not built, and the sites endpoint's keys.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, test } from 'vitest';
import type { SitesResponse } from '../../../src/api/analytics.ts';
import { createApp } from '../../../src/server/app.ts';
import { INSIGHTS_PAGE_CSP } from '../../../src/server/routes/insights-page.ts';
import type { Organization } from '../../../src/server/types.ts';
import { TinyIndex } from '../../support/assistant-index.ts';

const ADMIN = 'da_admin_acme0123456789abcdefghijkl';
const OTHER_ADMIN = 'da_admin_other0123456789abcdefghijk';
const PUBLIC = 'da_dsc_acme0123456789abcdef';
const HTML =
  '<!doctype html><script type="module" src="./assets/index-AbC12345.js"></script><link rel="stylesheet" href="./assets/index-XyZ98765.css">';
const SCRIPT = 'console.log("the Insights page");';

const limits = { orgPerHour: 10_000, ipPerDay: 10_000 };
const organizations: Organization[] = [
  {
    name: 'acme',
    keys: [PUBLIC],
    adminKeys: [ADMIN],
    limits,
    sites: [
      { domain: 'docs', title: 'Acme Docs', index: new TinyIndex() },
      {
        domain: 'internal',
        index: new TinyIndex(),
        insights: { logging: true, logQuestions: false },
      },
    ],
  },
  {
    name: 'other',
    keys: [],
    adminKeys: [OTHER_ADMIN],
    limits,
    sites: [
      {
        domain: 'elsewhere',
        index: new TinyIndex([]),
        insights: { logging: false, logQuestions: true },
      },
    ],
  },
];

let built: string;

beforeAll(() => {
  built = mkdtempSync(join(tmpdir(), 'insights-page-'));
  mkdirSync(join(built, 'assets'));
  writeFileSync(join(built, 'index.html'), HTML);
  writeFileSync(join(built, 'assets', 'index-AbC12345.js'), SCRIPT);
  writeFileSync(join(built, 'assets', 'index-AbC12345.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(built, 'assets', 'index-XyZ98765.css'), 'body { margin: 0 }');
});

const appWith = (insightsDir?: string) =>
  createApp({ organizations, ...(insightsDir && { insightsDir }), log: () => {} });

describe('GET /insights/', () => {
  test('serves the page under a strict CSP, never cached, without a referrer', async () => {
    const res = await appWith(built).request('/insights/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toBe(HTML);
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(JSON.stringify(INSIGHTS_PAGE_CSP)).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('/insights redirects to /insights/ (the page resolves its files and the API from there)', async () => {
    const res = await appWith(built).request('/insights');
    expect(res.status).toBe(308);
    const target = (response: Response, from: string) =>
      new URL(response.headers.get('location')!, `http://127.0.0.1${from}`).pathname;
    expect(target(res, '/insights')).toBe('/insights/');
    const mounted = createApp({ organizations, insightsDir: built, basePath: '/assistant' });
    const below = await mounted.request('/assistant/insights');
    expect(target(below, '/assistant/insights')).toBe('/assistant/insights/');
    // Relative, so it holds where a host strips its prefix before the app sees the path.
    expect(below.headers.get('location')).toBe('insights/');
  });

  test('caches hashed assets for a year, compressed when the client accepts it', async () => {
    const app = appWith(built);
    const script = await app.request('/insights/assets/index-AbC12345.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await script.text()).toBe(SCRIPT);
    const gzipped = await app.request('/insights/assets/index-AbC12345.js', {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const style = await app.request('/insights/assets/index-XyZ98765.css');
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
  });

  test('anything else below /insights/ is a 404, and nothing outside the folder is served', async () => {
    const app = appWith(built);
    for (const path of [
      '/insights/assets/nope.js',
      '/insights/other',
      '/insights/assets/../index.html',
      '/insights/assets/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBeNull();
    }
  });

  test('without the build: a 404 that says how to build it', async () => {
    for (const app of [appWith(), appWith(mkdtempSync(join(tmpdir(), 'insights-empty-')))]) {
      const res = await app.request('/insights/');
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(
        /Insights page is not built.*npm run build/,
      );
    }
  });
});

describe('GET /v1/analytics/sites', () => {
  const sites = (key?: string) =>
    appWith().request('/v1/analytics/sites', {
      headers: key ? { Authorization: `Bearer ${key}` } : {},
    });

  test("lists the sites of the admin key's organization, with their names and settings", async () => {
    const res = await sites(ADMIN);
    expect(res.status).toBe(200);
    expect((await res.json()) as SitesResponse).toEqual({
      sites: [
        { domain: 'docs', title: 'Acme Docs', logging: true, logQuestions: true },
        { domain: 'internal', logging: true, logQuestions: false },
      ],
    });
    expect(((await (await sites(OTHER_ADMIN)).json()) as SitesResponse).sites).toEqual([
      { domain: 'elsewhere', logging: false, logQuestions: true },
    ]);
  });

  test('refuses no key, a public key and an unknown admin key', async () => {
    const none = await sites();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const publicKey = await sites(PUBLIC);
    expect(publicKey.status).toBe(401);
    expect(((await publicKey.json()) as { message: string }).message).toMatch(/admin key/);
    expect((await sites('da_admin_unknown0123456789abcdefghij')).status).toBe(401);
  });

  test('does not stand in for a site named "sites": its routes still need the site', async () => {
    const res = await appWith().request('/v1/analytics/sites/overview', {
      headers: { Authorization: `Bearer ${ADMIN}` },
    });
    expect(res.status).toBe(403);
  });
});
