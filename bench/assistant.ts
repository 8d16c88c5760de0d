/**
 * Assistant figures (docs/operations/performance.md), on the ai-sdk-docs corpus, loopback only, with the
 * server as shipped (`dist/server/cli.js serve`, built by `npm run bench`) on Node's defaults,
 * in its own process so that its memory is its own:
 * - time to the first text chunk of a v2 reply with the embedded model (p50, p99);
 * - 1,000 concurrent v2 streams: none may be dropped; the process's peak RSS meanwhile;
 * - live heap per open v2 stream: the server's heap after a full collection with the 1,000
 *   streams open, less its heap idle, per stream (target: at most 160 kB). Read through the
 *   inspector protocol (`--inspect`, which changes no heap setting), in a run of its own so
 *   that its forced collections cannot lower the RSS figure;
 * - what the stable `streamText` costs per open reply over the `experimental_` low-memory
 *   variant the server used before (stream-memory.ts).
 * `node bench/assistant.ts` runs it alone (`--only replies,load,heap,streamText` runs some of its
 * phases: the first chunk alone takes under a minute, the two 1,000-stream phases several
 * minutes each); `bench/run.ts` runs it with the other benchmarks. Each phase prints its figures
 * as it ends.
 */

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { retrievalQuestions } from '../test/fixtures/retrieval-questions.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { type InspectorSession, inspect } from './inspector.ts';
import { percentile, round } from './stats.ts';
import { compareStreamTextVariants, type StreamTextCost } from './stream-memory.ts';

const corpus = AI_SDK_DOCS;
const cli = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
const KEY = 'da_dsc_benchassistant0123456789';
const TTFT_REQUESTS = 300;
const CONCURRENT_STREAMS = 1000;
/** Streams are opened in batches, as users arrive, not as one burst of 1,000 connects. */
const RAMP_BATCH = 25;
/**
 * Pacing per text chunk, so that every stream is still open when the last one starts: the
 * shortest answer to the 40 questions is 6 chunks, and opening 1,000 streams took up to 18 s
 * on a busy 2-core machine.
 */
const STREAM_DELAY_MS = 3000;
/** The per-stream target of issue 12. */
const HEAP_PER_STREAM_TARGET_KB = 160;

export interface ReplyFigures {
  /** From starting the server process to its index being ready. */
  startSeconds: number;
  firstChunkP50Ms: number;
  firstChunkP99Ms: number;
  /** Whole replies read one after the other (unpaced). */
  repliesPerSecond: number;
}

