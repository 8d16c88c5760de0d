/**
 * A store that cannot be reached is not a bug: the request is answered 503 with `Retry-After`
 * (middleware/errors.ts), and the request's log line says why in its `error`. Only failures of
 * the connection count (refused, reset, timed out, the server shutting down or out of
 * connections); an error the database gives about a statement stays unexpected (500).
 */
import pg from 'pg';

/** Its message names the store as `/health/ready` does: `postgres unavailable: <why>`. */
export class StoreUnavailable extends Error {
  constructor(store: string, cause: unknown) {
    super(`${store} unavailable: ${(cause as Error)?.message || String(cause)}`, { cause });
    this.name = 'StoreUnavailable';
  }
}

/**
 * SQLSTATE classes of a database that cannot serve now: 08 connection exception, 53
 * insufficient resources (too many connections), 57P01-57P03 shutting down or starting, and
 * 57014 a statement cancelled by its timeout.
 */
function serverUnavailable(code: string | undefined): boolean {
  if (!code) return false;
  return (
    code.startsWith('08') ||
    code.startsWith('53') ||
    code === '57014' ||
    code === '57P01' ||
    code === '57P02' ||
    code === '57P03'
  );
}

/**
 * `error` as `StoreUnavailable` when PostgreSQL could not be reached or could not serve, else
 * `error` itself. Anything but the database's own error about a statement is the connection's
 * (a refused or reset socket, pg's "Connection terminated…", a query or pool timeout).
 */
export function postgresFailure(error: unknown): unknown {
  if (error instanceof StoreUnavailable) return error;
  // A mistake in the code (a value pg cannot send) is not the database's.
  if (error instanceof TypeError || error instanceof RangeError) return error;
  if (error instanceof pg.DatabaseError && !serverUnavailable(error.code)) return error;
  return new StoreUnavailable('postgres', error);
}

/** `operation()`, its failure to reach PostgreSQL thrown as `StoreUnavailable`. */
export async function reachingPostgres<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw postgresFailure(error);
  }
}
