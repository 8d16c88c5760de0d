/**
 * A model middleware for failures after the model started streaming (a provider connection
 * that drops mid-answer). `streamText` passes a broken provider stream on as a broken stream,
 * which would cut the HTTP response off mid-event; the contract wants the failure reported in
 * the stream and the stream ended cleanly. So the break becomes what the provider spec has for
 * it, an `error` part and a `finish` with reason `error`, and `streamText` streams both like
 * any other: an `error` chunk, then `finish-step` and `finish`.
 */
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { LanguageModelMiddleware } from 'ai';

const UNKNOWN_USAGE = {
  inputTokens: {
    total: undefined,
    noCache: undefined,
    cacheRead: undefined,
    cacheWrite: undefined,
  },
  outputTokens: { total: undefined, text: undefined, reasoning: undefined },
};

/** A stream's failure as the provider spec reports one: an `error` part, then a `finish`. */
export function failureParts(error: unknown): LanguageModelV4StreamPart[] {
  return [
    { type: 'error', error },
    { type: 'finish', finishReason: { unified: 'error', raw: undefined }, usage: UNKNOWN_USAGE },
  ];
}

export const streamFailuresAsParts: LanguageModelMiddleware = {
  specificationVersion: 'v4',
  async wrapStream({ doStream }) {
    const { stream, ...rest } = await doStream();
    const parts = stream.getReader();
    return {
      ...rest,
      stream: new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          try {
            const next = await parts.read();
            if (next.done) controller.close();
            else controller.enqueue(next.value);
          } catch (error) {
            for (const part of failureParts(error)) controller.enqueue(part);
            controller.close();
          }
        },
        cancel: (reason) => parts.cancel(reason),
      }),
    };
  },
};