export interface StreamLoadFigures {
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

export interface HeapFigures {
  /** Streams open when the heap was read. */
  open: number;
  idleHeapMb: number;
  openHeapMb: number;
  heapPerStreamKb: number;
}

export interface AssistantFigures {
  replies: ReplyFigures;
  load: StreamLoadFigures;
  heap: HeapFigures;
  streamText: StreamTextCost;
}

interface ChildServer {
  url: string;
  key: string;
  domain: string;
  startSeconds: number;
  /** Resident set size in bytes; throws once the process has ended. */
  rss(): number;
  /** The inspector, when started with it. */
  inspector?: InspectorSession;
  stop(): void;
}

/** Starts `docs-assistant serve` on the corpus and waits for its "listening on" line. */
async function startChildServer(
  streamDelayMs: number,
  options: { inspect?: boolean } = {},
): Promise<ChildServer> {
  if (!existsSync(cli)) throw new Error(`${cli} is missing: run \`npm run build:server\` first`);
  const started = performance.now();
  // One address opens every stream here, standing for a thousand readers: the per-address cap
  // (100 by default) would close the 101st, and only 100 were ever open for the figures.
  const args = [
    ...['serve', '--docs', corpus, '--port', '0', '--key', KEY],
    ...['--max-connections-per-address', `${CONCURRENT_STREAMS}`],
  ];
  const child = spawn(
    process.execPath,
    [
      ...(options.inspect ? ['--inspect=127.0.0.1:0'] : []),
      cli,
      ...args,
      ...['--stream-delay-ms', `${streamDelayMs}`],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let exited: string | undefined;
  child.once('exit', (code, signal) => {
    exited = `the server process ended (${code ?? signal})`;
  });
  const inspector = new Promise<string | undefined>((resolve) => {
    if (!options.inspect) return resolve(undefined);
    const lines = createInterface({ input: child.stderr! });
    lines.on('line', (line) => {
      const address = /Debugger listening on (ws:\/\/\S+)/.exec(line)?.[1];
      if (address) resolve(address);
      // The inspector's own notices; anything else the server says goes through.
      else if (!/^(Debugger |For help, see)/.test(line)) process.stderr.write(`${line}\n`);
    });
  });
  if (!options.inspect) child.stderr!.pipe(process.stderr);
  let url: string | undefined;
  for await (const line of createInterface({ input: child.stdout! })) {
    url = /listening on (\S+)/.exec(line)?.[1];
    if (url) break;
  }
  if (!url) throw new Error(exited ?? 'the server printed no address');
  child.stdout!.resume();
  const pid = child.pid!;
  const address = await inspector;
  return {
    url,
    key: KEY,
    domain: 'docs',
    startSeconds: (performance.now() - started) / 1000,
    rss() {
      if (exited) throw new Error(exited);
      return residentBytes(pid);
    },
    ...(address && { inspector: await inspect(address) }),
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

function request(server: ChildServer, question: string) {
  return fetch(`${server.url}/v2/assistant/${server.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
}

/** Reads a v2 stream; calls `onFirstText` at the first text chunk; whether it ended with [DONE]. */
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

const questions = retrievalQuestions.map((q) => q.question);

async function replies(): Promise<ReplyFigures> {
  const server = await startChildServer(0);
  try {
    for (const question of questions.slice(0, 10)) await (await request(server, question)).text();
    const times: number[] = [];
    const started = performance.now();
    for (let i = 0; i < TTFT_REQUESTS; i++) {
      const sent = performance.now();
      const response = await request(server, questions[i % questions.length]!);
      await readStream(response, () => times.push(performance.now() - sent));
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      startSeconds: round(server.startSeconds),
      firstChunkP50Ms: round(percentile(times, 50)),
      firstChunkP99Ms: round(percentile(times, 99)),
      repliesPerSecond: round(TTFT_REQUESTS / seconds),
    };
  } finally {
    server.stop();
  }
}

interface OpenedStreams {
  /** Each stream's outcome: ended with [DONE] after some text. */
  outcomes: Promise<boolean>[];
  peakOpen: number;
  rampSeconds: number;
  /** Streams open right now. */
  open(): number;
}

/** Opens CONCURRENT_STREAMS paced v2 streams in batches; resolves once all have started. */
async function openStreams(server: ChildServer): Promise<OpenedStreams> {
  let open = 0;
  let peakOpen = 0;
  const outcomes: Promise<boolean>[] = [];
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
  const started = performance.now();
  for (let i = 0; i < CONCURRENT_STREAMS; i += RAMP_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: RAMP_BATCH }, (_, j) => openStream(i + j)),
    );
    outcomes.push(...batch.map((stream) => stream.outcome));
  }
  return {
    outcomes,
    peakOpen,
    rampSeconds: round((performance.now() - started) / 1000),
    open: () => open,
  };
}

async function concurrentStreams(): Promise<StreamLoadFigures> {
  const server = await startChildServer(STREAM_DELAY_MS);
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
  const streams = await openStreams(server);
  const completed = (await Promise.all(streams.outcomes)).filter(Boolean).length;
  sampling = false;
  await sampler;
  server.stop();
  return {
    streams: CONCURRENT_STREAMS,
    completed,
    dropped: CONCURRENT_STREAMS - completed,
    peakOpen: streams.peakOpen,
    idleRssMb: mb(idle),
    peakRssMb: mb(peakRss),
    rampSeconds: streams.rampSeconds,
    ...(failure && { failure }),
  };
}

async function heapPerStream(): Promise<HeapFigures> {
  const server = await startChildServer(STREAM_DELAY_MS, { inspect: true });
  const inspector = server.inspector!;
  try {
    // Warm: every question the streams ask answered once and read to its first text chunk (its
    // headers come once the answer is composed), then let go: the code of a paced reply loaded
    // and compiled, and the pages an answer quotes in the answer's section cache, which is
    // bounded and shared, not a cost of each open stream. Not read to the end: paced at
    // STREAM_DELAY_MS a chunk, the longest answer (131 chunks) takes six and a half minutes, and
    // the heap is read before any stream ends (the shortest answer, 24 chunks, takes 72 s; the
    // ramp under 20 s), so the end of a reply is never part of the figure.
    await Promise.all(
      questions.map(async (question) => {
        const reader = (await request(server, question)).body!.getReader();
        for (let text = ''; !text.includes('"type":"text-delta"'); ) {
          const { value, done } = await reader.read();
          if (done) break;
          text += new TextDecoder().decode(value);
        }
        await reader.cancel();
      }),
    );
    // The replies let go see their reader gone at their next paced chunk, and end.
    await new Promise((resolve) => setTimeout(resolve, STREAM_DELAY_MS * 2));
    const idle = await inspector.liveHeapBytes();
    const streams = await openStreams(server);
    const open = streams.open();
    const withStreams = await inspector.liveHeapBytes();
    return {
      open,
      idleHeapMb: mb(idle),
      openHeapMb: mb(withStreams),
      heapPerStreamKb: round((withStreams - idle) / open / 1024),
    };
  } finally {
    inspector.close();
    server.stop();
  }
}

const mb = (bytes: number) => round(bytes / 1024 / 1024);

/** The bench's phases, in the order they run; `--only <phase,...>` runs some of them. */
export const PHASES = ['replies', 'load', 'heap', 'streamText'] as const;
export type Phase = (typeof PHASES)[number];

/**
 * Runs the phases asked for (all by default), printing each one's figures as soon as it ends:
 * the whole bench takes minutes (1,000 paced streams twice), and a phase's figures should not
 * wait for the others.
 */
export async function benchAssistant(
  only: readonly Phase[] = PHASES,
): Promise<Partial<AssistantFigures>> {
  const figures: Partial<AssistantFigures> = {};
  const table: Record<string, number> = {};
  console.log('\nAssistant (embedded model, ai-sdk-docs corpus, loopback, Node defaults)');
  if (only.includes('replies')) {
    const r = await replies();
    figures.replies = r;
    console.log(
      `  ready in ${r.startSeconds} s; time to first text chunk, v2: p50 ${r.firstChunkP50Ms} ms, p99 ${r.firstChunkP99Ms} ms; ${r.repliesPerSecond} whole replies/s one at a time (${TTFT_REQUESTS} requests)`,
    );
    table['time to first chunk p50 (ms)'] = r.firstChunkP50Ms;
    table['time to first chunk p99 (ms)'] = r.firstChunkP99Ms;
    table['whole replies/s, one at a time'] = r.repliesPerSecond;
  }
  if (only.includes('load')) {
    const l = await concurrentStreams();
    figures.load = l;
    console.log(
      `  ${l.streams} concurrent v2 streams: ${l.completed} completed, ${l.dropped} dropped, ${l.peakOpen} open at once (opened in ${l.rampSeconds} s); RSS ${l.idleRssMb} MB idle, ${l.peakRssMb} MB peak${l.failure ? `; FAILED: ${l.failure}` : ''}`,
    );
    table[`peak RSS, ${l.streams} open streams (MB)`] = l.peakRssMb;
    table['idle RSS (MB)'] = l.idleRssMb;
    table['streams dropped'] = l.dropped;
  }
  if (only.includes('heap')) {
    const h = await heapPerStream();
    figures.heap = h;
    console.log(
      `  live heap per open v2 stream: ${h.heapPerStreamKb} kB (${h.open} open: ${h.openHeapMb} MB after a full collection, ${h.idleHeapMb} MB idle; target <= ${HEAP_PER_STREAM_TARGET_KB} kB)`,
    );
    table['live heap per open v2 stream (kB)'] = h.heapPerStreamKb;
  }
  if (only.includes('streamText')) {
    const s = await compareStreamTextVariants();
    figures.streamText = s;
    console.log(
      `  streamText (stable, shipped) holds ${s.stableKb} kB per open reply, experimental_streamTextLowMemory (used before) ${s.lowMemoryKb} kB: the stable API costs ${round(s.stableKb - s.lowMemoryKb)} kB per open reply (${s.replies} replies in one process, model and conversion only)`,
    );
    table['stable streamText cost per reply (kB)'] = round(s.stableKb - s.lowMemoryKb);
  }
  console.table(table);
  return figures;
}

/** `--only replies,heap`: the phases named, in the bench's order; unknown names are an error. */
function phasesFromArgs(args: string[]): Phase[] {
  const { values } = parseArgs({ args, options: { only: { type: 'string' } } });
  if (!values.only) return [...PHASES];
  const asked = values.only.split(',').map((name) => name.trim());
  const unknown = asked.filter((name) => !(PHASES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`unknown phase ${unknown.join(', ')}: the phases are ${PHASES.join(', ')}`);
  }
  return PHASES.filter((phase) => asked.includes(phase));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchAssistant(phasesFromArgs(process.argv.slice(2)));
}
