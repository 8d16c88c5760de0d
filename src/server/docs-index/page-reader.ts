/**
 * Reads a site's page files for the index build, here or in a worker thread. On a large site
 * the worker reads, parses and splits the pages and counts their sections' words while this
 * thread adds the previous pages to the search engine, which only this thread can fill: the
 * build takes about as long as the longer of the two halves instead of both (bench/HISTORY.md,
 * "The index build"). Whenever this thread has no page to index, it reads the next file itself
 * rather than wait: the two threads take files from one shared counter, so the reading is
 * shared between them as each has time (while the worker starts, and wherever the reader is
 * the slower half).
 */
import { once } from 'node:events';
import { extname } from 'node:path';
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import { languageOf } from '../text/terms.ts';
import type { SplitPage } from './docs-index.ts';
import type { DocsFolder } from './frameworks/docs-folder.ts';
import { splitFrontmatter } from './frameworks/frontmatter.ts';
import { isDraft } from './frameworks/page-rules.ts';
import { inlinePartials } from './frameworks/partials.ts';
import type { FrameworkName, SiteLayout } from './frameworks/types.ts';
import { type PageLink, pageLinks } from './link-text.ts';
import { buildPage } from './page.ts';
import {
  type CountedWords,
  FIELDS,
  type IndexedWord,
  receivedWord,
  sectionWords,
} from './section-words.ts';
import { indexedSections, type SectionBounds, sectionBounds } from './sections.ts';
import type { Page } from './types.ts';

/** One page file, read: its page (none when its framework does not publish it) or a problem. */
export interface ReadPage {
  file: string;
  page?: Page;
  /** Why the file could not be read or parsed. */
  problem?: string;
  /** Where the page's sections are and their words, when worked out already. */
  split?: SplitPage;
}

/** What the worker is started with. */
export interface PageReaderTask {
  root: string;
  framework: FrameworkName;
  /** The subfolder holding the site's configuration, when not the root (SiteLayout.siteDir). */
  siteDir?: string;
  files: string[];
}

/**
 * The worker's data: the task, the counter of files taken (the position of the next file to
 * read, which either thread takes by incrementing it), and the port it sends its pages on.
 */
export interface PageReaderData extends PageReaderTask {
  taken: Int32Array<SharedArrayBuffer>;
  port: MessagePort;
}

/** Where this thread reads files while it has no page to index (`readPagesInWorker`). */
export interface ReadingHere {
  folder: DocsFolder;
  layout: SiteLayout;
}

/** A word the worker numbered: the word, its terms, their storage keys, its language's tag. */
export type NumberedWord = [word: string, terms: string[], keys: string[], language: string];

/** One message of the worker: the words it numbered since the last one, and the pages read. */
export interface PageBatch {
  words: NumberedWord[];
  pages: WirePage[];
}

/** A ReadPage as sent: the counted words as numbers, in one transferable array. */
export interface WirePage {
  /** The file's position in the task's files. */
  position: number;
  file: string;
  page?: Page;
  problem?: string;
  /** Where the page's sections are (none for an unlisted page). */
  bounds?: SectionBounds[];
  /** Per section, per field: the number of distinct words, then (word number, count) pairs. */
  counts?: Int32Array<ArrayBuffer>;
  links?: PageLink[];
}

/**
 * Reads and parses one page file; undefined when its framework does not publish it (a draft,
 * a page the configuration excludes). Throws when it cannot be read or parsed.
 */
export function loadPage(folder: DocsFolder, layout: SiteLayout, file: string): Page | undefined {
  const source = splitFrontmatter(folder.read(file));
  if (isDraft(source.data)) return undefined;
  const placement = layout.place(file, source.data);
  if (!placement) return undefined;
  const inlined = inlinePartials(folder, file, source.body, layout.partials);
  const body = layout.rewriteBody ? layout.rewriteBody(inlined.body) : inlined.body;
  return buildPage(file, { data: source.data, body }, placement, {
    anchorStyle: layout.anchorStyle,
    includes: inlined.includes,
    ...(layout.isMdx?.(file, source.data) === false && { markdown: true }),
  });
}

/** Reads the files on this thread, one at a time. */
export function* readPagesHere(
  folder: DocsFolder,
  layout: SiteLayout,
  files: string[],
): Generator<ReadPage> {
  for (const file of files) yield readPage(folder, layout, file);
}

export function readPage(folder: DocsFolder, layout: SiteLayout, file: string): ReadPage {
  try {
    const page = loadPage(folder, layout, file);
    return page ? { file, page } : { file };
  } catch (error) {
    return { file, problem: errorMessage(error) };
  }
}

/**
 * Reads the files in a worker thread and yields them in order; ends once every file has been
 * read. With `here`, this thread reads the next file itself whenever the next page to yield has
 * not come from the worker yet (from the start, while the worker loads its modules).
 */
