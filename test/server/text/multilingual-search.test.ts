/**
 * End to end through the docs index: Chinese, Japanese and Korean questions find the page that
 * answers them among starlight-docs' 17 languages, each page indexed in its own language (taken
 * from the site's Starlight configuration, as the server builds it).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteIndex } from '../../../src/server/docs-index/docs-index.ts';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { STARLIGHT_DOCS } from '../../support/corpora.ts';
import { cjkQuestions } from './cjk-questions.ts';

let index: SiteIndex;
beforeAll(async () => {
  ({ index } = await buildDocsIndex(STARLIGHT_DOCS));
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
        expect(index.getPage(expectedPath)?.language?.toLowerCase(), expectedPath).toBe(locale);
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
