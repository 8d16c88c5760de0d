import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { countedAddress } from '../../../src/server/middleware/rate-limit.ts';
import {
  ACME_KEY,
  embeddedAssistant,
  fromAddress,
  GLOBEX_KEY,
  organizations,
  post,
} from '../../support/server.ts';

function limitedApp(
  orgPerHour: number,
  ipPerDay: number,
  trustProxy: number | boolean = false,
  ipPerMinute = 600,
) {
  const orgs = organizations();
  orgs[0]!.limits = { orgPerHour, ipPerDay, ipPerMinute };
  return createApp({
    organizations: orgs,
    trustProxy,
    assistant: embeddedAssistant(),
    log: () => {},
  });
}

describe('organization limit', () => {
  it('counts every API request of the organization and answers 429 past it', async () => {
    const app = limitedApp(3, 100);
    const statuses: number[] = [];
    for (const path of ['/v1/page/acme', '/v1/search/acme', '/v2/assistant/acme/message']) {
      statuses.push((await app.request(path, post({ path: 'x', query: 'x' }))).status);
    }
    const limited = await app.request('/v1/search/acme', post({ query: 'x' }));
    expect(statuses).not.toContain(429);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(3500);
    expect(limited.headers.get('RateLimit-Limit')).toBe('3');
    expect(limited.headers.get('RateLimit-Remaining')).toBe('0');
    expect(limited.headers.get('RateLimit-Policy')).toBe('3;w=3600');
    expect((await limited.json()).message).toMatch(/3 requests per hour per organization/);
  });

  it('announces the remaining allowance on successful responses', async () => {
    const app = limitedApp(10, 100);
    const first = await app.request('/v1/search/acme', post({ query: 'x' }));
    const second = await app.request('/v1/search/acme', post({ query: 'x' }));
    expect(first.headers.get('RateLimit-Remaining')).toBe('9');
    expect(second.headers.get('RateLimit-Remaining')).toBe('8');
    expect(Number(second.headers.get('RateLimit-Reset'))).toBeLessThanOrEqual(3600);
  });

  it('keeps organizations apart, each with its own allowance', async () => {
    const app = limitedApp(1, 100);
    await app.request('/v1/search/acme', post({ query: 'x' }));
    expect((await app.request('/v1/search/acme', post({ query: 'x' }))).status).toBe(429);
    const other = await app.request('/v1/search/globex', post({ query: 'x' }, GLOBEX_KEY));
    expect(other.status).toBe(200);
    expect(other.headers.get('RateLimit-Remaining')).toBe('599');
  });

  it('does not count requests with a bad key', async () => {
    const app = limitedApp(1, 100);
    for (let n = 0; n < 3; n++)
      await app.request('/v1/search/acme', post({ query: 'x' }, 'da_dsc_x'));
    expect((await app.request('/v1/search/acme', post({ query: 'x' }))).status).toBe(200);
  });
});

