import { describe, expect, it } from 'vitest';
import {
  buildRequestBody,
  messageEndpoint,
  toWireMessages,
  truncateCurrentPath,
} from '../../../src/widget/chat/request.ts';
import type { ChatOptions, DocsUIMessage } from '../../../src/widget/chat/types.ts';

const options = (overrides: Partial<ChatOptions> = {}): ChatOptions => ({
  baseUrl: 'http://api.test',
  domain: 'acme docs',
  apiKey: 'k',
  fp: '',
  retrievalPageSize: 5,
  currentPath: () => '/docs/a',
  ...overrides,
});

describe('request', () => {
  it('builds the endpoint without doubled slashes and with an encoded domain', () => {
    expect(messageEndpoint(options({ baseUrl: 'http://api.test///' }))).toBe(
      'http://api.test/v2/assistant/acme%20docs/message',
    );
  });

  it('truncates currentPath to 200 characters without breaking escapes or surrogates', () => {
    expect(truncateCurrentPath('/short?x#y')).toBe('/short?x#y');
    expect(truncateCurrentPath(`/${'a'.repeat(150)}?${'q'.repeat(100)}`)).toBe(
      `/${'a'.repeat(150)}`,
    );
    const escaped = truncateCurrentPath(`/${'a'.repeat(197)}%C3%A9`);
    expect(escaped).toBe(`/${'a'.repeat(197)}`);
    const emoji = truncateCurrentPath(`/${'a'.repeat(198)}😀x`);
    expect(emoji).toBe(`/${'a'.repeat(198)}`);
    for (const p of [escaped, emoji]) expect(p.length).toBeLessThanOrEqual(200);
  });

  it('sends only ids, roles and text parts', () => {
    const messages = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'q' }], metadata: { context: [] } },
      {
        id: 'a',
        role: 'assistant',
        parts: [
          {
            type: 'tool-search',
            toolCallId: 'c',
            state: 'output-available',
            input: {},
            output: [],
          },
          { type: 'source-url', sourceId: '1', url: '/x' },
          { type: 'text', text: 'answer' },
        ],
      },
    ] as DocsUIMessage[];
    expect(toWireMessages(messages)).toEqual([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'q' }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'answer' }] },
    ]);
  });

  it('defaults fp, keeps a throwing currentPath from breaking the request', () => {
    const body = buildRequestBody(
      options({
        currentPath: () => {
          throw new Error('host bug');
        },
      }),
      [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'q' }] }],
      {},
    );
    expect(body.fp).toBe('anonymous');
    expect(body).not.toHaveProperty('currentPath');
    expect(body).toMatchObject({ threadId: null, threadKey: null, retrievalPageSize: 5 });
  });
});
