/**
 * The page reader's worker thread (page-reader.ts): reads, parses and splits the page files it
 * is given and counts their sections' words, numbering each distinct word once, and sends them
 * in order, a batch at a time.
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
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

const { root, framework, files, control } = workerData as PageReaderData;
const folder = new DocsFolder(root);
const layout = loadSiteLayout(folder, framework);
// The indexing thread reads the first files while this one starts: it says where to go on.
control.postMessage('ready');
const [first] = (await once(control, 'message')) as [number];
control.close();
const numbering: WordNumbering = { count: 0, unsent: [] };
let pages: WirePage[] = [];
for (let position = first; position < files.length; position++) {
  const file = files[position]!;
  const { page, problem } = readPage(folder, layout, file);
  if (problem !== undefined) pages.push({ file, problem });
  else if (page) pages.push(wirePage(file, page, numbering));
  else pages.push({ file });
  if (pages.length === BATCH_FILES || position === files.length - 1) {
    const batch: PageBatch = { words: numbering.unsent, pages };
    const transfers = pages.flatMap(({ counts }) => (counts ? [counts.buffer] : []));
    parentPort!.postMessage(batch, transfers);
    numbering.unsent = [];
    pages = [];
  }
}
