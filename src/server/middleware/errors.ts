/**
 * The last line of defence: every error becomes `{ message }` JSON with a fitting status,
 * never a stack trace. A store that cannot be reached answers 503 with `Retry-After` (the
 * request's log line says why); unexpected errors are logged on the server, not sent to the
 * client.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { StoreUnavailable } from '../stores/unavailable.ts';

/** Seconds a client is asked to wait when a store cannot be reached. */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** A JSON error response in the contract's shape. */
export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  message: string,
  issues?: { path: (string | number)[]; message: string }[],
): Response {
  return c.json(issues ? { message, issues } : { message }, status);
}

export interface ErrorHandlerOptions {
  /** Where unexpected errors are reported; default console.error. */
  log?: (message: string, error: unknown) => void;
}

export function handleErrors(options: ErrorHandlerOptions = {}): ErrorHandler {
  const log = options.log ?? ((message, error) => console.error(message, error));
  return function errorHandler(error, c) {
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return errorResponse(c, status, error.message || defaultMessage(status));
    }
    if (error instanceof StoreUnavailable) {
      c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS));
      return errorResponse(c, 503, 'Service temporarily unavailable, try again shortly');
    }
    log(`${c.req.method} ${c.req.path} failed:`, error);
    return errorResponse(c, 500, 'Internal server error');
  };
}

export const notFound: NotFoundHandler = (c) => errorResponse(c, 404, 'Not found');

function defaultMessage(status: number): string {
  if (status === 400) return 'Bad request';
  if (status === 413) return 'Request body too large';
  return 'Request failed';
}
