/**
 * A response sent before a large body was read closes the connection instead of draining the
 * body (issue 15); a small unread body is drained and the connection kept.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantServer, startAssistantServer } from '../../support/assistant-server.ts';

const DOCS = fileURLToPath(new URL('../../fixtures/questions/tiny-docs', import.meta.url));

let server: AssistantServer;
beforeAll(async () => {
  server = await startAssistantServer({ docs: DOCS });
});
afterAll(() => server?.close());

/** A question after a long answer; with a key the server does not know, refused unread. */
function refused(size: number, key = 'da_dsc_unknown0123456789abcd') {
  const messages = [
    { role: 'assistant', content: 'a'.repeat(size) },
    { role: 'user', content: 'What is it?' },
  ];
  const body = JSON.stringify({ fp: 'a', messages });
  return fetch(new URL(`/v2/assistant/${server.domain}/message`, server.url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body,
  });
}

describe('closeOnUnreadBody', () => {
  it('closes the connection after refusing a large unread body; the client gets the answer', async () => {
    const response = await refused(900_000);
    expect(response.status).toBe(401);
    expect(response.headers.get('connection')).toBe('close');
    expect((await response.json()).message).toEqual(expect.any(String));
  });

  it('keeps the connection for a small unread body, and for a body that was read', async () => {
    const small = await refused(1000);
    expect(small.status).toBe(401);
    expect(small.headers.get('connection')).toBe('keep-alive');
    await small.arrayBuffer();
    const read = await refused(100_000, server.key);
    expect(read.status).toBe(200);
    expect(read.headers.get('connection')).toBe('keep-alive');
    await read.arrayBuffer();
  });
});
