/**
 * Feedback on the docs: a reader's thumbs on an answer, or an agent reporting through MCP that a
 * page is wrong or missing something. The store is an interface so that a deployment can keep
 * feedback in a database (the insights work backs it with SQLite or PostgreSQL); the default
 * keeps the most recent entries in memory, bounded in count and in the size of each entry.
 */
import { randomUUID } from 'node:crypto';

/** Who gave the feedback: a reader in the widget, or an agent through the MCP server. */
export type FeedbackSource = 'reader' | 'agent';

export interface FeedbackInput {
  /** The site (`{domain}`) the feedback is about. */
  domain: string;
  source: FeedbackSource;
  /** The page it is about: its published path, or what the sender named when no page matched. */
  path?: string;
  /** False for a report of a problem; true for a thumbs up. */
  helpful: boolean;
  /** A short reason (`wrong`, `outdated`, `missing`...), when the sender gave one. */
  reason?: string;
  /** What is wrong or missing, in the sender's words. */
  comment?: string;
  /** The answer it is about, for a reader's thumbs. */
  threadId?: string;
  messageId?: string;
  /**
   * Orders a reader's votes on one answer (milliseconds, or any number that grows with each
   * vote): the store keeps the one with the highest, whatever order the writes land in (two
   * replicas may each take one vote). Default: the time the store receives it.
   */
  version?: number;
}

export interface FeedbackEntry extends FeedbackInput {
  id: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface FeedbackQuery {
  domain: string;
  source?: FeedbackSource;
  /** Most entries returned, newest first; default 100. */
  limit?: number;
}

export interface FeedbackStore {
  /**
   * Keeps `input`; undefined when it is not kept because it names an answer the store knows
   * was never given (a reader's thumbs on an unknown `messageId` counts nowhere). A reader's
   * thumbs replaces their earlier one on the same answer unless that one has a higher
   * `version`: one entry per answer, the last vote's.
   */
  add(input: FeedbackInput): Promise<FeedbackEntry | undefined>;
  /** A site's entries, newest first. */
  list(query: FeedbackQuery): Promise<FeedbackEntry[]>;
}

export interface MemoryFeedbackStoreOptions {
  /** Most entries kept across all sites; the oldest go first. Default 10,000. */
  maxEntries?: number;
  now?: () => number;
}

/** Longest text kept per field; longer comments are cut (the MCP tool also bounds its input). */
export const FEEDBACK_TEXT_MAX = 2000;

export class MemoryFeedbackStore implements FeedbackStore {
  /** Insertion-ordered: the first entry is the oldest. */
  private readonly entries = new Map<string, FeedbackEntry>();
  /** A reader's kept vote on each answer (`answerKey`). */
  private readonly votes = new Map<string, FeedbackEntry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryFeedbackStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  async add(input: FeedbackInput): Promise<FeedbackEntry> {
    const at = this.now();
    const entry: FeedbackEntry = {
      ...bounded(input),
      id: randomUUID(),
      at,
      ...(input.source === 'reader' && { version: input.version ?? at }),
    };
    const answer = answerKey(entry);
    const earlier = answer === undefined ? undefined : this.votes.get(answer);
    if (earlier) {
      if ((earlier.version ?? 0) > entry.version!) return earlier;
      this.entries.delete(earlier.id);
    }
    this.entries.set(entry.id, entry);
    if (answer !== undefined) this.votes.set(answer, entry);
    for (const [id, oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(id);
      const key = answerKey(oldest);
      if (key !== undefined && this.votes.get(key) === oldest) this.votes.delete(key);
    }
    return entry;
  }

  async list(query: FeedbackQuery): Promise<FeedbackEntry[]> {
    const limit = query.limit ?? 100;
    const found: FeedbackEntry[] = [];
    for (const entry of [...this.entries.values()].reverse()) {
      if (found.length >= limit) break;
      if (entry.domain !== query.domain) continue;
      if (query.source && entry.source !== query.source) continue;
      found.push(entry);
    }
    return found;
  }
}

/** The answer a reader's thumbs is about, as one key; undefined for other feedback. */
function answerKey(entry: FeedbackInput): string | undefined {
  if (entry.source !== 'reader' || !entry.threadId || !entry.messageId) return undefined;
  return JSON.stringify([entry.domain, entry.threadId, entry.messageId]);
}

function bounded(input: FeedbackInput): FeedbackInput {
  const cut = (text: string | undefined) => text?.slice(0, FEEDBACK_TEXT_MAX);
  return {
    ...input,
    ...(input.path !== undefined && { path: cut(input.path) }),
    ...(input.reason !== undefined && { reason: cut(input.reason) }),
    ...(input.comment !== undefined && { comment: cut(input.comment) }),
  };
}
