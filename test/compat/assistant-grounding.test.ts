/**
 * Grounding on the real corpus: the embedded model's answers, read from the v2 endpoint, cite
 * the page that answers each retrieval question, and admit when the docs do not cover one.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retrievalQuestions } from '../fixtures/retrieval-questions.ts';
import { type AssistantServer, startAssistantServer } from '../support/assistant-server.ts';
import { readSse } from '../support/assistant-streams.ts';
import { AI_SDK_DOCS } from '../support/corpora.ts';

const corpus = AI_SDK_DOCS;

/** Questions a developer might ask that these docs have no answer for. */
const uncovered = [
  'How do I bake sourdough bread at home?',
  'What is the capital city of Australia?',
  'How do I configure a Kubernetes ingress controller with Helm?',
  'Which PostgreSQL vacuum settings reduce table bloat?',
  'How do I knit a scarf for a beginner?',
];

let server: AssistantServer;
beforeAll(async () => {
  server = await startAssistantServer({ docs: corpus });
});
afterAll(() => server.close());

async function answer(question: string): Promise<string> {
  const response = await fetch(`${server.url}/v2/assistant/${server.domain}/message`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({
      fp: 'anonymous',
      messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
  const { chunks } = await readSse(response);
  return chunks
    .filter((c) => c.type === 'text-delta')
    .map((c) => c.delta)
    .join('');
}

const cites = (text: string, path: string) =>
  text.includes(`](/${path})`) || text.includes(`](/${path}#`);

describe('grounding on the ai-sdk-docs corpus (embedded model)', () => {
  it('cites the expected page for at least 9 in 10 retrieval questions (27 of 30)', async () => {
    expect(retrievalQuestions.length).toBeGreaterThanOrEqual(30);
    const missed: string[] = [];
    for (const { question, expectedPath } of retrievalQuestions) {
      const text = await answer(question);
      if (!cites(text, expectedPath)) missed.push(`${question} -> /${expectedPath}`);
    }
    const total = retrievalQuestions.length;
    const cited = total - missed.length;
    console.log(`grounding: the answer cites the expected page in ${cited}/${total}`);
    if (missed.length) console.log(`missed:\n  ${missed.join('\n  ')}`);
    expect(cited).toBeGreaterThanOrEqual(Math.ceil(0.9 * total));
  });

  it('says the docs do not cover questions they do not answer, and names the closest pages', async () => {
    for (const question of uncovered) {
      const text = await answer(question);
      expect(text, question).toMatch(/^The docs don't seem to cover this\./);
      expect(text, question).toMatch(/\[[^\]]+\]\(\/[^)]+\)/);
    }
  });
});
