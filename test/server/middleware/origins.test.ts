/**
 * The domain allowlist (issue 15, finding 8): a site's key tied to the origins its docs are
 * served from. A page on another origin gets 403 before any work and any counter; requests
 * without Origin are a documented setting; the config file and flags set it per site.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.ts';
import { normalizeOriginPattern, originMatcher } from '../../../src/server/middleware/origins.ts';
import type { Organization } from '../../../src/server/types.ts';
import { ACME_KEY, organizations, post, smallSite, testApp } from '../../support/server.ts';

const DOCS = 'https://docs.acme.dev';

/** acme's site allows its docs origin (and its previews), with a small org limit. */
function guardedOrganizations(policy: { requireOrigin?: boolean } = {}): Organization[] {
  const [acme, globex] = organizations(smallSite());
  return [
    {
      ...acme!,
      limits: { orgPerHour: 3, ipPerDay: 100 },
      sites: acme!.sites.map((site) => ({
        ...site,
        origins: { allowedOrigins: [DOCS, 'https://*.preview.acme.dev'], ...policy },
      })),
    },
    globex!,
  ];
}

const search = (origin?: string) =>
  post({ query: 'install' }, ACME_KEY, origin === undefined ? {} : { Origin: origin });

describe('originMatcher', () => {
  it('matches exact origins and one wildcard label, nothing looser', () => {
    const allowed = originMatcher([DOCS, 'https://*.preview.acme.dev', 'http://localhost:3000']);
    expect(allowed('https://docs.acme.dev')).toBe(true);
    expect(allowed('https://DOCS.acme.dev')).toBe(true);
    expect(allowed('https://pr-12.preview.acme.dev')).toBe(true);
    expect(allowed('http://localhost:3000')).toBe(true);
    expect(allowed('http://docs.acme.dev')).toBe(false);
    expect(allowed('https://docs.acme.dev.evil.dev')).toBe(false);
    expect(allowed('https://evildocs.acme.dev')).toBe(false);
    expect(allowed('https://preview.acme.dev')).toBe(false);
    expect(allowed('https://evil.dev/.preview.acme.dev')).toBe(false);
    expect(allowed('http://localhost:3001')).toBe(false);
    expect(allowed('null')).toBe(false);
  });

  it('takes origins in the form browsers send, and refuses paths', () => {
    expect(normalizeOriginPattern('https://Docs.Acme.dev:443/')).toBe('https://docs.acme.dev');
    expect(normalizeOriginPattern('https://*.acme.dev')).toBe('https://*.acme.dev');
    expect(() => normalizeOriginPattern('https://acme.dev/docs')).toThrow(/drop the path/);
    expect(() => normalizeOriginPattern('docs.acme.dev')).toThrow(/not an origin/);
  });
});

