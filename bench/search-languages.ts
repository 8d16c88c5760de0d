/**
 * Search figures per language: index build time and search latency p50/p99 on ai-sdk-docs
 * (English only) and on starlight-docs (17 languages, CJK and right-to-left included), plus
 * recall@5 where the corpus has questions. Run with `node bench/search-languages.ts`.
 *
 * Pages get their language from Starlight's locale folders here (`de/…`, `zh-cn/…`), the way
 * the framework publishes them. Latency queries are titles and headings of each language's
 * pages (on ai-sdk-docs also its retrieval questions), searched without a language (SiteIndex)
 * and with the query's (the engine). Recall: ai-sdk-docs'
 * retrieval questions; on starlight-docs, the Chinese, Japanese and Korean questions of
 * test/server/text/cjk-questions.ts with their language as the filter.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SiteIndex } from '../src/server/docs-index/docs-index.ts';
import { type IndexedSection, SectionEngine } from '../src/server/docs-index/engine.ts';
import { listDocFiles } from '../src/server/docs-index/load.ts';
import { parsePage } from '../src/server/docs-index/page.ts';
import { splitSections } from '../src/server/docs-index/sections.ts';
import type { Page } from '../src/server/docs-index/types.ts';
import {
  type RetrievalQuestion,
  retrievalQuestions,
} from '../test/fixtures/retrieval-questions.ts';
import { cjkQuestions } from '../test/server/text/cjk-questions.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS } from '../test/support/corpora.ts';
import { percentile, round } from './stats.ts';

const STARLIGHT_LOCALES = new Set(
  'da de es fa fr hi id it ja ko pt-br pt-pt ru tr uk zh-cn'.split(' '),
);
const ROUNDS = 5;
const QUERIES_PER_LANGUAGE = 40;

interface Query {
  text: string;
  language?: string;
}

async function loadPages(
  root: string,
  languageOf: (file: string) => string | undefined,
): Promise<Page[]> {
  return (await listDocFiles(root)).map((file) => {
    const page = parsePage(file, readFileSync(join(root, file), 'utf8'));
    const language = languageOf(file);
    return language ? { ...page, language } : page;
  });
}

function starlightLanguage(file: string): string | undefined {
  const folder = file.split('/')[3]!;
  return STARLIGHT_LOCALES.has(folder) ? folder : 'en';
}

/** Section headings of each language's pages, a fixed sample, as queries. */
function headingQueries(pages: Page[]): Query[] {
  const byLanguage = new Map<string, Set<string>>();
  for (const page of pages) {
    const headings = splitSections(page)
      .map((section) => section.heading)
      .filter((heading) => heading.length > 3);
    const texts = byLanguage.get(page.language ?? '') ?? new Set<string>();
    for (const text of [page.title, ...headings]) texts.add(text);
    byLanguage.set(page.language ?? '', texts);
  }
  const queries: Query[] = [];
  for (const [language, texts] of byLanguage) {
    const distinct = [...texts];
    const step = Math.max(1, Math.floor(distinct.length / QUERIES_PER_LANGUAGE));
    for (let i = 0; i < distinct.length && i / step < QUERIES_PER_LANGUAGE; i += step) {
      queries.push({ text: distinct[i]!, ...(language && { language }) });
    }
  }
  return queries;
}

function latency(run: (query: Query) => unknown, queries: Query[]) {
  for (const query of queries) run(query);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      run(query);
      times.push(performance.now() - started);
    }
  }
  return { p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

/** Recall@5 of questions, with the question's language as the filter where it has one. */
function recallAt5(index: SiteIndex, questions: (RetrievalQuestion & { language?: string })[]) {
  const found = questions.filter(({ question, expectedPath, language }) =>
    index
      .search(question, { pageSize: 5, ...(language && { filter: { language } }) })
      .some((result) => result.path === expectedPath),
  ).length;
  return round(found / questions.length);
}

async function measure(
  name: string,
  root: string,
  queries: (pages: Page[]) => Query[],
  questions: (RetrievalQuestion & { language?: string })[],
) {
  const pages = await loadPages(
    root,
    name === 'starlight-docs' ? starlightLanguage : () => undefined,
  );
  const started = performance.now();
  const cpu = process.cpuUsage();
  const index = new SiteIndex();
  index.deferLinkText();
  for (const page of pages) index.upsert(page);
  index.indexLinkText();
  const buildCpu = process.cpuUsage(cpu);
  const buildMs = performance.now() - started;
  // The engine alone, for queries that carry their language (SiteIndex does not pass one yet).
  const engine = new SectionEngine();
  for (const page of pages) {
    const { content: _c, path: _p, file: _f, ...meta } = page;
    engine.add(splitSections(page).map((section): IndexedSection => ({ ...section, meta })));
  }
  const list = queries(pages);
  const neutral = latency((query) => index.search(query.text, { pageSize: 10 }), list);
  const withLanguage = latency(
    (query) => engine.search(query.text, { language: query.language } as never),
    list,
  );
  return {
    corpus: name,
    pages: index.pageCount,
    sections: index.sectionCount,
    languages: new Set(pages.map((page) => page.language ?? '(none)')).size,
    queries: list.length,
    buildMs: Math.round(buildMs),
    buildCpuMs: Math.round((buildCpu.user + buildCpu.system) / 1000),
    searchP50Ms: neutral.p50,
    searchP99Ms: neutral.p99,
    withLanguageP50Ms: withLanguage.p50,
    withLanguageP99Ms: withLanguage.p99,
    recallAt5: recallAt5(index, questions),
  };
}

const figures = [
  await measure(
    'ai-sdk-docs',
    AI_SDK_DOCS,
    (pages) => [
      ...retrievalQuestions.map(({ question }) => ({ text: question, language: 'en' })),
      ...headingQueries(pages).map((query) => ({ ...query, language: 'en' })),
    ],
    retrievalQuestions,
  ),
  await measure(
    'starlight-docs',
    STARLIGHT_DOCS,
    headingQueries,
    cjkQuestions.flatMap(({ locale, questions }) =>
      questions.map((question) => ({
        ...question,
        expectedPath: `src/content/docs/${question.expectedPath}`,
        language: locale,
      })),
    ),
  ),
];
console.table(figures);
