/**
 * Assistant figures (README, "Assistant"), on the ai-sdk-docs corpus, loopback only:
 * - time to the first text chunk of a v2 reply with the embedded model (p50, p99);
 * - how many concurrent v2 streams one server process holds, and its peak RSS meanwhile.
 * The server is the CLI as shipped (`dist/server/cli.js serve`, built by `npm run bench`) in its
 * own process, so its RSS is its own; its memory is read from /proc (Linux) or `ps`.
 * `node bench/assistant.ts` runs it alone; `bench/run.ts` runs it with the other benchmarks.
 */

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { retrievalQuestions } from '../test/fixtures/retrieval-questions.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { percentile, round } from './stats.ts';

const corpus = AI_SDK_DOCS;
const cli = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
const KEY = 'da_dsc_benchassistant0123456789';
const TTFT_REQUESTS = 300;
const CONCURRENT_STREAMS = 1000;
/** Streams are opened in batches, as users arrive, not as one burst of 1,000 connects. */
const RAMP_BATCH = 25;
/**
 * Pacing per text chunk, so that every stream is still open when the last one starts: the
 * shortest answer to the 40 questions is 6 chunks, and with the CLI's streaming flags opening
 * 1,000 streams takes 8-10 s (at 1 s per chunk, 12-16 of them had ended by then).
 */
const STREAM_DELAY_MS = 2000;

/**
 * How the server process runs: as the CLI starts it (restarted with its streaming flags,
 * src/server/node-flags.ts), and with Node's defaults (the flags turned off), to show what they
 * buy and cost.
 */
export const RUNS: { name: string; env: Record<string, string> }[] = [
  { name: 'Node defaults', env: {} },
];

export interface StreamLoadFigures {
  run: string;
  streams: number;
  completed: number;
  dropped: number;
  /** Most streams open at the same moment. */
  peakOpen: number;
  idleRssMb: number;
  peakRssMb: number;
  /** How long opening all streams took. */
  rampSeconds: number;
  /** Set when the server process died during the run. */
  failure?: string;
}

export interface ReplyFigures {
  run: string;
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
  startSeconds: number;
  /** Resident set size in bytes; throws once the process has ended. */
  rss(): number;
  stop(): void;
}

/** Starts `docs-assistant serve` on the corpus and waits for its "listening on" line. */
async function startChildServer(
  streamDelayMs: number,
  env: Record<string, string>,
): Promise<ChildServer> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build:server\` first`);
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      cli,
      'serve',
      '--docs',
      corpus,
      '--port',
      '0',
      '--key',
      KEY,
      '--stream-delay-ms',
      `${streamDelayMs}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } },
  );
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `the server process ended (${code ?? signal})`;
  });
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    url = /listening on (\S+)/.exec(line)?.[1];
    if (url) break;
  }
  if (!url) throw new Error(exited ?? 'the server printed no address');
  child.stdout!.resume();
  const pid = child.pid!;
  return {
    url,
    key: KEY,
    domain: 'docs',
    startSeconds: (performance.now() - started) / 1000,
    rss() {
      if (exited) throw new Error(exited);
      return residentBytes(pid);
    },
    stop: () => child.kill(),
  };
}

/** A process's resident set size: /proc on Linux, `ps` elsewhere. */
function residentBytes(pid: number): number {
  const status = `/proc/${pid}/status`;
  if (existsSync(status)) {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(status, 'utf8'))?.[1];
    return Number(kb) * 1024;
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) * 1024;
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

async function replies(run: (typeof RUNS)[number]): Promise<ReplyFigures> {
  const server = await startChildServer(0, run.env);
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
  server.stop();
  return {
    run: run.name,
    startSeconds: round(server.startSeconds),
    firstChunkP50Ms: round(percentile(times, 50)),
    firstChunkP99Ms: round(percentile(times, 99)),
    repliesPerSecond: round(TTFT_REQUESTS / seconds),
  };
}

async function concurrentStreams(run: (typeof RUNS)[number]): Promise<StreamLoadFigures> {
  const server = await startChildServer(STREAM_DELAY_MS, run.env);
  const idle = server.rss();
  let peakRss = idle;
  let sampling = true;
  let failure: string | undefined;
  const sampler = (async () => {
    while (sampling) {
      try {
        peakRss = Math.max(peakRss, server.rss());
      } catch (error) {
        failure = (error as Error).message;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  let open = 0;
  let peakOpen = 0;
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
  const outcomes = await Promise.all(streams);
  sampling = false;
  await sampler;
  server.stop();
  const completed = outcomes.filter(Boolean).length;
  const mb = (bytes: number) => round(bytes / 1024 / 1024);
  return {
    run: run.name,
    streams: CONCURRENT_STREAMS,
    completed,
    dropped: CONCURRENT_STREAMS - completed,
    peakOpen,
    idleRssMb: mb(idle),
    peakRssMb: mb(peakRss),
    rampSeconds,
    ...(failure && { failure }),
  };
}

export async function benchAssistant(): Promise<AssistantFigures> {
  const figures: AssistantFigures = { replies: [], load: [] };
  for (const run of RUNS) figures.replies.push(await replies(run));
  for (const run of RUNS) figures.load.push(await concurrentStreams(run));
  const { load } = figures;

  console.log('\nAssistant (embedded model, ai-sdk-docs corpus, loopback)');
  for (const r of figures.replies) {
    console.log(
      `  ${r.run}: ready in ${r.startSeconds} s; time to first text chunk, v2: p50 ${r.firstChunkP50Ms} ms, p99 ${r.firstChunkP99Ms} ms; ${r.repliesPerSecond} whole replies/s one at a time (${TTFT_REQUESTS} requests; target p50 <= 20 ms)`,
    );
  }
  for (const l of load) {
    console.log(
      `  ${l.streams} concurrent v2 streams, ${l.run}: ${l.completed} completed, ${l.dropped} dropped, ${l.peakOpen} open at once (opened in ${l.rampSeconds} s); RSS ${l.idleRssMb} MB idle, ${l.peakRssMb} MB peak (target: none dropped, RSS < 300 MB)${l.failure ? `; FAILED: ${l.failure}` : ''}`,
    );
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchAssistant();
