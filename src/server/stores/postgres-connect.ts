/**
 * A PostgreSQL pool for a store, its schema migrated on opening, and connections that survive
 * a busy event loop, the first and every later one the pool opens. pg's connection timeout is
 * a timer: when the event loop is held (indexing a large site, a loaded machine), the timer
 * fires as soon as the loop is free, before the database's answer that arrived meanwhile is
 * read, and the connection fails although the database answered. A connection that failed
 * while the loop was busy for much of its time is tried again (a few times at most); one that
 * failed while the loop waited for the database fails as before, in one timeout, and the
 * request that needed it is answered 503 (stores/unavailable.ts).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

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

/**
 * `query` on a connection of `pool` made by `connectThroughBusyLoop`, as `pool.query` does it
 * otherwise: the connection goes back to the pool, or is closed when the query failed.
 */
export async function queryThroughBusyLoop<R extends pg.QueryResultRow = pg.QueryResultRow>(
  pool: pg.Pool,
  timeoutMs: number,
  query: pg.QueryConfig,
): Promise<pg.QueryResult<R>> {
  const client = await connectThroughBusyLoop(pool, timeoutMs);
  try {
    const result = await client.query<R>(query);
    client.release();
    return result;
  } catch (error) {
    client.release(error instanceof Error ? error : true);
    throw error;
  }
}

export interface MigratedPoolOptions {
  /** Connections the pool opens at most. */
  max: number;
  /** Connection, statement and query timeout. */
  timeoutMs: number;
  /** The advisory lock replicas starting together take to migrate, one at a time. */
  lock: number;
  /** The table that records which migrations ran (`version`, `applied_at`). */
  table: string;
  /** Versioned schema: each entry runs once, in order, in its own transaction. */
  migrations: readonly string[];
}

/**
 * A pool to `url` whose schema is created or migrated (once across replicas starting
 * together). The pool is closed again when the connection or a migration fails.
 */
export async function openMigratedPool(
  url: string,
  options: MigratedPoolOptions,
): Promise<pg.Pool> {
  const { timeoutMs, lock, table, migrations } = options;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  try {
    const client = await connectThroughBusyLoop(pool, timeoutMs);
    try {
      await client.query('SELECT pg_advisory_lock($1)', [lock]);
      try {
        await client.query(
          `CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)`,
        );
        const { rows } = await client.query<{ version: number }>(
          `SELECT COALESCE(MAX(version), 0) AS version FROM ${table}`,
        );
        for (let version = Number(rows[0]!.version) + 1; version <= migrations.length; version++) {
          await client.query('BEGIN');
          try {
            await client.query(migrations[version - 1]!);
            await client.query(`INSERT INTO ${table} (version, applied_at) VALUES ($1, $2)`, [
              version,
              Date.now(),
            ]);
            await client.query('COMMIT');
          } catch (error) {
            await client.query('ROLLBACK').catch(() => {});
            throw error;
          }
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => {});
      }
    } finally {
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  return pool;
}
