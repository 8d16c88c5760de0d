/**
 * `node bench/agents.ts`: what the files for agents cost on a large site. Builds llms.txt and
 * llms-full.txt of a generated 10,000-page site as the server does on the first request (and
 * after each --watch change), then from the cache, and records the longest pause of the event
 * loop meanwhile (what other requests wait at worst).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AgentFiles } from '../src/server/agents/agent-files.ts';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { AI_SDK_DOCS } from '../test/support/corpora.ts';
import { generateCorpus } from './generate-corpus.ts';

const PAGES = 10_000;
const dir = await mkdtemp(join(tmpdir(), 'da-bench-agents-'));
try {
  await generateCorpus(AI_SDK_DOCS, dir, PAGES);
  const { index } = await buildDocsIndex(dir);
  const site = { domain: 'docs', index };
  const files = new AgentFiles();
  let longestPause = 0;
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    longestPause = Math.max(longestPause, now - last);
    last = now;
  }, 1);
  for (const name of ['llms.txt', 'llms-full.txt'] as const) {
    let started = performance.now();
    const content = await files.file(site, name, 'https://example.com/md/docs/');
    const first = performance.now() - started;
    started = performance.now();
    await files.file(site, name, 'https://example.com/md/docs/');
    const cached = performance.now() - started;
    const size = (Buffer.byteLength(content) / 1024 / 1024).toFixed(2);
    console.log(
      `${name} of ${PAGES} pages: ${size} MB, first ${first.toFixed(0)} ms, cached ${cached.toFixed(2)} ms`,
    );
  }
  clearInterval(tick);
  console.log(`Longest event-loop pause meanwhile: ${longestPause.toFixed(0)} ms`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
