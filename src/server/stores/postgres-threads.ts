/**
 * Threads in PostgreSQL (`--database-url`, or `DATABASE_URL`), through `pg`: what several
 * replicas share, so a thread started on one continues on any other. The schema is created
 * or migrated at start under an advisory lock, so replicas that start together migrate once.
 * Connect and statement timeouts are bounded: a dead database fails a request, it never
 * hangs it. Thread keys are stored as SHA-256 hashes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Thread, ThreadMessage, ThreadStore } from '../assistant/thread-store.ts';
import {
  boundedMessages,
  DEFAULT_THREAD_BOUNDS,
  keyHash,
  sameHash,
  type ThreadBounds,
  utf8Bytes,
} from './thread-rules.ts';

/** Versioned schema: each entry runs once, in order, recorded in `schema_migrations`. */
const MIGRATIONS: string[] = [
  `CREATE TABLE threads (
     id TEXT PRIMARY KEY,
     domain TEXT NOT NULL,
     key_hash TEXT NOT NULL,
     fp TEXT NOT NULL,
     created_at BIGINT NOT NULL,
     updated_at BIGINT NOT NULL
   );
   CREATE INDEX threads_updated_at ON threads (updated_at);
   CREATE TABLE thread_messages (
     id BIGSERIAL PRIMARY KEY,
     thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
     role TEXT NOT NULL,
     text TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     at BIGINT NOT NULL
   );
   CREATE INDEX thread_messages_thread ON thread_messages (thread_id, id);`,
];

/** The advisory lock every replica takes to migrate (any constant, the same for all). */
const MIGRATION_LOCK = 4_150_611_337;

export interface PostgresThreadStoreOptions extends Partial<ThreadBounds> {
  /** Most connections per process; default 10. */
  maxConnections?: number;
  /** Milliseconds to connect and per statement; default 5,000. */
  timeoutMs?: number;
  now?: () => number;
}

export class PostgresThreadStore implements ThreadStore {
  readonly name = 'postgres';
  private readonly pool: pg.Pool;
  private readonly bounds: ThreadBounds;
  private readonly now: () => number;

