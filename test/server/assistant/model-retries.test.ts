/**
 * How long a reader waits on a provider that answers 429 (session 19): the server tries a
 * failed call again `--model-retries` times (default 1, not the AI SDK's 2), then answers 502
 * "busy". Through the CLI's flags, against the loopback stand-in for an OpenAI-compatible
 * server; the stand-in's `retry-after-ms` keeps the SDK's wait between tries short.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelFromFlags } from '../../../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../../../src/server/assistant/thread-store.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { startServer } from '../../../src/server/serve.ts';
import { type StandInServer, startOpenAIStandIn } from '../../support/llm-openai-standin.ts';

const KEY = 'da_dsc_modelretries0123456789';
const TINY_DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));

describe('a provider that answers 429', () => {
  let standIn: StandInServer;
  beforeAll(async () => {
    standIn = await startOpenAIStandIn({
      kind: 'refuse',
      status: 429,
      message: 'Rate limit reached for requests',
      headers: { 'retry-after-ms': '10' },
    });
  });
  afterAll(() => standIn.close());

  /** The number of calls the model got for one question, and the reader's answer. */
  async function ask(flags: string[]): Promise<{ calls: number; status: number; message: string }> {
    const config = await loadConfig([
      '--docs',
      TINY_DOCS,
      '--key',
      KEY,
      '--port',
      '0',
      '--model',
      'qwen3:8b',
      '--model-base-url',
      standIn.baseUrl,
      ...flags,
    ]);
    const server = await startServer(config, {
      log: () => {},
      threads: new MemoryThreadStore(),
      requestLog: false,
    });
    try {
      const before = standIn.requests.length;
      const response = await fetch(`${server.url}/v2/assistant/docs/message`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
        body: JSON.stringify({
          fp: 'anonymous',
          messages: [
            { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I deploy?' }] },
          ],
        }),
      });
      const { message } = (await response.json()) as { message: string };
      return { calls: standIn.requests.length - before, status: response.status, message };
    } finally {
      await server.close();
    }
  }

  it('is tried once more by default, then the reader is told it is busy', async () => {
    expect(await ask([])).toEqual({
      calls: 2,
      status: 502,
      message: 'The language model is busy right now. Try again in a moment.',
    });
  });

  it('is tried --model-retries more times: 0 tells the reader at once', async () => {
    expect((await ask(['--model-retries', '0'])).calls).toBe(1);
    expect((await ask(['--model-retries', '3'])).calls).toBe(4);
  });
});

describe('--model-retries', () => {
  const base = { model: 'llama3.1', 'model-base-url': 'http://127.0.0.1:11434/v1' };

  it('takes a whole number from 0 to 10, default 1', () => {
    expect(modelFromFlags(base).maxRetries).toBe(1);
    expect(modelFromFlags({ ...base, 'model-retries': '0' }).maxRetries).toBe(0);
    expect(modelFromFlags({ ...base, 'model-retries': '10' }).maxRetries).toBe(10);
    for (const wrong of ['-1', '1.5', '11', 'twice', '', ' ', '0x2']) {
      expect(() => modelFromFlags({ ...base, 'model-retries': wrong })).toThrow('--model-retries');
    }
  });
});
