/**
 * Conversation threads. A thread belongs to one site (domain) and is continued only with the
 * secret key handed out when it was created. The store is an interface so a deployment can keep
 * threads in a database; the default keeps them in memory, bounded in count and age.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';

export interface ThreadMessage {
  role: 'user' | 'assistant';
  text: string;
  at: number;
}

export interface Thread {
  id: string;
  key: string;
  domain: string;
  fp: string;
  messages: ThreadMessage[];
  createdAt: number;
  updatedAt: number;
}

export interface ThreadStore {
  create(domain: string, fp: string): Promise<Thread>;
  /** The thread if it exists, belongs to `domain` and `key` is its key; otherwise undefined. */
  open(domain: string, id: string, key: string): Promise<Thread | undefined>;
  append(thread: Thread, messages: ThreadMessage[]): Promise<void>;
}

export interface MemoryThreadStoreOptions {
  /** Most threads kept; the least recently used go first. */
  maxThreads?: number;
  /** Threads idle for longer are forgotten. */
  maxAgeMs?: number;
  /** Most messages kept per thread (the oldest go first). */
  maxMessages?: number;
  now?: () => number;
}

export class MemoryThreadStore implements ThreadStore {
  private readonly threads = new Map<string, Thread>();
  private readonly maxThreads: number;
  private readonly maxAgeMs: number;
  private readonly maxMessages: number;
  private readonly now: () => number;

  constructor(options: MemoryThreadStoreOptions = {}) {
    this.maxThreads = options.maxThreads ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60 * 1000;
    this.maxMessages = options.maxMessages ?? 100;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.threads.size;
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
    this.threads.set(thread.id, thread);
    this.evict();
    return thread;
  }

  async open(domain: string, id: string, key: string): Promise<Thread | undefined> {
    const thread = this.threads.get(id);
    if (!thread || thread.domain !== domain || !sameSecret(thread.key, key)) return undefined;
    if (this.now() - thread.updatedAt > this.maxAgeMs) {
      this.threads.delete(id);
      return undefined;
    }
    this.touch(thread);
    return thread;
  }

  async append(thread: Thread, messages: ThreadMessage[]): Promise<void> {
    thread.messages.push(...messages);
    if (thread.messages.length > this.maxMessages) {
      thread.messages.splice(0, thread.messages.length - this.maxMessages);
    }
    this.touch(thread);
  }

  /** Map order is recency order: re-inserting moves a thread to the end. */
  private touch(thread: Thread): void {
    thread.updatedAt = this.now();
    if (this.threads.get(thread.id) === thread) {
      this.threads.delete(thread.id);
      this.threads.set(thread.id, thread);
    }
  }

  private evict(): void {
    const oldest = this.now() - this.maxAgeMs;
    for (const [id, thread] of this.threads) {
      if (this.threads.size <= this.maxThreads && thread.updatedAt >= oldest) break;
      this.threads.delete(id);
    }
  }
}

/** Constant-time comparison, so response timing does not leak how much of a key matched. */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