export async function* readPagesInWorker(
  task: PageReaderTask,
  here?: ReadingHere,
): AsyncGenerator<ReadPage> {
  // The worker is this folder's page-reader-worker, as .ts from the sources or .js once built.
  const entry = new URL(`./page-reader-worker${extname(import.meta.url)}`, import.meta.url);
  const { port1: port, port2 } = new MessageChannel();
  const taken = new Int32Array(new SharedArrayBuffer(4));
  const data: PageReaderData = { ...task, taken, port: port2 };
  const worker = new Worker(entry, { workerData: data, transferList: [port2] });
  // An error while this thread reads would otherwise have no listener and end the process.
  const reader = { failed: undefined as { error: unknown } | undefined, exited: false };
  worker.on('error', (error) => {
    reader.failed = { error };
  });
  const exited = once(worker, 'exit').then(() => undefined);
  const { files } = task;
  const words: IndexedWord[] = [];
  /** Pages read or received before their turn, by position. */
  const early = new Map<number, ReadPage>();
  const receive = ({ words: numbered, pages }: PageBatch) => {
    for (const [word, terms, keys, language] of numbered) {
      words.push(receivedWord(word, terms, keys, language));
    }
    for (const { position, counts, bounds, links, ...page } of pages) {
      early.set(
        position,
        counts && bounds && links
          ? { ...page, split: { bounds, counted: decodeCounts(counts, words), links } }
          : page,
      );
    }
  };
  let next = 0;
  try {
    while (next < files.length) {
      const page = early.get(next);
      if (page) {
        early.delete(next++);
        yield page;
        continue;
      }
      if (reader.failed) throw reader.failed.error;
      const received = receiveMessageOnPort(port);
      if (received) {
        receive(received.message as PageBatch);
        continue;
      }
      const position = here ? Atomics.add(taken, 0, 1) : files.length;
      if (position < files.length) {
        early.set(position, readPage(here!.folder, here!.layout, files[position]!));
        continue;
      }
      // Every file is taken: the page comes from the worker (unless it has ended: a message
      // it sent before is still read above).
      if (reader.exited) break;
      const waiting = new AbortController();
      const message = await Promise.race([
        once(port, 'message', { signal: waiting.signal }),
        exited,
      ]);
      waiting.abort();
      if (message) receive(message[0] as PageBatch);
      else reader.exited = true;
    }
    if (reader.failed) throw reader.failed.error;
  } finally {
    port.close();
    await worker.terminate();
  }
  if (next < files.length) {
    throw new Error(`the page reader stopped after ${next} of ${files.length} files`);
  }
}

/** The words numbered for sending: how many so far, and those not sent yet. */
export interface WordNumbering {
  count: number;
  unsent: NumberedWord[];
}

/** Splits a page, counts its sections' words and finds its links, for sending (see `encodeCounts`). */
export function wirePage(
  position: number,
  file: string,
  page: Page,
  numbering: WordNumbering,
): WirePage {
  const bounds = page.unlisted ? [] : sectionBounds(page);
  const counts = encodeCounts(page, bounds, numbering);
  return { position, file, page, bounds, counts, links: pageLinks(page) };
}

/** Where `encodeCounts` writes, grown as pages need; each page's numbers are copied out. */
let encoding = new Int32Array(1 << 16);

/** A page's counted words as numbers, for sending; words seen first are numbered. */
function encodeCounts(
  page: Page,
  bounds: SectionBounds[],
  numbering: WordNumbering,
): Int32Array<ArrayBuffer> {
  let length = 0;
  for (const section of indexedSections(page, bounds)) {
    const language = languageOf(section.meta.language).tag;
    for (const { words, counts } of sectionWords(section)) {
      const needed = length + 1 + 2 * words.length;
      if (needed > encoding.length) {
        const grown = new Int32Array(Math.max(needed, 2 * encoding.length));
        grown.set(encoding.subarray(0, length));
        encoding = grown;
      }
      encoding[length++] = words.length;
      for (let position = 0; position < words.length; position++) {
        const word = words[position]!;
        if (word.number < 0) {
          word.number = numbering.count++;
          numbering.unsent.push([word.word, word.terms, word.keys, language]);
        }
        encoding[length++] = word.number;
        encoding[length++] = counts[position]!;
      }
    }
  }
  return encoding.slice(0, length);
}

function decodeCounts(encoded: Int32Array, words: IndexedWord[]): CountedWords[][] {
  const sections: CountedWords[][] = [];
  for (let at = 0; at < encoded.length; ) {
    const fields: CountedWords[] = [];
    for (let field = 0; field < FIELDS.length; field++) {
      const length = encoded[at++]!;
      const fieldWords: IndexedWord[] = new Array(length);
      const counts = new Int32Array(length);
      for (let i = 0; i < length; i++, at += 2) {
        fieldWords[i] = words[encoded[at]!]!;
        counts[i] = encoded[at + 1]!;
      }
      fields.push({ words: fieldWords, counts });
    }
    sections.push(fields);
  }
  return sections;
}

export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? 'unreadable';
}
