import { describe, expect, it } from 'vitest';
import { assistantRequestSchema } from '../../../src/api/schemas.ts';
import { assistantRequestCheck } from '../../../src/server/assistant/request-limits.ts';
import { END, JsonFollower, type JsonRefusal } from '../../../src/server/middleware/json-follow.ts';

/** Feeds a body in pieces of 1,000 characters: the refusal, and how much had been read. */
function follow(body: unknown): { refusal: JsonRefusal | undefined; read: number; length: number } {
  const text = JSON.stringify(body);
  const follower = new JsonFollower(assistantRequestCheck());
  for (let at = 0; at < text.length; at += 1000) {
    const refusal = follower.write(text.slice(at, at + 1000));
    if (refusal) return { refusal, read: at + 1000, length: text.length };
  }
  return { refusal: follower.write(END), read: text.length, length: text.length };
}

const user = (text: string) => ({ id: 'u', role: 'user', parts: [{ type: 'text', text }] });
const assistant = (text: string) => ({
  id: 'a',
  role: 'assistant',
  parts: [{ type: 'text', text }],
});
const ask = (...messages: object[]) => ({ fp: 'anonymous', messages });

describe('assistantRequestCheck', () => {
  it('refuses a 900 KB question after its first few dozen KB, naming the limit', () => {
    const { refusal, read } = follow(ask(user('how do I stream text '.repeat(43_000))));
    expect(read).toBeLessThan(36_000);
    const message = 'A message is too long: at most 32768 characters (a question: 4000)';
    expect(refusal).toEqual({
      message,
      issues: [{ path: ['messages', 0, 'parts', 0, 'text'], message }],
    });
  });

  it('counts the text as the route does: trimmed, UTF-16 units', () => {
    expect(follow(ask(user('q'.repeat(32_768)))).refusal).toBeUndefined();
    expect(follow(ask(user('q'.repeat(32_769)))).refusal).toBeDefined();
    const padded = `${' \n'.repeat(50_000)}${'q'.repeat(32_768)}${'\t'.repeat(50_000)}`;
    expect(follow(ask(user(padded))).refusal).toBeUndefined();
    expect(follow(ask(user(`q${' '.repeat(32_766)}q`))).refusal).toBeUndefined();
    expect(follow(ask(user(`q${' '.repeat(32_767)}q`))).refusal).toBeDefined();
    expect(follow(ask(user('é'.repeat(32_769)))).refusal).toBeDefined();
  });

  it('lets through an earlier question over the question’s limit (a client may keep it), not a huge one', () => {
    const refused = 'q'.repeat(5000);
    const kept = follow(ask(user(refused), user('And then?')));
    expect(kept.refusal).toBeUndefined();
    const long = 'q'.repeat(40_000);
    const history = follow(ask(user(long), assistant('An answer.'), user('And then?')));
    expect(history.refusal?.issues[0]?.path).toEqual(['messages', 0, 'parts', 0, 'text']);
    const v1 = follow(ask({ role: 'user', content: long }));
    expect(v1.refusal?.issues[0]?.path).toEqual(['messages', 0, 'content']);
  });

  it('judges a text whose role or type comes after it when they are read', () => {
    const long = 'q'.repeat(50_000);
    const roleLast = follow(ask({ parts: [{ type: 'text', text: long }], role: 'user' }));
    expect(roleLast.refusal?.message).toMatch(/at most 32768/);
    const typeLast = follow(ask({ role: 'user', parts: [{ text: long, type: 'text' }] }));
    expect(typeLast.refusal?.message).toMatch(/at most 32768/);
    expect(typeLast.read).toBeGreaterThan(50_000);
    expect(
      follow(ask({ parts: [{ text: long, type: 'text' }], role: 'assistant' })).refusal,
    ).toBeUndefined();
    expect(
      follow(ask({ role: 'user', parts: [{ text: long, type: 'reasoning' }] })).refusal,
    ).toBeUndefined();
  });

  it('accepts a body of almost 1 MB of long answers, as the schema does', () => {
    const turns = Array.from({ length: 25 }, (_, i) =>
      i % 2 === 0 ? user(`turn ${i}`) : assistant('lorem ipsum '.repeat(6500)),
    );
    const body = ask(...turns, user('How do I stream text?'));
    expect(JSON.stringify(body).length).toBeGreaterThan(900_000);
    expect(assistantRequestSchema.safeParse(body).success).toBe(true);
    expect(follow(body).refusal).toBeUndefined();
  });

  it('refuses context over its limits with the schema’s own issues', () => {
    const question = user('How do I stream text?');
    const cases = [
      { ...ask(question), context: [{ type: 'code', value: 'x'.repeat(8001) }] },
      {
        ...ask(question),
        context: Array.from({ length: 11 }, () => ({ type: 'code', value: 'x' })),
      },
    ];
    for (const body of cases) {
      const issues = assistantRequestSchema.safeParse(body).error?.issues ?? [];
      expect(follow(body).refusal).toEqual({
        message: 'Invalid request body',
        issues: issues.map((issue) => ({ path: issue.path, message: issue.message })),
      });
    }
    const itemsAllowed = Array.from({ length: 10 }, () => ({
      type: 'code',
      value: 'x'.repeat(8000),
    }));
    expect(follow({ ...ask(question), context: itemsAllowed }).refusal).toBeUndefined();
  });

  it('leaves what is not JSON to the parser', () => {
    const follower = new JsonFollower(assistantRequestCheck());
    expect(follower.write(`{"messages": [}${'q'.repeat(9000)}`)).toBeUndefined();
  });
});
