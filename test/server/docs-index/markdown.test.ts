import { describe, expect, it } from 'vitest';
import {
  closesFence,
  FenceTracker,
  linesAndCode,
  openingFence,
  parseHeading,
  plainText,
  stripMdxComments,
  stripMdxStatements,
} from '../../../src/server/docs-index/markdown.ts';

describe('stripMdxStatements', () => {
  it('removes single- and multi-line import/export statements', () => {
    const source = [
      "import { Note } from '@/components';",
      'import {',
      '  Tabs,',
      '  Tab,',
      "} from 'nextra/components'",
      "import './styles.css'",
      'export const meta = {',
      "  title: 'x',",
      '};',
      '# Title',
      'Text that mentions import and export.',
    ].join('\n');
    expect(stripMdxStatements(source)).toBe('# Title\nText that mentions import and export.');
  });

  it('keeps prose lines that start with import or export inside a paragraph', () => {
    const source =
      'Keep the step in its own module and\nimport the agent inside it.\n\n```ts\ncode\n```';
    expect(stripMdxStatements(source)).toBe(source);
  });

  it('ends an unfinished statement at a blank line', () => {
    const source = 'import the rest of this\n\n## Next\nText';
    expect(stripMdxStatements(source)).toBe('\n## Next\nText');
  });

  it('goes on past blank lines while the statement does not parse yet, as MDX does', () => {
    // As shuding/nextra's docs/app/docs/guide/ssg/page.mdx: a template string with blank lines.
    const source = [
      'export function Page() {',
      '  const mdx = `Stars: <Stars />',
      '',
      'Generated at build time.',
      '`',
      '  return <Remote source={mdx} />',
      '}',
      '',
      '## Static rendering',
      'Text.',
    ].join('\n');
    expect(stripMdxStatements(source)).toBe('\n## Static rendering\nText.');
  });

  it('ends a statement at its blank line when the code so far parses, brackets in comments too', () => {
    // The `(` in the comment leaves the brackets unbalanced; the code parses all the same, and
    // the component after the blank line is the page's, not the statement's.
    const source = [
      "export const version = '2.0'; // (the latest",
      '',
      '<Note>Use the latest version.</Note>',
      '',
      'Text.',
    ].join('\n');
    expect(stripMdxStatements(source)).toBe('\n<Note>Use the latest version.</Note>\n\nText.');
  });

  it('keeps import lines inside code fences', () => {
    const source = "```ts\nimport { streamText } from 'ai';\nexport default x;\n```";
    expect(stripMdxStatements(source)).toBe(source);
  });
});

describe('stripMdxComments', () => {
  it('removes comments the site does not publish, over lines, headings and code blocks', () => {
    // As nextra's docs comment out a whole section, code block included.
    const source = [
      '# Start',
      'Install it {/* inline note */} with npm.',
      '{/*',
      '',
      '### Old section',
      '```jsx',
      'export default { footer: 1 }',
      '```',
      '*/}',
      '## Next {/* a */} and {/* b */}',
    ].join('\n');
    expect(stripMdxComments(source)).toBe(
      ['# Start', 'Install it  with npm.', '', '## Next  and '].join('\n'),
    );
  });

  it('keeps comments in code, in code spans, and an unclosed one as written', () => {
    const source = [
      'Write `{/* a comment */}` in MDX.',
      '```mdx',
      '{/* shown as code */}',
      '```',
      'An unclosed {/* stays.',
    ].join('\n');
    expect(stripMdxComments(source)).toBe(source);
  });
});

