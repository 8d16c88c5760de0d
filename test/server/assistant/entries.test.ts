import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import { composeAnswer } from '../../../src/server/assistant/compose-answer.ts';
import { entryOf, listsEntries } from '../../../src/server/assistant/entries.ts';

const item = (text: string) => entryOf({ kind: 'list-item', text });

describe('entryOf', () => {
  it('reads a list item that opens with a name of code as a named entry', () => {
    expect(item('`data`: The invalid response data value')).toEqual({
      name: 'data',
      description: 'The invalid response data value',
    });
    expect(item('`onStart` (`(event: StartEvent) => void`): Called first.')).toEqual({
      name: 'onStart',
      description: 'Called first.',
    });
    expect(item('**apiKey** _string_: API key sent in the header.')?.name).toBe('apiKey');
    expect(item('[`cause`](/errors#cause) — The underlying error')?.name).toBe('cause');
    expect(item('`--color-gray-*` — used for borders')?.description).toBe('used for borders');
  });

  it('reads a table row whose first cell names code, and nothing else', () => {
    const row = ['| Option | Meaning |', '| --- | --- |', '| `port` | The port to listen on |'];
    expect(entryOf({ kind: 'table-row', text: row.join('\n') })).toEqual({
      name: 'port',
      description: 'The port to listen on',
    });
    const plain = ['| Status | When |', '| --- | --- |', '| 413 | Too large |'].join('\n');
    expect(entryOf({ kind: 'table-row', text: plain })).toBeUndefined();
    expect(item('Install the package: run the command below')).toBeUndefined();
    expect(item('**Note**: a bold label that names nothing to type')?.name).toBe('Note');
    expect(entryOf({ kind: 'sentence', text: '`data`: a sentence, not an entry' })).toBeUndefined();
  });

  it('tells a section listing entries from one that does not', () => {
    expect(listsEntries('- `message`: The error message\n- `cause`: The cause')).toBe(true);
    expect(listsEntries('This error occurs when the quota is used up.')).toBe(false);
  });
});

describe('withAskedEntry (through composeAnswer)', () => {
  const page = 'reference/errors/quota-exceeded-error';
  const result = (content: string, heading?: string): SearchResult => ({
    path: page,
    content,
    metadata: {
      title: 'QuotaExceededError',
      score: 1,
      ...(heading && { heading, anchor: heading.toLowerCase().replace(/\s+/g, '-') }),
    },
  });
  const passages = [
    result(
      [
        'You can check if an error is an instance of `QuotaExceededError` using:',
        '',
        '```ts',
        'if (QuotaExceededError.isInstance(error)) {',
        '  // Handle the error',
        '}',
        '```',
      ].join('\n'),
      'Checking for this Error',
    ),
    result('This error occurs when the account has used all of its credits.'),
    result(
      [
        '- `limit`: The credit limit of the account',
        '- `resetAt`: The date the quota is renewed',
        '- `message`: The error message',
      ].join('\n'),
      'Properties',
    ),
  ];
  // The error's name is rare on the site, "error" everywhere: the line repeating the name
  // holds most of the question's weight.
  const rarity = {
    sectionCount: 1000,
    termFrequency: (t: string) => (t.startsWith('quota') ? 2 : t === 'error' ? 300 : 40),
  };

  it('leads with the entry that says what a "which field" question asks about the named thing', () => {
    const { text } = composeAnswer(
      'When QuotaExceededError is thrown, which field on the error says when it renews?',
      passages,
      { rarity },
    );
    expect(text.split('\n\n')[0]).toBe(
      `> **Properties**: \`resetAt\`: The date the quota is renewed [1](/${page}#properties)`,
    );
  });

  it('leaves a how-to question to the lines that hold most of it', () => {
    const { text } = composeAnswer(
      'How do I check for QuotaExceededError in my catch block?',
      passages,
      { rarity },
    );
    expect(text.split('\n\n')[0]).toMatch(/^> \*\*Checking for this Error\*\*/);
  });
});
