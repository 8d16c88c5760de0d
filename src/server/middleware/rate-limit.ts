/**
 * Request limits backed by rate-limiter-flexible (fixed windows, in memory or in Redis: see
 * stores/limiters.ts). Every limited
 * response carries the IETF RateLimit headers; a 429 adds Retry-After. When two limits apply
 * (organization and IP), the headers describe the one closest to running out.
 */
import { isIPv6 } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { type RateLimiterAbstract, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { LimiterFactory } from '../stores/limiters.ts';
import type { AppEnv } from '../types.ts';
import { errorResponse } from './errors.ts';
import { announceHeaders, ensureHeaders } from './headers.ts';

export interface RateLimitOptions {
  /** Names the limit in the 429 message ("organization", "IP address"). */
  subject: string;
  windowSeconds: number;
  /** The allowance of this request's subject (organizations have their own). */
  points: (c: Context<AppEnv>) => number;
  /** Who is counted. */
  key: (c: Context<AppEnv>) => string;
  /** Where the counters live; default: this process's memory. */
  limiters?: LimiterFactory;
}

const inMemory: LimiterFactory = ({ points, duration }) =>
  new RateLimiterMemory({ points, duration });

/** The headers announced on a request so far: the tighter limit's win. */
const announced = new WeakMap<Request, { remaining: number; headers: Record<string, string> }>();

/** One limit: its options and its counters, which every middleware built with it shares. */
export interface RateLimitCounter {
  options: RateLimitOptions;
  limiterFor(points: number): RateLimiterAbstract;
}

export function rateLimitCounter(options: RateLimitOptions): RateLimitCounter {
  // One limiter per allowance; subjects with the same allowance share it under distinct keys.
  const limiters = new Map<number, RateLimiterAbstract>();
  const create = options.limiters ?? inMemory;
  return {
    options,
    limiterFor(points) {
      let limiter = limiters.get(points);
      if (!limiter) {
        const duration = options.windowSeconds;
        limiter = create({ points, duration, prefix: `${duration}:${points}` });
        limiters.set(points, limiter);
      }
      return limiter;
    },
  };
}

/** One limit as a middleware. */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<AppEnv> {
  return rateLimits(rateLimitCounter(options));
}

/**
 * Several limits checked in order in one middleware: the first that refuses answers 429 and
 * the later ones are not counted. The tightest limit's headers are set once, after all are
 * counted, rather than once per limit (each `c.header()` is a validated Headers write).
 */
export function rateLimits(...counters: RateLimitCounter[]): MiddlewareHandler<AppEnv> {
  return async function rateLimited(c, next) {
    // One record per request, shared by the limits that apply to it: the tighter one wins.
    let record = announced.get(c.req.raw);
    // The first limits of the request add the winner's headers once all limits have run.
    const first = !record;
    if (!record) {
      record = { remaining: Number.POSITIVE_INFINITY, headers: {} };
      announced.set(c.req.raw, record);
    }
    let tighter = false;
    const cost = c.get('requestCost') ?? 1;
    for (const { options, limiterFor } of counters) {
      const points = options.points(c);
      let state: RateLimiterRes;
      let allowed = true;
      try {
        state = await limiterFor(points).consume(options.key(c), cost);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        state = rejection;
        allowed = false;
      }
      const remaining = Math.max(0, state.remainingPoints);
      const resetSeconds = Math.max(1, Math.ceil(state.msBeforeNext / 1000));
      if (!allowed || remaining < record.remaining) {
        tighter = true;
        record.remaining = remaining;
        record.headers = {
          'RateLimit-Limit': String(points),
          'RateLimit-Remaining': String(remaining),
          'RateLimit-Reset': String(resetSeconds),
          'RateLimit-Policy': `${points};w=${options.windowSeconds}`,
        };
      }
      if (!allowed) {
        announceHeaders(c, record.headers);
        c.header('Retry-After', String(resetSeconds));
        return errorResponse(
          c,
          429,
          `Rate limit exceeded: ${points} requests per ${describeWindow(options.windowSeconds)} per ${options.subject}. Retry after ${resetSeconds} s.`,
        );
      }
    }
    if (tighter) announceHeaders(c, record.headers);
    await next();
    if (first) ensureHeaders(c, record.headers);
  };
}

function describeWindow(seconds: number): string {
  if (seconds === 3600) return 'hour';
  if (seconds === 86_400) return 'day';
  return `${seconds} s`;
}

/**
 * The client as the limits count it: its address, or for IPv6 its /56 network. Without trusted
 * proxies the address is the socket peer. Behind `hops` trusted proxies that each append the
 * address they received from (nginx `$proxy_add_x_forwarded_for`), it is the entry `hops` places
 * from the right of the chain `X-Forwarded-For, peer`, as Express and `proxy-addr` do: entries
 * further left were written by the client and are ignored.
 */
export function clientAddress(c: Context<AppEnv>, hops: number): string {
  const peer = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
  if (hops <= 0) return countedAddress(peer);
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const chain = [...forwarded, peer];
  // Fewer entries than hops: the leftmost one is the best the proxies told us.
  return countedAddress(chain[Math.max(0, chain.length - 1 - hops)]!);
}

/**
 * One IPv6 customer holds a whole network (a /64 at least, often a /56 or /48) and may use
 * any address in it, so counting single IPv6 addresses would give one client 2^64 allowances:
 * an IPv6 address counts as its /56 (express-rate-limit's default). An address that embeds an
 * IPv4 client in its last 32 bits counts as that IPv4 address: IPv4-mapped (`::ffff:0:0/96`,
 * `::ffff:203.0.113.7`, a dual-stack socket's IPv4 peer) and the NAT64 well-known prefix
 * (`64:ff9b::/96`, RFC 6052: IPv4 clients reaching an IPv6-only server through a translator),
 * where the /56 would be one key for every IPv4 client.
 */
export function countedAddress(address: string): string {
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (embedsIPv4(groups)) {
    const [high, low] = [groups[6]!, groups[7]!];
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const network = [groups[0]!, groups[1]!, groups[2]!, groups[3]! & 0xff00];
  return `${network.map((group) => group.toString(16)).join(':')}::/56`;
}

/** The /96 prefixes whose last 32 bits are an IPv4 address: `::ffff:0:0` and `64:ff9b::`. */
function embedsIPv4(groups: number[]): boolean {
  const zeroes = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const mapped = zeroes(0, 5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && zeroes(2, 6);
  return mapped || nat64;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, an IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.replace(/%.*$/, '');
  const tail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, tail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) =>
    part ? part.split(':').map((group) => Number.parseInt(group, 16)) : [];
  const [head, rest] = text.split('::');
  const left = parse(head);
  const right = parse(rest);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
