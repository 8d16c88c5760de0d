/**
 * Server figures (README, "Server"), on the ai-sdk-docs corpus and on a generated
 * 10,000-page site: index build time, search latency p50/p99, and page-endpoint throughput
 * against a bare node:http JSON server doing the same lookup, as a ratio. Servers run in child
 * processes so the load generator does not share their event loop.
 * `node bench/server.ts` runs it alone; `bench/run.ts` runs it with the other benchmarks.
 */

import { type ChildProcess, fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/server/config.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { startServer } from '../src/server/serve.ts';
import { retrievalQuestions } from '../test/fixtures/retrieval-questions.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { generateCorpus } from './generate-corpus.ts';
import { compareSearchLibraries, type LibraryFigures } from './search-libraries.ts';
import { percentile, round } from './stats.ts';

const CORPUS = AI_SDK_DOCS;
const GENERATED_PAGES = 10_000;
const KEY = 'da_dsc_bench0123456789abcdef';
const SEARCH_ROUNDS = 5;
const WARM_UP_SECONDS = 3;
const LOAD_SECONDS = 3;
const LOAD_ROUNDS = 3;
const CONCURRENCY = 32;

/** Questions plus the short keyword, identifier and misspelt queries of a search box. */
const QUERIES = [
  ...retrievalQuestions.map((question) => question.question),
  'streamText',
  'useChat',
  'embed',
  'strem txt',
  'generateObject schema',
  'tool calling',
  'openai',
  'anthropic api key',
  'middleware',
  'rate limit',
  'telemtry',
  'structured outp',
];

export interface SiteFigures {
  site: string;
  pages: number;
  sections: number;
  buildSeconds: number;
  searchP50Ms: number;
  searchP99Ms: number;
  pageRequestsPerSecond: number;
  bareRequestsPerSecond: number;
  throughputRatio: number;
  libraries?: LibraryFigures[];
}

async function measureSite(site: string, docs: string, libraries: boolean): Promise<SiteFigures> {
  const built = await buildDocsIndex(docs);
  const { index } = built;
  for (const query of QUERIES) index.search(query);
  const times: number[] = [];
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    for (const query of QUERIES) {
      const started = performance.now();
      index.search(query, { pageSize: 10 });
      times.push(performance.now() - started);
    }
  }
  const paths = [...index.allPages()].map((page) => page.path);
  const { ours, bare } = await throughput(docs, paths);
  const questions = site === 'ai-sdk-docs' ? retrievalQuestions : [];
  return {
    site,
    pages: index.pageCount,
    sections: index.sectionCount,
    buildSeconds: round(built.milliseconds / 1000),
    searchP50Ms: round(percentile(times, 50)),
    searchP99Ms: round(percentile(times, 99)),
    pageRequestsPerSecond: Math.round(ours),
    bareRequestsPerSecond: Math.round(bare),
    throughputRatio: round(ours / bare),
    ...(libraries && {
      libraries: await compareSearchLibraries(index, built.milliseconds, QUERIES, questions),
    }),
  };
}

interface Target {
  port: number;
  child: ChildProcess;
}

async function startTarget(mode: 'serve' | 'bare', docs: string): Promise<Target> {
  const child = fork(fileURLToPath(import.meta.url), [`--${mode}`, docs], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  return { port, child };
}

/** Requests per second for `seconds`, CONCURRENCY keep-alive connections. */
async function load(target: Target, paths: string[], seconds: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  let completed = 0;
  let failed = 0;
  const deadline = performance.now() + seconds * 1000;
  const worker = async (offset: number) => {
    for (let n = offset; performance.now() < deadline; n += CONCURRENCY) {
      const status = await postPage(agent, target.port, paths[n % paths.length]!);
      if (status === 200) completed++;
      else failed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, offset) => worker(offset)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  if (failed > 0) throw new Error(`${failed} page requests failed`);
  return completed / elapsed;
}

/**
 * Our page endpoint and the bare server, warmed up, then measured in alternating rounds; the
 * best round of each counts (the one least disturbed by whatever else the machine runs).
 */
async function throughput(docs: string, paths: string[]): Promise<{ ours: number; bare: number }> {
  const ours = await startTarget('serve', docs);
  const bare = await startTarget('bare', docs);
  try {
    // Warm-up: JIT, and the first major GC of a freshly built index.
    await load(ours, paths, WARM_UP_SECONDS);
    await load(bare, paths, WARM_UP_SECONDS);
    const best = { ours: 0, bare: 0 };
    for (let round = 0; round < LOAD_ROUNDS; round++) {
      best.ours = Math.max(best.ours, await load(ours, paths, LOAD_SECONDS));
      best.bare = Math.max(best.bare, await load(bare, paths, LOAD_SECONDS));
    }
    return best;
  } finally {
    await stop(ours.child);
    await stop(bare.child);
  }
}

function postPage(agent: Agent, port: number, path: string): Promise<number> {
  const body = JSON.stringify({ path });
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/v1/page/docs',
        headers: {
          Authorization: `Bearer ${KEY}`,
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill();
  if (child.exitCode === null) await once(child, 'exit');
}

/** Child process: our server as the CLI configures it, with limits high enough not to interfere. */
async function serveOurs(docs: string): Promise<void> {
  // No data folder and no insights: nothing but the page endpoint is measured.
  const flags = {
    '--docs': docs,
    '--key': KEY,
    '--domain': 'docs',
    '--port': '0',
    '--data-dir': 'none',
    '--insights': 'off',
  };
  const config = await loadConfig(Object.entries(flags).flat());
  for (const organization of config.organizations) {
    organization.limits = { orgPerHour: 1e9, ipPerDay: 1e9, ipPerMinute: 1e9 };
  }
  const server = await startServer(config, { log: () => {}, widgetDir: false });
  process.send!({ port: Number(new URL(server.url).port) });
}

/** Child process: the baseline, node:http reading the JSON body and answering from a Map. */
async function serveBare(docs: string): Promise<void> {
  const { index } = await buildDocsIndex(docs);
  const pages = new Map([...index.allPages()].map((page) => [page.path, page.content]));
  const server = createServer((incoming, outgoing) => {
    let body = '';
    incoming.setEncoding('utf8');
    incoming.on('data', (chunk) => {
      body += chunk;
    });
    incoming.on('end', () => {
      const { path } = JSON.parse(body) as { path: string };
      const content = pages.get(path);
      outgoing.writeHead(content === undefined ? 404 : 200, {
        'Content-Type': 'application/json',
      });
      outgoing.end(JSON.stringify(content === undefined ? { message: 'no' } : { path, content }));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  process.send!({ port: (server.address() as AddressInfo).port });
}

/** Measures both sites; the search-library comparison only when asked (it takes minutes). */
export async function benchServer(options: { libraries?: boolean } = {}): Promise<SiteFigures[]> {
  const figures = [await measureSite('ai-sdk-docs', CORPUS, options.libraries ?? false)];
  const dir = await mkdtemp(join(tmpdir(), 'docs-assistant-bench-'));
  try {
    const generated = await generateCorpus(CORPUS, dir, GENERATED_PAGES);
    const site = `generated ${GENERATED_PAGES} pages (${round(generated.bytes / 1e6)} MB)`;
    figures.push(await measureSite(site, dir, options.libraries ?? false));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}

const [mode, docs] = process.argv.slice(2);
if (mode === '--serve') await serveOurs(docs!);
else if (mode === '--bare') await serveBare(docs!);
else if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = await benchServer({ libraries: process.argv.includes('--libraries') });
  console.log(JSON.stringify(figures, null, 2));
}
