/**
 * Insights: what readers asked and how it went, what they searched, and their feedback, in
 * SQLite or PostgreSQL (one class, the engine behind `SqlDriver`). It also keeps the feedback
 * of readers' thumbs and agents' reports (it is the server's `FeedbackStore`). A reader's
 * latest thumbs on an answer replaces the earlier one.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type {
  FeedbackEntry,
  FeedbackInput,
  FeedbackQuery,
  FeedbackStore,
} from '../agents/feedback-store.ts';
import {
  type AnswerRecord,
  type Conversation,
  type ConversationQuery,
  type CountOf,
  type DayCount,
  type GapQuestion,
  isoDay,
  type Overview,
  type Paged,
  type PageFeedback,
  type PageRequest,
  type Range,
  type ScoredPath,
  type SearchRecord,
  type SearchWithoutResults,
  type Topic,
} from './records.ts';
import type { Row, SqlDriver } from './sql-driver.ts';

const DAY_MS = 86_400_000;
/** Longest question, query and comment kept, in characters. */
const TEXT_MAX = 2000;
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

export class InsightsStore implements FeedbackStore {
  private salt: string | undefined;
  private readonly db: SqlDriver;
  private readonly now: () => number;

  constructor(db: SqlDriver, now: () => number = Date.now) {
    this.db = db;
    this.now = now;
  }

  get engine(): string {
    return this.db.dialect;
  }

  /** The reader's `fp`, hashed with this installation's salt (kept in the database). */
  async fpHash(fp: string): Promise<string> {
    this.salt ??= await this.loadSalt();
    return createHash('sha256').update(`${this.salt}:${fp}`).digest('hex').slice(0, 32);
  }

  private async loadSalt(): Promise<string> {
    await this.db.run(
      'INSERT INTO insights_meta (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
      ['fp_salt', randomBytes(24).toString('base64url')],
    );
    const rows = await this.db.all('SELECT value FROM insights_meta WHERE name = ?', ['fp_salt']);
    return String(rows[0]!['value']);
  }

