/**
 * Retrieval quality on the real corpus: developer questions with the page that answers them
 * (test/fixtures/retrieval-questions.ts). Recall@5 counts a question as answered when that
 * page is among the first five results.
 */
import { describe, expect, it } from 'vitest';
import { retrievalQuestions } from '../../fixtures/retrieval-questions.ts';
import { corpus } from '../../support/server.ts';

describe('retrieval quality', () => {
  it('has at least 30 questions, each naming a page that exists', async () => {
    const index = await corpus();
    expect(retrievalQuestions.length).toBeGreaterThanOrEqual(30);
    for (const { expectedPath } of retrievalQuestions) {
      expect(index.getPage(expectedPath)?.path, expectedPath).toBe(expectedPath);
    }
  });

  it('finds the answering page in the top 5 for at least 90% of the questions', async () => {
    const index = await corpus();
    const misses: string[] = [];
    for (const { question, expectedPath } of retrievalQuestions) {
      const paths = index.search(question, { pageSize: 5 }).map((result) => result.path);
      if (!paths.includes(expectedPath)) misses.push(`${question} -> ${paths.join(', ')}`);
    }
    const recall = 1 - misses.length / retrievalQuestions.length;
    console.log(
      `recall@5 = ${recall.toFixed(3)} (${retrievalQuestions.length - misses.length}/${retrievalQuestions.length})${misses.map((miss) => `\n  missed: ${miss}`).join('')}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
  });
});