describe('a site with allowed origins', () => {
  it('refuses another origin with 403, readable by the page, before any counter moves', async () => {
    const app = testApp({ organizations: guardedOrganizations() });
    for (let i = 0; i < 5; i++) {
      const refused = await app.request('/v1/search/acme', search('https://evil.dev'));
      expect(refused.status).toBe(403);
      expect(refused.headers.get('Access-Control-Allow-Origin')).toBe('*');
      expect(refused.headers.get('RateLimit-Remaining')).toBeNull();
      expect((await refused.json()).message).toBe(
        'Requests from https://evil.dev are not allowed for this site',
      );
    }
    // The organization's 3 requests per hour are all still there.
    for (let i = 0; i < 3; i++) {
      const allowed = await app.request('/v1/search/acme', search(DOCS));
      expect(allowed.status).toBe(200);
    }
    expect((await app.request('/v1/search/acme', search(DOCS))).status).toBe(429);
  });

  it('guards every endpoint of the site: page, search, assistant v1 and v2', async () => {
    const app = testApp({ organizations: guardedOrganizations() });
    const evil = 'https://evil.dev';
    const page = await app.request(
      '/v1/page/acme',
      post({ path: 'docs/start' }, ACME_KEY, { Origin: evil }),
    );
    expect(page.status).toBe(403);
    for (const version of ['v1', 'v2']) {
      const answer = await app.request(
        `/${version}/assistant/acme/message`,
        post(
          {
            fp: 'anonymous',
            messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'install' }] }],
          },
          ACME_KEY,
          { Origin: evil },
        ),
      );
      expect(answer.status).toBe(403);
    }
  });

  it('admits a preview subdomain and requests without Origin, unless the site requires one', async () => {
    const open = testApp({ organizations: guardedOrganizations() });
    expect(
      (await open.request('/v1/search/acme', search('https://pr-7.preview.acme.dev'))).status,
    ).toBe(200);
    expect((await open.request('/v1/search/acme', search())).status).toBe(200);

    const strict = testApp({ organizations: guardedOrganizations({ requireOrigin: true }) });
    const bare = await strict.request('/v1/search/acme', search());
    expect(bare.status).toBe(403);
    expect((await bare.json()).message).toMatch(/Origin header is missing/);
    expect((await strict.request('/v1/search/acme', search(DOCS))).status).toBe(200);
  });

  it('leaves other sites open: the allowlist is per site', async () => {
    const app = testApp({ organizations: guardedOrganizations() });
    const globex = await app.request(
      '/v1/search/globex',
      post({ query: 'a' }, 'da_dsc_globex0123456789abcd', { Origin: 'https://evil.dev' }),
    );
    expect(globex.status).toBe(200);
  });
});

describe('configuration', () => {
  it('--allowed-origin and --require-origin set the one site', async () => {
    const config = await loadConfig([
      '--docs',
      '/d',
      '--allowed-origin',
      'https://docs.acme.dev',
      '--allowed-origin',
      'https://*.preview.acme.dev',
      '--require-origin',
    ]);
    expect(config.organizations[0]!.sites[0]!.origins).toEqual({
      allowedOrigins: ['https://docs.acme.dev', 'https://*.preview.acme.dev'],
      requireOrigin: true,
    });
    await expect(loadConfig(['--docs', '/d', '--allowed-origin', 'docs.acme.dev'])).rejects.toThrow(
      /--allowed-origin: docs.acme.dev is not an origin/,
    );
  });

  it('the config file sets it at the top, per organization and per site; the nearest wins', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'da-origins-'));
    const file = join(dir, 'config.json');
    await writeFile(
      file,
      JSON.stringify({
        allowedOrigins: ['https://everyone.dev'],
        organizations: [
          {
            name: 'acme',
            keys: ['da_dsc_acme0123456789abcdef'],
            allowedOrigins: ['https://acme.dev'],
            requireOrigin: true,
            sites: [
              { domain: 'acme', docs: 'a' },
              {
                domain: 'acme-blog',
                docs: 'b',
                allowedOrigins: ['https://blog.acme.dev'],
                requireOrigin: false,
              },
            ],
          },
          {
            name: 'globex',
            keys: ['da_dsc_globex0123456789abcd'],
            sites: [{ domain: 'globex', docs: 'g' }],
          },
        ],
      }),
    );
    const config = await loadConfig(['--config', file]);
    const [acme, globex] = config.organizations;
    expect(acme!.sites[0]!.origins).toEqual({
      allowedOrigins: ['https://acme.dev'],
      requireOrigin: true,
    });
    expect(acme!.sites[1]!.origins).toEqual({ allowedOrigins: ['https://blog.acme.dev'] });
    expect(globex!.sites[0]!.origins).toEqual({ allowedOrigins: ['https://everyone.dev'] });

    await writeFile(
      file,
      JSON.stringify({
        organizations: [
          {
            name: 'acme',
            keys: ['da_dsc_acme0123456789abcdef'],
            sites: [{ domain: 'acme', docs: 'a', allowedOrigins: ['https://acme.dev/docs'] }],
          },
        ],
      }),
    );
    await expect(loadConfig(['--config', file])).rejects.toThrow(
      /organizations\.0\.sites\.0\.allowedOrigins\.0: https:\/\/acme.dev\/docs is not an origin: drop the path/,
    );
  });
});
