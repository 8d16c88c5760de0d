/**
 * Conversation threads. A thread belongs to one site (domain) and is continued only with the
 * secret key handed out when it was created. The store is an interface so a deployment can keep
 * threads in a database; the default keeps them in memory, bounded in count and age.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { cutToBytes, utf8Bytes } from '../stores/thread-rules.ts';

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
  /**
   * Oldest first: what the thread keeps, or, when opened with `messages: false`, only what
   * was appended through this object since (a store that holds threads in memory gives all).
   */
  messages: ThreadMessage[];
  createdAt: number;
  updatedAt: number;
}

export interface OpenThreadOptions {
  /**
   * Whether to read the thread's messages; default true. An answer needs none (the model is
   * sent the history the client sends), so it opens threads without them.
   */
  messages?: boolean;
}

export interface ThreadStore {
  create(domain: string, fp: string): Promise<Thread>;
  /** The thread if it exists, belongs to `domain` and `key` is its key; otherwise undefined. */
  open(
    domain: string,
    id: string,
    key: string,
    options?: OpenThreadOptions,
  ): Promise<Thread | undefined>;
  append(thread: Thread, messages: ThreadMessage[]): Promise<void>;
  /** Deletes threads not updated since `before` (ms since the epoch); returns how many. */
  prune?(before: number): Promise<number>;
  /** Resolves when the store answers (readiness); rejects with why not. */
  check?(): Promise<void>;
  /** Releases the store's connections or files. */
  close?(): Promise<void>;
}

export interface MemoryThreadStoreOptions {
  /** Most threads kept; the least recently used go first. */
  maxThreads?: number;
  /** Threads idle for longer are forgotten. */
  maxAgeMs?: number;
  /** Most messages kept per thread (the oldest go first). */
  maxMessages?: number;
  /** Longest message text kept, in UTF-8 bytes (longer texts are cut); default 32 KiB. */
  maxMessageBytes?: number;
  /** Most bytes kept per thread (the oldest messages go first); default 128 KiB. */
  maxThreadBytes?: number;
  /** Most bytes kept by the whole store (least recently used threads go first); default 128 MiB. */
  maxTotalBytes?: number;
  now?: () => number;
}

export class MemoryThreadStore implements ThreadStore {
  private readonly threads = new Map<string, Thread>();
  private readonly maxThreads: number;
  private readonly maxAgeMs: number;
  private readonly maxMessages: number;
  private readonly maxMessageBytes: number;
  private readonly maxThreadBytes: number;
  private readonly maxTotalBytes: number;
  /** UTF-8 bytes of message text held per thread id, and in total. */
  private readonly bytes = new Map<string, number>();
  private totalBytes = 0;
  private readonly now: () => number;

  constructor(options: MemoryThreadStoreOptions = {}) {
    this.maxThreads = options.maxThreads ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 24 * 60 * 60 * 1000;
    this.maxMessages = options.maxMessages ?? 100;
    this.maxMessageBytes = options.maxMessageBytes ?? 32 * 1024;
    this.maxThreadBytes = options.maxThreadBytes ?? 128 * 1024;
    this.maxTotalBytes = options.maxTotalBytes ?? 128 * 1024 * 1024;
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
      this.forget(id);
      return undefined;
    }
    this.touch(thread);
    return thread;
  }

  async append(thread: Thread, messages: ThreadMessage[]): Promise<void> {
    for (const message of messages) {
      thread.messages.push({ ...message, text: cutToBytes(message.text, this.maxMessageBytes) });
    }
    if (thread.messages.length > this.maxMessages) {
      thread.messages.splice(0, thread.messages.length - this.maxMessages);
    }
    let size = thread.messages.reduce((sum, message) => sum + utf8Bytes(message.text), 0);
    while (size > this.maxThreadBytes && thread.messages.length > 1) {
      size -= utf8Bytes(thread.messages.shift()!.text);
    }
    if (this.threads.get(thread.id) === thread) {
      this.totalBytes += size - (this.bytes.get(thread.id) ?? 0);
      this.bytes.set(thread.id, size);
    }
    this.touch(thread);
    this.evict(thread.id);
  }

  /** UTF-8 bytes the store holds in message texts, across threads. */
  get storedBytes(): number {
    return this.totalBytes;
  }

  private forget(id: string): void {
    this.threads.delete(id);
    this.totalBytes -= this.bytes.get(id) ?? 0;
    this.bytes.delete(id);
  }

  /** Map order is recency order: re-inserting moves a thread to the end. */
  private touch(thread: Thread): void {
    thread.updatedAt = this.now();
    if (this.threads.get(thread.id) === thread) {
      this.threads.delete(thread.id);
      this.threads.set(thread.id, thread);
    }
  }

  /** Drops expired and least recently used threads past the count or size bound; keeps `keep`. */
  private evict(keep?: string): void {
    const oldest = this.now() - this.maxAgeMs;
    for (const [id, thread] of this.threads) {
      const over = this.threads.size > this.maxThreads || this.totalBytes > this.maxTotalBytes;
      if (!over && thread.updatedAt >= oldest) break;
      if (id === keep) continue;
      this.forget(id);
    }
  }
}

/** Constant-time comparison, so response timing does not leak how much of a key matched. */
function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