describe('headings', () => {
  it('parses ATX headings with closing hashes and custom ids', () => {
    expect(parseHeading('## Hello world ##')).toEqual({ level: 2, text: 'Hello world' });
    expect(parseHeading('### Setup {#custom-id}')).toEqual({
      level: 3,
      text: 'Setup',
      customId: 'custom-id',
    });
    expect(parseHeading('# Vue.js Privacy Policy {#vue.js-privacy-policy}')).toEqual({
      level: 1,
      text: 'Vue.js Privacy Policy',
      customId: 'vue.js-privacy-policy',
    });
    // attr_list (MkDocs) also reads the id with spaces and a colon.
    expect(parseHeading('## First Steps { #first-steps }')).toEqual({
      level: 2,
      text: 'First Steps',
      customId: 'first-steps',
    });
    expect(parseHeading('## Setup {: #setup }')?.customId).toBe('setup');
    expect(parseHeading('#hashtag')).toBeUndefined();
  });

  it('reads closing sequences as CommonMark does', () => {
    expect(parseHeading('## ##')?.text).toBe('##');
    expect(parseHeading('## a # ##  ')?.text).toBe('a #');
    expect(parseHeading('## a#')?.text).toBe('a#');
    expect(parseHeading('## a ## b')?.text).toBe('a ## b');
    expect(parseHeading('##  {#only-id}')).toEqual({ level: 2, text: '', customId: 'only-id' });
  });

  it('takes linear time on a line with a long run of spaces', () => {
    // 40,000 spaces took about 10 s when a lazy text was followed by `[ \t]*$`.
    const hostile = `## a${' \t'.repeat(100_000)}b`;
    const start = performance.now();
    expect(parseHeading(hostile)?.text).toBe(hostile.slice(3));
    expect(parseHeading(`${hostile} {#id}`)?.customId).toBe('id');
    expect(performance.now() - start).toBeLessThan(500);
  });

  it('reduces heading markdown to text', () => {
    expect(plainText('`streamText` and [links](/x) <Badge>new</Badge>')).toBe(
      'streamText and links new',
    );
  });

  it('keeps the text of a code span in a heading as written', () => {
    expect(plainText('Object Format (`Record<string, string>`)')).toBe(
      'Object Format (Record<string, string>)',
    );
    expect(plainText('`use_directory_urls` and _emphasis_')).toBe(
      'use_directory_urls and emphasis',
    );
    expect(plainText('``a ` tick`` <b>bold</b>')).toBe('a ` tick bold');
  });

  it('tracks fences of the same kind and at least the same length', () => {
    const fences = new FenceTracker();
    const lines = ['````md', '```', '# not a heading', '```', '````', '# heading'];
    expect(lines.map((line) => fences.isCode(line))).toEqual([true, true, true, true, true, false]);
  });

  it('reads fences as CommonMark does: indentation, info strings, what closes them', () => {
    expect(openingFence('   ```ts title="a.ts"')).toEqual({
      marker: '```',
      indent: 3,
      info: 'ts title="a.ts"',
    });
    // Four spaces in is indented code at a page's top level; in JSX or an admonition, a fence.
    expect(openingFence('    ```ts')).toBeUndefined();
    expect(openingFence('    ```ts', true)).toMatchObject({ indent: 4 });
    expect(openingFence('\t~~~', true)).toMatchObject({ marker: '~~~', indent: 4 });
    // A backtick fence's info string holds no backtick: a code span on one line.
    expect(openingFence('```sh npm i ```')).toBeUndefined();
    expect(openingFence('~~~sh `x`')).toMatchObject({ info: 'sh `x`' });
    const fence = openingFence('    ````', true)!;
    expect(closesFence('    ````  ', fence, true)).toBe(true);
    expect(closesFence('```', fence, true)).toBe(false);
    expect(closesFence('`````js', fence, true)).toBe(false);
    // Past three columns beyond the opening, a fence is a line of the code.
    expect(closesFence('       ````', fence, true)).toBe(true);
    expect(closesFence('        ````', fence, true)).toBe(false);
    expect(closesFence('    ````', openingFence('````')!)).toBe(false);
  });

  it('walks the lines with whether each is code, nested fences too', () => {
    const text = [
      'Intro',
      '!!! note',
      '    ```py',
      '    # code',
      '        ```',
      '    ```',
      'After',
    ];
    expect([...linesAndCode(text.join('\n'), { nested: true })].map(([, code]) => code)).toEqual([
      false,
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    // At the top level the indented fence opens nothing.
    expect([...linesAndCode(text.join('\n'))].every(([, code]) => !code)).toBe(true);
  });
});
