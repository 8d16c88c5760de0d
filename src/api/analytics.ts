/**
 * The insights API's answers (`GET /v1/analytics/…`, docs/guides/insights.md), shared by the
 * server that sends them and the Insights page that reads them. Type-only: nothing here
 * reaches a bundle.
 */

/** A retrieved page of an answer and its search score (0–1). */
export interface ScoredPath {
  path: string;
  score: number;
}

/** A page of a list: `cursor` continues it, absent on the last page. */
export interface Paged<T> {
  items: T[];
  cursor?: string;
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
  /** The page's title (the path when the page is gone); set by the API. */
  title?: string;
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

/** One content gap: questions that are one missing page or section (insights/gaps.ts). */
export interface GapGroup {
  /** The group's core terms, most shared first: what the questions are about. */
  terms: string[];
  count: number;
  uncovered: number;
  disliked: number;
  /** Up to five questions, newest first. */
  examples: string[];
  languages: string[];
  closestPages: { path: string; title?: string; score: number }[];
  suggestion: string;
}

/** `GET /v1/analytics/{domain}/overview`. */
export interface OverviewResponse {
  domain: string;
  from: string;
  to: string;
  /** Days with at least one question, oldest first. */
  days: DayCount[];
  languages: CountOf[];
  /** The 50 most cited pages. */
  mostCited: CountOf[];
  /** Listed pages of the site no answer cited in the range (at most 100). */
  neverCited: string[];
  feedback: { up: number; down: number };
  searches: { total: number; withoutResults: number };
  questions: number;
  covered: number;
}

/** One site an admin key reads. */
export interface AnalyticsSite {
  domain: string;
  /** The site's name, when the config or the docs give one. */
  title?: string;
  /** False: the site records nothing (`logging: false`). */
  logging: boolean;
  /** False: questions are counted without their text. */
  logQuestions: boolean;
}

/** `GET /v1/analytics/sites`: the sites of the key's organization. */
export interface SitesResponse {
  sites: AnalyticsSite[];
}
