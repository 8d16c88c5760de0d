/**
 * JSON bodies at the edge: 415 for a body that is not JSON, 413 over the size limit, 400 for
 * malformed JSON or a body the schema rejects (with `issues`). Handlers read the typed result
 * with `c.req.valid('json')`, as with Hono's own validator.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod/v4';
import { BODY_LIMIT_BYTES } from '../../api/limits.ts';
import { errorResponse } from './errors.ts';

export interface ValidateJsonOptions {
  /** Largest accepted body in bytes; default 1 MB (API.md). */
  maxBytes?: number;
}

/** `application/json`, or a `+json` type, with optional parameters such as charset. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export function validateJson<Schema extends z.ZodType>(
  schema: Schema,
  options: ValidateJsonOptions = {},
): MiddlewareHandler<
  // biome-ignore lint/suspicious/noExplicitAny: usable with any app environment.
  any,
  string,
  { in: { json: z.input<Schema> }; out: { json: z.output<Schema> } }
> {
  const maxBytes = options.maxBytes ?? BODY_LIMIT_BYTES;
  const limit = bodyLimit({
    maxSize: maxBytes,
    onError: (c) => errorResponse(c, 413, `Request body is larger than ${maxBytes} bytes`),
  });
  return async function validateJsonBody(c, next) {
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
      return errorResponse(c, 415, 'Content-Type must be application/json');
    }
    let rejection: Response | undefined;
    const limited = await limit(c, async () => {
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        rejection = errorResponse(c, 400, 'Request body is not valid JSON');
        return;
      }
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((issue) => ({
          path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
          message: issue.message,
        }));
        rejection = errorResponse(c, 400, 'Invalid request body', issues);
        return;
      }
      c.req.addValidatedData('json', parsed.data as object);
      await next();
    });
    return rejection ?? limited ?? undefined;
  };
}
