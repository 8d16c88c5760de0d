import { parseDataStreamPart } from '@ai-sdk/ui-utils';
import { describe, expect, it } from 'vitest';
import {
  encodeChunk,
  encodeFinish,
  encodeStartStep,
} from '../../../src/server/assistant/data-stream-v1.ts';

/** Every line must be accepted by AI SDK 4's own part parser. */
const parse = (encoded: string) =>
  encoded
    .split('\n')
    .filter(Boolean)
    .map((line) => parseDataStreamPart(line));

describe('v1 data stream encoder', () => {
  it('encodes the reply parts so that AI SDK 4 parses them', () => {
    const encoded = [
      encodeStartStep('msg-1'),
      encodeChunk({ type: 'start' }),
      encodeChunk({
        type: 'tool-input-available',
        toolCallId: 'call-1',
        toolName: 'search',
        input: { query: 'q' },
      }),
      encodeChunk({ type: 'tool-output-available', toolCallId: 'call-1', output: [{ path: 'a' }] }),
      encodeChunk({ type: 'source-url', sourceId: '1', url: '/docs/a', title: 'A' }),
      encodeChunk({ type: 'text-start', id: 't' }),
      encodeChunk({ type: 'text-delta', id: 't', delta: 'Hello "world"\n' }),
      encodeChunk({ type: 'text-end', id: 't' }),
      encodeFinish('thread-1', 'stop'),
    ].join('');
    expect(parse(encoded)).toEqual([
      { type: 'start_step', value: { messageId: 'msg-1' } },
      {
        type: 'tool_call',
        value: { toolCallId: 'call-1', toolName: 'search', args: { query: 'q' } },
      },
      { type: 'tool_result', value: { toolCallId: 'call-1', result: [{ path: 'a' }] } },
      { type: 'source', value: { sourceType: 'url', id: '1', url: '/docs/a', title: 'A' } },
      { type: 'text', value: 'Hello "world"\n' },
      { type: 'message_annotations', value: [{ threadId: 'thread-1' }] },
      {
        type: 'finish_step',
        value: {
          finishReason: 'stop',
          usage: { promptTokens: 0, completionTokens: 0 },
          isContinued: false,
        },
      },
      {
        type: 'finish_message',
        value: { finishReason: 'stop', usage: { promptTokens: 0, completionTokens: 0 } },
      },
    ]);
    expect(encoded).toContain(
      'd:{"finishReason":"stop","usage":{"promptTokens":0,"completionTokens":0},"threadId":"thread-1"}\n',
    );
  });

  it('reports errors as a 3: part', () => {
    expect(parse(encodeChunk({ type: 'error', errorText: 'boom' }))).toEqual([
      { type: 'error', value: 'boom' },
    ]);
  });

  it('writes nothing for chunks v1 has no part for', () => {
    for (const chunk of [
      { type: 'start-step' },
      { type: 'finish-step' },
      { type: 'text-end', id: 't' },
      { type: 'finish' },
    ] as const) {
      expect(encodeChunk(chunk)).toBe('');
    }
  });
});
