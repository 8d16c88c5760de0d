/**
 * What insights record and what they answer, whatever the engine. No IP address is kept; the
 * reader's `fp` only as a salted hash; the question text only when the site keeps it.
 */
import type { CountOf, DayCount, ScoredPath } from '../../api/analytics.ts';

export type {
  Conversation,
  CountOf,
  DayCount,
  Paged,
  PageFeedback,
  ScoredPath,
  SearchWithoutResults,
  Topic,
} from '../../api/analytics.ts';

/** One answered message, logged once its stream ended. */
export interface AnswerRecord {
  domain: string;
  /** Milliseconds since the epoch, when the question arrived. */
  at: number;
  threadId: string;
  messageId: string;
  /** Absent when the site logs without question text (`logQuestions: false`). */
  question?: string;
  language?: string;
  currentPath?: string;
  retrieved: ScoredPath[];
  cited: string[];
  covered: boolean;
  model: string;
  firstChunkMs: number;
  totalMs: number;
  /** The reader stopped the answer (or left) before it ended. */
  stopped: boolean;
  /** The reader's `fp`, hashed with the installation's salt (see `InsightsStore.fpHash`). */
  fpHash: string;
}

/** One `POST /v1/search` request. */
export interface SearchRecord {
  domain: string;
  at: number;
  query: string;
  resultCount: number;
  topPaths: string[];
}

/** A time range, milliseconds since the epoch, `from` included, `to` excluded. */
export interface Range {
  from: number;
  to: number;
}

export interface PageRequest {
  cursor?: string;
  /** Most items; default 50, at most 500. */
  limit?: number;
}

export type FeedbackFilter = 'up' | 'down' | 'none';

export interface ConversationQuery extends Range, PageRequest {
  domain: string;
  language?: string;
  covered?: boolean;
  feedback?: FeedbackFilter;
}

/** The question of an uncovered or disliked answer, for the content-gap report. */
export interface GapQuestion {
  question: string;
  language: string | null;
  at: number;
  threadId: string;
  /** Why it is a gap: the docs did not cover it, or the reader disliked the answer. */
  why: 'uncovered' | 'disliked';
  retrieved: ScoredPath[];
}

export interface Overview {
  days: DayCount[];
  languages: CountOf[];
  mostCited: CountOf[];
  feedback: { up: number; down: number };
  searches: { total: number; withoutResults: number };
}

export function isoDay(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
