/**
 * What insights record and what they answer, whatever the engine. No IP address is kept; the
 * reader's `fp` only as a salted hash; the question text only when the site keeps it.
 */

/** A retrieved page of an answer and its search score (0–1). */
export interface ScoredPath {
  path: string;
  score: number;
}

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

/** A page of a list: `cursor` continues it, absent on the last page. */
export interface Paged<T> {
  items: T[];
  cursor?: string;
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

/** A logged question as the conversations list shows it. */
export interface Conversation {
  at: string;
  threadId: string;
  messageId: string;
  question: string | null;
  language: string | null;
  currentPath: string | null;
  covered: boolean;
  stopped: boolean;
  cited: string[];
  retrieved: ScoredPath[];
  model: string;
  firstChunkMs: number;
  totalMs: number;
  /** The reader's thumbs: true up, false down, null none. */
  helpful: boolean | null;
  reason: string | null;
  comment: string | null;
}

export interface DayCount {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  questions: number;
  covered: number;
}

export interface CountOf {
  value: string;
  count: number;
}

export interface Topic {
  /** The page the questions led to (first cited, else best retrieved). */
  path: string;
  questions: number;
  covered: number;
  examples: string[];
}

export interface PageFeedback {
  path: string;
  up: number;
  down: number;
  /** Of the downs, reports sent by readers' AI agents (MCP `submit_feedback`). */
  fromAgents: number;
  /** The latest comments and reasons given with a thumbs down or an agent's report. */
  comments: string[];
}

export interface SearchWithoutResults {
  query: string;
  count: number;
  lastAt: string;
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
