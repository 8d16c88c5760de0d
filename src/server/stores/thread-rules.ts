/**
 * What every thread store keeps, whatever its engine: the size bounds (UTF-8 bytes, so a
 * client cannot grow a thread without limit) and how keys are compared.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { ThreadMessage } from '../assistant/thread-store.ts';

export interface ThreadBounds {
  /** Most messages kept per thread (the oldest go first). */
  maxMessages: number;
  /** Longest message text kept, in UTF-8 bytes (longer texts are cut). */
  maxMessageBytes: number;
  /** Most bytes kept per thread (the oldest messages go first; the newest always stays). */
  maxThreadBytes: number;
}

export const DEFAULT_THREAD_BOUNDS: ThreadBounds = {
  maxMessages: 100,
  maxMessageBytes: 32 * 1024,
  maxThreadBytes: 128 * 1024,
};

const encoder = new TextEncoder();

export const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest start of `text` that fits in `max` UTF-8 bytes, never splitting a character. */
export function cutToBytes(text: string, max: number): string {
  // At most 3 UTF-8 bytes per UTF-16 unit: short texts need no encoding.
  if (text.length * 3 <= max || utf8Bytes(text) <= max) return text;
  const { read } = encoder.encodeInto(text, new Uint8Array(max));
  return text.slice(0, read);
}

/** Messages cut to the per-message bound, with their size. */
export function boundedMessages(
  messages: ThreadMessage[],
  bounds: ThreadBounds,
): (ThreadMessage & { bytes: number })[] {
  return messages.map((message) => {
    const text = cutToBytes(message.text, bounds.maxMessageBytes);
    return { ...message, text, bytes: utf8Bytes(text) };
  });
}

/** The longest reader identifier (`fp`) kept as it was sent, in UTF-8 bytes. */
export const MAX_STORED_FP_BYTES = 256;

/**
 * The reader identifier a thread keeps: as sent, or past 256 bytes its SHA-256 (`sha256:…`),
 * so that the same identifier is still the same reader and a client cannot store a megabyte of
 * `fp` with every thread it starts.
 */
export function storedFingerprint(fp: string): string {
  if (utf8Bytes(fp) <= MAX_STORED_FP_BYTES) return fp;
  return `sha256:${createHash('sha256').update(fp).digest('hex')}`;
}

/** What a database keeps of a thread key: its SHA-256, hex. */
export function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Constant-time comparison, so response timing does not leak how much of a secret matched. */
export function sameHash(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
