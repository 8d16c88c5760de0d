/** The v2 request: endpoint, headers and body fields of shared/API.md. */

import {
  BODY_LIMIT_BYTES,
  CURRENT_PATH_MAX,
  RETRIEVAL_PAGE_SIZE_DEFAULT,
  RETRIEVAL_PAGE_SIZE_MAX,
} from '../../api/limits.ts';
import type { AssistantRequestFields, ContextItem, SearchFilter } from '../../api/types.ts';
import type { ChatOptions, DocsUIMessage } from './types.ts';

/** `{baseUrl}{path}` without a doubled slash. */
export function apiUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${path}`;
}

/** What a JSON request to the companion server needs from the element's options. */
export type ApiOptions = Pick<ChatOptions, 'baseUrl' | 'domain' | 'apiKey' | 'fetch'>;

/**
 * `POST {baseUrl}{path}` with a JSON body and the public key, without cookies (the key is
 * the credential). `init` adds to or overrides the request (`signal`, `keepalive`).
 */
export function postJson(
  options: ApiOptions,
  path: string,
  body: unknown,
  init: RequestInit = {},
): Promise<Response> {
  const doFetch = options.fetch ?? globalThis.fetch;
  return doFetch(apiUrl(options.baseUrl, path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.apiKey}` },
    body: JSON.stringify(body),
    credentials: 'omit',
    ...init,
  });
}

/** `{baseUrl}/v2/assistant/{domain}/message`. */
export function messageEndpoint(options: Pick<ChatOptions, 'baseUrl' | 'domain'>): string {
  return apiUrl(options.baseUrl, `/v2/assistant/${encodeURIComponent(options.domain)}/message`);
}

/**
 * Keeps `currentPath` within the API limit so a long URL never turns the request into a 400:
 * drop the fragment, then the query, then cut (never inside a %XX escape or a surrogate pair).
 */
export function truncateCurrentPath(path: string, max = CURRENT_PATH_MAX): string {
  let value = path;
  if (value.length > max) value = value.split('#')[0] ?? '';
  if (value.length > max) value = value.split('?')[0] ?? '';
  if (value.length <= max) return value;
  let cut = value.slice(0, max);
  const percent = cut.lastIndexOf('%');
  if (percent !== -1 && percent > cut.length - 3) cut = cut.slice(0, percent);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/**
 * Messages as the server needs them: id, role and the text parts. Tool results and sources
 * stay in the browser; re-sending them every turn would grow the body toward the 1 MB limit.
 */
export function toWireMessages(messages: readonly DocsUIMessage[]) {
  return messages.map((message) => ({
    id: message.id,
    role: message.role,
    parts: message.parts
      .filter((part) => part.type === 'text')
      .map((part) => ({ type: 'text' as const, text: (part as { text: string }).text })),
  }));
}

/** An integer in 1..50 (the API answers 400 otherwise); the default when not a number. */
export function clampPageSize(value: number): number {
  if (!Number.isFinite(value)) return RETRIEVAL_PAGE_SIZE_DEFAULT;
  return Math.min(RETRIEVAL_PAGE_SIZE_MAX, Math.max(1, Math.round(value)));
}

/** The filter object, or undefined when neither version nor language is set. */
export function filterOf(
  options: Pick<ChatOptions, 'filterVersion' | 'filterLanguage'>,
): SearchFilter | undefined {
  const filter: SearchFilter = {};
  if (options.filterVersion) filter.version = options.filterVersion;
  if (options.filterLanguage) filter.language = options.filterLanguage;
  return filter.version || filter.language ? filter : undefined;
}

/** Context items that travel with the question: those stored on the last user message. */
export function contextOf(messages: readonly DocsUIMessage[]): ContextItem[] | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'user') {
      const context = message.metadata?.context;
      return context && context.length > 0 ? context : undefined;
    }
  }
  return undefined;
}

export interface RequestThread {
  threadId?: string | undefined;
  threadKey?: string | undefined;
}

export interface AssistantRequestBody extends AssistantRequestFields {
  messages: ReturnType<typeof toWireMessages>;
}

/** The JSON body of `POST /v2/assistant/{domain}/message`. */
export function buildRequestBody(
  options: ChatOptions,
  messages: readonly DocsUIMessage[],
  thread: RequestThread,
): AssistantRequestBody {
  // the API continues a thread only with both; an id alone would be a guaranteed 404
  const continues = Boolean(thread.threadId && thread.threadKey);
  const body: AssistantRequestBody = {
    fp: options.fp || 'anonymous',
    messages: toWireMessages(messages),
    threadId: continues ? (thread.threadId ?? null) : null,
    threadKey: continues ? (thread.threadKey ?? null) : null,
    retrievalPageSize: clampPageSize(options.retrievalPageSize),
  };
  let currentPath: string | undefined;
  try {
    currentPath = truncateCurrentPath(options.currentPath());
  } catch {
    currentPath = undefined; // a throwing host callback must not cost the reader their question
  }
  if (currentPath) body.currentPath = currentPath;
  const filter = filterOf(options);
  if (filter) body.filter = filter;
  const context = contextOf(messages);
  if (context) body.context = context;
  return withinBodyLimit(body);
}

/** Bytes of JSON a request may have: the API's limit, less a margin for the transport's own fields. */
export const REQUEST_BODY_BUDGET = BODY_LIMIT_BYTES - 16 * 1024;

const encoder = new TextEncoder();

/**
 * Drops the oldest turns of a very long conversation rather than have the API refuse the body
 * (413); the newest question always stays.
 */
function withinBodyLimit(body: AssistantRequestBody): AssistantRequestBody {
  let current = body;
  while (
    current.messages.length > 1 &&
    encoder.encode(JSON.stringify(current)).length > REQUEST_BODY_BUDGET
  ) {
    const messages = current.messages;
    const nextUser = messages.findIndex((m, i) => i > 0 && m.role === 'user');
    current = {
      ...current,
      messages: nextUser === -1 ? messages.slice(-1) : messages.slice(nextUser),
    };
  }
  return current;
}
