/**
 * Multilingual figures (docs, "Performance"): index build time and search latency p50/p99 on
 * the Starlight corpus (17 languages) and on a generated 10,000-page Starlight site in eight
 * languages, each query answered in the language it is written in; and how many translated
 * copies reach the top 5 of English questions (the target is none).
 * `node bench/multilingual.ts` runs it alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { STARLIGHT_DOCS } from '../test/support/corpora.ts';
import { generateMultilingualCorpus } from './generate-corpus.ts';
import { percentile, round } from './stats.ts';

const GENERATED_PAGES = 10_000;
const SEARCH_ROUNDS = 5;

/** Questions a reader of a Starlight site asks, in the languages of the sites measured. */
const QUESTIONS: Record<string, string[]> = {
  en: [
    'How do I add a group to the sidebar?',
    'How can I translate my site into several languages?',
    'How do I override a built-in component?',
    'Where do I put custom CSS?',
    'How do I use tabs in a page?',
    'What frontmatter fields does a page support?',
    'How do I configure the site search?',
    'sidebar',
    'i18n',
    'frontmater',
  ],
  fr: ['Comment ajouter un groupe à la barre latérale ?', 'Comment traduire mon site ?'],
  de: ['Wie füge ich der Seitenleiste eine Gruppe hinzu?', 'Wie übersetze ich meine Website?'],
  es: ['¿Cómo añado un grupo a la barra lateral?', '¿Cómo traduzco mi sitio?'],
  ja: ['サイドバーにグループを追加するには', 'サイトを翻訳する方法'],
  ko: ['사이드바에 그룹을 추가하는 방법', '사이트를 번역하는 방법'],
  ru: ['Как добавить группу в боковую панель?', 'Как перевести сайт?'],
  zh: ['如何在侧边栏中添加分组', '如何翻译我的网站'],
};

export interface MultilingualFigures {
  site: string;
  pages: number;
  languages: number;
  sections: number;
  buildSeconds: number;
  searchP50Ms: number;
  searchP99Ms: number;
  /** Results in another language than the English question's, in its top 5 (all questions). */
  translatedInEnglishTop5: number;
}

async function measure(site: string, docs: string): Promise<MultilingualFigures> {
  const built = await buildDocsIndex(docs);
  const { index } = built;
  const queries = Object.values(QUESTIONS).flat();
  for (const query of queries) index.search(query);
  const times: number[] = [];
  for (let round = 0; round < SEARCH_ROUNDS; round++) {
    for (const query of queries) {
      const started = performance.now();
      index.search(query, { pageSize: 10 });
      times.push(performance.now() - started);
    }
  }
  let translated = 0;
  for (const question of QUESTIONS.en!) {
    const top = index.search(question, { pageSize: 5 });
    translated += top.filter((result) => result.metadata.language !== 'en').length;
  }
  return {
    site,
    pages: index.pageCount,
    languages: index.profile.languages.length,
    sections: index.sectionCount,
    buildSeconds: round(built.milliseconds / 1000),
    searchP50Ms: round(percentile(times, 50)),
    searchP99Ms: round(percentile(times, 99)),
    translatedInEnglishTop5: translated,
  };
}

export async function benchMultilingual(): Promise<MultilingualFigures[]> {
  const figures = [await measure('starlight-docs', STARLIGHT_DOCS)];
  const dir = await mkdtemp(join(tmpdir(), 'da-bench-multilingual-'));
  try {
    await generateMultilingualCorpus(STARLIGHT_DOCS, dir, GENERATED_PAGES);
    figures.push(await measure(`generated ${GENERATED_PAGES} pages`, dir));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(await benchMultilingual());
}
