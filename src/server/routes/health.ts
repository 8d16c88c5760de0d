/**
 * Health, without a key:
 * - GET /health: liveness. 200 once every site's index is ready (503 `starting` before), with
 *   page and section counts (totals only, so the endpoint does not list the sites it serves),
 *   and `degraded` naming the stores it serves without that are down (Redis), known without
 *   waiting on them.
 * - GET /health/ready: readiness, as the contract words it: 200 when the indexes are built, the
 *   server is not stopping, and every configured store answers; else 503 saying which is not.
 *   A store the server serves without (Redis, which only shares the rate-limit counters: they
 *   are then counted per process) gives `status` `degraded` rather than `unavailable`: 503 by
 *   default, 200 when the operator chose `serveDegraded` (`--ready-without-redis`), so that one
 *   shared Redis going down does not take every replica out of the load balancer at once.
 */
import { Hono } from 'hono';
import type { AppEnv, Organization, Site } from '../types.ts';

export interface HealthCheck {
  name: string;
  /** Resolves when the store answers; rejects (or times out) when it does not. */
  check: () => Promise<void>;
  /** True when the server still serves without it: its failure is `degraded`. */
  optional?: boolean;
  /** For an optional store: true when it is known to be down now, without asking it. */
  isDown?: () => boolean;
}

export interface HealthOptions {
  organizations: Organization[];
  /** False while indexes are still being built. */
  isReady?: () => boolean;
  /** The stores to check for readiness (threads, rate limits). */
  checks?: () => HealthCheck[];
  /** True once the server is stopping. */
  isDraining?: () => boolean;
  /** Answer 200 while only stores the server serves without are down (default: 503). */
  serveDegraded?: boolean;
}

interface CheckResult {
  name: string;
  ok: boolean;
  /** Down, but the server serves without it. */
  degraded?: true;
  error?: string;
}

/** A store that takes longer than this to answer counts as down. */
const CHECK_TIMEOUT_MS = 2000;

export function healthRoutes(options: HealthOptions): Hono<AppEnv> {
  const sites = new Set<Site>(options.organizations.flatMap((organization) => organization.sites));
  return new Hono<AppEnv>()
    .get('/ready', async (c) => {
      c.header('Cache-Control', 'no-store');
      const checks: CheckResult[] = await Promise.all(
        (options.checks?.() ?? []).map(async ({ name, check, optional }) => {
          try {
            await withTimeout(check(), CHECK_TIMEOUT_MS);
            return { name, ok: true };
          } catch (error) {
            const message = (error as Error).message || String(error);
            return { name, ok: false, ...(optional && { degraded: true }), error: message };
          }
        }),
      );
      const needed = checks.filter((check) => !check.degraded);
      const status = options.isDraining?.()
        ? 'draining'
        : options.isReady && !options.isReady()
          ? 'starting'
          : !needed.every((check) => check.ok)
            ? 'unavailable'
            : checks.every((check) => check.ok)
              ? 'ready'
              : 'degraded';
      const serving = status === 'ready' || (status === 'degraded' && options.serveDegraded);
      return c.json({ status, checks }, serving ? 200 : 503);
    })
    .get('/', (c) => {
      c.header('Cache-Control', 'no-store');
      if (options.isReady && !options.isReady()) return c.json({ status: 'starting' }, 503);
      let pages = 0;
      let sections = 0;
      for (const site of sites) {
        pages += site.index.pageCount;
        sections += site.index.sectionCount;
      }
      const degraded = (options.checks?.() ?? [])
        .filter((check) => check.optional && check.isDown?.())
        .map((check) => check.name);
      return c.json({
        status: 'ok',
        sites: sites.size,
        pages,
        sections,
        ...(degraded.length > 0 && { degraded }),
      });
    });
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
