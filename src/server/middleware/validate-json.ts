/**
 * JSON bodies at the edge: 415 for a body that is not JSON, 413 over the size limit, 400 for
 * malformed JSON or a body the schema rejects (with `issues`). Handlers read the typed result
 * with `c.req.valid('json')`, as with Hono's own validator.
 *
 * With a `check`, the body is followed as it is read (json-follow.ts) and refused at the
 * check's first objection, without reading the rest; a body the check lets through is parsed
 * and validated as any other.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { z } from 'zod/v4';
import { BODY_LIMIT_BYTES } from '../../api/limits.ts';
import { errorResponse } from './errors.ts';
import { END, type JsonBodyCheck, JsonFollower, type JsonRefusal } from './json-follow.ts';
import { readBodyText } from './read-body.ts';

export interface ValidateJsonOptions {
  /** Largest accepted body in bytes; default 1 MB (API.md). */
  maxBytes?: number;
  /** A new check per request, that may refuse the body while it is read (400). */
  check?: () => JsonBodyCheck;
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
  const tooLarge = (c: Context) =>
    errorResponse(c, 413, `Request body is larger than ${maxBytes} bytes`);
  // Counts the bytes of a body sent without Content-Length (chunked) while reading it.
  const countingReader = bodyLimit({ maxSize: maxBytes, onError: tooLarge });

  /** The 400 response for a body that is not valid, or undefined once the data is set. */
  const parse = async (c: Context): Promise<Response | undefined> => {
    let text: string;
    if (options.check) {
      const read = await readFollowed(c, options.check(), maxBytes);
      if (typeof read !== 'string') {
        return read === TOO_LARGE ? tooLarge(c) : errorResponse(c, 400, read.message, read.issues);
      }
      text = read;
    } else text = await c.req.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return errorResponse(c, 400, 'Request body is not valid JSON');
    }
    const parsed = schema.safeParse(body, { error: nonFiniteNumber });
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))),
        message: issue.message,
      }));
      return errorResponse(c, 400, 'Invalid request body', issues);
    }
    c.req.addValidatedData('json', parsed.data as object);
    return undefined;
  };

  return async function validateJsonBody(c, next) {
    if (!JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
      return errorResponse(c, 415, 'Content-Type must be application/json');
    }
    // With a declared length the check is free and the body is read straight from the socket
    // (@hono/node-server's fast path); touching `c.req.raw.body` would build a web stream.
    const declared = c.req.header('content-length');
    // A followed body is counted as it is read.
    if (options.check || (declared !== undefined && !c.req.header('transfer-encoding'))) {
      if (declared !== undefined && !(Number(declared) <= maxBytes)) return tooLarge(c);
      const rejection = await parse(c);
      if (rejection) return rejection;
      await next();
      return;
    }
    let rejection: Response | undefined;
    const limited = await countingReader(c, async () => {
      rejection = await parse(c);
      if (!rejection) await next();
    });
    return rejection ?? limited ?? undefined;
  };
}

const TOO_LARGE = Symbol('too large');

/** The body's text, or why it was refused before the end: the check's answer, or its size. */
async function readFollowed(
  c: Context,
  check: JsonBodyCheck,
  maxBytes: number,
): Promise<string | JsonRefusal | typeof TOO_LARGE> {
  const follower = new JsonFollower(check);
  let refusal: JsonRefusal | typeof TOO_LARGE | undefined;
  const text = await readBodyText(c, (piece, bytes) => {
    refusal = bytes > maxBytes ? TOO_LARGE : follower.write(piece);
    return refusal === undefined;
  });
  return refusal ?? follower.write(END) ?? text ?? '';
}

/**
 * JSON.parse reads a number too large for a double (`1e309`) as Infinity, which zod reports as
 * "expected number, received number"; say what is wrong instead. Other issues keep zod's text.
 */
function nonFiniteNumber(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'invalid_type' || typeof issue.input !== 'number') return undefined;
  if (Number.isFinite(issue.input)) return undefined;
  return `Invalid input: expected a finite number, received ${issue.input}`;
}
