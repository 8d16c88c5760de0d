/**
 * Where rate-limit counters live. In memory (the default), each process counts on its own.
 * With Redis (`--redis-url`, or `REDIS_URL`), every replica counts in one place through
 * rate-limiter-flexible's `RateLimiterRedis` on `ioredis`: an organization's limit of N admits
 * N across all replicas. When Redis does not answer, requests are still served under an
 * in-memory insurance limiter (per process, same allowance), the failure is logged once per
 * minute, and no request waits on a dead Redis for long (bounded connect and command times,
 * no offline queue).
 */
import { Redis } from 'ioredis';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
} from 'rate-limiter-flexible';

/** A counter with `points` per `duration` seconds; its keys are namespaced by `prefix`. */
export type LimiterFactory = (options: {
  points: number;
  duration: number;
  prefix: string;
}) => RateLimiterAbstract;

export interface Limiters {
  create: LimiterFactory;
  /** 'memory' or 'redis'. */
  kind: string;
  /** Readiness: resolves when the shared counters answer. */
  check?: () => Promise<void>;
  /** True while the shared counters are known to be unreachable (no waiting). */
  isDown?: () => boolean;
  close(): Promise<void>;
}

/** Counters in this process's memory. */
export function memoryLimiters(): Limiters {
  return {
    kind: 'memory',
    create: ({ points, duration }) => new RateLimiterMemory({ points, duration }),
    close: async () => {},
  };
}

/** A failure is logged at most this often. */
const LOG_EVERY_MS = 60_000;

export interface RedisLimiterOptions {
  /** Milliseconds to connect and per command; default 500. */
  timeoutMs?: number;
}

/** Counters shared in Redis, with the in-memory insurance. */
export function redisLimiters(
  url: string,
  log: (line: string) => void,
  options: RedisLimiterOptions = {},
): Limiters {
  const timeout = options.timeoutMs ?? 500;
  const client = new Redis(url, {
    enableOfflineQueue: false,
    connectTimeout: timeout,
    commandTimeout: timeout,
    maxRetriesPerRequest: 0,
    // Keep trying to come back, at most every 2 s.
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  let lastLogged = 0;
  let down = false;
  const report = (message: string) => {
    const now = Date.now();
    if (now - lastLogged < LOG_EVERY_MS) return;
    lastLogged = now;
    log(`Redis unavailable (${message}): limits are counted per process until it is back`);
  };
  client.on('error', (error: Error) => {
    down = true;
    report(error.message);
  });
  client.on('ready', () => {
    if (down) log('Redis is back: limits are shared again');
    down = false;
  });
  return {
    kind: 'redis',
    create: ({ points, duration, prefix }) =>
      new RateLimiterRedis({
        storeClient: client,
        points,
        duration,
        keyPrefix: `docs-assistant:${prefix}`,
        // Not connected: straight to the insurance, no waiting.
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory({ points, duration }),
      }),
    async check() {
      if (client.status !== 'ready') throw new Error(`redis is ${client.status}`);
      await client.ping();
    },
    isDown: () => client.status !== 'ready',
    async close() {
      client.disconnect();
    },
  };
}
