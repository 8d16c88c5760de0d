/**
 * Health, without a key:
 * - GET /health: liveness. 200 once every site's index is ready (503 `starting` before), with
 *   page and section counts (totals only, so the endpoint does not list the sites it serves).
 * - GET /health/ready: readiness for a load balancer. 200 only when the indexes are built, the
 *   server is not stopping, and every configured store answers; else 503 saying which is not.
 */
import { Hono } from 'hono';
import type { AppEnv, Organization, Site } from '../types.ts';

export interface HealthCheck {
  name: string;
  /** Resolves when the store answers; rejects (or times out) when it does not. */
  check: () => Promise<void>;
}

export interface HealthOptions {
  organizations: Organization[];
  /** False while indexes are still being built. */
  isReady?: () => boolean;
  /** The stores to check for readiness (threads, rate limits). */
  checks?: () => HealthCheck[];
  /** True once the server is stopping. */
  isDraining?: () => boolean;
}

/** A store that takes longer than this to answer counts as down. */
const CHECK_TIMEOUT_MS = 2000;

export function healthRoutes(options: HealthOptions): Hono<AppEnv> {
  const sites = new Set<Site>(options.organizations.flatMap((organization) => organization.sites));
  return new Hono<AppEnv>()
    .get('/ready', async (c) => {
      c.header('Cache-Control', 'no-store');
      const checks = await Promise.all(
        (options.checks?.() ?? []).map(async ({ name, check }) => {
          try {
            await withTimeout(check(), CHECK_TIMEOUT_MS);
            return { name, ok: true };
          } catch (error) {
            return { name, ok: false, error: (error as Error).message || String(error) };
          }
        }),
      );
      const status = options.isDraining?.()
        ? 'draining'
        : options.isReady && !options.isReady()
          ? 'starting'
          : checks.every((check) => check.ok)
            ? 'ready'
            : 'unavailable';
      return c.json({ status, checks }, status === 'ready' ? 200 : 503);
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
      return c.json({ status: 'ok', sites: sites.size, pages, sections });
    });
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
