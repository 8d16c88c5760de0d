import { describe, expect, it } from 'vitest';
import {
  factPattern,
  loadQuestionSet,
  parseQuestionSet,
  QuestionSetError,
} from '../../../src/server/eval/questions.ts';

describe('the questions file', () => {
  it('accepts an object with a name, or a bare array; ids default to q<number>', () => {
    const set = parseQuestionSet(
      {
        name: 'mine',
        questions: [
          { question: 'How do I deploy?', pages: ['guides/deploy'] },
          { id: 'poem', question: 'Write a poem', uncovered: true },
        ],
      },
      'file',
    );
    expect(set.name).toBe('mine');
    expect(set.questions.map((q) => [q.id, q.uncovered, q.pages])).toEqual([
      ['q1', false, ['guides/deploy']],
      ['poem', true, []],
    ]);
    expect(parseQuestionSet([{ question: 'Hi?', pages: ['a'] }], 'file').name).toBe('file');
  });

  it.each([
    [[{ question: 'No pages?' }], /at questions\.0\.pages: name the pages/],
    [
      [{ question: 'x', pages: ['a'], fact: '(' }],
      /at questions\.0\.fact: not a valid regular expression/,
    ],
    [[{ question: 'x', uncovered: true, pages: ['a'] }], /uncovered question has no pages/],
    [[{ question: 'x', pages: ['a'], typo: 1 }], /typo/],
    [[{ question: ' ', pages: ['a'] }], /at questions\.0\.question/],
    [
      [
        { id: 'a', question: 'x', pages: ['a'] },
        { id: 'a', question: 'y', pages: ['a'] },
      ],
      /the id a appears twice/,
    ],
  ])('rejects %j with a message that says where', (json, message) => {
    expect(() => parseQuestionSet(json, 'set')).toThrow(QuestionSetError);
    expect(() => parseQuestionSet(json, 'set')).toThrow(message);
  });

  it('reads a fact as a case-insensitive pattern, or /pattern/flags as written', () => {
    expect(factPattern('server\\.proxy').test('SERVER.PROXY')).toBe(true);
    expect(factPattern('/Server/').test('server')).toBe(false);
    expect(factPattern('/a.b/s').test('a\nb')).toBe(true);
  });

  it('reports an unreadable file in one line', async () => {
    await expect(loadQuestionSet('/nonexistent/questions.json')).rejects.toThrow(
      /^cannot read \/nonexistent\/questions\.json/,
    );
  });
});
