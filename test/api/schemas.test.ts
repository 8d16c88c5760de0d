import { describe, expect, it } from 'vitest';
import {
  CURRENT_PATH_MAX,
  FEEDBACK_COMMENT_MAX_CHARS,
  FEEDBACK_REASON_MAX_CHARS,
  FEEDBACK_REASONS,
  RETRIEVAL_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_DEFAULT,
} from '../../src/api/limits.ts';
import {
  assistantRequestSchema,
  feedbackRequestSchema,
  pageRequestSchema,
  searchRequestSchema,
  searchResultSchema,
} from '../../src/api/schemas.ts';

const message = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] };

describe('request schemas', () => {
  it('apply the defaults of the contract', () => {
    expect(searchRequestSchema.parse({ query: 'x' }).pageSize).toBe(SEARCH_PAGE_SIZE_DEFAULT);
    const body = assistantRequestSchema.parse({ fp: 'anonymous', messages: [message] });
    expect(body.retrievalPageSize).toBe(RETRIEVAL_PAGE_SIZE_DEFAULT);
  });

  it('limit currentPath to its length', () => {
    const at = (length: number) =>
      assistantRequestSchema.safeParse({
        fp: 'anonymous',
        messages: [message],
        currentPath: 'a'.repeat(length),
      }).success;
    expect(at(CURRENT_PATH_MAX)).toBe(true);
    expect(at(CURRENT_PATH_MAX + 1)).toBe(false);
  });

  it('keep the fields a client adds to the assistant body and its messages', () => {
    const body = assistantRequestSchema.parse({
      fp: 'anonymous',
      messages: [{ ...message, createdAt: 'now' }],
      trigger: 'submit-message',
      extra: 1,
    });
    expect(body.messages[0]).toMatchObject({ createdAt: 'now' });
    expect(body).toMatchObject({ trigger: 'submit-message', extra: 1 });
  });

  it('accept groups on the page body, as a string array only', () => {
    expect(pageRequestSchema.parse({ path: 'a', groups: ['staff'] }).groups).toEqual(['staff']);
    expect(pageRequestSchema.safeParse({ path: 'a', groups: 'staff' }).success).toBe(false);
  });

  it("take the widget's reasons and any short text as a feedback reason, within the limits", () => {
    const thumbs = { threadId: 't', threadKey: 'k', messageId: 'm', helpful: false };
    const ok = (extra: object) => feedbackRequestSchema.safeParse({ ...thumbs, ...extra }).success;
    for (const reason of FEEDBACK_REASONS) expect(ok({ reason })).toBe(true);
    expect(ok({ reason: 'missing-page' })).toBe(true);
    expect(ok({ reason: 'a'.repeat(FEEDBACK_REASON_MAX_CHARS) })).toBe(true);
    expect(ok({ reason: 'a'.repeat(FEEDBACK_REASON_MAX_CHARS + 1) })).toBe(false);
    expect(ok({ comment: 'a'.repeat(FEEDBACK_COMMENT_MAX_CHARS) })).toBe(true);
    expect(ok({ comment: 'a'.repeat(FEEDBACK_COMMENT_MAX_CHARS + 1) })).toBe(false);
  });
});

describe('response schemas', () => {
  it('let result metadata carry more than the named fields, and require a title', () => {
    const result = { content: 'c', path: 'p', metadata: { title: 't', version: 'v2' } };
    expect(searchResultSchema.parse(result).metadata).toEqual({ title: 't', version: 'v2' });
    expect(searchResultSchema.safeParse({ ...result, metadata: {} }).success).toBe(false);
    const scored = { ...result, metadata: { title: 't', score: 1.5 } };
    expect(searchResultSchema.safeParse(scored).success).toBe(false);
  });
});
