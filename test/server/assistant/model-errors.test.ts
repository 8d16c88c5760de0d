/**
 * What a reader is told when a real model fails, and what the log keeps: the provider's own
 * message can name the server's key or an internal address, so only the log has it.
 */
import { APICallError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { describeModelError } from '../../../src/server/assistant/reply.ts';

const apiError = (statusCode: number, message: string) =>
  new APICallError({
    message,
    url: 'http://10.0.0.5:11434/v1/chat/completions',
    requestBodyValues: {},
    statusCode,
  });

describe('describeModelError', () => {
  it('tells the reader the kind of failure and keeps the provider words for the log', () => {
    const refused = describeModelError(apiError(401, 'Incorrect API key provided: sk-ab***yz.'));
    expect(refused.reader).toMatch(/^The language model refused this server/);
    expect(refused.reader).not.toMatch(/sk-|Incorrect/);
    expect(refused.detail).toBe('401 Incorrect API key provided: sk-ab***yz.');
    expect(describeModelError(apiError(500, 'upstream at 10.0.0.5 crashed')).reader).toBe(
      'The language model had an error. Try again in a moment.',
    );
    expect(describeModelError(apiError(404, 'model qwen3 not found')).reader).toBe(
      'The language model failed (it answered 404).',
    );
    const plain = describeModelError(new Error('connect ECONNREFUSED 10.0.0.5:11434\n  at …'));
    expect(plain.reader).toBe('The language model failed. Try again in a moment.');
    expect(plain.detail).toBe('connect ECONNREFUSED 10.0.0.5:11434');
  });

  it('reads a failure that was tried again by its last answer (429 after the retries)', () => {
    const lastError = apiError(429, 'Rate limit reached for org-acme');
    const retried = new RetryError({
      message: 'Failed after 3 attempts. Last error: Rate limit reached for org-acme',
      reason: 'maxRetriesExceeded',
      errors: [lastError, lastError, lastError],
    });
    expect(describeModelError(retried)).toEqual({
      reader: 'The language model is busy right now. Try again in a moment.',
      detail: '429 Rate limit reached for org-acme',
    });
  });

  it('says a model that stayed silent did not answer in time', () => {
    const timeout = new DOMException('Chunk timeout of 60000ms exceeded', 'TimeoutError');
    expect(describeModelError(timeout).reader).toBe(
      'The language model did not answer in time. Try again in a moment.',
    );
  });
});
