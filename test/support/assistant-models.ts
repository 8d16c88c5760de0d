/**
 * Stand-in models for the failure paths: the edge of the system a test may fake.
 */
import type { LanguageModelV4, LanguageModelV4StreamPart } from '@ai-sdk/provider';
import { MockLanguageModelV4 } from 'ai/test';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 1, text: 1, reasoning: 0 },
};

/** A model whose provider rejects the call outright (e.g. a wrong API key). */
export function failingModel(message = 'provider unavailable'): LanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async () => {
      throw new Error(message);
    },
  });
}

/** A model that streams some text and then breaks (e.g. the connection to the provider drops). */
export function breakingModel(
  text = 'Partial answer ',
  message = 'connection reset',
): LanguageModelV4 {
  const parts: LanguageModelV4StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    { type: 'text-delta', id: 't', delta: text },
  ];
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        // One part per read, so the text is delivered before the failure.
        pull(controller) {
          const part = parts.shift();
          if (part) controller.enqueue(part);
          else controller.error(new Error(message));
        },
      }),
    }),
  });
}

/** A model that writes `text` and finishes normally. */
export function scriptedModel(text: string): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          controller.enqueue({ type: 'text-delta', id: 't', delta: text });
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage,
          });
          controller.close();
        },
      }),
    }),
  });
}
