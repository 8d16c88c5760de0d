/**
 * The two engines insights run on, behind one small interface: SQLite (`node:sqlite`, the
 * embedded default, also in memory) and PostgreSQL (`pg`). Statements are written once with
 * `?` placeholders; the PostgreSQL driver numbers them (`$1`, `$2`…). Each engine migrates
 * its own `insights_migrations` under its lock, so replicas that start together migrate once.
 */
import { createHash } from 'node:crypto';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { openMigratedPool, queryThroughBusyLoop } from '../stores/postgres-connect.ts';
import { reachingPostgres } from '../stores/unavailable.ts';

export type Row = Record<string, unknown>;

export interface SqlDriver {
  readonly dialect: 'sqlite' | 'postgres';
  all(sql: string, params?: unknown[]): Promise<Row[]>;
  run(sql: string, params?: unknown[]): Promise<number>;
  close(): Promise<void>;
}

/** Schema versions; `{id}` is the engine's auto-increment primary key. */
export const MIGRATIONS: string[] = [
  `CREATE TABLE insights_answers (
     id {id},
     domain TEXT NOT NULL,
     at BIGINT NOT NULL,
     thread_id TEXT NOT NULL,
     message_id TEXT NOT NULL,
     question TEXT,
     language TEXT,
     current_path TEXT,
     retrieved TEXT NOT NULL,
     cited TEXT NOT NULL,
     top_path TEXT,
     covered INTEGER NOT NULL,
     model TEXT NOT NULL,
     first_chunk_ms INTEGER NOT NULL,
     total_ms INTEGER NOT NULL,
     stopped INTEGER NOT NULL,
     fp_hash TEXT NOT NULL
   );
   CREATE INDEX insights_answers_domain_at ON insights_answers (domain, at);
   CREATE INDEX insights_answers_message ON insights_answers (domain, thread_id, message_id);
   CREATE TABLE insights_searches (
     id {id},
     domain TEXT NOT NULL,
     at BIGINT NOT NULL,
     query TEXT NOT NULL,
     query_key TEXT NOT NULL,
     result_count INTEGER NOT NULL,
     top_paths TEXT NOT NULL
   );
   CREATE INDEX insights_searches_domain_at ON insights_searches (domain, at);
   CREATE TABLE insights_feedback (
     id TEXT PRIMARY KEY,
     domain TEXT NOT NULL,
     at BIGINT NOT NULL,
     source TEXT NOT NULL,
     path TEXT,
     helpful INTEGER NOT NULL,
     reason TEXT,
     comment TEXT,
     thread_id TEXT,
     message_id TEXT
   );
   CREATE INDEX insights_feedback_domain_at ON insights_feedback (domain, at);
   CREATE UNIQUE INDEX insights_feedback_message ON insights_feedback (domain, thread_id, message_id);
   CREATE TABLE insights_meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  // Topics list a few example questions per page: found by page, newest first.
  'CREATE INDEX insights_answers_topic ON insights_answers (domain, top_path, id);',
  // A reader's votes on one answer are ordered by version (the client's, else the time the
  // server received the vote), not by which replica writes last: rows before it keep `at`.
  'ALTER TABLE insights_feedback ADD COLUMN version BIGINT NOT NULL DEFAULT 0; UPDATE insights_feedback SET version = at;',
];

const ID = { sqlite: 'INTEGER PRIMARY KEY AUTOINCREMENT', postgres: 'BIGSERIAL PRIMARY KEY' };

/** SQLite, in a file (shared with the thread store) or `:memory:`. */
export async function openSqliteDriver(file: string): Promise<SqlDriver> {
  const { DatabaseSync } = await import('node:sqlite');
  if (file !== ':memory:') {
    const { mkdirSync } = await import('node:fs');
    const { dirname } = await import('node:path');
    mkdirSync(dirname(file), { recursive: true });
  }
  const db: DatabaseSync = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000;');
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(
      'CREATE TABLE IF NOT EXISTS insights_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const done = Number(
      (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM insights_migrations').get() as Row)[
        'v'
      ],
    );
    for (let version = done + 1; version <= MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version - 1]!.replaceAll('{id}', ID.sqlite));
      db.prepare('INSERT INTO insights_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        Date.now(),
      );
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    db.close();
    throw error;
  }
  return {
    dialect: 'sqlite',
    async all(sql, params = []) {
      return prepared(sql).all(...(params as never[])) as Row[];
    },
    async run(sql, params = []) {
      return Number(prepared(sql).run(...(params as never[])).changes);
    },
    async close() {
      db.close();
    },
  };
}

/** The advisory lock replicas take to migrate the insights tables. */
const MIGRATION_LOCK = 4_150_611_338;

export async function openPostgresDriver(
  url: string,
  options: { timeoutMs?: number } = {},
): Promise<SqlDriver> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const pool = await openMigratedPool(url, {
    max: 5,
    timeoutMs,
    lock: MIGRATION_LOCK,
    table: 'insights_migrations',
    migrations: MIGRATIONS.map((sql) => sql.replaceAll('{id}', ID.postgres)),
  });
  const texts = new Map<string, { name: string; text: string }>();
  const numbered = (sql: string) => {
    let found = texts.get(sql);
    if (!found) {
      let n = 0;
      const text = sql.replace(/\?/g, () => `$${++n}`);
      const name = `insights-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      found = { name, text };
      texts.set(sql, found);
    }
    return found;
  };
  // Each connection made through a busy loop; a database that cannot be reached: 503.
  const query = (sql: string, params: unknown[]) =>
    reachingPostgres(() =>
      queryThroughBusyLoop(pool, timeoutMs, { ...numbered(sql), values: params }),
    );
  return {
    dialect: 'postgres',
    async all(sql, params = []) {
      return (await query(sql, params)).rows as Row[];
    },
    async run(sql, params = []) {
      return (await query(sql, params)).rowCount ?? 0;
    },
    async close() {
      await pool.end();
    },
  };
}
