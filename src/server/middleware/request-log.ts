/**
 * One line per request: method, route (the pattern, never the raw path), domain, status and
 * duration, and for answers the time to the first chunk (the answer's headers leave with its
 * first chunk) and the whole answer's time, logged when the answer ends. `json` writes one
 * JSON object per line for log collectors, `pretty` a line for people. Keys, Authorization,
 * client addresses and question text are never logged; questions only with `logQuestions`.
 * Health checks are not logged (orchestrators poll them every few seconds).
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../types.ts';

export type LogFormat = 'pretty' | 'json';

export interface RequestLogOptions {
  format: LogFormat;
  write: (line: string) => void;
  /** Add the question's text to answer lines; default false. */
  logQuestions?: boolean;
}

export interface RequestLogLine {
  time: string;
  method: string;
  route: string;
  domain?: string;
  status: number;
  ms: number;
  firstChunkMs?: number;
  question?: string;
  /**
   * Why the model failed, before the answer (502) or in its middle, or why the request failed
   * (a store that cannot be reached: 503).
   */
  error?: string;
}

/** The health routes' patterns (`/health`, `/health/ready`, under any base path). */
const HEALTH_ROUTE = /\/health(?:\/ready)?$/;

export function requestLog(options: RequestLogOptions): MiddlewareHandler<AppEnv> {
  const write = (line: RequestLogLine) => options.write(format(line, options.format));
  return async function logged(c, next) {
    const started = performance.now();
    await next();
    // The matched handler's pattern (`/v1/search/:domain`), not the path as sent.
    const route = routePath(c, -1);
    // By the route, not the path: a page or a domain named `health` is logged like any other.
    if (HEALTH_ROUTE.test(route)) return;
    const elapsed = Math.round(performance.now() - started);
    // `c.get()`, not `c.var`: `c.var` copies every variable into a new object.
    const site = c.get('site');
    const line: RequestLogLine = {
      time: new Date().toISOString(),
      method: c.req.method,
      route,
      ...(site && { domain: site.domain }),
      status: c.res.status,
      ms: elapsed,
    };
    const modelError = c.get('modelError');
    if (modelError !== undefined) line.error = modelError;
    // An error the error handler answered (a store that cannot be reached: 503).
    else if (c.error) line.error = c.error.message;
    const answer = c.get('answer');
    if (!answer) return write(line);
    line.firstChunkMs = elapsed;
    if (options.logQuestions) line.question = answer.question;
    const ended = (error?: string) =>
      write({
        ...line,
        ms: Math.round(performance.now() - started),
        ...(error !== undefined && { error }),
      });
    answer.done.then(
      (outcome) => ended(outcome.error),
      () => ended(),
    );
  };
}

function format(line: RequestLogLine, as: LogFormat): string {
  if (as === 'json') return JSON.stringify(line);
  const where = line.domain ? ` ${line.domain}` : '';
  const first = line.firstChunkMs === undefined ? '' : ` (first chunk ${line.firstChunkMs} ms)`;
  const question = line.question === undefined ? '' : ` ${JSON.stringify(line.question)}`;
  const error = line.error === undefined ? '' : ` (${line.error})`;
  return `${line.method} ${line.route}${where} ${line.status} ${line.ms} ms${first}${question}${error}`;
}
