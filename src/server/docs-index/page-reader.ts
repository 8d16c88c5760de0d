/**
 * Reads a site's page files for the index build, here or in a worker thread. On a large site
 * the worker reads, parses and splits the pages and counts their sections' words while this
 * thread adds the previous pages to the search engine, which only this thread can fill: the
 * build takes about as long as the longer of the two halves instead of both (performance doc,
 * "The index build").
 */
import { on } from 'node:events';
import { extname } from 'node:path';
import {
  MessageChannel,
  type MessagePort,
  receiveMessageOnPort,
  Worker,
} from 'node:worker_threads';
import { indexedSections, type SplitPage } from './docs-index.ts';
import { FieldTerms, type SectionTerms } from './field-terms.ts';
import type { DocsFolder } from './frameworks/docs-folder.ts';
import { splitFrontmatter } from './frameworks/frontmatter.ts';
import { isDraft } from './frameworks/page-rules.ts';
import { inlinePartials } from './frameworks/partials.ts';
import type { FrameworkName, SiteLayout } from './frameworks/types.ts';
import { buildPage } from './page.ts';
import {
  type CountedWords,
  FIELDS,
  type IndexedWord,
  knownWord,
  sectionWords,
} from './section-words.ts';
import { type SectionBounds, sectionBounds } from './sections.ts';
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
  files: string[];
}

/**
 * The worker's data: the task, and a port on which it says when it has loaded its modules and
 * is told the file to start at.
 */
export interface PageReaderData extends PageReaderTask {
  control: MessagePort;
}

/** Where the pages are read while the worker starts (`readPagesInWorker`). */
export interface HeadStart {
  folder: DocsFolder;
  layout: SiteLayout;
}

/** A word the worker numbered: the word, its terms and their storage keys. */
export type NumberedWord = [word: string, terms: string[], keys: string[]];

/**
 * One message of the worker: the words and terms it numbered since the last one, and the pages
 * read.
 */
export interface PageBatch {
  words: NumberedWord[];
  /** Terms (storage keys) numbered after those the indexing thread knew, in order. */
  keys: string[];
  pages: WirePage[];
}

/**
 * The index's numbering of terms (its `FieldTerms` ids), which the worker continues: the
 * sections' figures it sends then hold the ids the index uses.
 */
export interface TermNumbering {
  /** The terms numbered so far, in the order of their ids. */
  keys(): string[];
  /** Numbers the terms the worker numbered, after the known ones. */
  append(keys: readonly string[]): void;
}

/** What the worker is told once it has loaded its modules. */
export interface ReaderStart {
  /** The file to start at (this thread read the ones before). */
  first: number;
  /** The terms the index has numbered: the worker numbers new ones after these. */
  keys: string[];
}

