/**
 * The page reader's worker thread (page-reader.ts): takes the next file from the counter it
 * shares with the indexing thread, reads, parses and splits it and counts its sections' words,
 * numbering each distinct word once, and sends the pages a batch at a time.
 */
import { workerData } from 'node:worker_threads';
import { loadSiteLayout } from './frameworks/detect.ts';
import { DocsFolder } from './frameworks/docs-folder.ts';
import {
  type PageBatch,
  type PageReaderData,
  readPage,
  type WirePage,
  type WordNumbering,
  wirePage,
} from './page-reader.ts';

/** Small batches: the indexing thread starts early and never waits long for the next one. */
const BATCH_FILES = 20;

const { root, framework, siteDir, files, taken, port } = workerData as PageReaderData;
const folder = new DocsFolder(root);
const layout = loadSiteLayout(folder, framework, siteDir);
const numbering: WordNumbering = { count: 0, unsent: [] };
let pages: WirePage[] = [];
for (;;) {
  const position = Atomics.add(taken, 0, 1);
  const last = position >= files.length;
  if (!last) {
    const file = files[position]!;
    const { page, problem } = readPage(folder, layout, file);
    if (problem !== undefined) pages.push({ position, file, problem });
    else if (page) pages.push(wirePage(position, file, page, numbering));
    else pages.push({ position, file });
  }
  if (pages.length === BATCH_FILES || (last && pages.length > 0)) {
    const batch: PageBatch = { words: numbering.unsent, pages };
    const transfers = pages.flatMap(({ counts }) => (counts ? [counts.buffer] : []));
    port.postMessage(batch, transfers);
    numbering.unsent = [];
    pages = [];
  }
  if (last) break;
}
port.close();