  private constructor(pool: pg.Pool, options: PostgresThreadStoreOptions) {
    this.pool = pool;
    this.bounds = { ...DEFAULT_THREAD_BOUNDS, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Connects, and creates or migrates the schema (once across replicas starting together). */
  static async open(
    url: string,
    options: PostgresThreadStoreOptions = {},
  ): Promise<PostgresThreadStore> {
    const timeout = options.timeoutMs ?? 5000;
    const pool = new pg.Pool({
      connectionString: url,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: timeout,
      statement_timeout: timeout,
      query_timeout: timeout,
      idleTimeoutMillis: 30_000,
    });
    // An idle client that loses its connection must not crash the process.
    pool.on('error', () => {});
    try {
      await migrate(pool);
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return new PostgresThreadStore(pool, options);
  }

  async create(domain: string, fp: string): Promise<Thread> {
    const at = this.now();
    const thread: Thread = {
      id: randomUUID(),
      key: randomBytes(24).toString('base64url'),
      domain,
      fp,
      messages: [],
      createdAt: at,
      updatedAt: at,
    };
    // Named statements: each connection parses and plans them once.
    await this.pool.query({
      name: 'docs-assistant-create-thread',
      text: 'INSERT INTO threads (id, domain, key_hash, fp, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
      values: [thread.id, domain, keyHash(thread.key), fp, at],
    });
    return thread;
  }

  async open(domain: string, id: string, key: string): Promise<Thread | undefined> {
    const { rows } = await this.pool.query<ThreadRow>({
      name: 'docs-assistant-open-thread',
      text: `SELECT t.domain, t.key_hash, t.fp, t.created_at, t.updated_at,
              COALESCE(json_agg(json_build_object('role', m.role, 'text', m.text, 'at', m.at)
                ORDER BY m.id) FILTER (WHERE m.id IS NOT NULL), '[]') AS messages
         FROM threads t LEFT JOIN thread_messages m ON m.thread_id = t.id
        WHERE t.id = $1
        GROUP BY t.id`,
      values: [id],
    });
    const row = rows[0];
    if (!row || row.domain !== domain || !sameHash(row.key_hash, keyHash(key))) return undefined;
    return {
      id,
      key,
      domain,
      fp: row.fp,
      messages: row.messages.map((m) => ({ role: m.role, text: m.text, at: Number(m.at) })),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /**
   * One statement, one round trip: insert the messages, touch the thread, and, when the thread
   * as this process knows it comes within half of a bound, drop what the bounds no longer allow (the statement's DELETE sees the thread as it was, so the new
   * messages' count and bytes are added to what it counts; the new ones always stay).
   */
  async append(thread: Thread, messages: ThreadMessage[]): Promise<void> {
    const kept = boundedMessages(messages, this.bounds);
    const at = this.now();
    const newBytes = kept.reduce((total, message) => total + message.bytes, 0);
    if (withinBounds(thread, kept.length, newBytes, this.bounds)) {
      await this.pool.query({
        name: 'docs-assistant-append-within-bounds',
        text: `WITH inserted AS (
           INSERT INTO thread_messages (thread_id, role, text, bytes, at)
           SELECT $1, role, text, bytes, at
             FROM unnest($2::text[], $3::text[], $4::int[], $5::bigint[]) AS m (role, text, bytes, at)
         )
         UPDATE threads SET updated_at = $6 WHERE id = $1`,
        values: [
          thread.id,
          kept.map((m) => m.role),
          kept.map((m) => m.text),
          kept.map((m) => m.bytes),
          kept.map((m) => m.at),
          at,
        ],
      });
      for (const message of kept) {
        thread.messages.push({ role: message.role, text: message.text, at: message.at });
      }
      thread.updatedAt = at;
      return;
    }
    await this.pool.query({
      name: 'docs-assistant-append',
      text: `WITH inserted AS (
         INSERT INTO thread_messages (thread_id, role, text, bytes, at)
         SELECT $1, role, text, bytes, at
           FROM unnest($2::text[], $3::text[], $4::int[], $5::bigint[]) AS m (role, text, bytes, at)
         RETURNING id
       ), touched AS (
         UPDATE threads SET updated_at = $6 WHERE id = $1 RETURNING id
       )
       DELETE FROM thread_messages WHERE id IN (
         SELECT id FROM (
           SELECT id,
                  ROW_NUMBER() OVER (ORDER BY id DESC) AS newer_count,
                  SUM(bytes) OVER (ORDER BY id DESC) AS newer_bytes
             FROM thread_messages WHERE thread_id = $1
         ) sized
         WHERE newer_count + $7 > $8 OR newer_bytes + $9 > $10
       )`,
      values: [
        thread.id,
        kept.map((m) => m.role),
        kept.map((m) => m.text),
        kept.map((m) => m.bytes),
        kept.map((m) => m.at),
        at,
        kept.length,
        this.bounds.maxMessages,
        newBytes,
        this.bounds.maxThreadBytes,
      ],
    });
    for (const message of kept) {
      thread.messages.push({ role: message.role, text: message.text, at: message.at });
    }
    thread.updatedAt = at;
  }

  async prune(before: number): Promise<number> {
    const result = await this.pool.query('DELETE FROM threads WHERE updated_at < $1', [before]);
    return result.rowCount ?? 0;
  }

  async check(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * Whether a thread with `count` more messages and `bytes` more bytes stays within half of each
 * bound, so the append can skip counting the thread's rows. The thread as loaded may miss
 * messages another replica appended meanwhile; the half margin covers them, and any later
 * append that comes near a bound prunes the thread exactly.
 */
function withinBounds(thread: Thread, count: number, bytes: number, bounds: ThreadBounds) {
  if ((thread.messages.length + count) * 2 > bounds.maxMessages) return false;
  let total = bytes;
  for (const message of thread.messages) total += utf8Bytes(message.text);
  return total * 2 <= bounds.maxThreadBytes;
}

interface ThreadRow {
  domain: string;
  key_hash: string;
  fp: string;
  created_at: string;
  updated_at: string;
  messages: { role: 'user' | 'assistant'; text: string; at: number }[];
}

async function migrate(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)',
      );
      const { rows } = await client.query<{ version: number }>(
        'SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations',
      );
      for (let version = Number(rows[0]!.version) + 1; version <= MIGRATIONS.length; version++) {
        await client.query('BEGIN');
        try {
          await client.query(MIGRATIONS[version - 1]!);
          await client.query(
            'INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)',
            [version, Date.now()],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          throw error;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    }
  } finally {
    client.release();
  }
}
