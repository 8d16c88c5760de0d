/**
 * Graceful stop (issue 17): SIGTERM while 50 answers stream. The CLI stops accepting, gives
 * them the grace period, then ends the rest with an "interrupted" error chunk: every stream
 * ends with `[DONE]`, no chunk is cut in the middle, and the process exits 0.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INTERRUPTED_MESSAGE } from '../../../src/server/lifecycle.ts';
import { startCli } from '../../support/engines.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));
const KEY = 'da_dsc_graceful0123456789abc';
const STREAMS = 50;

describe('SIGTERM with answers streaming', () => {
  it('ends all 50 cleanly (complete or interrupted) and exits 0 after the grace period', async () => {
    const server = await startCli([
      '--docs',
      DOCS,
      '--key',
      KEY,
      '--data-dir',
      'none',
      // Slow answers (a chunk every 800 ms) outlast the 1 s grace period.
      '--stream-delay-ms',
      '800',
      '--shutdown-grace',
      '1',
    ]);
    const first: Promise<void>[] = [];
    const bodies = Array.from({ length: STREAMS }, (_, i) => {
      let started!: () => void;
      first.push(
        new Promise((resolve) => {
          started = resolve;
        }),
      );
      return (async () => {
        const response = await fetch(`${server.url}/v2/assistant/docs/message`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            fp: 'anonymous',
            messages: [
              {
                id: `q${i}`,
                role: 'user',
                parts: [{ type: 'text', text: 'How do I install it and configure the guides?' }],
              },
            ],
          }),
        });
        expect(response.status).toBe(200);
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let text = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          text += decoder.decode(value, { stream: true });
          if (text.includes('text-delta')) started();
        }
        return text;
      })();
    });
    await Promise.all(first);
    const stopping = Date.now();
    const code = server.stop('SIGTERM');
    const texts = await Promise.all(bodies);
    expect(await code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(8000);

    let interrupted = 0;
    for (const text of texts) {
      const events = text.split('\n\n').filter((event) => event.trim());
      // Every event whole: `data: ` and JSON, the last one [DONE].
      expect(events.at(-1)).toBe('data: [DONE]');
      const chunks = events.slice(0, -1).map((event) => {
        expect(event.startsWith('data: ')).toBe(true);
        return JSON.parse(event.slice('data: '.length)) as { type: string; errorText?: string };
      });
      const last = chunks.at(-1)!;
      if (last.type === 'error') {
        expect(last.errorText).toBe(INTERRUPTED_MESSAGE);
        interrupted++;
      } else {
        expect(last.type).toBe('finish');
      }
    }
    // The answers were slower than the grace period: the server did cut them, cleanly.
    expect(interrupted).toBeGreaterThan(0);
    expect(server.output()).toMatch(/SIGTERM: stopping; 50 answers in flight get 1 s to finish/);
  }, 60_000);
});
