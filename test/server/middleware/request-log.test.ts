/**
 * Structured logs (issue 17): one JSON line per request with the route pattern, domain, status
 * and duration, and for answers the time to the first chunk; never a key, an address or (by
 * default) the question.
 */
import { describe, expect, it } from 'vitest';
import { readSse } from '../../support/assistant-streams.ts';
import { ACME_KEY, post, testApp } from '../../support/server.ts';

function loggedApp(logQuestions = false) {
  const lines: string[] = [];
  const app = testApp({
    requestLog: { format: 'json', write: (line) => lines.push(line), logQuestions },
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
});
