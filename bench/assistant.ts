/**
 * Assistant figures (README, "Assistant"), on the ai-sdk-docs corpus, loopback only:
 * - time to the first text chunk of a v2 reply with the embedded model (p50, p99);
 * - how many concurrent v2 streams one server process holds, and its peak RSS meanwhile.
 * The server runs in a child process so its RSS is its own, not the load generator's.
 * `node bench/assistant.ts` runs it alone; `bench/run.ts` runs it with the other benchmarks.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { retrievalQuestions } from '../test/fixtures/retrieval-questions.ts';
import { startAssistantServer } from '../test/helpers/assistant-server.ts';
import { percentile, round } from './stats.ts';

const corpus = fileURLToPath(new URL('../../shared/corpora/ai-sdk-docs', import.meta.url));
const TTFT_REQUESTS = 300;
const CONCURRENT_STREAMS = 1000;
/** Streams are opened in batches, as users arrive, not as one burst of 1,000 connects. */
const RAMP_BATCH = 25;
/** Pacing per text chunk, so that every stream is still open when the last one starts. */
const STREAM_DELAY_MS = 1000;
/**
 * Node flags compared: the defaults, and a young-generation cap, the obvious knob for RSS (it
 * makes the peak worse here: README, Assistant, "Figures", says why).
 */
export const FLAG_SETS: string[][] = [[], ['--max-semi-space-size=8']];

export interface StreamLoadFigures {
  nodeFlags: string;
  streams: number;
  completed: number;
  dropped: number;
  /** Most streams open at the same moment. */
  peakOpen: number;
  idleRssMb: number;
  peakRssMb: number;
  /** V8 heap in use after a full collection once every stream was opened. */
  liveHeapMb: number;
  /** How long opening all streams took. */
  rampSeconds: number;
  /** Set when the server process died during the run. */
  failure?: string;
}

export interface ReplyFigures {
  nodeFlags: string;
  /** From starting the server process to its index being ready. */
  startSeconds: number;
  firstChunkP50Ms: number;
  firstChunkP99Ms: number;
  /** Whole replies read one after the other (unpaced). */
  repliesPerSecond: number;
}

export interface AssistantFigures {
  replies: ReplyFigures[];
  load: StreamLoadFigures[];
}

interface ChildServer {
  url: string;
  key: string;
  domain: string;
  child: ChildProcess;
  startSeconds: number;
  memory(): Promise<ChildMemory>;
  memoryAfterGc(): Promise<ChildMemory>;
}

interface ChildMemory {
  rss: number;
  heapUsed: number;
}

/** Starts the server in a child process; it answers `memory` messages with its usage. */
async function startChildServer(streamDelayMs: number, flags: string[] = []): Promise<ChildServer> {
  const started = performance.now();
  const child = fork(fileURLToPath(import.meta.url), ['--serve', String(streamDelayMs)], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: ['--expose-gc', ...flags],
  });
  const [ready] = (await once(child, 'message')) as [{ url: string; key: string; domain: string }];
  const startSeconds = (performance.now() - started) / 1000;
  // A server that dies (out of memory) must fail the figures, not hang the run.
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`the server process ended (${code ?? signal})`);
  });
  exited.catch(() => {});
  // One question at a time: replies come back in order.
  let queue = Promise.resolve<unknown>(undefined);
  const ask = (question: 'memory' | 'memory-after-gc') => {
    const answer = queue.then(async () => {
      child.send(question);
      const [message] = (await Promise.race([once(child, 'message'), exited])) as [ChildMemory];
      return message;
    });
    queue = answer.catch(() => {});
    return answer;
  };
  return {
    ...ready,
    child,
    startSeconds,
    memory: () => ask('memory'),
    memoryAfterGc: () => ask('memory-after-gc'),
  };
}

