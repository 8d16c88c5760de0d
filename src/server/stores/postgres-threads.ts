/**
 * Threads in PostgreSQL (`--database-url`, or `DATABASE_URL`), through `pg`: what several
 * replicas share, so a thread started on one continues on any other. The schema is created
 * or migrated at start under an advisory lock, so replicas that start together migrate once.
 * Connect and statement timeouts are bounded: a dead database fails a request, it never
 * hangs it. Thread keys are stored as SHA-256 hashes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  OpenThreadOptions,
  Thread,
  ThreadMessage,
  ThreadStore,
} from '../assistant/thread-store.ts';
import { openMigratedPool, queryThroughBusyLoop } from './postgres-connect.ts';
import {
  boundedMessages,
  DEFAULT_THREAD_BOUNDS,
  keyHash,
  sameHash,
  type ThreadBounds,
} from './thread-rules.ts';
import { reachingPostgres } from './unavailable.ts';

/** Versioned schema: each entry runs once, in order, recorded in `schema_migrations`. */
export const POSTGRES_THREAD_MIGRATIONS: string[] = [
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
  // Each thread counts its messages and bytes, so an append knows without reading the thread's
  // rows whether the oldest must go, and keeps a lower bound of its messages' ids, so it then
  // reads only those (from there, not through the deleted rows before it that are not yet
  // vacuumed). The function appends in one round trip; its statements each see what was
  // committed before them, and the first one locks the thread's row, so appends to one thread
  // from several replicas take turns and the counts stay exact.
  `ALTER TABLE threads
     ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0,
     ADD COLUMN bytes BIGINT NOT NULL DEFAULT 0,
     ADD COLUMN oldest_message_id BIGINT NOT NULL DEFAULT 0;
   UPDATE threads
      SET message_count = counted.message_count, bytes = counted.bytes,
          oldest_message_id = counted.oldest_message_id
     FROM (SELECT thread_id, COUNT(*) AS message_count, SUM(bytes) AS bytes,
                  MIN(id) AS oldest_message_id
             FROM thread_messages GROUP BY thread_id) counted
    WHERE counted.thread_id = threads.id;
   CREATE FUNCTION append_thread_messages(
     thread TEXT, roles TEXT[], texts TEXT[], sizes INTEGER[], times BIGINT[],
     updated BIGINT, max_messages INTEGER, max_bytes BIGINT
   ) RETURNS VOID LANGUAGE plpgsql AS $$
   DECLARE
     kept_count INTEGER;
     kept_bytes BIGINT;
     oldest BIGINT;
   BEGIN
     UPDATE threads
        SET updated_at = updated,
            message_count = message_count + cardinality(roles),
            bytes = threads.bytes + (SELECT COALESCE(SUM(size), 0) FROM unnest(sizes) AS size)
      WHERE id = thread
     RETURNING message_count, threads.bytes, oldest_message_id
       INTO kept_count, kept_bytes, oldest;
     IF kept_count <= max_messages AND kept_bytes <= max_bytes THEN
       INSERT INTO thread_messages (thread_id, role, text, bytes, at)
         SELECT thread, m.role, m.text, m.bytes, m.at
           FROM unnest(roles, texts, sizes, times) AS m (role, text, bytes, at);
       RETURN;
     END IF;
     -- Over a bound: the oldest go first, the newest message always stays (the walk sees the
     -- thread before this statement's insert).
     WITH inserted AS (
       INSERT INTO thread_messages (thread_id, role, text, bytes, at)
         SELECT thread, m.role, m.text, m.bytes, m.at
           FROM unnest(roles, texts, sizes, times) AS m (role, text, bytes, at)
     ), walked AS (
       SELECT m.id, m.bytes, ROW_NUMBER() OVER older AS n, SUM(m.bytes) OVER older AS freed
         FROM thread_messages m
        WHERE m.thread_id = thread AND m.id >= oldest
       WINDOW older AS (ORDER BY m.id)
     ), dropped AS (
       DELETE FROM thread_messages WHERE id IN (
         SELECT w.id FROM walked w
          WHERE w.n < kept_count
            AND (kept_count - (w.n - 1) > max_messages OR kept_bytes - (w.freed - w.bytes) > max_bytes)
       )
       RETURNING id, bytes
     )
     UPDATE threads
        SET message_count = kept_count - (SELECT COUNT(*) FROM dropped),
            bytes = kept_bytes - (SELECT COALESCE(SUM(d.bytes), 0) FROM dropped d),
            oldest_message_id = COALESCE((SELECT MAX(d.id) + 1 FROM dropped d), oldest)
      WHERE id = thread;
   END $$;`,
  // At the message bound (a long conversation), an append drops as many of the oldest messages
  // as it adds: found through the (thread_id, id) index, from the thread's oldest kept id, with
  // LIMIT, instead of walking every message of the thread as the byte bound needs. The walk
  // stays for a thread over its byte bound, and for an append of more messages than the thread
  // held (the newest message always stays).
  `CREATE OR REPLACE FUNCTION append_thread_messages(
     thread TEXT, roles TEXT[], texts TEXT[], sizes INTEGER[], times BIGINT[],
     updated BIGINT, max_messages INTEGER, max_bytes BIGINT
   ) RETURNS VOID LANGUAGE plpgsql AS $$
   DECLARE
     kept_count INTEGER;
     kept_bytes BIGINT;
     oldest BIGINT;
     over INTEGER;
   BEGIN
     UPDATE threads
        SET updated_at = updated,
            message_count = message_count + cardinality(roles),
            bytes = threads.bytes + (SELECT COALESCE(SUM(size), 0) FROM unnest(sizes) AS size)
      WHERE id = thread
     RETURNING message_count, threads.bytes, oldest_message_id
       INTO kept_count, kept_bytes, oldest;
     IF kept_count <= max_messages AND kept_bytes <= max_bytes THEN
       INSERT INTO thread_messages (thread_id, role, text, bytes, at)
         SELECT thread, m.role, m.text, m.bytes, m.at
           FROM unnest(roles, texts, sizes, times) AS m (role, text, bytes, at);
       RETURN;
     END IF;
     over := kept_count - max_messages;
     IF kept_bytes <= max_bytes AND over <= kept_count - cardinality(roles) THEN
       WITH inserted AS (
         INSERT INTO thread_messages (thread_id, role, text, bytes, at)
           SELECT thread, m.role, m.text, m.bytes, m.at
             FROM unnest(roles, texts, sizes, times) AS m (role, text, bytes, at)
       ), dropped AS (
         DELETE FROM thread_messages WHERE id IN (
           SELECT m.id FROM thread_messages m
            WHERE m.thread_id = thread AND m.id >= oldest
            ORDER BY m.id
            LIMIT over
         )
         RETURNING id, bytes
       )
       UPDATE threads
          SET message_count = kept_count - (SELECT COUNT(*) FROM dropped),
              bytes = kept_bytes - (SELECT COALESCE(SUM(d.bytes), 0) FROM dropped d),
              oldest_message_id = COALESCE((SELECT MAX(d.id) + 1 FROM dropped d), oldest)
        WHERE id = thread;
       RETURN;
     END IF;
     -- Over the byte bound: the oldest go first, the newest message always stays (the walk
     -- sees the thread before this statement's insert).
     WITH inserted AS (
       INSERT INTO thread_messages (thread_id, role, text, bytes, at)
         SELECT thread, m.role, m.text, m.bytes, m.at
           FROM unnest(roles, texts, sizes, times) AS m (role, text, bytes, at)
     ), walked AS (
       SELECT m.id, m.bytes, ROW_NUMBER() OVER older AS n, SUM(m.bytes) OVER older AS freed
         FROM thread_messages m
        WHERE m.thread_id = thread AND m.id >= oldest
       WINDOW older AS (ORDER BY m.id)
     ), dropped AS (
       DELETE FROM thread_messages WHERE id IN (
         SELECT w.id FROM walked w
          WHERE w.n < kept_count
            AND (kept_count - (w.n - 1) > max_messages OR kept_bytes - (w.freed - w.bytes) > max_bytes)
       )
       RETURNING id, bytes
     )
     UPDATE threads
        SET message_count = kept_count - (SELECT COUNT(*) FROM dropped),
            bytes = kept_bytes - (SELECT COALESCE(SUM(d.bytes), 0) FROM dropped d),
            oldest_message_id = COALESCE((SELECT MAX(d.id) + 1 FROM dropped d), oldest)
      WHERE id = thread;
   END $$;`,
];

