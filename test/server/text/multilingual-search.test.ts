/**
 * End to end through the docs index: Chinese, Japanese and Korean questions find the page that
 * answers them among starlight-docs' 17 languages, each page indexed in its own language (taken
 * here from Starlight's locale folders; telling a site's framework and locales is the index
 * loader's job).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SiteIndex } from '../../../src/server/docs-index/docs-index.ts';
import { listDocFiles } from '../../../src/server/docs-index/load.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { STARLIGHT_DOCS } from '../../support/corpora.ts';
import { cjkQuestions } from './cjk-questions.ts';

const DOCS = join(STARLIGHT_DOCS, 'src/content/docs');
const LOCALES = new Set('da de es fa fr hi id it ja ko pt-br pt-pt ru tr uk zh-cn'.split(' '));

let index: SiteIndex;
beforeAll(async () => {
  index = new SiteIndex();
  for (const file of await listDocFiles(DOCS)) {
    const locale = file.split('/')[0]!;
    const page = parsePage(file, readFileSync(join(DOCS, file), 'utf8'));
    index.upsert({ ...page, language: LOCALES.has(locale) ? locale : 'en' });
  }
});

function recall(locale: string, filtered: boolean): { recall: number; misses: string[] } {
  const { questions } = cjkQuestions.find((entry) => entry.locale === locale)!;
  const misses: string[] = [];
  for (const { question, expectedPath } of questions) {
    const filter = filtered ? { language: locale } : undefined;
    const paths = index.search(question, { pageSize: 5, filter }).map((result) => result.path);
    if (!paths.includes(expectedPath)) misses.push(`${question} -> ${paths.join(', ')}`);
  }
  return { recall: 1 - misses.length / questions.length, misses };
}

describe('questions in Chinese, Japanese and Korean on a 17-language site', () => {
  it('has at least 10 questions per language, each naming a page of that language', () => {
    for (const { locale, questions } of cjkQuestions) {
      expect(questions.length).toBeGreaterThanOrEqual(10);
      for (const { expectedPath } of questions) {
        expect(index.getPage(expectedPath)?.language, expectedPath).toBe(locale);
      }
    }
  });

  for (const locale of ['zh-cn', 'ja', 'ko']) {
    it(`${locale}: finds the answering page in the top 5 (reader's language as filter)`, () => {
      const { recall: found, misses } = recall(locale, true);
      console.log(
        `${locale} recall@5 = ${found.toFixed(3)}${misses.map((m) => `\n  missed: ${m}`)}`,
      );
      expect(found).toBeGreaterThanOrEqual(0.9);
    });

    it(`${locale}: finds it among all languages' pages too (no filter)`, () => {
      expect(recall(locale, false).recall).toBeGreaterThanOrEqual(0.8);
    });
  }
});
