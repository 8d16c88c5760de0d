/**
 * `eval --docs --model … --model-base-url …`: the answers of a real model (a stand-in speaking
 * the OpenAI wire format), whose citations are the announced pages its text links to or numbers,
 * and whose refusal is the "don't seem to cover" phrasing the system prompt asks for.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../../src/server/eval/run.ts';
import { type StandInServer, startOpenAIStandIn } from '../../support/llm-openai-standin.ts';
import { runEvalCommand, TINY_DOCS, TINY_QUESTIONS } from './support.ts';

let standIn: StandInServer;
let dir: string;
beforeAll(async () => {
  standIn = await startOpenAIStandIn();
  dir = await mkdtemp(join(tmpdir(), 'da-eval-llm-'));
});
afterAll(() => standIn.close());

async function evalWithModel(chunks: string[]): Promise<{ code: number; report: EvalReport }> {
  standIn.behave({ kind: 'answer', chunks });
  const json = join(dir, `${crypto.randomUUID()}.json`);
  const run = await runEvalCommand([
    TINY_QUESTIONS,
    '--docs',
    TINY_DOCS,
    '--model',
    'qwen3:8b',
    '--model-base-url',
    standIn.baseUrl,
    '--json',
    json,
    '--min-answered',
    '0.5',
  ]);
  expect(run.errors).toBe('');
  return { code: run.code, report: JSON.parse(await readFile(json, 'utf8')) };
}

describe('docs-assistant eval with a real model', () => {
  it('counts as cited only the announced pages the answer points at', async () => {
    const before = standIn.requests.length;
    // The same answer to every question: right for the accent question only.
    const { code, report } = await evalWithModel([
      'Set the `--acme-accent` custom property ',
      '[2](/guides/theming#accent-color).',
    ]);
    expect(code).toBe(1);
    expect(standIn.requests.length - before).toBe(5);
    expect(standIn.requests.at(-1)!.body.model).toBe('qwen3:8b');
    expect(report.target).toContain('qwen3:8b at');

    const accent = report.questions.find((q) => q.id === 'accent')!;
    expect(accent).toMatchObject({ answeredAndCited: true, factFound: true, failures: [] });
    expect(accent.cited).toEqual(['guides/theming']);
    const docker = report.questions.find((q) => q.id === 'docker')!;
    // The route announced the deploy page as a source; the answer never pointed at it, and a
    // link to a page that was not retrieved for this question is no citation.
    expect(docker.retrieved).toContain('guides/deploy');
    expect(docker.retrieved).not.toContain('guides/theming');
    expect(docker.answeredAndCited).toBe(false);
    expect(docker.failures[0]).toBe('did not cite guides/deploy (cited: none)');
    expect(report.rates.answeredAndCited).toEqual({ count: 1, of: 3, value: 1 / 3 });
    expect(report.rates.offTopicRefused).toEqual({ count: 0, of: 2, value: 0 });
  });

  it("recognises the prompt's refusal phrasing, even when the closest pages follow", async () => {
    const { report } = await evalWithModel([
      "I'm afraid the docs don't seem ",
      'to cover this. The closest page is [1](/guides/theming).',
    ]);
    expect(report.rates.offTopicRefused).toEqual({ count: 2, of: 2, value: 1 });
    expect(report.rates.falseRefusals).toEqual({ count: 3, of: 3, value: 1 });
    expect(report.rates.answeredAndCited.count).toBe(0);
  });
});
