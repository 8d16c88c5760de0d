/**
 * Zod schemas for every request body of shared/API.md. The server validates at the edge
 * with these; the widget never imports this module (it would pull zod into the bundle).
 */
import { z } from 'zod/v4';
import {
  CURRENT_PATH_MAX,
  RETRIEVAL_PAGE_SIZE_DEFAULT,
  RETRIEVAL_PAGE_SIZE_MAX,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
} from './limits.ts';

export const searchFilterSchema = z.object({
  version: z.string().optional(),
  language: z.string().optional(),
  tag: z.string().optional(),
  groups: z.array(z.string()).optional(),
});

export const pageRequestSchema = z.object({ path: z.string() });

export const searchRequestSchema = z.object({
  query: z.string(),
  pageSize: z.int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  scoreThreshold: z.number().min(0).max(1).optional(),
  filter: searchFilterSchema.nullish(),
});

export const contextItemSchema = z.object({
  type: z.enum(['code', 'textSelection']),
  value: z.string(),
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

export const assistantRequestSchema = z.looseObject({
  fp: z.string().min(1),
  messages: z.array(uiMessageSchema).min(1),
  threadId: z.string().nullish(),
  threadKey: z.string().nullish(),
  retrievalPageSize: z
    .int()
    .min(1)
    .max(RETRIEVAL_PAGE_SIZE_MAX)
    .default(RETRIEVAL_PAGE_SIZE_DEFAULT),
  filter: searchFilterSchema.nullish(),
  context: z.array(contextItemSchema).optional(),
  currentPath: z.string().max(CURRENT_PATH_MAX).optional(),
  // Sent by the AI SDK transport; accepted and ignored.
  id: z.string().optional(),
  trigger: z.string().optional(),
  messageId: z.string().optional(),
});

export type SearchRequestInput = z.infer<typeof searchRequestSchema>;
export type AssistantRequestInput = z.infer<typeof assistantRequestSchema>;
export type UIMessageInput = z.infer<typeof uiMessageSchema>;
