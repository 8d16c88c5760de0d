/** Limits and defaults fixed by the HTTP contract (shared/API.md). */
export const KEY_PREFIX = 'da_dsc_';
/** A key is the prefix followed by at least 16 URL-safe characters. */
export const KEY_PATTERN = /^da_dsc_[A-Za-z0-9_-]{16,}$/;
/** Admin keys read insights: the prefix followed by at least 24 URL-safe characters. */
export const ADMIN_KEY_PREFIX = 'da_admin_';
export const ADMIN_KEY_PATTERN = /^da_admin_[A-Za-z0-9_-]{24,}$/;
export const CURRENT_PATH_MAX = 200;
export const RETRIEVAL_PAGE_SIZE_DEFAULT = 5;
export const RETRIEVAL_PAGE_SIZE_MAX = 50;
export const SEARCH_PAGE_SIZE_DEFAULT = 10;
export const SEARCH_PAGE_SIZE_MAX = 50;
/** Longest question (the last user message's text) the assistant accepts, in characters. */
export const QUESTION_MAX_CHARS = 4000;
/**
 * Longest text of any user message, earlier questions included: a request with a longer one is
 * refused while its body is still arriving. Far above QUESTION_MAX_CHARS, so that a client
 * which keeps a refused question in its history (the AI SDK's useChat does) is not refused
 * for it on every later turn; the thread store keeps at most 32 KiB of a message anyway.
 */
export const USER_MESSAGE_MAX_CHARS = 32_768;
/**
 * Search reads at most this many characters of a query (longer ones are cut, not refused):
 * every stage of a search then costs what a long question costs, whatever a client sends.
 */
export const SEARCH_QUERY_MAX_CHARS = 4000;
/** Longest `context[].value` accepted, in characters, and most context items per request. */
export const CONTEXT_VALUE_MAX_CHARS = 8000;
export const CONTEXT_ITEMS_MAX = 10;
export const BODY_LIMIT_BYTES = 1024 * 1024;
export const ORG_REQUESTS_PER_HOUR = 10_000;
export const IP_ASSISTANT_REQUESTS_PER_DAY = 10_000;
/** Page and search requests per client IP per minute: a flood from one address stays far under the org limit. */
export const IP_REQUESTS_PER_MINUTE = 600;
/** Response headers a browser client must be able to read (CORS `Access-Control-Expose-Headers`). */
export const EXPOSED_HEADERS = [
  'X-Thread-Id',
  'X-Thread-Key',
  'Retry-After',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'RateLimit-Policy',
] as const;
/*
 * The feedback reasons and limits are defined in ./feedback-limits.ts and imported from here.
 * The script-tag entry imports this module for two defaults, so the bundler puts it in the
 * entry's chunk with every export the lazy panel uses too; apart, only the panel carries them.
 */
export {
  FEEDBACK_COMMENT_MAX_CHARS,
  FEEDBACK_REASON_MAX_CHARS,
  FEEDBACK_REASONS,
  type FeedbackReason,
} from './feedback-limits.ts';
