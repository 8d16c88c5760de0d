/**
 * `eval --url` against a real server on a loopback port (`startServer`, port 0): the same
 * grades as in process, since both read the same v2 stream.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvalReport } from '../../../src/server/eval/run.ts';
import { type AssistantServer, startAssistantServer } from '../../support/assistant-server.ts';
import { runEvalCommand, TINY_DOCS, TINY_QUESTIONS } from './support.ts';

let server: AssistantServer;
let dir: string;
beforeAll(async () => {
  server = await startAssistantServer({ docs: TINY_DOCS, domain: 'acme' });
  dir = await mkdtemp(join(tmpdir(), 'da-eval-remote-'));
});
afterAll(() => server.close());

const readReport = async (file: string) => JSON.parse(await readFile(file, 'utf8')) as EvalReport;

describe('docs-assistant eval --url', () => {
  it('grades a running server exactly as the in-process run grades the same docs', async () => {
    const remote = join(dir, 'remote.json');
    const local = join(dir, 'local.json');
    const run = await runEvalCommand([
      TINY_QUESTIONS,
      '--url',
      `${server.url}/`,
      '--key',
      server.key,
      '--domain',
      server.domain,
      '--json',
      remote,
      '--min-answered',
      '0.9',
      '--concurrency',
      '3',
    ]);
    expect(run.errors).toBe('');
    expect(run.code).toBe(0);
    expect(run.output).toContain(`against ${server.url}/ (domain acme)`);
    await runEvalCommand([TINY_QUESTIONS, '--docs', TINY_DOCS, '--json', local]);

    const [over, here] = [await readReport(remote), await readReport(local)];
    expect(over.rates).toEqual(here.rates);
    // Concurrency finishes out of order; the report keeps the file's order.
    expect(over.questions.map((q) => q.id)).toEqual(['serve', 'accent', 'docker', 'poem', 'peru']);
    expect(over.questions).toEqual(here.questions);
  });

  /** The eval command against the server with a key it does not know. */
  const wrongKey = (...flags: string[]) =>
    runEvalCommand([
      TINY_QUESTIONS,
      '--url',
      server.url,
      '--key',
      'da_dsc_notthekey0123456789ab',
      '--domain',
      server.domain,
      ...flags,
    ]);

  it('counts a refused request as an error of every question, not as an answer', async () => {
    const json = join(dir, 'wrong-key.json');
    const run = await wrongKey('--json', json, '--min-off-topic-refused', '0.5');
    expect(run.code).toBe(1);
    expect(run.output).toMatch(/^ {4}error: HTTP 401: /m);
    const report = await readReport(json);
    expect(report.rates.errors).toBe(5);
    expect(report.rates.offTopicRefused).toEqual({ count: 0, of: 2, value: 0 });
    expect(report.rates.falseRefusals).toEqual({ count: 0, of: 3, value: 0 });
    expect(report.rates.answeredAndCited).toEqual({ count: 0, of: 3, value: 0 });
  });

  it('fails a run whose questions could not be asked, with no threshold or one that errors meet', async () => {
    const bare = await wrongKey();
    expect(bare.code).toBe(1);
    expect(bare.output).toContain(
      '5 of 5 questions could not be asked (the errors above): failing.',
    );
    // No answer is no false refusal: the threshold alone is met, the run still fails.
    const met = await wrongKey('--max-false-refusals', '0');
    expect(met.output).toMatch(/^✓ false refusals ≤ 0: /m);
    expect(met.code).toBe(1);
  });
});
