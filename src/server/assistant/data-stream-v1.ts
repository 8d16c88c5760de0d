/**
 * AI SDK 4 data stream protocol (`CODE:JSON\n` per part) for the deprecated v1 endpoint.
 * Hand-written because the pinned AI SDK no longer ships a v4 encoder. It maps the same UI
 * message chunks the v2 endpoint streams, and emits only codes that version 4's parser knows
 * (it throws on any other): f 9 a h 0 3 8 e d.
 */
import type { FinishReason, UIMessageChunk } from 'ai';

export const DATA_STREAM_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'X-Vercel-AI-Data-Stream': 'v1',
} as const;

/** The codes of AI SDK 4's `dataStreamParts` that this encoder writes. */
export const V1_PART_CODES = ['0', '3', '8', '9', 'a', 'd', 'e', 'f', 'h'] as const;
type PartCode = (typeof V1_PART_CODES)[number];

function part(code: PartCode, value: unknown): string {
  return `${code}:${JSON.stringify(value)}\n`;
}

export function encodeStartStep(messageId: string): string {
  return part('f', { messageId });
}

/** Maps one UI message chunk to its v1 parts, or '' when v1 has no equivalent. */
export function encodeChunk(chunk: UIMessageChunk): string {
  switch (chunk.type) {
    case 'start':
      return chunk.messageId ? encodeStartStep(chunk.messageId) : '';
    case 'tool-input-available':
      return part('9', {
        toolCallId: chunk.toolCallId,
        toolName: chunk.toolName,
        args: chunk.input,
      });
    case 'tool-output-available':
      return part('a', { toolCallId: chunk.toolCallId, result: chunk.output });
    case 'source-url':
      return part('h', {
        sourceType: 'url',
        id: chunk.sourceId,
        url: chunk.url,
        ...(chunk.title ? { title: chunk.title } : {}),
      });
    case 'text-delta':
      return part('0', chunk.delta);
    case 'error':
      return part('3', chunk.errorText);
    case 'finish': {
      const threadId = (chunk.messageMetadata as { threadId?: unknown } | undefined)?.threadId;
      return typeof threadId === 'string'
        ? encodeFinish(threadId, chunk.finishReason ?? 'other')
        : '';
    }
    default:
      // text-start/-end, steps and metadata have no v1 part: v1 text is one running string.
      return '';
  }
}

/** `8:` annotation, `e:` finish step and `d:` finish message, with the thread id. */
export function encodeFinish(threadId: string, finishReason: FinishReason): string {
  // v4 parses missing usage numbers as NaN; zeros keep the client's usage object well-formed.
  const usage = { promptTokens: 0, completionTokens: 0 };
  return (
    part('8', [{ threadId }]) +
    part('e', { finishReason, usage, isContinued: false }) +
    part('d', { finishReason, usage, threadId })
  );
}

/** A UI message stream as the v1 data stream, bytes ready for the response body. */
export function toDataStreamV1(chunks: ReadableStream<UIMessageChunk>): ReadableStream<Uint8Array> {
  return chunks
    .pipeThrough(
      new TransformStream<UIMessageChunk, string>({
        transform(chunk, controller) {
          const encoded = encodeChunk(chunk);
          if (encoded) controller.enqueue(encoded);
        },
      }),
    )
    .pipeThrough(new TextEncoderStream());
}
