import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { apiMessageOf, classifyError, parseRetryAfter } from '../../../src/widget/chat/errors.ts';

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
    expect(error).toEqual({
      kind: 'rate-limit',
      status: 429,
      retryAfterSeconds: 3600,
      detail: 'Slow down',
    });
  });

  it('maps statuses to kinds, keeping the API message as data', () => {
    expect(classifyError(apiError(401, { message: 'm' })).kind).toBe('auth');
    expect(classifyError(apiError(403, { message: 'm' })).kind).toBe('auth');
    expect(classifyError(apiError(404, { message: 'Unknown thread' })).kind).toBe('not-found');
    expect(classifyError(apiError(500, {})).kind).toBe('server');
    expect(classifyError(apiError(400, { message: 'currentPath: too long' }))).toEqual({
      kind: 'server',
      status: 400,
      detail: 'currentPath: too long',
    });
  });

  it('tells network failures before and during the stream, offline, and stream errors apart', () => {
    expect(classifyError(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(classifyError(new TypeError('network error'), { response: response(200) })).toEqual({
      kind: 'network',
      midStream: true,
    });
    expect(classifyError(new Error('x'), { online: false })).toEqual({
      kind: 'network',
      offline: true,
    });
    expect(classifyError(new Error('model broke'), { response: response(200) })).toEqual({
      kind: 'stream',
      detail: 'model broke',
    });
  });

  it('carries no words of its own', () => {
    for (const error of [apiError(401, { message: 'm' }), new TypeError('Failed to fetch')]) {
      expect(classifyError(error)).not.toHaveProperty('message');
    }
  });

  it('only trusts a JSON body message', () => {
    expect(apiMessageOf('{"message":"Nope"}')).toBe('Nope');
    expect(apiMessageOf('<html>502</html>')).toBeUndefined();
    expect(apiMessageOf('{"message":""}')).toBeUndefined();
  });
});
