/** Types shared by the chat engine and the elements that render it. */
import type { UIMessage } from 'ai';
import type { ContextItem } from '../../api/types.ts';

/** Per-message metadata the widget keeps (persisted with the conversation). */
export interface DocsMessageMetadata {
  /** From the `finish` chunk's `messageMetadata`. */
  threadId?: string;
  /** Context items that were sent with this (user) message. */
  context?: ContextItem[];
  /** Set on an assistant message whose stream ended with an error or was cut off. */
  interrupted?: boolean;
  /** Set on an assistant message the reader stopped before it had finished. */
  stopped?: boolean;
}

/** A UI message of the docs assistant conversation. */
export type DocsUIMessage = UIMessage<DocsMessageMetadata>;

/** How the widget reaches the API; read again for every request. */
export interface ChatOptions {
  baseUrl: string;
  domain: string;
  apiKey: string;
  fp: string;
  retrievalPageSize: number;
  /** The page the reader is on; truncated to the API's 200-character limit. */
  currentPath: () => string;
  filterVersion?: string;
  filterLanguage?: string;
  /** Replaces `globalThis.fetch` (tests, or a host that proxies requests). */
  fetch?: typeof fetch;
}

export type ChatErrorKind = 'auth' | 'rate-limit' | 'network' | 'server' | 'stream' | 'not-found';

/**
 * A failed request as data: its kind and what is known about it. The words a reader sees come
 * from the i18n table (i18n/error-text.ts), never from here.
 */
export interface ChatError {
  kind: ChatErrorKind;
  /** The HTTP status, when the API answered. */
  status?: number;
  /** How long to wait (`Retry-After`), for `rate-limit`. */
  retryAfterSeconds?: number;
  /** The API's own `message` (or the stream's error text), when there was one. */
  detail?: string;
  /** `network`: the browser said it was offline. */
  offline?: boolean;
  /** `network`: the connection dropped after the answer had started arriving. */
  midStream?: boolean;
}

/** A page the answer cites, numbered from 1 in display order. */
export interface Citation {
  index: number;
  /** Page path in slug form, as `POST /v1/page/{domain}` expects it. */
  path: string;
  title: string;
  url?: string;
  anchor?: string;
  /**
   * Where the page first came from: a `source-url` part (the server's citations), a link in the
   * answer's text, or only the `search` results (retrieved but not cited).
   */
  from?: 'source' | 'link' | 'search';
}
