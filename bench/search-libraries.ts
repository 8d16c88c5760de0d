/**
 * The measurement behind the choice of search library (README, "Search library"): the same
 * sections, field weights and questions through MiniSearch (our SiteIndex), Orama and
 * FlexSearch. Recall is counted on distinct pages, as the assistant uses them.
 */
import { create, insertMultiple, search as oramaSearch } from '@orama/orama';
import FlexSearch from 'flexsearch';
import type { SiteIndex } from '../src/server/docs-index/docs-index.ts';
import { splitSections } from '../src/server/docs-index/sections.ts';
import type { RetrievalQuestion } from '../test/fixtures/retrieval-questions.ts';
import { percentile, round } from './stats.ts';

const LATENCY_BUDGET_MS = 20_000;

interface Candidate {
  name: string;
  buildMs: number;
  search(query: string): Promise<string[]> | string[];
}

export interface LibraryFigures {
  library: string;
  buildMs: number;
  p50: number;
  p99: number;
  /** How many queries the latency figures are from. */
  queries: number;
  /** undefined when the corpus has no questions (the generated one). */
  recallAt5?: number;
}

type Doc = { id: string; page: string; title: string; headings: string; text: string };

function documents(index: SiteIndex): Doc[] {
  return [...index.allPages()].flatMap((page) =>
    splitSections(page).map((section) => ({
      id: section.id,
      page: section.pagePath,
      title: section.pageTitle,
      headings: section.headings.slice(1).join(' '),
      text: section.content,
    })),
  );
}

function distinctPages(paths: string[], limit: number): string[] {
  return [...new Set(paths)].slice(0, limit);
}

async function orama(docs: Doc[]): Promise<Candidate> {
  const started = performance.now();
  const db = create({
    schema: { page: 'string', title: 'string', headings: 'string', text: 'string' } as const,
    components: { tokenizer: { stemming: true } },
  });
  await insertMultiple(db, docs, 1000);
  const buildMs = performance.now() - started;
  return {
    name: 'Orama 3 (BM25, stemming, tolerance 1)',
    buildMs,
    search: async (term) => {
      const result = await oramaSearch(db, {
        term,
        properties: ['title', 'headings', 'text'],
        boost: { title: 4, headings: 3 },
        tolerance: 1,
        limit: 20,
      });
      return distinctPages(
        result.hits.map((hit) => hit.document.page),
        5,
      );
    },
  };
}

function flexSearch(docs: Doc[]): Candidate {
  const started = performance.now();
  // biome-ignore lint/suspicious/noExplicitAny: FlexSearch's generic typings fight a plain use.
  const Document = FlexSearch.Document as any;
  const index = new Document({
    tokenize: 'forward',
    document: { id: 'id', index: ['title', 'headings', 'text'], store: ['page'] },
  });
  for (const doc of docs) index.add(doc);
  const buildMs = performance.now() - started;
  const pageOf = new Map(docs.map((doc) => [doc.id, doc.page]));
  return {
    name: 'FlexSearch 0.8 (forward tokenizer, suggest)',
    buildMs,
    search: (query) => {
      const results = index.search(query, { limit: 20, suggest: true, merge: true }) as {
        id: string;
      }[];
      return distinctPages(
        results.map((result) => pageOf.get(result.id) ?? ''),
        5,
      );
    },
  };
}

function miniSearch(index: SiteIndex, buildMs: number): Candidate {
  return {
    name: 'MiniSearch 7 (ours: BM25+, fuzzy for unknown words, prefix)',
    buildMs,
    search: (query) => index.search(query, { pageSize: 5 }).map((result) => result.path),
  };
}

async function measure(
  candidate: Candidate,
  queries: string[],
  questions: RetrievalQuestion[],
): Promise<LibraryFigures> {
  for (const query of queries.slice(0, 5)) await candidate.search(query);
  const times: number[] = [];
  // A slow library gets a time budget instead of the full query list.
  const budgetEnds = performance.now() + LATENCY_BUDGET_MS;
  for (const query of queries) {
    const started = performance.now();
    await candidate.search(query);
    times.push(performance.now() - started);
    if (performance.now() > budgetEnds) break;
  }
  let found = 0;
  for (const { question, expectedPath } of questions) {
    if ((await candidate.search(question)).includes(expectedPath)) found++;
  }
  return {
    library: candidate.name,
    buildMs: Math.round(candidate.buildMs),
    p50: round(percentile(times, 50)),
    p99: round(percentile(times, 99)),
    queries: times.length,
    ...(questions.length > 0 && { recallAt5: found / questions.length }),
  };
}

/** Builds each library over the site's sections and measures it. */
export async function compareSearchLibraries(
  index: SiteIndex,
  indexBuildMs: number,
  queries: string[],
  questions: RetrievalQuestion[],
): Promise<LibraryFigures[]> {
  const docs = documents(index);
  const figures: LibraryFigures[] = [];
  figures.push(await measure(miniSearch(index, indexBuildMs), queries, questions));
  figures.push(await measure(await orama(docs), queries, questions));
  figures.push(await measure(flexSearch(docs), queries, questions));
  return figures;
}
