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
/** A streamed call lets go of its sections once composed: each call gets its own options. */
const call = () => ({
  prompt: question,
  providerOptions: embeddedProviderOptions({ passages }),
});

describe('embedded model', () => {
  it('streams the composed answer through streamText in small chunks, with its sources', async () => {
    const result = streamText({ model: createEmbeddedModel(), ...call() });
    const deltas: string[] = [];
    for await (const delta of result.textStream) deltas.push(delta);
    const expected = composeAnswer(question, passages);
    expect(deltas.join('')).toBe(expected.text);
    expect(deltas.length).toBeGreaterThan(2);
    expect(
      Math.max(...deltas.map((d) => d.split(/\s+/).filter(Boolean).length)),
    ).toBeLessThanOrEqual(3);
    expect((await result.sources).map((s) => (s.sourceType === 'url' ? s.url : ''))).toEqual(
      expected.sources.map((s) => s.url),
    );
    expect(await result.finishReason).toBe('stop');
  });

  it('answers the same through generateText', async () => {
    const result = await generateText({ model: createEmbeddedModel(), ...call() });
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
      providerOptions: call().providerOptions,
      abortSignal: controller.signal,
    });
    const reader = stream.getReader();
    const started = performance.now();
    let deltas = 0;
    for (;;) {
      const { value, done } = await reader.read();
      expect(done, 'the answer has at least three chunks').toBe(false);
      if (value?.type === 'text-delta' && ++deltas === 3) break;
    }
    // Three paced chunks cannot arrive sooner than two delays apart (lower bound only).
    expect(performance.now() - started).toBeGreaterThanOrEqual(40);
    // Said in the stream, as stream-failures.ts has other models say it: it never breaks.
    const reason = new Error('client went away');
    controller.abort(reason);
    expect((await reader.read()).value).toEqual({ type: 'error', error: reason });
    expect((await reader.read()).value).toMatchObject({
      type: 'finish',
      finishReason: { unified: 'error' },
    });
    expect((await reader.read()).done).toBe(true);
  });

  it('lets go of the sections a streamed answer was composed from, and streams it whole', async () => {
    const { providerOptions } = call();
    const model = createEmbeddedModel();
    const { stream } = await model.doStream({
      prompt: [{ role: 'user', content: [{ type: 'text', text: question }] }],
      providerOptions,
    });
    expect(JSON.parse(JSON.stringify(providerOptions)).docsAssistant).not.toHaveProperty(
      'passages',
    );
    let text = '';
    for await (const part of stream) if (part.type === 'text-delta') text += part.delta;
    expect(text).toBe(composeAnswer(question, passages).text);
  });

  it('answers a question about a selection about it: the selection is what follows the question in the query', async () => {
    const passages = [
      {
        path: 'reference/settings',
        content:
          'Maximum number of retries. Set it to 0 to disable retries; `maxRetries` defaults to 2.',
        metadata: { title: 'Settings', heading: 'maxRetries', anchor: 'maxretries', score: 1 },
      },
      {
        path: 'cookbook/no-retries',
        content:
          'Turn them off:\n\n```ts\nconst result = await generateText({ model, maxRetries: 0 });\n```',
        metadata: { title: 'No retries', score: 0.9 },
      },
    ];
    const selected = 'const result = await generateText({ model, maxRetries: 0 });';
    const result = await generateText({
      model: createEmbeddedModel(),
      prompt: 'What does this do?',
      providerOptions: embeddedProviderOptions({
        passages,
        question: `What does this do?\n${selected}`,
      }),
    });
    expect(result.text.split('\n\n')[0]).toContain('`maxRetries` defaults to 2');
    expect(result.text).not.toContain(selected);
  });

  it('reads the retrieved pages whole through the index, and leaves the index out of JSON', async () => {
    const index = new TinyIndex([
      {
        path: 'config/server',
        title: 'Server Options',
        heading: 'server.strictPort',
        anchor: 'server-strictport',
        content:
          '## server.strictPort\n\nExit when the port is in use.\n\n## server.open\n\nAutomatically open the app in the browser on server start.',
      },
    ]);
    const question = 'Can the server open the browser on start?';
    const providerOptions = embeddedProviderOptions({
      passages: index.search(question),
      index,
    });
    expect(JSON.parse(JSON.stringify(providerOptions)).docsAssistant.docs).toEqual({
      sectionCount: 1,
    });
    const result = await generateText({
      model: createEmbeddedModel(),
      prompt: question,
      providerOptions,
    });
    expect(result.text).toContain('Automatically open the app in the browser on server start.');
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
