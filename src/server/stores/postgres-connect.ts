/**
 * A first connection that survives a busy start. pg's connection timeout is a timer: when the
 * event loop is held (indexing a large site, a loaded machine), the timer fires as soon as the
 * loop is free, before the database's answer that arrived meanwhile is read, and the
 * connection fails although the database answered. A connection that failed while the loop
 * was busy for much of its time is tried again; one that failed while the loop waited for the
 * database fails as before, in one timeout.
 */
import { performance } from 'node:perf_hooks';
import type pg from 'pg';

/** Tries at most this many times in all. */
const ATTEMPTS = 5;
/** An attempt whose loop was busy for this share of the timeout or more is tried again. */
const BUSY_SHARE = 0.5;

export async function connectThroughBusyLoop(
  pool: pg.Pool,
  timeoutMs: number,
): Promise<pg.PoolClient> {
  for (let attempt = 1; ; attempt++) {
    const before = performance.eventLoopUtilization();
    try {
      return await pool.connect();
    } catch (error) {
      const { active } = performance.eventLoopUtilization(before);
      if (attempt >= ATTEMPTS || active < timeoutMs * BUSY_SHARE) throw error;
    }
  }
}
