/**
 * Threads in SQLite, through Node's built-in `node:sqlite` (no native add-on to build): the
 * embedded default, one file in the data folder, so a restart loses no conversation. Writes
 * are small and synchronous (SQLite's own locking, WAL journal); several processes on one
 * machine may share the file. Thread keys are stored as SHA-256 hashes: a copy of the file
 * does not let anyone continue a reader's conversation.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type {
  OpenThreadOptions,
  Thread,
  ThreadMessage,
  ThreadStore,
} from '../assistant/thread-store.ts';
import {
  boundedMessages,
  DEFAULT_THREAD_BOUNDS,
  keyHash,
  sameHash,
  type ThreadBounds,
} from './thread-rules.ts';

/** Versioned schema: each entry runs once, in order, recorded in `schema_migrations`. */
const MIGRATIONS: string[] = [
  `CREATE TABLE threads (
     id TEXT PRIMARY KEY,
     domain TEXT NOT NULL,
     key_hash TEXT NOT NULL,
     fp TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE INDEX threads_updated_at ON threads (updated_at);
   CREATE TABLE thread_messages (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     thread_id TEXT NOT NULL REFERENCES threads (id) ON DELETE CASCADE,
     role TEXT NOT NULL,
     text TEXT NOT NULL,
     bytes INTEGER NOT NULL,
     at INTEGER NOT NULL
   );
   CREATE INDEX thread_messages_thread ON thread_messages (thread_id, id);`,
  // Each thread counts its messages and bytes, so an append reads the thread's rows only when
  // the oldest must go, and then only those.
  `ALTER TABLE threads ADD COLUMN message_count INTEGER NOT NULL DEFAULT 0;
   ALTER TABLE threads ADD COLUMN bytes INTEGER NOT NULL DEFAULT 0;
   UPDATE threads SET
     message_count = (SELECT COUNT(*) FROM thread_messages m WHERE m.thread_id = threads.id),
     bytes = (SELECT COALESCE(SUM(m.bytes), 0) FROM thread_messages m WHERE m.thread_id = threads.id);`,
];

export interface SqliteThreadStoreOptions extends Partial<ThreadBounds> {
  now?: () => number;
}

export class SqliteThreadStore implements ThreadStore {
  readonly name = 'sqlite';
  private readonly db: DatabaseSync;
  private readonly bounds: ThreadBounds;
  private readonly now: () => number;

  private readonly insert: StatementSync;
  private readonly count: StatementSync;
  private readonly oldest: StatementSync;
  private readonly drop: StatementSync;
  private readonly recount: StatementSync;
  private readonly readThread: StatementSync;
  private readonly readMessages: StatementSync;

  private constructor(db: DatabaseSync, options: SqliteThreadStoreOptions) {
    this.db = db;
    this.readThread = db.prepare(
      'SELECT domain, key_hash, fp, created_at, updated_at FROM threads WHERE id = ?',
    );
    this.readMessages = db.prepare(
      'SELECT role, text, at FROM thread_messages WHERE thread_id = ? ORDER BY id',
    );
    this.insert = db.prepare(
      'INSERT INTO thread_messages (thread_id, role, text, bytes, at) VALUES (?, ?, ?, ?, ?)',
    );
    this.count = db.prepare(
      `UPDATE threads SET updated_at = ?, message_count = message_count + ?, bytes = bytes + ?
        WHERE id = ? RETURNING message_count, bytes`,
    );
    this.oldest = db.prepare(
      'SELECT id, bytes FROM thread_messages WHERE thread_id = ? ORDER BY id',
    );
    this.drop = db.prepare('DELETE FROM thread_messages WHERE id = ?');
    this.recount = db.prepare('UPDATE threads SET message_count = ?, bytes = ? WHERE id = ?');
    this.bounds = { ...DEFAULT_THREAD_BOUNDS, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Opens (and creates or migrates) the database file. */
  static async open(
    file: string,
    options: SqliteThreadStoreOptions = {},
  ): Promise<SqliteThreadStore> {
    const { DatabaseSync } = await import('node:sqlite');
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const db = new DatabaseSync(file);
    // WAL with synchronous=NORMAL: no corruption on a crash, a power cut may lose the last
    // messages written; a commit costs no fsync.
    db.exec(
      'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
    );
    migrate(db);
    return new SqliteThreadStore(db, options);
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
    this.db
      .prepare(
        'INSERT INTO threads (id, domain, key_hash, fp, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(thread.id, domain, keyHash(thread.key), fp, at, at);
    return thread;
  }

  async open(
    domain: string,
    id: string,
    key: string,
    options: OpenThreadOptions = {},
  ): Promise<Thread | undefined> {
    const row = this.readThread.get(id) as ThreadRow | undefined;
    if (!row || row.domain !== domain || !sameHash(row.key_hash, keyHash(key))) return undefined;
    const messages =
      options.messages === false
        ? []
        : (this.readMessages.all(id) as unknown as ThreadMessage[]).map((m) => ({
            role: m.role,
            text: m.text,
            at: Number(m.at),
          }));
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

  async append(thread: Thread, messages: ThreadMessage[]): Promise<void> {
    const kept = boundedMessages(messages, this.bounds);
    const at = this.now();
    const newBytes = kept.reduce((total, message) => total + message.bytes, 0);
    // BEGIN IMMEDIATE takes the write lock first: what the counts say is what the file holds.
    this.db.exec('BEGIN IMMEDIATE');
    try {
      const counted = this.count.get(at, kept.length, newBytes, thread.id) as
        | { message_count: number; bytes: number }
        | undefined;
      for (const message of kept) {
        this.insert.run(thread.id, message.role, message.text, message.bytes, message.at);
      }
      if (counted) this.trim(thread.id, counted.message_count, counted.bytes);
      this.db.exec('COMMIT');
    } catch (error) {
      this.db.exec('ROLLBACK');
      throw error;
    }
    for (const message of kept)
      thread.messages.push({ role: message.role, text: message.text, at: message.at });
    thread.updatedAt = at;
  }

  /**
   * The thread's bounds: at most maxMessages and maxThreadBytes, the oldest go first and the
   * newest message always stays. Reads only the messages that go, and the first that stays.
   */
  private trim(id: string, count: number, bytes: number): void {
    const { maxMessages, maxThreadBytes } = this.bounds;
    if (count <= maxMessages && bytes <= maxThreadBytes) return;
    const dropped: number[] = [];
    for (const row of this.oldest.iterate(id) as Iterable<{ id: number; bytes: number }>) {
      if (count <= 1 || (count <= maxMessages && bytes <= maxThreadBytes)) break;
      dropped.push(row.id);
      count--;
      bytes -= row.bytes;
    }
    for (const message of dropped) this.drop.run(message);
    this.recount.run(count, bytes, id);
  }

  /** Deletes threads (and their messages) not updated since `before` (ms); returns how many. */
  async prune(before: number): Promise<number> {
    const result = this.db.prepare('DELETE FROM threads WHERE updated_at < ?').run(before);
    return Number(result.changes);
  }

  async check(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    if (this.db.isOpen) this.db.close();
  }
}

interface ThreadRow {
  domain: string;
  key_hash: string;
  fp: string;
  created_at: number;
  updated_at: number;
}

function migrate(db: DatabaseSync): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const row = db
      .prepare('SELECT COALESCE(MAX(version), 0) AS version FROM schema_migrations')
      .get() as {
      version: number;
    };
    for (let version = Number(row.version) + 1; version <= MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version - 1]!);
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        Date.now(),
      );
    }
    db.exec('COMMIT');
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}
