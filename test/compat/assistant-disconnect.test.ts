/**
 * A client that goes away mid-stream: the embedded model sees the abort signal and stops, and
 * the server keeps serving.
 */

import type { LanguageModelV4CallOptions } from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddedModel } from '../../src/server/assistant/embedded-model.ts';
import { type AssistantServer, startAssistantServer } from '../support/assistant-server.ts';
import { readSse } from '../support/assistant-streams.ts';
import { AI_SDK_DOCS } from '../support/corpora.ts';

const corpus = AI_SDK_DOCS;

const calls: LanguageModelV4CallOptions[] = [];
let partsProduced = 0;
let server: AssistantServer;
beforeAll(async () => {
  // Observe the real embedded model from outside: the options it got, and how much it produced.
  const model = wrapLanguageModel({
    model: createEmbeddedModel({ streamDelayMs: 25 }),
    middleware: {
      specificationVersion: 'v4',
      wrapStream: async ({ doStream, params }) => {
        calls.push(params);
        const result = await doStream();
        const counted = new TransformStream({
          transform(part, controller) {
            partsProduced++;
            controller.enqueue(part);
          },
        });
        return { ...result, stream: result.stream.pipeThrough(counted) };
      },
    },
  });
  server = await startAssistantServer({ docs: corpus, languageModel: model, citesSources: true });
});
afterAll(() => server.close());

const body = {
  fp: 'anonymous',
  messages: [
    {
      id: 'u1',
      role: 'user',
      parts: [{ type: 'text', text: 'How do I stream text with streamText?' }],
    },
  ],
};
const post = (signal?: AbortSignal) =>
  fetch(`${server.url}/v2/assistant/${server.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify(body),
    signal,
  });

describe('client disconnect', () => {
  it('aborts generation: the model sees the abort signal and stops producing', async () => {
    const controller = new AbortController();
    const response = await post(controller.signal);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!seen.includes('"text-delta"')) seen += decoder.decode((await reader.read()).value);
    controller.abort();

    const signal = calls.at(-1)!.abortSignal!;
    await vi.waitFor(() => expect(signal.aborted).toBe(true));
    const producedAtAbort = partsProduced;
    await new Promise((resolve) => setTimeout(resolve, 200));
    // At 25 ms per chunk, a model that kept going would have produced several more parts.
    expect(partsProduced - producedAtAbort).toBeLessThanOrEqual(1);

    // The full answer has far more chunks than were produced before the client left.
    const full = await readSse(await post());
    expect(full.done).toBe(true);
    expect(full.chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(
      producedAtAbort,
    );
  });
});
