/**
 * The wire contract of shared/API.md as types, each derived from its schema in `schemas.ts`.
 * Type-only: the widget imports these with `import type`, so no schema library ends up in the
 * browser bundle. Request types are what a client may send (defaults optional); response types
 * are what the server sends.
 */
import type { z } from 'zod/v4';
import type {
  assistantMessageMetadataSchema,
  assistantRequestFieldsSchema,
  assistantRequestSchema,
  contextItemSchema,
  errorResponseSchema,
  feedbackRequestSchema,
  pageRequestSchema,
  pageResponseSchema,
  searchFilterSchema,
  searchRequestSchema,
  searchResultMetadataSchema,
  searchResultSchema,
  searchToolInputSchema,
} from './schemas.ts';

/** Frontmatter-derived filter accepted by search and the assistant endpoints. */
export type SearchFilter = z.infer<typeof searchFilterSchema>;

/** Body of `POST /v1/search/{domain}`. */
export type SearchRequest = z.input<typeof searchRequestSchema>;

/** Metadata of one search result; `title` is always present. */
export type SearchResultMetadata = z.infer<typeof searchResultMetadataSchema>;

/** One element of the search response array (also the `search` tool output). */
export type SearchResult = z.infer<typeof searchResultSchema>;

/** Body of `POST /v1/page/{domain}`. */
export type PageRequest = z.input<typeof pageRequestSchema>;

/** 200 response of `POST /v1/page/{domain}`. */
export type PageResponse = z.infer<typeof pageResponseSchema>;

/** Something the reader selected or is looking at. */
export type ContextItem = z.infer<typeof contextItemSchema>;

/** Body fields of the assistant endpoints besides `messages`. */
export type AssistantRequestFields = z.input<typeof assistantRequestFieldsSchema>;

/** An assistant body as the server reads it, defaults applied. */
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

/** Error body of every endpoint. `issues` only on validation errors (400). */
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** `messageMetadata` of the v2 `finish` chunk. */
export type AssistantMessageMetadata = z.infer<typeof assistantMessageMetadataSchema>;

/** Input of the `search` tool call that the assistant streams. */
export type SearchToolInput = z.infer<typeof searchToolInputSchema>;

/** Body of `POST /v1/assistant/{domain}/feedback`. */
export type FeedbackRequest = z.infer<typeof feedbackRequestSchema>;
