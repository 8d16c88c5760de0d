import { describe, expect, it } from 'vitest';
import {
  END,
  type JsonBodyCheck,
  JsonFollower,
  type JsonPath,
} from '../../../src/server/middleware/json-follow.ts';

/** Every event a check sees, as `kind path` lines; strings with their pieces joined. */
function events(pieces: string[]): string[] {
  const seen: string[] = [];
  const texts = new Map<string, string>();
  const at = (path: JsonPath) => path.join('.');
  const check: JsonBodyCheck = {
    begin: (path, kind) => void seen.push(`begin ${kind} ${at(path)}`),
    text: (path, piece) => void texts.set(at(path), (texts.get(at(path)) ?? '') + piece),
    end: (path, kind) => {
      seen.push(`end ${kind} ${at(path)}${kind === 'string' ? ` ${texts.get(at(path))}` : ''}`);
      texts.delete(at(path));
      return undefined;
    },
  };
  const follower = new JsonFollower(check);
  for (const piece of pieces) follower.write(piece);
  follower.write(END);
  return seen;
}

describe('JsonFollower', () => {
  it('gives each value its path, however the text is cut', () => {
    const body = '{"a": [1, "x\\u00e9y", {"k": true}], "b": {"c": null}}';
    const expected = [
      'begin object ',
      'begin array a',
      'begin number a.0',
      'end number a.0',
      'begin string a.1',
      'end string a.1 xéy',
      'begin object a.2',
      'begin literal a.2.k',
      'end literal a.2.k',
      'end object a.2',
      'end array a',
      'begin object b',
      'begin literal b.c',
      'end literal b.c',
      'end object b',
      'end object ',
    ];
    expect(events([body])).toEqual(expected);
    expect(events(body.split(''))).toEqual(expected);
  });

  it('gives a long string in pieces, before it ends', () => {
    const follower = new JsonFollower({
      text: (_path, piece) =>
        piece.length > 0 ? { message: 'seen a piece', issues: [] } : undefined,
    });
    expect(follower.write(`{"q": "${'x'.repeat(10_000)}`)?.message).toBe('seen a piece');
  });

  it('stops following text that is not JSON, without refusing it', () => {
    const refuse = () => ({ message: 'no', issues: [] });
    const follower = new JsonFollower({ text: refuse });
    expect(follower.write('{"a": ]')).toBeUndefined();
    expect(follower.write('"more"')).toBeUndefined();
    expect(follower.write(END)).toBeUndefined();
  });
});