/** A ReadPage as sent: the counted words as numbers, in one transferable array. */
export interface WirePage {
  file: string;
  page?: Page;
  problem?: string;
  /** Where the page's sections are (none for an unlisted page). */
  bounds?: SectionBounds[];
  /** Per section, per field: the number of distinct words, then (word number, count) pairs. */
  counts?: Int32Array<ArrayBuffer>;
  /** The sections' term figures (`FieldTerms.seal`), one after another. */
  terms?: Int32Array<ArrayBuffer>;
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
  return buildPage(file, { data: source.data, body: inlined.body }, placement, {
    anchorStyle: layout.anchorStyle,
    includes: inlined.includes,
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
 * Reads the files in a worker thread, in order; ends once every file has been read. With a
 * `headStart`, this thread reads the first files itself until the worker has loaded its modules
 * (a good part of a second), and the worker starts at the next one. With the index's
 * `numbering`, the worker also sends the sections' term figures, numbered as the index numbers
 * terms (it is told every term the worker numbers, before the pages that hold them).
 */
export async function* readPagesInWorker(
  task: PageReaderTask,
  headStart?: HeadStart,
  numbering?: TermNumbering,
): AsyncGenerator<ReadPage> {
  // The worker is this folder's page-reader-worker, as .ts from the sources or .js once built.
  const entry = new URL(`./page-reader-worker${extname(import.meta.url)}`, import.meta.url);
  const { port1: control, port2 } = new MessageChannel();
  const data: PageReaderData = { ...task, control: port2 };
  const worker = new Worker(entry, { workerData: data, transferList: [port2] });
  // An error while this thread reads would otherwise have no listener and end the process.
  let failed: { error: unknown } | undefined;
  const fail = (error: unknown) => {
    failed = { error };
  };
  worker.on('error', fail);
  const words: IndexedWord[] = [];
  let read = 0;
  try {
    if (headStart) {
      while (read < task.files.length && receiveMessageOnPort(control) === undefined) {
        yield readPage(headStart.folder, headStart.layout, task.files[read++]!);
        if (failed) throw failed.error;
      }
    }
    worker.off('error', fail);
    if (failed) throw failed.error;
    const start: ReaderStart = { first: read, keys: numbering?.keys() ?? [] };
    control.postMessage(start);
    if (read === task.files.length) return;
    for await (const [batch] of on(worker, 'message', { close: ['exit'] })) {
      const { words: numbered, keys: numberedKeys, pages } = batch as PageBatch;
      for (const [word, terms, keys] of numbered) words.push(knownWord(word, terms, keys));
      numbering?.append(numberedKeys);
      for (const { counts, terms, bounds, ...page } of pages) {
        read++;
        if (!counts || !bounds) {
          yield page;
          continue;
        }
        const counted = decodeCounts(counts, words);
        yield {
          ...page,
          split:
            numbering && terms
              ? { bounds, counted, terms: splitTerms(terms) }
              : { bounds, counted },
        };
      }
      if (read === task.files.length) break;
    }
  } finally {
    control.close();
    await worker.terminate();
  }
  if (read < task.files.length) {
    throw new Error(`the page reader stopped after ${read} of ${task.files.length} files`);
  }
}

/** The words numbered for sending: how many so far, and those not sent yet. */
export interface WordNumbering {
  count: number;
  unsent: NumberedWord[];
  /** Counts the sections' terms, numbering them after the terms the index knew. */
  terms: FieldTerms;
  /** Terms numbered and not sent yet. */
  unsentKeys: string[];
}

/** A numbering of words and terms that continues the index's numbering of terms (`keys`). */
export function wordNumbering(keys: readonly string[], fieldCount: number): WordNumbering {
  const terms = new FieldTerms(fieldCount);
  terms.append(keys);
  return { count: 0, unsent: [], terms, unsentKeys: [] };
}

/** Splits a page and counts its sections' words and terms, for sending (see `encodeCounts`). */
export function wirePage(file: string, page: Page, numbering: WordNumbering): WirePage {
  const bounds = page.unlisted ? [] : sectionBounds(page);
  return { file, page, bounds, ...encodeCounts(page, bounds, numbering) };
}

/**
 * A page's counted words as numbers, and its sections' term figures, for sending; words and
 * terms seen first are numbered.
 */
function encodeCounts(
  page: Page,
  bounds: SectionBounds[],
  numbering: WordNumbering,
): { counts: Int32Array<ArrayBuffer>; terms: Int32Array<ArrayBuffer> } {
  const encoded: number[] = [];
  const figures: SectionTerms[] = [];
  const fieldTerms = numbering.terms;
  for (const section of indexedSections(page, bounds)) {
    const fields = sectionWords(section);
    for (let field = 0; field < fields.length; field++) {
      const { words, counts } = fields[field]!;
      encoded.push(words.length);
      for (let position = 0; position < words.length; position++) {
        const word = words[position]!;
        // Numbered together: a word the worker has not sent has no term ids here either.
        if (word.number < 0) numberWord(word, numbering);
        const count = counts[position]!;
        const ids = word.ids;
        for (let i = 0; i < ids.length; i++) fieldTerms.count(field, ids[i]!, count);
        encoded.push(word.number, count);
      }
    }
    figures.push(fieldTerms.seal());
  }
  let length = 0;
  for (const terms of figures) length += terms.length;
  const terms = new Int32Array(length);
  let at = 0;
  for (const figure of figures) {
    terms.set(figure, at);
    at += figure.length;
  }
  return { counts: Int32Array.from(encoded), terms };
}

/** Numbers a word and its new terms for sending. */
function numberWord(word: IndexedWord, numbering: WordNumbering): void {
  word.number = numbering.count++;
  numbering.unsent.push([word.word, word.terms, word.keys]);
  const known = numbering.terms.keyCount;
  word.ids = numbering.terms.idsOf(word.keys);
  word.idsOwner = numbering.terms;
  for (let i = 0; i < word.ids.length; i++) {
    if (word.ids[i]! >= known) numbering.unsentKeys.push(word.keys[i]!);
  }
}

/** The sections' figures in a page's `terms` (each ends where its last field's pairs end). */
function splitTerms(terms: Int32Array): SectionTerms[] {
  const sections: SectionTerms[] = [];
  for (let at = 0; at < terms.length; ) {
    const end = at + terms[at + FIELDS.length]!;
    sections.push(terms.subarray(at, end));
    at = end;
  }
  return sections;
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