/** The advisory lock every replica takes to migrate (any constant, the same for all). */
const MIGRATION_LOCK = 4_150_611_337;
/** Connection, statement and query timeout. */
const DEFAULT_TIMEOUT_MS = 5000;

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
  private readonly timeoutMs: number;

  private constructor(pool: pg.Pool, options: PostgresThreadStoreOptions) {
    this.pool = pool;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.bounds = { ...DEFAULT_THREAD_BOUNDS, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Connects, and creates or migrates the schema (once across replicas starting together). */
  static async open(
    url: string,
    options: PostgresThreadStoreOptions = {},
  ): Promise<PostgresThreadStore> {
    const pool = await openMigratedPool(url, {
      max: options.maxConnections ?? 10,
      timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      lock: MIGRATION_LOCK,
      table: 'schema_migrations',
      migrations: POSTGRES_THREAD_MIGRATIONS,
    });
    return new PostgresThreadStore(pool, options);
  }

  /**
   * A query on a connection made through a busy loop; a database that cannot be reached fails
   * it with `StoreUnavailable` (503).
   */
  private query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    config: pg.QueryConfig | string,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    const query = typeof config === 'string' ? { text: config, ...(values && { values }) } : config;
    return reachingPostgres(() => queryThroughBusyLoop<R>(this.pool, this.timeoutMs, query));
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
    await this.query({
      name: 'docs-assistant-create-thread',
      text: 'INSERT INTO threads (id, domain, key_hash, fp, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)',
      values: [thread.id, domain, keyHash(thread.key), fp, at],
    });
    return thread;
  }

  async open(
    domain: string,
    id: string,
    key: string,
    options: OpenThreadOptions = {},
  ): Promise<Thread | undefined> {
    // One round trip either way: the thread's row alone, or beside each of its messages.
    const { rows } = await this.query<ThreadRow>(
      options.messages === false
        ? {
            name: 'docs-assistant-open-thread',
            text: 'SELECT domain, key_hash, fp, created_at, updated_at FROM threads WHERE id = $1',
            values: [id],
          }
        : {
            name: 'docs-assistant-open-thread-messages',
            text: `SELECT t.domain, t.key_hash, t.fp, t.created_at, t.updated_at, m.role, m.text, m.at
                     FROM threads t LEFT JOIN thread_messages m ON m.thread_id = t.id
                    WHERE t.id = $1
                    ORDER BY m.id`,
            values: [id],
          },
    );
    const row = rows[0];
    if (!row || row.domain !== domain || !sameHash(row.key_hash, keyHash(key))) return undefined;
    const messages: ThreadMessage[] = [];
    for (const { role, text, at } of rows) {
      if (role && typeof text === 'string') messages.push({ role, text, at: Number(at) });
    }
    return {
      id,
      key,
      domain,
      fp: row.fp,
      messages,
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
    };
  }

  /** One round trip: `append_thread_messages` (migration 2) appends, counts and trims. */
  async append(thread: Thread, messages: ThreadMessage[]): Promise<void> {
    const kept = boundedMessages(messages, this.bounds);
    const at = this.now();
    await this.query({
      name: 'docs-assistant-append',
      text: 'SELECT append_thread_messages($1, $2::text[], $3::text[], $4::int[], $5::bigint[], $6, $7, $8)',
      values: [
        thread.id,
        kept.map((m) => m.role),
        kept.map((m) => m.text),
        kept.map((m) => m.bytes),
        kept.map((m) => m.at),
        at,
        this.bounds.maxMessages,
        this.bounds.maxThreadBytes,
      ],
    });
    for (const message of kept) {
      thread.messages.push({ role: message.role, text: message.text, at: message.at });
    }
    thread.updatedAt = at;
  }

  async prune(before: number): Promise<number> {
    const result = await this.query('DELETE FROM threads WHERE updated_at < $1', [before]);
    return result.rowCount ?? 0;
  }

  async check(): Promise<void> {
    await queryThroughBusyLoop(this.pool, this.timeoutMs, { text: 'SELECT 1' });
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** The thread's columns, and one message's when its messages are read (null when it has none). */
interface ThreadRow {
  domain: string;
  key_hash: string;
  fp: string;
  created_at: string;
  updated_at: string;
  role?: ThreadMessage['role'] | null;
  text?: string | null;
  at?: string | null;
}
