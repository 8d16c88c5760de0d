/**
 * `npm run bench:abuse`: what one hostile client can cost a site (issue 15). Starts the CLI as
 * shipped (`dist/server/cli.js`, built by the npm script) on the ai-sdk-docs corpus behind a
 * stand-in paid model, runs each attack as a client would, and prints per attack what it cost
 * the server process: RSS growth, CPU time, requests admitted, bytes sent to the model, and
 * whether another client was still served. Reads the server's RSS and CPU from /proc (Linux).
 *
 * The server runs with `--trust-proxy 1`, as behind one reverse proxy that appends the peer
 * address to X-Forwarded-For (nginx `$proxy_add_x_forwarded_for`): the bench plays that proxy
 * by appending each simulated client's address itself.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { startOpenAIStandIn } from '../test/support/llm-openai-standin.ts';

const CLI = fileURLToPath(new URL('../dist/server/cli.js', import.meta.url));
const KEY = 'da_dsc_abuse0123456789abcdef';
const DOMAIN = 'docs';
const SITE_ORIGIN = 'https://docs.acme.dev';
/** Small enough to reach in a bench, as a site worried about cost might set it. */
const IP_PER_DAY = 30;
const IP_PER_MINUTE = 600;

interface Row {
  attack: string;
  requests: number;
  admitted: number | string;
  'RSS growth MB': number;
  'server CPU ms': number;
  'worst latency ms': number | string;
  'bytes to model': number | string;
  'other client': string;
  target: string;
}

const standIn = await startOpenAIStandIn({ kind: 'answer', chunks: ['See ', 'the docs.'] });
const dir = await mkdtemp(join(tmpdir(), 'da-abuse-'));
const config = join(dir, 'docs-assistant.config.json');
await writeFile(
  config,
  JSON.stringify({
    limits: { ipPerDay: IP_PER_DAY, ipPerMinute: IP_PER_MINUTE, orgPerHour: 100_000 },
    organizations: [
      {
        name: 'acme',
        keys: [KEY],
        allowedOrigins: [SITE_ORIGIN],
        sites: [{ domain: DOMAIN, docs: AI_SDK_DOCS }],
      },
    ],
  }),
);

