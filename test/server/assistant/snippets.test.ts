import { describe, expect, it } from 'vitest';
import { splitSnippets } from '../../../src/server/assistant/snippets.ts';

describe('splitSnippets', () => {
  it('splits paragraphs into sentences, keeps list items and code blocks whole', () => {
    const snippets = splitSnippets(
      [
        'The first sentence explains streaming well. The second sentence adds `streamText` usage.',
        '',
        '- A list item that spans',
        '  two lines of text here.',
        '- Second item with enough words.',
        '',
        '```ts',
        'const a = 1;',
        '```',
      ].join('\n'),
    );
    expect(snippets).toEqual([
      { kind: 'sentence', text: 'The first sentence explains streaming well.' },
      { kind: 'sentence', text: 'The second sentence adds `streamText` usage.' },
      { kind: 'list-item', text: 'A list item that spans two lines of text here.' },
      { kind: 'list-item', text: 'Second item with enough words.' },
      { kind: 'code', text: '```ts\nconst a = 1;\n```' },
    ]);
  });

  it('skips headings, JSX, tables, empty code and fragments', () => {
    const snippets = splitSnippets(
      [
        '# Title',
        '<Note>',
        '| a | b |',
        '|---|---|',
        'Too short.',
        '```\n\n```',
        '</Note>',
        "<PropertiesTable content={[ { name: 'image', type: 'Array<GeneratedFile>',\n  description: 'The first image that was generated.' } ]} />",
        '<Card\n  title="Blocking UI"\n  description="Blocking responses wait until the full response is available."\n>',
      ].join('\n\n'),
    );
    expect(snippets).toEqual([]);
  });

  it('shortens long code blocks and keeps the fence closed', () => {
    const body = Array.from({ length: 50 }, (_, i) => `line${i}();`).join('\n');
    const [code] = splitSnippets(`\`\`\`js\n${body}\n\`\`\``);
    expect(code?.kind).toBe('code');
    expect(code?.text.split('\n')).toHaveLength(23);
    expect(code?.text.endsWith('// …\n```')).toBe(true);
  });
});
