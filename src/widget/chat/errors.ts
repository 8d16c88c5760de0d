/** Turns whatever a request threw into a `ChatError` a reader can act on. */
import type { ChatError } from './types.ts';

/** What the last response of a request looked like (read by the fetch wrapper). */
export interface ResponseInfo {
  status: number;
  headers: Headers;
}

/** Seconds to wait from a `Retry-After` value (delta-seconds or an HTTP date). */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (value == null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** "30 seconds", "1 minute", "2 hours": how long a rate-limited reader waits. */
export function describeWait(seconds: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return unit(Math.max(1, Math.round(seconds)), 'second');
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), 'minute');
  return unit(Math.ceil(seconds / 3600), 'hour');
}

/** The `message` of an API error body `{"message": "..."}`, or undefined. */
export function apiMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'string' || body === '') return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const message = (parsed as { message: unknown }).message;
      if (typeof message === 'string' && message !== '') return message;
    }
  } catch {
    // not JSON: a proxy's HTML error page, for instance; not worth showing
  }
  return undefined;
}

interface ClassifyContext {
  /** The response of the failed request, when one arrived. */
  response?: ResponseInfo | undefined;
  /** `navigator.onLine`. */
  online?: boolean;
  now?: number;
}

function statusOf(error: unknown): number | undefined {
  // APICallError from the transport carries the status; duck-typed to keep the import graph small
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

function isNetworkFailure(error: unknown): boolean {
  return error instanceof TypeError || (error as { name?: unknown })?.name === 'NetworkError';
}

/** Classifies a failed request into one of the reader-facing kinds. */
export function classifyError(error: unknown, context: ClassifyContext = {}): ChatError {
  const { response, online = true } = context;
  const errorStatus = statusOf(error);
  const status =
    errorStatus ??
    (response && (response.status < 200 || response.status > 299) ? response.status : undefined);
  const detail = apiMessageOf((error as { responseBody?: unknown } | null)?.responseBody);

  if (status !== undefined) {
    if (status === 401 || status === 403) {
      return {
        kind: 'auth',
        status,
        detail,
        message:
          'The assistant is not available on this site right now: its access key was not accepted.',
      };
    }
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(response?.headers.get('Retry-After'), context.now);
      return {
        kind: 'rate-limit',
        status,
        detail,
        retryAfterSeconds,
        message:
          retryAfterSeconds === undefined
            ? 'Too many questions right now. Please try again in a little while.'
            : `Too many questions right now. Please try again in ${describeWait(retryAfterSeconds)}.`,
      };
    }
    if (status === 404) {
      return {
        kind: 'not-found',
        status,
        detail,
        message: 'This conversation is no longer available. Start a new chat to keep asking.',
      };
    }
    if (status >= 500) {
      return {
        kind: 'server',
        status,
        detail,
        message:
          'The assistant could not answer because of a problem on its server. Please try again.',
      };
    }
    return {
      kind: 'server',
      status,
      detail,
      message: detail
        ? `The assistant could not take this question: ${detail}`
        : 'The assistant could not take this question.',
    };
  }

  const started = response !== undefined;
  if (isNetworkFailure(error) || !online) {
    return {
      kind: 'network',
      message: !online
        ? 'You seem to be offline. Check your connection and try again.'
        : started
          ? 'The connection dropped while the answer was arriving. Check your connection and try again.'
          : 'Could not reach the assistant. Check your connection and try again.',
    };
  }
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (started) {
    return {
      kind: 'stream',
      detail: text || undefined,
      message: 'Something went wrong while the answer was being written. Please try again.',
    };
  }
  return {
    kind: 'server',
    detail: text || undefined,
    message: 'The assistant could not answer. Please try again.',
  };
}
