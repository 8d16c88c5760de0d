import { describe, expect, it } from 'vitest';
import { splitBlocks } from '../../../src/widget/markdown/blocks.ts';
import { openFence, repairMarkdown } from '../../../src/widget/markdown/repair.ts';

describe('repairMarkdown', () => {
  it.each([
    ['Hello **wor', 'Hello **wor**'],
    ['Hello __wor', 'Hello __wor__'],
    ['Use `npm i', 'Use `npm i`'],
    ['a ~~strike', 'a ~~strike~~'],
    ['A *b _c', 'A *b _c_*'],
    ['**bold and *it', '**bold and *it***'],
    ['Line\n\nNew **para', 'Line\n\nNew **para**'],
    ['* item one\n* item **two', '* item one\n* item **two**'],
    ['x **', 'x'],
    ['Almost **done ', 'Almost **done**'],
  ])('closes unfinished emphasis and code: %j', (input, expected) => {
    expect(repairMarkdown(input)).toBe(expected);
  });

  it.each([
    ['See [the docs](https://exa', 'See the docs'],
    ['See [the do', 'See the do'],
    ['a ![diagram](http://x', 'a '],
    ['text <div cla', 'text '],
    ['Steps:\n-', 'Steps:'],
    ['Steps:\n- ', 'Steps:'],
    ['Title\n==', 'Title'],
  ])('shows unfinished links, images and tags sensibly: %j', (input, expected) => {
    expect(repairMarkdown(input)).toBe(expected);
  });

  it.each([
    'Done.',
    '**bold** and `code *x*` ok',
    'snake_case_name and 2 * 3',
    '* a\n* b',
    'See [docs](/docs/a).',
    '---',
  ])('leaves complete Markdown alone: %j', (input) => {
    expect(repairMarkdown(input)).toBe(input);
  });

  it('closes an open code fence and never touches markers inside it', () => {
    expect(openFence('```ts\nconst a = **b')).toBe('```');
    expect(repairMarkdown('```ts\nconst a = **b')).toBe('```ts\nconst a = **b\n```');
    expect(repairMarkdown('~~~~\nx\n')).toBe('~~~~\nx\n~~~~');
    expect(openFence('```\na\n```\n')).toBeUndefined();
  });
});

describe('splitBlocks', () => {
  it('splits top-level blocks whose raw text adds up to the input', () => {
    const md = '# Title\n\nA paragraph\nover two lines.\n\n- a\n- b\n\n```js\nx()\n```\n\nEnd.';
    const blocks = splitBlocks(md);
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'paragraph',
      'list',
      'code',
      'paragraph',
    ]);
    expect(blocks.map((b) => b.raw).join('')).toBe(md);
  });

  it('keeps an unclosed fence as one code block to the end', () => {
    const blocks = splitBlocks('Intro\n\n```ts\nconst a = 1;\n\nconst b = 2;');
    expect(blocks.map((b) => b.type)).toEqual(['paragraph', 'code']);
  });
});
