/** Turns whatever a request threw into a `ChatError`: a kind and data, no words. */
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

/** Classifies a failed request into one of the reader-facing kinds, with what is known about it. */
export function classifyError(error: unknown, context: ClassifyContext = {}): ChatError {
  const { response, online = true } = context;
  const errorStatus = statusOf(error);
  const status =
    errorStatus ??
    (response && (response.status < 200 || response.status > 299) ? response.status : undefined);
  const detail = apiMessageOf((error as { responseBody?: unknown } | null)?.responseBody);
  const withDetail = detail === undefined ? {} : { detail };

  if (status !== undefined) {
    if (status === 401 || status === 403) return { kind: 'auth', status, ...withDetail };
    if (status === 429) {
      const retryAfterSeconds = parseRetryAfter(response?.headers.get('Retry-After'), context.now);
      return {
        kind: 'rate-limit',
        status,
        ...withDetail,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      };
    }
    if (status === 404) return { kind: 'not-found', status, ...withDetail };
    return { kind: 'server', status, ...withDetail };
  }

  const started = response !== undefined;
  if (isNetworkFailure(error) || !online) {
    return {
      kind: 'network',
      ...(online ? {} : { offline: true }),
      ...(started ? { midStream: true } : {}),
    };
  }
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { kind: started ? 'stream' : 'server', ...(text ? { detail: text } : {}) };
}
