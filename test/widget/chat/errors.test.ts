import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import {
  apiMessageOf,
  classifyError,
  describeWait,
  parseRetryAfter,
} from '../../../src/widget/chat/errors.ts';

const apiError = (status: number, body: unknown) =>
  new APICallError({
    message: 'x',
    url: 'http://api.test',
    requestBodyValues: undefined,
    statusCode: status,
    responseBody: JSON.stringify(body),
  });
const response = (status: number, headers: Record<string, string> = {}) => ({
  status,
  headers: new Headers(headers),
});

describe('classifyError', () => {
  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(parseRetryAfter('30')).toBe(30);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:02:00 GMT', now)).toBe(120);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    const error = classifyError(apiError(429, { message: 'Slow down' }), {
      response: response(429, { 'Retry-After': '3600' }),
    });
    expect(error).toMatchObject({
      kind: 'rate-limit',
      retryAfterSeconds: 3600,
      detail: 'Slow down',
    });
    expect(error.message).toContain('1 hour');
  });

  it.each([
    [1, '1 second'],
    [45, '45 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [7200, '2 hours'],
  ])('describeWait(%i) = %s', (seconds, words) => {
    expect(describeWait(seconds)).toBe(words);
  });

  it('maps statuses to kinds', () => {
    expect(classifyError(apiError(401, { message: 'm' })).kind).toBe('auth');
    expect(classifyError(apiError(403, { message: 'm' })).kind).toBe('auth');
    expect(classifyError(apiError(404, { message: 'Unknown thread' })).kind).toBe('not-found');
    expect(classifyError(apiError(500, {})).kind).toBe('server');
    const invalid = classifyError(apiError(400, { message: 'currentPath: too long' }));
    expect(invalid).toMatchObject({ kind: 'server', status: 400 });
    expect(invalid.message).toContain('currentPath: too long');
  });

  it('tells network failures before and during the stream, offline, and stream errors apart', () => {
    expect(classifyError(new TypeError('Failed to fetch')).message).toMatch(/reach/);
    expect(
      classifyError(new TypeError('network error'), { response: response(200) }).message,
    ).toMatch(/dropped/);
    expect(classifyError(new Error('x'), { online: false })).toMatchObject({ kind: 'network' });
    expect(classifyError(new Error('model broke'), { response: response(200) })).toMatchObject({
      kind: 'stream',
      detail: 'model broke',
    });
  });

  it('only trusts a JSON body message', () => {
    expect(apiMessageOf('{"message":"Nope"}')).toBe('Nope');
    expect(apiMessageOf('<html>502</html>')).toBeUndefined();
    expect(apiMessageOf('{"message":""}')).toBeUndefined();
  });
});