async function serveInChild(streamDelayMs: number) {
  const server = await startAssistantServer({ docs: corpus, streamDelayMs });
  process.on('message', (message) => {
    if (message === 'memory-after-gc') (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    process.send!({ rss, heapUsed });
  });
  process.on('disconnect', () => server.close().then(() => process.exit(0)));
  process.send!({ url: server.url, key: server.key, domain: server.domain });
}

function request(server: { url: string; key: string; domain: string }, question: string) {
  return fetch(`${server.url}/v2/assistant/${server.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
}

/** Reads a v2 stream; resolves the time of the first text chunk and whether it ended with [DONE]. */
async function readStream(
  response: Response,
  onFirstText: () => void,
): Promise<{ done: boolean; text: boolean }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let sawText = false;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    if (!sawText && buffer.includes('"type":"text-delta"')) {
      sawText = true;
      onFirstText();
    }
    // Keep only the tail: enough to see the terminator across chunk boundaries.
    if (buffer.length > 4096) buffer = buffer.slice(-64);
  }
  return { done: buffer.trimEnd().endsWith('data: [DONE]'), text: sawText };
}

async function replies(flags: string[]): Promise<ReplyFigures> {
  const server = await startChildServer(0, flags);
  const questions = retrievalQuestions.map((q) => q.question);
  for (const question of questions.slice(0, 10)) await (await request(server, question)).text();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < TTFT_REQUESTS; i++) {
    const sent = performance.now();
    const response = await request(server, questions[i % questions.length]!);
    await readStream(response, () => times.push(performance.now() - sent));
  }
  const seconds = (performance.now() - started) / 1000;
  server.child.disconnect();
  return {
    nodeFlags: flags.join(' ') || '(defaults)',
    startSeconds: round(server.startSeconds),
    firstChunkP50Ms: round(percentile(times, 50)),
    firstChunkP99Ms: round(percentile(times, 99)),
    repliesPerSecond: round(TTFT_REQUESTS / seconds),
  };
}

async function concurrentStreams(flags: string[]): Promise<StreamLoadFigures> {
  const server = await startChildServer(STREAM_DELAY_MS, flags);
  const idle = (await server.memory()).rss;
  let peakRss = idle;
  let sampling = true;
  let failure: string | undefined;
  const sampler = (async () => {
    while (sampling) {
      try {
        peakRss = Math.max(peakRss, (await server.memory()).rss);
      } catch (error) {
        failure = (error as Error).message;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  let open = 0;
  let peakOpen = 0;
  let liveHeap = 0;
  const questions = retrievalQuestions.map((q) => q.question);
  const streams: Promise<boolean>[] = [];
  /** Resolves once the response headers are in, with the stream's eventual outcome. */
  const openStream = async (i: number): Promise<{ outcome: Promise<boolean> }> => {
    try {
      const response = await request(server, questions[i % questions.length]!);
      if (response.status !== 200) return { outcome: Promise.resolve(false) };
      open++;
      peakOpen = Math.max(peakOpen, open);
      const outcome = readStream(response, () => {}).then(
        (result) => result.done && result.text,
        () => false,
      );
      outcome.then(() => open--);
      return { outcome };
    } catch {
      return { outcome: Promise.resolve(false) };
    }
  };
  const rampStarted = performance.now();
  for (let i = 0; i < CONCURRENT_STREAMS; i += RAMP_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: RAMP_BATCH }, (_, j) => openStream(i + j)),
    );
    streams.push(...batch.map((b) => b.outcome));
  }
  const rampSeconds = round((performance.now() - rampStarted) / 1000);
  liveHeap = failure ? 0 : (await server.memoryAfterGc().catch(() => ({ heapUsed: 0 }))).heapUsed;
  const outcomes = await Promise.all(streams);
  sampling = false;
  await sampler;
  if (server.child.connected) server.child.disconnect();
  const completed = outcomes.filter(Boolean).length;
  const mb = (bytes: number) => round(bytes / 1024 / 1024);
  return {
    nodeFlags: flags.join(' ') || '(defaults)',
    streams: CONCURRENT_STREAMS,
    completed,
    dropped: CONCURRENT_STREAMS - completed,
    peakOpen,
    idleRssMb: mb(idle),
    peakRssMb: mb(peakRss),
    liveHeapMb: mb(liveHeap),
    rampSeconds,
    ...(failure && { failure }),
  };
}

export async function benchAssistant(): Promise<AssistantFigures> {
  const figures: AssistantFigures = { replies: [], load: [] };
  for (const flags of FLAG_SETS) figures.replies.push(await replies(flags));
  for (const flags of FLAG_SETS) figures.load.push(await concurrentStreams(flags));
  const { load } = figures;

  console.log('\nAssistant (embedded model, ai-sdk-docs corpus, loopback)');
  for (const r of figures.replies) {
    console.log(
      `  node ${r.nodeFlags}: ready in ${r.startSeconds} s; time to first text chunk, v2: p50 ${r.firstChunkP50Ms} ms, p99 ${r.firstChunkP99Ms} ms; ${r.repliesPerSecond} whole replies/s one at a time (${TTFT_REQUESTS} requests; target p50 <= 20 ms)`,
    );
  }
  for (const l of load) {
    console.log(
      `  ${l.streams} concurrent v2 streams, node ${l.nodeFlags}: ${l.completed} completed, ${l.dropped} dropped, ${l.peakOpen} open at once (opened in ${l.rampSeconds} s); RSS ${l.idleRssMb} MB idle, ${l.peakRssMb} MB peak; live heap once all opened ${l.liveHeapMb} MB (target: none dropped, RSS < 300 MB)${l.failure ? `; FAILED: ${l.failure}` : ''}`,
    );
  }
  return figures;
}

if (process.argv.includes('--serve')) {
  await serveInChild(Number(process.argv[process.argv.indexOf('--serve') + 1]));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchAssistant();
}
