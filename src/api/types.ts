/**
 * The wire contract of shared/API.md as plain types. Type-only: the widget imports these
 * with `import type` so no schema library ends up in the browser bundle.
 */

/** Frontmatter-derived filter accepted by search and the assistant endpoints. */
export interface SearchFilter {
  version?: string;
  language?: string;
  tag?: string;
  groups?: string[];
}

/** Body of `POST /v1/search/{domain}`. */
export interface SearchRequest {
  query: string;
  pageSize?: number;
  scoreThreshold?: number;
  filter?: SearchFilter | null;
}

/** Metadata of one search result; `title` is always present. */
export interface SearchResultMetadata {
  title: string;
  description?: string;
  heading?: string;
  anchor?: string;
  /** Relevance between 0 and 1, best is 1. */
  score?: number;
  [key: string]: unknown;
}

/** One element of the search response array (also the `search` tool output). */
export interface SearchResult {
  content: string;
  /** Page path in published slug form, e.g. `docs/foundations/overview`. */
  path: string;
  metadata: SearchResultMetadata;
}

/** Body of `POST /v1/page/{domain}`. */
export interface PageRequest {
  path: string;
}

/** 200 response of `POST /v1/page/{domain}`. */
export interface PageResponse {
  path: string;
  content: string;
}

/** Something the reader selected or is looking at. */
export interface ContextItem {
  type: 'code' | 'textSelection';
  value: string;
  path?: string;
  elementId?: string;
}

/** Body fields of the assistant endpoints besides `messages`. */
export interface AssistantRequestFields {
  fp: string;
  threadId?: string | null;
  threadKey?: string | null;
  retrievalPageSize?: number;
  filter?: SearchFilter | null;
  context?: ContextItem[];
  currentPath?: string;
}

/** Error body of every endpoint. `issues` only on validation errors (400). */
export interface ErrorResponse {
  message: string;
  issues?: { path: (string | number)[]; message: string }[];
}

/** `messageMetadata` of the v2 `finish` chunk. */
export interface AssistantMessageMetadata {
  threadId?: string;
}

/** Input of the `search` tool call that the assistant streams. */
export interface SearchToolInput {
  query: string;
}