const server = spawn(
  process.execPath,
  [
    CLI,
    'serve',
    '--config',
    config,
    '--port',
    '0',
    '--trust-proxy',
    '1',
    '--data-dir',
    dir,
    '--model',
    'stand-in',
    '--model-base-url',
    standIn.baseUrl,
  ],
  { env: { ...process.env, MODEL_API_KEY: 'sk-bench' }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const base = await listeningUrl(server);
await waitReady(base);

const rows: Row[] = [];
try {
  // Twice: the first burst sizes the heap for the garbage (large strings live in V8's
  // large-object space until a full collection); the second shows whether anything is kept.
  rows.push(await hugeQuestions('first'));
  rows.push(await hugeQuestions('next'));
  rows.push(await pageFlood());
  rows.push(await spoofedForwardedFor());
  rows.push(await megabyteConversation());
  rows.push(await foreignOrigin());
  rows.push(await halfOpenConnections());
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit').catch(() => {});
  await standIn.close();
  await rm(dir, { recursive: true, force: true });
}
console.table(rows);

/** 37 questions of 900 KB from one client: refused at once, memory flat. */
async function hugeQuestions(which: string): Promise<Row> {
  const question = 'how do I stream text '.repeat(Math.ceil(900_000 / 21)).slice(0, 900_000);
  return measure(`900 KB question ×37, one client (${which})`, async () => {
    let admitted = 0;
    let worst = 0;
    for (let i = 0; i < 37; i++) {
      const started = performance.now();
      const response = await ask(question, '10.1.0.1');
      await response.arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      if (response.ok) admitted++;
    }
    return {
      requests: 37,
      admitted,
      'worst latency ms': Math.round(worst),
      'bytes to model': 0,
      'other client': await otherClientServed(),
      target: 'each ≤ 250 ms; RSS < +25 MB',
    };
  });
}

/** One client sends page requests as fast as it can; another reader must still get pages. */
async function pageFlood(): Promise<Row> {
  return measure(`page flood, one client (${IP_PER_MINUTE}/min limit)`, async () => {
    const total = IP_PER_MINUTE + 400;
    let admitted = 0;
    for (let sent = 0; sent < total; sent += 50) {
      const batch = await Promise.all(
        Array.from({ length: 50 }, () => page('10.2.0.1').then((r) => r.status)),
      );
      admitted += batch.filter((status) => status === 200).length;
    }
    return {
      requests: total,
      admitted,
      'worst latency ms': '',
      'bytes to model': 0,
      'other client': await otherClientServed(),
      target: `admitted ≤ ${IP_PER_MINUTE}; the other client served`,
    };
  });
}

/** The client writes its own X-Forwarded-For, the proxy appends the real address. */
async function spoofedForwardedFor(): Promise<Row> {
  return measure(`spoofed X-Forwarded-For ×100 (${IP_PER_DAY}/day limit)`, async () => {
    let admitted = 0;
    for (let i = 0; i < 100; i++) {
      const spoofed = `198.51.100.${i}`;
      const response = await ask('How do I stream text?', `${spoofed}, 10.3.0.1`);
      await response.arrayBuffer();
      if (response.ok) admitted++;
    }
    return {
      requests: 100,
      admitted,
      'worst latency ms': '',
      'bytes to model': '',
      'other client': await otherClientServed(),
      target: `admitted ≤ ${IP_PER_DAY}`,
    };
  });
}

/** A conversation of almost 1 MB (the body limit) to a paid model. */
async function megabyteConversation(): Promise<Row> {
  // Long answers, as a real conversation has them: a user message over the question's limit
  // is refused (a question in the history was a question too).
  const history = Array.from({ length: 10 }, (_, i) => ({
    id: `m${i}`,
    role: i % 2 === 0 ? 'user' : 'assistant',
    parts: [
      { type: 'text', text: `turn ${i} ${i % 2 === 0 ? '' : 'lorem ipsum '.repeat(14_000)}` },
    ],
  }));
  const context = Array.from({ length: 10 }, () => ({
    type: 'textSelection',
    value: 'selected text '.repeat(570),
  }));
  return measure('1 MB conversation to a paid model', async () => {
    const before = standIn.requests.length;
    const response = await post('/v2/assistant', {
      body: {
        fp: 'anonymous',
        messages: [
          ...history,
          { id: 'q', role: 'user', parts: [{ type: 'text', text: 'How do I stream text?' }] },
        ],
        context,
      },
      client: '10.4.0.1',
    });
    await response.arrayBuffer();
    const sent = standIn.requests
      .slice(before)
      .reduce((total, request) => total + Buffer.byteLength(JSON.stringify(request.body)), 0);
    return {
      requests: 1,
      admitted: response.ok ? 1 : 0,
      'worst latency ms': '',
      'bytes to model': sent,
      'other client': await otherClientServed(),
      target: 'bytes to model < 131,072',
    };
  });
}

/** Another site's page calling with this site's key. */
async function foreignOrigin(): Promise<Row> {
  return measure('foreign Origin ×100', async () => {
    let admitted = 0;
    for (let i = 0; i < 100; i++) {
      const response = await post('/v1/search', {
        body: { query: 'stream text' },
        client: '10.5.0.1',
        origin: 'https://free-ai.example',
      });
      await response.arrayBuffer();
      if (response.ok) admitted++;
    }
    return {
      requests: 100,
      admitted,
      'worst latency ms': '',
      'bytes to model': 0,
      'other client': await otherClientServed(),
      target: 'admitted 0 (403 before any quota)',
    };
  });
}

/** Connections opened and never used (slow loris). */
async function halfOpenConnections(): Promise<Row> {
  const count = 1500;
  return measure(`${count} half-open connections`, async () => {
    const { hostname, port } = new URL(base);
    const sockets: Socket[] = [];
    const opened = performance.now();
    const closedAfter: number[] = [];
    await Promise.all(
      Array.from({ length: count }, async () => {
        const socket = connect(Number(port), hostname);
        sockets.push(socket);
        socket.on('error', () => {});
        socket.resume();
        socket.on('close', () => closedAfter.push(performance.now() - opened));
        await once(socket, 'connect').catch(() => {});
      }),
    );
    // Whatever the server still holds after its header timeout (10 s) plus the check interval.
    await new Promise((resolve) => setTimeout(resolve, 12_000));
    const held = sockets.filter((socket) => !socket.destroyed && !socket.closed).length;
    const other = await otherClientServed();
    for (const socket of sockets) socket.destroy();
    return {
      requests: count,
      admitted: `${count - closedAfter.length + held} held at 12 s`,
      'worst latency ms': closedAfter.length
        ? `${Math.round(Math.max(...closedAfter))} (last close)`
        : '',
      'bytes to model': 0,
      'other client': other,
      target: 'none held past the header timeout',
    };
  });
}

async function measure(
  attack: string,
  run: () => Promise<Omit<Row, 'attack' | 'RSS growth MB' | 'server CPU ms'>>,
): Promise<Row> {
  const before = await usage(server.pid!);
  const row = await run();
  const after = await usage(server.pid!);
  return {
    attack,
    ...row,
    'RSS growth MB': Math.round((after.rss - before.rss) / 1e5) / 10,
    'server CPU ms': after.cpuMs - before.cpuMs,
  } as Row;
}

/** RSS (bytes) and CPU time (ms) of a process, from /proc. */
async function usage(pid: number): Promise<{ rss: number; cpuMs: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
  const ticks = Number(stat[11]) + Number(stat[12]);
  return { rss: rssKb * 1024, cpuMs: ticks * 10 };
}

/** Whether a reader at another address still gets a page. */
async function otherClientServed(): Promise<string> {
  const response = await page(
    `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  );
  await response.arrayBuffer();
  return response.ok ? 'served' : `refused (${response.status})`;
}

function page(client: string): Promise<Response> {
  return post('/v1/page', { body: { path: 'docs/introduction' }, client });
}

function ask(question: string, client: string): Promise<Response> {
  return post('/v2/assistant', {
    body: {
      fp: 'anonymous',
      messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: question }] }],
    },
    client,
  });
}

function post(
  route: '/v1/page' | '/v1/search' | '/v2/assistant',
  request: { body: unknown; client: string; origin?: string },
): Promise<Response> {
  const path = route === '/v2/assistant' ? `${route}/${DOMAIN}/message` : `${route}/${DOMAIN}`;
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${KEY}`,
      'Content-Type': 'application/json',
      'X-Forwarded-For': request.client,
      ...(request.origin && { Origin: request.origin }),
    },
    body: JSON.stringify(request.body),
  });
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += String(chunk);
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    // Keep reading (and dropping) what it prints, so its writes never block.
    child.stdout!.on('data', read);
    child.once('exit', () => reject(new Error(`the server did not start:\n${output}`)));
  });
}

async function waitReady(url: string): Promise<void> {
  for (;;) {
    const response = await fetch(`${url}/health`).catch(() => undefined);
    if (response?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