  async recordAnswer(record: AnswerRecord): Promise<void> {
    const topPath = record.cited[0] ?? record.retrieved[0]?.path ?? null;
    await this.db.run(
      `INSERT INTO insights_answers (domain, at, thread_id, message_id, question, language,
         current_path, retrieved, cited, top_path, covered, model, first_chunk_ms, total_ms,
         stopped, fp_hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        record.domain,
        record.at,
        record.threadId,
        record.messageId,
        record.question === undefined ? null : record.question.slice(0, TEXT_MAX),
        record.language ?? null,
        record.currentPath ?? null,
        JSON.stringify(record.retrieved.map(({ path, score }) => ({ path, score: round(score) }))),
        JSON.stringify(record.cited),
        topPath,
        record.covered ? 1 : 0,
        record.model,
        Math.round(record.firstChunkMs),
        Math.round(record.totalMs),
        record.stopped ? 1 : 0,
        record.fpHash,
      ],
    );
  }

  async recordSearch(record: SearchRecord): Promise<void> {
    const query = record.query.slice(0, TEXT_MAX);
    await this.db.run(
      `INSERT INTO insights_searches (domain, at, query, query_key, result_count, top_paths)
       VALUES (?, ?, ?, ?, ?, ?)`,
      [
        record.domain,
        record.at,
        query,
        queryKey(query),
        record.resultCount,
        JSON.stringify(record.topPaths),
      ],
    );
  }

  /**
   * FeedbackStore: a reader's thumbs replaces their earlier one on the same answer, in one
   * upsert keyed by the answer, unless the kept one has a higher `version` (default: now): two
   * replicas that each take one of a reader's votes keep the later vote, whichever writes
   * last. Thumbs on
   * an answer this site never recorded in that thread (an unknown `messageId`, or a site whose
   * logging is off) are not kept: they would count in the totals for no answer.
   */
  async add(input: FeedbackInput): Promise<FeedbackEntry | undefined> {
    if (input.source === 'reader' && !(await this.hasAnswer(input))) return undefined;
    const entry: FeedbackEntry = {
      ...input,
      ...(input.reason !== undefined && { reason: input.reason.slice(0, TEXT_MAX) }),
      ...(input.comment !== undefined && { comment: input.comment.slice(0, TEXT_MAX) }),
      ...(input.path !== undefined && { path: input.path.slice(0, TEXT_MAX) }),
      id: randomUUID(),
      at: this.now(),
    };
    entry.version = input.version ?? entry.at;
    await this.db.run(
      `INSERT INTO insights_feedback (id, domain, at, source, path, helpful, reason, comment,
         thread_id, message_id, version)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (domain, thread_id, message_id) DO UPDATE SET at = excluded.at,
         helpful = excluded.helpful, reason = excluded.reason, comment = excluded.comment,
         version = excluded.version
       WHERE insights_feedback.version <= excluded.version`,
      [
        entry.id,
        entry.domain,
        entry.at,
        entry.source,
        entry.path ?? null,
        entry.helpful ? 1 : 0,
        entry.reason ?? null,
        entry.comment ?? null,
        entry.threadId ?? null,
        entry.messageId ?? null,
        entry.version,
      ],
    );
    return entry;
  }

  private async hasAnswer({ domain, threadId, messageId }: FeedbackInput): Promise<boolean> {
    if (!threadId || !messageId) return false;
    const rows = await this.db.all(
      `SELECT 1 AS found FROM insights_answers
        WHERE domain = ? AND thread_id = ? AND message_id = ? LIMIT 1`,
      [domain, threadId, messageId],
    );
    return rows.length > 0;
  }

  async list(query: FeedbackQuery): Promise<FeedbackEntry[]> {
    const rows = await this.db.all(
      `SELECT * FROM insights_feedback WHERE domain = ? ${query.source ? 'AND source = ?' : ''}
       ORDER BY at DESC LIMIT ?`,
      [query.domain, ...(query.source ? [query.source] : []), query.limit ?? 100],
    );
    return rows.map(
      (row): FeedbackEntry => ({
        id: String(row['id']),
        at: Number(row['at']),
        domain: String(row['domain']),
        source: row['source'] as FeedbackEntry['source'],
        helpful: Number(row['helpful']) === 1,
        ...optional('path', row['path']),
        ...optional('reason', row['reason']),
        ...optional('comment', row['comment']),
        ...optional('threadId', row['thread_id']),
        ...optional('messageId', row['message_id']),
      }),
    );
  }

  /** Each question, newest first, with its feedback; filtered, paged by `cursor`. */
  async conversations(query: ConversationQuery): Promise<Paged<Conversation>> {
    const limit = pageLimit(query);
    const where = ['a.domain = ?', 'a.at >= ?', 'a.at < ?'];
    const params: unknown[] = [query.domain, query.from, query.to];
    if (query.cursor) {
      where.push('a.id < ?');
      params.push(Number(query.cursor));
    }
    if (query.language) {
      where.push('a.language = ?');
      params.push(query.language);
    }
    if (query.covered !== undefined) {
      where.push('a.covered = ?');
      params.push(query.covered ? 1 : 0);
    }
    if (query.feedback === 'none') where.push('f.helpful IS NULL');
    else if (query.feedback) {
      where.push('f.helpful = ?');
      params.push(query.feedback === 'up' ? 1 : 0);
    }
    const rows = await this.db.all(
      `SELECT a.*, f.helpful, f.reason, f.comment FROM insights_answers a
         LEFT JOIN insights_feedback f ON f.domain = a.domain AND f.thread_id = a.thread_id
           AND f.message_id = a.message_id
        WHERE ${where.join(' AND ')} ORDER BY a.id DESC LIMIT ?`,
      [...params, limit + 1],
    );
    const items = rows.slice(0, limit).map(toConversation);
    const last = rows[limit - 1];
    return { items, ...(rows.length > limit && last && { cursor: String(last['id']) }) };
  }

  /** One thread's questions and answers' records, oldest first. */
  async thread(domain: string, threadId: string): Promise<Conversation[]> {
    const rows = await this.db.all(
      `SELECT a.*, f.helpful, f.reason, f.comment FROM insights_answers a
         LEFT JOIN insights_feedback f ON f.domain = a.domain AND f.thread_id = a.thread_id
           AND f.message_id = a.message_id
        WHERE a.domain = ? AND a.thread_id = ? ORDER BY a.id`,
      [domain, threadId],
    );
    return rows.map(toConversation);
  }

  /** Questions per day, the languages asked in, the most cited pages, feedback and searches. */
  async overview(domain: string, range: Range): Promise<Overview> {
    const scope = [domain, range.from, range.to];
    const days = await this.db.all(
      `SELECT at / ${DAY_MS} AS day, COUNT(*) AS questions, SUM(covered) AS covered
         FROM insights_answers WHERE domain = ? AND at >= ? AND at < ?
        GROUP BY at / ${DAY_MS} ORDER BY day`,
      scope,
    );
    const languages = await this.db.all(
      `SELECT COALESCE(language, '') AS value, COUNT(*) AS count FROM insights_answers
        WHERE domain = ? AND at >= ? AND at < ? GROUP BY language ORDER BY count DESC`,
      scope,
    );
    const cited =
      this.db.dialect === 'sqlite'
        ? `SELECT j.value AS value, COUNT(*) AS count FROM insights_answers a, json_each(a.cited) j
            WHERE a.domain = ? AND a.at >= ? AND a.at < ? GROUP BY j.value
            ORDER BY count DESC, value LIMIT 50`
        : `SELECT j AS value, COUNT(*) AS count
             FROM insights_answers a, json_array_elements_text(a.cited::json) j
            WHERE a.domain = ? AND a.at >= ? AND a.at < ? GROUP BY j
            ORDER BY count DESC, value LIMIT 50`;
    const mostCited = await this.db.all(cited, scope);
    const feedback = await this.db.all(
      `SELECT SUM(helpful) AS up, SUM(1 - helpful) AS down FROM insights_feedback
        WHERE domain = ? AND at >= ? AND at < ?`,
      scope,
    );
    const searches = await this.db.all(
      `SELECT COUNT(*) AS total, SUM(CASE WHEN result_count = 0 THEN 1 ELSE 0 END) AS empty
         FROM insights_searches WHERE domain = ? AND at >= ? AND at < ?`,
      scope,
    );
    return {
      days: days.map(
        (row): DayCount => ({
          day: isoDay(Number(row['day'])),
          questions: Number(row['questions']),
          covered: Number(row['covered'] ?? 0),
        }),
      ),
      languages: languages.map(toCount),
      mostCited: mostCited.map(toCount),
      feedback: { up: Number(feedback[0]?.['up'] ?? 0), down: Number(feedback[0]?.['down'] ?? 0) },
      searches: {
        total: Number(searches[0]?.['total'] ?? 0),
        withoutResults: Number(searches[0]?.['empty'] ?? 0),
      },
    };
  }

  /** Every page an answer cited in the range (for the pages never cited). */
  async citedPaths(domain: string, range: Range): Promise<Set<string>> {
    const rows = await this.db.all(
      this.db.dialect === 'sqlite'
        ? `SELECT DISTINCT j.value AS path FROM insights_answers a, json_each(a.cited) j
            WHERE a.domain = ? AND a.at >= ? AND a.at < ?`
        : `SELECT DISTINCT j AS path FROM insights_answers a, json_array_elements_text(a.cited::json) j
            WHERE a.domain = ? AND a.at >= ? AND a.at < ?`,
      [domain, range.from, range.to],
    );
    return new Set(rows.map((row) => String(row['path'])));
  }

  /** Questions grouped by the page they led to, the biggest group first. */
  async topics(domain: string, range: Range & PageRequest): Promise<Paged<Topic>> {
    const limit = pageLimit(range);
    const offset = Number(range.cursor ?? 0);
    const rows = await this.db.all(
      `SELECT top_path AS path, COUNT(*) AS questions, SUM(covered) AS covered
         FROM insights_answers WHERE domain = ? AND at >= ? AND at < ? AND top_path IS NOT NULL
        GROUP BY top_path ORDER BY questions DESC, path LIMIT ? OFFSET ?`,
      [domain, range.from, range.to, limit + 1, offset],
    );
    const items: Topic[] = [];
    for (const row of rows.slice(0, limit)) {
      const examples = await this.db.all(
        // `+at`: the range is a filter here, so the (domain, top_path, id) index is used.
        `SELECT question FROM insights_answers
          WHERE domain = ? AND top_path = ? AND +at >= ? AND +at < ? AND question IS NOT NULL
          ORDER BY id DESC LIMIT 3`,
        [domain, row['path'], range.from, range.to],
      );
      items.push({
        path: String(row['path']),
        questions: Number(row['questions']),
        covered: Number(row['covered'] ?? 0),
        examples: examples.map((example) => String(example['question'])),
      });
    }
    return withCursor(items, rows.length > limit, offset + limit);
  }

  /** Thumbs up and down per page (a reader's thumbs counts for the page the answer cited). */
  async feedbackByPage(domain: string, range: Range & PageRequest): Promise<Paged<PageFeedback>> {
    const limit = pageLimit(range);
    const offset = Number(range.cursor ?? 0);
    const rows = await this.db.all(
      `SELECT COALESCE(f.path, a.top_path, '') AS path, f.source, f.helpful, f.reason, f.comment
         FROM insights_feedback f
         LEFT JOIN insights_answers a ON a.domain = f.domain AND a.thread_id = f.thread_id
           AND a.message_id = f.message_id
        WHERE f.domain = ? AND f.at >= ? AND f.at < ? ORDER BY f.at DESC LIMIT 100000`,
      [domain, range.from, range.to],
    );
    const pages = new Map<string, PageFeedback>();
    for (const row of rows) {
      const path = String(row['path']);
      let page = pages.get(path);
      if (!page) {
        page = { path, up: 0, down: 0, fromAgents: 0, comments: [] };
        pages.set(path, page);
      }
      if (Number(row['helpful']) === 1) page.up++;
      else {
        page.down++;
        if (row['source'] === 'agent') page.fromAgents++;
        const said = [row['reason'], row['comment']].filter(Boolean).join(': ');
        if (said && page.comments.length < 5) page.comments.push(said);
      }
    }
    const sorted = [...pages.values()].sort((a, b) => b.down - a.down || b.up - a.up);
    return withCursor(
      sorted.slice(offset, offset + limit),
      sorted.length > offset + limit,
      offset + limit,
    );
  }

  /** Searches that found nothing, the most repeated first (case and spacing ignored). */
  async searchesWithoutResults(
    domain: string,
    range: Range & PageRequest,
  ): Promise<Paged<SearchWithoutResults>> {
    const limit = pageLimit(range);
    const offset = Number(range.cursor ?? 0);
    const rows = await this.db.all(
      `SELECT MIN(query) AS query, COUNT(*) AS count, MAX(at) AS last_at FROM insights_searches
        WHERE domain = ? AND at >= ? AND at < ? AND result_count = 0
        GROUP BY query_key ORDER BY count DESC, last_at DESC LIMIT ? OFFSET ?`,
      [domain, range.from, range.to, limit + 1, offset],
    );
    const items = rows.slice(0, limit).map((row) => ({
      query: String(row['query']),
      count: Number(row['count']),
      lastAt: new Date(Number(row['last_at'])).toISOString(),
    }));
    return withCursor(items, rows.length > limit, offset + limit);
  }

  /** Uncovered and disliked questions (with text), newest first, for the gap report. */
  async gapQuestions(domain: string, range: Range, max = 5000): Promise<GapQuestion[]> {
    const rows = await this.db.all(
      `SELECT a.question, a.language, a.at, a.thread_id, a.covered, a.retrieved
         FROM insights_answers a
         LEFT JOIN insights_feedback f ON f.domain = a.domain AND f.thread_id = a.thread_id
           AND f.message_id = a.message_id
        WHERE a.domain = ? AND a.at >= ? AND a.at < ? AND a.question IS NOT NULL
          AND (a.covered = 0 OR f.helpful = 0)
        ORDER BY a.id DESC LIMIT ?`,
      [domain, range.from, range.to, max],
    );
    return rows.map((row) => ({
      question: String(row['question']),
      language: nullable(row['language']),
      at: Number(row['at']),
      threadId: String(row['thread_id']),
      why: Number(row['covered']) === 0 ? 'uncovered' : 'disliked',
      retrieved: JSON.parse(String(row['retrieved'])) as ScoredPath[],
    }));
  }

  /** Deletes what was recorded before `before`; the number of rows deleted. */
  async prune(before: number): Promise<number> {
    let deleted = 0;
    for (const table of ['insights_answers', 'insights_searches', 'insights_feedback']) {
      deleted += await this.db.run(`DELETE FROM ${table} WHERE at < ?`, [before]);
    }
    return deleted;
  }

  /** Keeps the newest `max` answers and searches (the in-memory engine's bound). */
  async keepNewest(max: number): Promise<void> {
    for (const table of ['insights_answers', 'insights_searches']) {
      await this.db.run(`DELETE FROM ${table} WHERE id <= (SELECT MAX(id) FROM ${table}) - ?`, [
        max,
      ]);
    }
  }

  async check(): Promise<void> {
    await this.db.all('SELECT 1 AS ok');
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

function toConversation(row: Row): Conversation {
  const helpful = row['helpful'];
  return {
    at: new Date(Number(row['at'])).toISOString(),
    threadId: String(row['thread_id']),
    messageId: String(row['message_id']),
    question: nullable(row['question']),
    language: nullable(row['language']),
    currentPath: nullable(row['current_path']),
    covered: Number(row['covered']) === 1,
    stopped: Number(row['stopped']) === 1,
    cited: JSON.parse(String(row['cited'])) as string[],
    retrieved: JSON.parse(String(row['retrieved'])) as ScoredPath[],
    model: String(row['model']),
    firstChunkMs: Number(row['first_chunk_ms']),
    totalMs: Number(row['total_ms']),
    helpful: helpful === null || helpful === undefined ? null : Number(helpful) === 1,
    reason: nullable(row['reason']),
    comment: nullable(row['comment']),
  };
}

const toCount = (row: Row): CountOf => ({
  value: String(row['value']),
  count: Number(row['count']),
});

const nullable = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);

function optional<K extends string>(key: K, value: unknown): { [P in K]?: string } {
  return value === null || value === undefined ? {} : ({ [key]: String(value) } as never);
}

const round = (score: number) => Math.round(score * 1000) / 1000;

/** A search query with case and spacing folded, so repeats group together. */
const queryKey = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ');

function pageLimit(request: PageRequest): number {
  const limit = request.limit ?? DEFAULT_LIMIT;
  return Math.min(Math.max(1, Math.floor(limit)), MAX_LIMIT);
}

function withCursor<T>(items: T[], more: boolean, next: number): Paged<T> {
  return more ? { items, cursor: String(next) } : { items };
}