describe('IP limit on the assistant routes', () => {
  it('limits each client address per day on v1 and v2 assistant routes only', async () => {
    const app = limitedApp(100, 2);
    const ask = (path: string, address: string) =>
      app.request(path, post({}, ACME_KEY), fromAddress(address));
    expect((await ask('/v1/assistant/acme/message', '10.0.0.1')).status).not.toBe(429);
    expect((await ask('/v2/assistant/acme/message', '10.0.0.1')).status).not.toBe(429);
    const limited = await ask('/v2/assistant/acme/message', '10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('RateLimit-Policy')).toBe('2;w=86400');
    expect((await limited.json()).message).toMatch(/per day per IP address/);
    expect((await ask('/v2/assistant/acme/message', '10.0.0.2')).status).not.toBe(429);
    // Page and search count against their own per-minute limit, not the assistant's.
    const search = await app.request(
      '/v1/search/acme',
      post({ query: 'x' }),
      fromAddress('10.0.0.1'),
    );
    expect(search.status).toBe(200);
  });

  it('announces the tighter of the two limits', async () => {
    const app = limitedApp(100, 5);
    const response = await app.request(
      '/v2/assistant/acme/message',
      post({}),
      fromAddress('10.0.0.9'),
    );
    expect(response.headers.get('RateLimit-Limit')).toBe('5');
    expect(response.headers.get('RateLimit-Remaining')).toBe('4');
  });

  it('ignores X-Forwarded-For unless the proxy is trusted', async () => {
    const ask = (app: ReturnType<typeof limitedApp>, forwarded: string) =>
      app.request(
        '/v2/assistant/acme/message',
        post({}, ACME_KEY, { 'X-Forwarded-For': forwarded }),
        fromAddress('10.0.0.1'),
      );
    const untrusted = limitedApp(100, 1);
    await ask(untrusted, '1.1.1.1');
    expect((await ask(untrusted, '2.2.2.2')).status).toBe(429);
    // One trusted proxy: the entry it appended (the rightmost) is the client.
    const trusted = limitedApp(100, 1, 1);
    await ask(trusted, '1.1.1.1');
    expect((await ask(trusted, '2.2.2.2')).status).not.toBe(429);
    expect((await ask(trusted, '2.2.2.2')).status).toBe(429);
  });

  it('admits no more than the IP limit when a client spoofs X-Forwarded-For behind an appending proxy', async () => {
    // nginx `$proxy_add_x_forwarded_for`: the client's header, then the address nginx saw.
    const app = limitedApp(1000, 3, 1);
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) {
      const response = await app.request(
        '/v2/assistant/acme/message',
        post({}, ACME_KEY, { 'X-Forwarded-For': `9.9.9.${n}, 203.0.113.7` }),
        fromAddress('127.0.0.1'),
      );
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429)).toHaveLength(3);
  });

  it('counts an IPv6 client by its /56 network, and an IPv4-mapped address as the IPv4 one', async () => {
    const app = limitedApp(1000, 2);
    const ask = (address: string) =>
      app.request('/v2/assistant/acme/message', post({}), fromAddress(address));
    // One customer's network: any address in it, each a fresh one.
    expect((await ask('2001:db8:1:200::1')).status).not.toBe(429);
    expect((await ask('2001:db8:1:2ff:ffff:ffff:ffff:2')).status).not.toBe(429);
    expect((await ask('2001:db8:1:2a0:1234::3')).status).toBe(429);
    // The next /56 is another client.
    expect((await ask('2001:db8:1:300::1')).status).not.toBe(429);
    const proxied = limitedApp(1000, 1, 1);
    const forwardedFor = (forwarded: string) =>
      proxied.request(
        '/v2/assistant/acme/message',
        post({}, ACME_KEY, { 'X-Forwarded-For': forwarded }),
        fromAddress('127.0.0.1'),
      );
    expect((await forwardedFor('198.51.100.9')).status).not.toBe(429);
    expect((await forwardedFor('::ffff:198.51.100.9')).status).toBe(429);
  });

  it('counts an IPv4 client behind NAT64 (64:ff9b::/96) as its IPv4 address, not one /56 for all', async () => {
    const app = limitedApp(1000, 1);
    const ask = (address: string) =>
      app.request('/v2/assistant/acme/message', post({}), fromAddress(address));
    // Two IPv4 clients translated into the well-known prefix: one /56, two clients.
    expect((await ask('64:ff9b::192.0.2.1')).status).not.toBe(429);
    expect((await ask('64:ff9b::c000:202')).status).not.toBe(429);
    // The same IPv4 client, however it arrives: translated, mapped, or plain.
    expect((await ask('64:ff9b::c000:201')).status).toBe(429);
    expect((await ask('::ffff:192.0.2.1')).status).toBe(429);
    expect((await ask('192.0.2.1')).status).toBe(429);
    expect((await ask('192.0.2.2')).status).toBe(429);
    // Not the /96: an ordinary IPv6 network, counted by its /56.
    expect((await ask('64:ff9b:1::192.0.2.3')).status).not.toBe(429);
    expect((await ask('64:ff9b:1::192.0.2.4')).status).toBe(429);
  });

  it('names the IPv4 address a NAT64 or IPv4-mapped address embeds, and an IPv6 client’s /56', () => {
    expect(countedAddress('64:ff9b::203.0.113.7')).toBe('203.0.113.7');
    expect(countedAddress('64:FF9B:0:0:0:0:CB00:7107')).toBe('203.0.113.7');
    expect(countedAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(countedAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(countedAddress('2001:db8:1:2ff::1')).toBe('2001:db8:1:200::/56');
    expect(countedAddress('64:ff9b:0:1::cb00:7107')).toBe('64:ff9b:0:0::/56');
    expect(countedAddress('203.0.113.7')).toBe('203.0.113.7');
  });

  it('takes the address as many hops from the right as there are trusted proxies', async () => {
    const app = limitedApp(1000, 1, 2);
    const ask = (forwarded: string) =>
      app.request(
        '/v2/assistant/acme/message',
        post({}, ACME_KEY, { 'X-Forwarded-For': forwarded }),
        fromAddress('127.0.0.1'),
      );
    expect((await ask('6.6.6.6, 198.51.100.1, 10.0.0.2')).status).not.toBe(429);
    expect((await ask('7.7.7.7, 198.51.100.1, 10.0.0.3')).status).toBe(429);
    expect((await ask('6.6.6.6, 198.51.100.2, 10.0.0.2')).status).not.toBe(429);
  });
});

describe('IP limit on page and search', () => {
  it('limits one address per minute on page and search, leaving other clients served', async () => {
    const app = limitedApp(1000, 1000, false, 2);
    const search = (address: string) =>
      app.request('/v1/search/acme', post({ query: 'x' }), fromAddress(address));
    expect((await search('10.0.0.1')).status).toBe(200);
    expect((await search('10.0.0.1')).status).toBe(200);
    const limited = await search('10.0.0.1');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('RateLimit-Policy')).toBe('2;w=60');
    expect((await limited.json()).message).toMatch(/per IP address/);
    const page = await app.request('/v1/page/acme', post({ path: 'x' }), fromAddress('10.0.0.1'));
    expect(page.status).toBe(429);
    expect((await search('10.0.0.2')).status).toBe(200);
  });

  it('charges the organization nothing for a request refused for its client', async () => {
    const app = limitedApp(5, 1000, false, 1);
    for (let n = 0; n < 20; n++) {
      await app.request('/v1/search/acme', post({ query: 'x' }), fromAddress('10.0.0.1'));
    }
    // The flood cost the organization one request: four remain for other readers.
    const statuses: number[] = [];
    for (let n = 2; n <= 5; n++) {
      const response = await app.request(
        '/v1/search/acme',
        post({ query: 'x' }),
        fromAddress(`10.0.0.${n}`),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('counts the assistant limit per client refused before the organization limit', async () => {
    const app = limitedApp(3, 1);
    for (let n = 0; n < 5; n++) {
      await app.request('/v2/assistant/acme/message', post({}), fromAddress('10.0.0.1'));
    }
    const other = await app.request(
      '/v1/search/acme',
      post({ query: 'x' }),
      fromAddress('10.0.0.2'),
    );
    expect(other.status).toBe(200);
  });

  it('never shares a per-address counter between organizations with the same limits', async () => {
    const orgs = organizations();
    for (const organization of orgs) {
      organization.limits = { orgPerHour: 1000, ipPerDay: 1, ipPerMinute: 600 };
    }
    const app = createApp({ organizations: orgs, assistant: embeddedAssistant(), log: () => {} });
    const acme = await app.request(
      '/v2/assistant/acme/message',
      post({}, ACME_KEY),
      fromAddress('10.0.0.1'),
    );
    const globex = await app.request(
      '/v2/assistant/globex/message',
      post({}, GLOBEX_KEY),
      fromAddress('10.0.0.1'),
    );
    expect(acme.status).not.toBe(429);
    expect(globex.status).not.toBe(429);
  });
});
