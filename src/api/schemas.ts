/**
 * The wire contract of shared/API.md as zod schemas: every request and response body. The
 * server validates requests at the edge with them, and every type in `types.ts` is derived
 * from them, so a field exists in both or in neither. The widget imports only those types
 * (`import type`): zod never reaches the browser bundle.
 */
import { z } from 'zod/v4';
import {
  CONTEXT_ITEMS_MAX,
  CONTEXT_VALUE_MAX_CHARS,
  CURRENT_PATH_MAX,
  FEEDBACK_COMMENT_MAX_CHARS,
  FEEDBACK_REASON_MAX_CHARS,
  RETRIEVAL_PAGE_SIZE_DEFAULT,
  RETRIEVAL_PAGE_SIZE_MAX,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
  SEARCH_QUERY_MAX_CHARS,
} from './limits.ts';

/** Frontmatter-derived filter of search and the assistant; `groups` are the caller's groups. */
export const searchFilterSchema = z.object({
  version: z.string().optional(),
  language: z.string().optional(),
  tag: z.string().optional(),
  groups: z.array(z.string()).optional(),
  /**
   * This project's extension: a navigation group (sidebar category, tab) the page sits under,
   * at any depth, by its label (case-insensitive).
   */
  group: z.string().optional(),
});

/** Body of `POST /v1/search/{domain}`. */
export const searchRequestSchema = z.object({
  /** Cut to its first SEARCH_QUERY_MAX_CHARS characters. */
  query: z.string().transform((query) => query.slice(0, SEARCH_QUERY_MAX_CHARS)),
  pageSize: z.int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  scoreThreshold: z.number().min(0).max(1).optional(),
  filter: searchFilterSchema.nullish(),
});

/** Metadata of one search result: `title` always, the rest where known; more may follow. */
export const searchResultMetadataSchema = z.looseObject({
  title: z.string(),
  description: z.string().optional(),
  heading: z.string().optional(),
  anchor: z.string().optional(),
  /** Relevance between 0 and 1, best is 1. */
  score: z.number().min(0).max(1).optional(),
  /** The section on the published site, when the site's address is configured. */
  url: z.string().optional(),
});

/** One element of the search response (also the output of the assistant's `search` tool). */
export const searchResultSchema = z.object({
  content: z.string(),
  /** Page path in published slug form, e.g. `docs/foundations/overview`. */
  path: z.string(),
  metadata: searchResultMetadataSchema,
});

/** 200 response of `POST /v1/search/{domain}`: best first. */
export const searchResponseSchema = z.array(searchResultSchema);

/** Body of `POST /v1/page/{domain}`. */
export const pageRequestSchema = z.object({
  path: z.string(),
  /** The caller's groups: a page restricted to groups is served only to a member. */
  groups: z.array(z.string()).optional(),
  /**
   * This project's extension: `markdown` gives the content with the docs framework's components
   * (callouts, tabs, steps, cards, directives) rendered as plain Markdown, which is what the
   * widget's page view shows; `source` (the default, as the hosted API) the page's own text.
   */
  format: z.enum(['source', 'markdown']).optional(),
});

/**
 * 200 response of `POST /v1/page/{domain}`. `language`: the page's BCP 47 tag (its own, else
 * the site's default), so the page view can set `lang` and the text direction.
 */
export const pageResponseSchema = z.object({
  path: z.string(),
  content: z.string(),
  language: z.string().optional(),
});

/** Error body of every endpoint; `issues` only on validation errors (400). */
export const errorResponseSchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});

/** Something the reader selected or is looking at. */
export const contextItemSchema = z.object({
  type: z.enum(['code', 'textSelection']),
  value: z.string().max(CONTEXT_VALUE_MAX_CHARS),
  path: z.string().optional(),
  elementId: z.string().optional(),
});

/** A UI message part; only `text` parts matter to the server, others pass through. */
const uiMessagePartSchema = z.looseObject({ type: z.string(), text: z.string().optional() });

export const uiMessageSchema = z.looseObject({
  id: z.string().optional(),
  role: z.enum(['system', 'user', 'assistant']),
  parts: z.array(uiMessagePartSchema).optional(),
  /** v1 (AI SDK 4) messages carry their text here. */
  content: z.string().optional(),
});

/** The assistant body's own fields, everything a client sends beside `messages`. */
export const assistantRequestFieldsSchema = z.object({
  fp: z.string().min(1),
  threadId: z.string().nullish(),
  threadKey: z.string().nullish(),
  retrievalPageSize: z
    .int()
    .min(1)
    .max(RETRIEVAL_PAGE_SIZE_MAX)
    .default(RETRIEVAL_PAGE_SIZE_DEFAULT),
  filter: searchFilterSchema.nullish(),
  context: z.array(contextItemSchema).max(CONTEXT_ITEMS_MAX).optional(),
  currentPath: z.string().max(CURRENT_PATH_MAX).optional(),
});

/** Body of both assistant endpoints (v1 and v2). */
export const assistantRequestSchema = assistantRequestFieldsSchema
  .extend({
    messages: z.array(uiMessageSchema).min(1),
    // Sent by the AI SDK transport; accepted and ignored.
    id: z.string().optional(),
    trigger: z.string().optional(),
    messageId: z.string().optional(),
  })
  .loose();

/** Input of the `search` tool call that the assistant streams before its answer. */
export const searchToolInputSchema = z.object({ query: z.string() });

/** `messageMetadata` of the v2 `finish` chunk (and the v1 `8:` annotation). */
export const assistantMessageMetadataSchema = z.object({ threadId: z.string().optional() });

/** Body of `POST /v1/assistant/{domain}/feedback` (this project's extension of the API). */
export const feedbackRequestSchema = z.object({
  threadId: z.string().min(1).max(200),
  threadKey: z.string().min(1).max(200),
  messageId: z.string().min(1).max(200),
  helpful: z.boolean(),
  /** The widget sends one of FEEDBACK_REASONS; other clients may send their own short text. */
  reason: z.string().max(FEEDBACK_REASON_MAX_CHARS).optional(),
  comment: z.string().max(FEEDBACK_COMMENT_MAX_CHARS).optional(),
  /**
   * Orders a reader's votes on one answer: the highest stays, whichever replica writes last.
   * The widget sends the vote's time on the reader's clock (ms), raised past its previous
   * vote's; without it, the time the server received the vote.
   */
  version: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
});
