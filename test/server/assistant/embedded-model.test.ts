import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../../../src/server/assistant/compose-answer.ts';
import {
  createEmbeddedModel,
  embeddedProviderOptions,
  textChunker,
} from '../../../src/server/assistant/embedded-model.ts';
import { TinyIndex } from '../../support/assistant-index.ts';

const question = 'Why does streaming improve latency?';
const passages = new TinyIndex().search(question, { pageSize: 5 });
const call = {
  prompt: question,
  providerOptions: embeddedProviderOptions({ passages }),
};

describe('embedded model', () => {
  it('streams the composed answer through streamText in small chunks, with its sources', async () => {
    const result = streamText({ model: createEmbeddedModel(), ...call });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const expected = composeAnswer(question, passages);
    expect(deltas.join('')).toBe(expected.text);
    expect(deltas.length).toBeGreaterThan(5);
    expect(
      Math.max(...deltas.map((d) => d.split(/\s+/).filter(Boolean).length)),
    ).toBeLessThanOrEqual(3);
    expect((await result.sources).map((s) => (s.sourceType === 'url' ? s.url : ''))).toEqual(
      expected.sources.map((s) => s.url),
    );
    expect(await result.finishReason).toBe('stop');
  });

  it('answers the same through generateText', async () => {
    const result = await generateText({ model: createEmbeddedModel(), ...call });
    expect(result.text).toBe(composeAnswer(question, passages).text);
  });

  it('says the docs do not cover a question without retrieved sections', async () => {
    const result = await generateText({ model: createEmbeddedModel(), prompt: question });
    expect(result.text).toMatch(/^The docs don't seem to cover this/);
  });

  it('paces chunks with the stream delay and stops when aborted', async () => {
    const controller = new AbortController();
    const model = createEmbeddedModel({ streamDelayMs: 20 });
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: question }] }],
      providerOptions: call.providerOptions,
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const started = performance.now();
    let deltas = 0;
    for (;;) {
      const { value } = await reader.read();
      if (value?.type === 'text-delta' && ++deltas === 3) break;
    }
    // Three paced chunks cannot arrive sooner than two delays apart (lower bound only).
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    controller.abort(new Error('client went away'));
    await expect(reader.read()).rejects.toThrow('client went away');
  });

  it('splits text into chunks that join back to it', () => {
    const text = 'A  b c\n\n```ts\nconst x = 1;\n```\n d ';
    const chunker = textChunker(text);
    const chunks: string[] = [];
    for (let piece = chunker.next(); piece !== undefined; piece = chunker.next())
      chunks.push(piece);
    expect(chunks.join('')).toBe(text);
  });
});
