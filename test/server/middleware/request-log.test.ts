/**
 * Structured logs (issue 17): one JSON line per request with the route pattern, domain, status
 * and duration, and for answers the time to the first chunk; never a key, an address or (by
 * default) the question.
 */

import type { LanguageModelV4 } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { MemoryThreadStore } from '../../../src/server/assistant/thread-store.ts';
import { breakingModel, failingModel } from '../../support/assistant-models.ts';
import { readSse } from '../../support/assistant-streams.ts';
import { ACME_KEY, post, testApp } from '../../support/server.ts';

function loggedApp(logQuestions = false, model?: LanguageModelV4) {
  const lines: string[] = [];
  const app = testApp({
    requestLog: { format: 'json', write: (line) => lines.push(line), logQuestions },
    ...(model && {
      assistant: {
        model: { model, citesSources: false, description: 'test' },
        threads: new MemoryThreadStore(),
      },
    }),
  });
  return { app, lines };
}

const question = (text: string) => ({
  fp: 'anonymous',
  messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text }] }],
});

describe('request log', () => {
  it('writes one JSON line per request, with the route pattern and no secret', async () => {
    const { app, lines } = loggedApp();
    await app.request('/v1/search/acme', post({ query: 'install' }));
    await app.request(
      '/v1/search/acme',
      post({ query: 'install' }, 'da_dsc_wrong0123456789abcdef'),
    );
    await app.request('/health');
    expect(lines).toHaveLength(2);
    const [ok, refused] = lines.map((line) => JSON.parse(line));
    expect(ok).toMatchObject({
      method: 'POST',
      route: '/v1/search/:domain',
      domain: 'acme',
      status: 200,
    });
    expect(ok.ms).toEqual(expect.any(Number));
    expect(refused).toMatchObject({ route: '/v1/search/:domain', status: 401 });
    expect(lines.join('\n')).not.toContain(ACME_KEY);
    expect(lines.join('\n')).not.toContain('install');
  });

  it('names the site of the keyless agent routes, and no domain a client made up', async () => {
    const { app, lines } = loggedApp();
    await app.request('/llms/acme/llms.txt');
    await app.request('/md/acme/docs/guides/theming.md');
    await app.request('/md/made-up/index.md');
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.map((line) => [line.status, line.domain])).toEqual([
      [200, 'acme'],
      [200, 'acme'],
      [404, undefined],
    ]);
  });

  it('leaves out the health checks by their route, not by a path that says health', async () => {
    const { app, lines } = loggedApp();
    await app.request('/health');
    await app.request('/health/ready');
    await app.request('/md/acme/health/records.md');
    await app.request('/v1/search/health', post({ query: 'install' }));
    expect(lines.map((line) => JSON.parse(line).route)).toEqual([
      '/md/:domain/:path{.+\\.md}',
      '/v1/search/:domain',
    ]);
  });

  it('logs an answer when it ends, with its time to first chunk, and the question only when asked to', async () => {
    for (const logQuestions of [false, true]) {
      const { app, lines } = loggedApp(logQuestions);
      const response = await app.request(
        '/v2/assistant/acme/message',
        post(question('How do I install acme?')),
      );
      await readSse(response);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!);
      expect(line).toMatchObject({
        route: '/v2/assistant/:domain/message',
        domain: 'acme',
        status: 200,
      });
      expect(line.firstChunkMs).toBeLessThanOrEqual(line.ms);
      if (logQuestions) expect(line.question).toBe('How do I install acme?');
      else expect(line).not.toHaveProperty('question');
    }
  });

  it('logs why the model failed, before its answer (502) or in the middle of it', async () => {
    const failing = loggedApp(false, failingModel('Incorrect API key provided'));
    const refused = await failing.app.request(
      '/v2/assistant/acme/message',
      post(question('How do I install acme?')),
    );
    expect(refused.status).toBe(502);
    expect(JSON.parse(failing.lines[0]!)).toMatchObject({
      status: 502,
      error: 'Incorrect API key provided',
    });

    const breaking = loggedApp(false, breakingModel('Partial answer ', 'connection reset'));
    const response = await breaking.app.request(
      '/v2/assistant/acme/message',
      post(question('How do I install acme?')),
    );
    await readSse(response);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(breaking.lines[0]!)).toMatchObject({
      status: 200,
      error: 'connection reset',
    });
  });

  it('logs no error for an answer that ended well', async () => {
    const { app, lines } = loggedApp();
    await readSse(
      await app.request('/v2/assistant/acme/message', post(question('How do I install acme?'))),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(JSON.parse(lines[0]!)).not.toHaveProperty('error');
  });
});
