/**
 * What the stable `streamText` costs per open reply compared with
 * `experimental_streamTextLowMemory`, which the server used before it kept to stable APIs.
 * Both run the same reply without HTTP: retrieval, the embedded model (paced so that it stays
 * open), the model's stream converted with `toUIMessageChunk` up to the first text chunk, and
 * then held. Measured in a child process of its own (`--expose-gc`: this is the bench, not the
 * server) by the heap after full collections, before and with the replies open.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { experimental_streamTextLowMemory, streamText, toUIMessageChunk } from 'ai';
import { embeddedProviderOptions } from '../src/server/assistant/embedded-model.ts';
import { resolveModel } from '../src/server/assistant/models.ts';
import { retrievePassages } from '../src/server/assistant/retrieval.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { retrievalQuestions } from '../test/fixtures/retrieval-questions.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { round } from './stats.ts';

const REPLIES = 500;

export interface StreamTextCost {
  replies: number;
  /** Heap per open reply with `streamText`. */
  stableKb: number;
  /** The same with `experimental_streamTextLowMemory`. */
  lowMemoryKb: number;
}

export async function compareStreamTextVariants(): Promise<StreamTextCost> {
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', fileURLToPath(import.meta.url), '--measure'],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').at(-1)!);
}

async function measure(): Promise<StreamTextCost> {
  const gc = (globalThis as { gc?: () => void }).gc!;
  const { index } = await buildDocsIndex(AI_SDK_DOCS);
  const model = resolveModel({ streamDelayMs: 60_000 }).model;
  const retrievals = retrievalQuestions.map(({ question }) =>
    retrievePassages(index, { question, pageSize: 5 }),
  );
  const open = async (variant: typeof streamText, n: number) => {
    const retrieval = retrievals[n % retrievals.length]!;
    const result = variant({
      model,
      messages: [{ role: 'user', content: retrieval.query }],
      providerOptions: embeddedProviderOptions({
        passages: retrieval.results,
        question: retrieval.query,
      }),
      onError: () => {},
    });
    const parts = result.stream.getReader();
    for (;;) {
      const next = await parts.read();
      if (next.done || toUIMessageChunk(next.value, { sendSources: true })?.type === 'text-start')
        return parts;
    }
  };
  const settledHeap = async () => {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
    return process.memoryUsage().heapUsed;
  };
  const perReply = async (variant: typeof streamText) => {
    const before = await settledHeap();
    const held = [];
    for (let n = 0; n < REPLIES; n++) held.push(await open(variant, n));
    const kb = (await settledHeap()) - before;
    for (const parts of held) await parts.cancel();
    return kb / REPLIES / 1024;
  };
  // A first round of each warms the code; the second counts.
  const lowMemory = experimental_streamTextLowMemory as typeof streamText;
  await perReply(streamText);
  await perReply(lowMemory);
  return {
    replies: REPLIES,
    stableKb: round(await perReply(streamText)),
    lowMemoryKb: round(await perReply(lowMemory)),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv.includes('--measure')) {
  console.log(JSON.stringify(await measure()));
  process.exit(0);
}
