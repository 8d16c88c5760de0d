import { describe, expect, it } from 'vitest';
import { splitSnippets } from '../../../src/server/assistant/snippets.ts';

describe('splitSnippets', () => {
  it('ends a code block at a closing fence only, not at a fence with an info string', () => {
    const snippets = splitSnippets(
      '```md\nA fence in the example:\n```js\nlet a;\n```\n\nThen more text.',
    );
    expect(snippets[0]).toEqual({
      kind: 'code',
      text: '```md\nA fence in the example:\n```js\nlet a;\n```',
    });
  });

  it('splits paragraphs into sentences, keeps list items and code blocks whole', () => {
    const snippets = splitSnippets(
      [
        'The first sentence explains streaming well. The second sentence adds `streamText` usage.',
        '',
        '- A list item that spans',
        '  two lines of text here.',
        '1. A numbered step with enough words.',
        '',
        '```ts',
        'const a = 1;',
        '```',
      ].join('\n'),
    );
    expect(snippets).toEqual([
      { kind: 'sentence', text: 'The first sentence explains streaming well.', paragraph: 0 },
      { kind: 'sentence', text: 'The second sentence adds `streamText` usage.', paragraph: 0 },
      { kind: 'list-item', text: 'A list item that spans two lines of text here.' },
      { kind: 'list-item', text: 'A numbered step with enough words.', step: 1 },
      { kind: 'code', text: '```ts\nconst a = 1;\n```' },
    ]);
  });

  it('reads the last sentence of a short paragraph right before code as introducing it', () => {
    const intro = (markdown: string) =>
      splitSnippets(markdown)
        .filter((s) => s.kind === 'sentence')
        .map((s) => [s.text.slice(0, 12), s.introduces ?? false]);
    const code = '\n\n```js\nimport x from "./x?raw"\n```';
    expect(intro(`Assets can be imported as strings with a suffix.${code}`)).toEqual([
      ['Assets can b', true],
    ]);
    // A longer paragraph says more than what the code shows; a heading between breaks the link.
    expect(
      intro(`One long sentence here. Another sentence too. A third one ends it.${code}`),
    ).toEqual([
      ['One long sen', false],
      ['Another sent', false],
      ['A third one ', false],
    ]);
    expect(intro(`Assets can be imported as strings here.\n\n## Next${code}`)).toEqual([
      ['Assets can b', false],
    ]);
  });

  it('keeps a short sentence as a fragment of its paragraph', () => {
    const snippets = splitSnippets(
      'Temperature setting. The value is passed through to the provider as it is.',
    );
    expect(snippets.map((s) => [s.text, s.fragment ?? false, s.paragraph])).toEqual([
      ['Temperature setting.', true, 0],
      ['The value is passed through to the provider as it is.', false, 0],
    ]);
  });

  it('reads a label followed only by links as a fragment: their addresses are no words', () => {
    const snippets = splitSnippets(
      [
        '**Implementation:** [`Code.astro`](https://github.com/expressive-code/expressive-code/blob/main/packages/astro-expressive-code/components/Code.astro)',
        '',
        '**Related:** [`.env` Files](./env-and-mode.md#env-files)',
        '',
        'See the [code component docs](https://expressive-code.com/key-features/code-component/) for the props.',
      ].join('\n'),
    );
    expect(snippets.map((s) => s.fragment ?? false)).toEqual([true, true, false]);
  });

  it('labels the code of tabs and code groups with its tab, one set of tabs apart from another', () => {
    const snippets = splitSnippets(
      [
        '::: code-group',
        '',
        '```sh [npm]',
        'npm create kit',
        '```',
        '',
        '```sh [Deno]',
        'deno init --npm kit',
        '```',
        '',
        ':::',
        '',
        '<Tabs syncKey="pkg">',
        '<TabItem label="pnpm">',
        '',
        '```sh',
        'pnpm dev',
        '```',
        '',
        '</TabItem>',
        '</Tabs>',
        '',
        "<Tabs items={['React', 'Vue']}>",
        '<Tab>',
        '',
        '```ts',
        "import { useChat } from 'kit/react'",
        '```',
        '',
        '</Tab>',
        '<Tab>',
        '',
        '```ts',
        "import { useChat } from 'kit/vue'",
        '```',
        '',
        '</Tab>',
        '</Tabs>',
        '',
        '```sh',
        'kit build',
        '```',
      ].join('\n'),
    );
    expect(snippets.map((s) => [s.tab, s.tabSet])).toEqual([
      ['npm', 0],
      ['Deno', 0],
      ['pnpm', 1],
      ['React', 2],
      ['Vue', 2],
      [undefined, undefined],
    ]);
  });

  it('labels the code of MkDocs content tabs (`=== "pip"`, `/// tab | pip`) with its tab', () => {
    const snippets = splitSnippets(
      [
        '=== "pip"',
        '',
        '    ```sh',
        '    pip install kit',
        '    ```',
        '',
        '=== "Material for MkDocs Insiders"',
        '    ```sh',
        '    pip install kit-insiders',
        '    ```',
        '',
        '===! "Linux"',
        '    Run the installer from a terminal window.',
        '',
        '    ```sh',
        '    ./install.sh',
        '    ```',
        '',
        '```sh',
        'kit build',
        '```',
        '',
        '/// tab | macOS',
        '```sh',
        'brew install kit',
        '```',
        '///',
        '',
        '/// tab | Windows',
        '```powershell',
        'winget install kit',
        '```',
        '///',
        '',
        '/// tab | Docker',
        '    new: true',
        '```sh',
        'docker run kit',
        '```',
        '///',
      ].join('\n'),
    );
    expect(snippets.map((s) => [s.kind, s.tab, s.tabSet])).toEqual([
      ['code', 'pip', 0],
      // A tab whose body opens with code: its label is the code's, not a sentence of its own.
      ['code', 'Material for MkDocs Insiders', 0],
      ['sentence', undefined, undefined],
      ['code', 'Linux', 1],
      ['code', undefined, undefined],
      ['code', 'macOS', 2],
      ['code', 'Windows', 2],
      ['code', 'Docker', 3],
    ]);
    expect(snippets[2]?.text).toBe('**Linux:** Run the installer from a terminal window.');
  });

  it('does not end a sentence at an abbreviation', () => {
    const [first] = splitSnippets(
      'Give the aside a title in brackets, e.g. `:::tip[Did you know?]`. The title replaces it.',
    );
    expect(first?.text).toBe('Give the aside a title in brackets, e.g. `:::tip[Did you know?]`.');
  });

  it('marks a sentence that introduces what follows, and shell commands', () => {
    const snippets = splitSnippets(
      ['Run the following command in your terminal:', '', '```sh', 'npm run dev', '```'].join('\n'),
    );
    expect(snippets[0]).toMatchObject({ kind: 'sentence', introduces: true });
    expect(snippets[1]).toMatchObject({ kind: 'code', command: true });
  });

  it('quotes a table row with the header of its table', () => {
    const snippets = splitSnippets(
      [
        '| Option | Description |',
        '| --- | --- |',
        '| `--port` | Specify the port number |',
        '| `--open` | Open the browser on start |',
      ].join('\n'),
    );
    expect(snippets).toEqual([
      {
        kind: 'table-row',
        text: '| Option | Description |\n| --- | --- |\n| `--port` | Specify the port number |',
      },
      {
        kind: 'table-row',
        text: '| Option | Description |\n| --- | --- |\n| `--open` | Open the browser on start |',
      },
    ]);
  });

  it('quotes the named entries of components and skips the rest of their markup', () => {
    const snippets = splitSnippets(
      [
        '<PropertiesTable',
        '  content={[',
        "    { name: 'maxRetries', type: 'number', isOptional: true,",
        "      description: 'Maximum number of retries. Set to 0 to disable retries.' },",
        '  ]}',
        '/>',
        '',
        '<LinkCard',
        '  href="https://github.com/example/to-pdf"',
        '  title="to-pdf"',
        '  description="A tool to convert docs websites into PDF files."',
        '/>',
        '',
        '<Card',
        '  title="Blocking UI"',
        '>',
      ].join('\n'),
    );
    expect(snippets).toEqual([
      {
        kind: 'list-item',
        text: '`maxRetries` (`number`): Maximum number of retries. Set to 0 to disable retries.',
        definition: true,
      },
      {
        kind: 'list-item',
        text: '[to-pdf](https://github.com/example/to-pdf): A tool to convert docs websites into PDF files.',
        definition: true,
      },
    ]);
  });

  it('keeps a list item that is a verb and the code to type, not a fact sheet line', () => {
    const snippets = splitSnippets(
      ['- **Type:** `object | null`', '- Default: `5173`', '- Set `{ usePolling: true }`.'].join(
        '\n',
      ),
    );
    expect(snippets).toEqual([{ kind: 'list-item', text: 'Set `{ usePolling: true }`.' }]);
  });

  it('opens the description indented under an entry that only names it with its name', () => {
    const snippets = splitSnippets(
      [
        '- **verbatim** _boolean_',
        '',
        '  Whether to include filler words. Defaults to `false`.',
        '',
        '- **Type:** `number`',
        '',
        'Specify server port.',
      ].join('\n'),
    );
    expect(snippets.map((s) => s.text)).toEqual([
      '**verbatim** _boolean_: Whether to include filler words.',
      'Defaults to `false`.',
      'Specify server port.',
    ]);
    expect(snippets[0]!.definition).toBe(true);
  });

  it('marks a list item indented under another as part of it', () => {
    const snippets = splitSnippets(
      [
        '- Use WSL2 applications to edit your files.',
        '  - It is also recommended to move the project folder.',
        '- Set `{ usePolling: true }`.',
      ].join('\n'),
    );
    expect(snippets.map((s) => s.nested ?? false)).toEqual([false, true, false]);
  });

  it('skips headings, JSX lines, directives, empty code and stray markup', () => {
    const snippets = splitSnippets(
      [
        '# Title',
        '<Note>',
        ':::tip',
        'Too short.',
        ':::',
        '```\n\n```',
        '</Note>',
        '{ name: "x" }',
      ].join('\n\n'),
    );
    expect(snippets.filter((s) => !s.fragment)).toEqual([]);
  });

  it('counts the words of Chinese and Japanese text by their characters', () => {
    const snippets = splitSnippets(
      'サイドバーのグループを折りたたむには設定を使います。次の文です。',
    );
    expect(snippets.map((s) => s.text)).toEqual([
      'サイドバーのグループを折りたたむには設定を使います。',
      '次の文です。',
    ]);
    expect(snippets[0]?.fragment).toBeUndefined();
  });

  it('reads a code block indented inside a list or component as code', () => {
    const snippets = splitSnippets(
      [
        '1. Install it with enough words here:',
        '',
        '     ```sh',
        '     npm add ai',
        '     ```',
      ].join('\n'),
    );
    expect(snippets.map((s) => s.kind)).toEqual(['list-item', 'code']);
    expect(snippets[1]?.text).toBe('```sh\nnpm add ai\n```');
  });

  it('marks prose indented under a list item as part of it, and prose after the list as not', () => {
    const snippets = splitSnippets(
      [
        '1. Pass the languages to the config:',
        '',
        '   ```js',
        '   locales: { en: {} }',
        '   ```',
        '',
        '   The default locale is used for fallback content.',
        '',
        '2. Create a folder for each language.',
        '',
        'Both steps are needed before you translate.',
      ].join('\n'),
    );
    const nested = (text: string) => snippets.find((s) => s.text.startsWith(text))?.nested;
    expect(nested('The default locale')).toBe(true);
    expect(nested('Both steps')).toBeUndefined();
  });

  it('reads a list item as introducing the code indented under it, colon or not', () => {
    const snippets = splitSnippets(
      [
        '1. Set the logo path in the `logo.src` option of `astro.config.mjs`.',
        '',
        '   ```js',
        "   logo: { src: './logo.svg' }",
        '   ```',
        '',
        '- Each item of this list stands on its own.',
        '',
        '```js',
        'const unrelated = true;',
        '```',
      ].join('\n'),
    );
    expect(snippets.find((s) => s.text.startsWith('Set the logo'))?.introduces).toBe(true);
    expect(snippets.find((s) => s.text.startsWith('Each item'))?.introduces).toBeUndefined();
  });

  it('reads the sentence before a component that only wraps an example as introducing its code', () => {
    const snippets = splitSnippets(
      [
        'Include an icon in a tab item using the `icon` attribute.',
        '',
        '<Preview>',
        '',
        '```mdx',
        '<TabItem label="Stars" icon="star">Sirius</TabItem>',
        '```',
        '',
        '</Preview>',
      ].join('\n'),
    );
    expect(snippets.map((s) => [s.kind, s.introduces ?? false])).toEqual([
      ['sentence', true],
      ['code', false],
    ]);
  });

  it('shortens long code blocks and keeps the fence closed', () => {
    const body = Array.from({ length: 50 }, (_, i) => `line${i}();`).join('\n');
    const [code] = splitSnippets(`\`\`\`js\n${body}\n\`\`\``);
    expect(code?.kind).toBe('code');
    expect(code?.text.split('\n')).toHaveLength(23);
    expect(code?.text.endsWith('// …\n```')).toBe(true);
  });

  it('quotes MkDocs admonitions, content tabs and pymdownx blocks by their headings, not their syntax', () => {
    const texts = (markdown: string) => splitSnippets(markdown).map((s) => s.text);
    expect(
      texts(
        [
          '!!! warning "Mind the cache"',
          '    Clear the cache after every upgrade of the plugin.',
          '',
          '=== "Linux"',
          '    Run the installer from a terminal window.',
          '',
          '/// details | Why?',
          '    open: true',
          'The cache holds compiled pages from the older version.',
          '///',
          '',
          '/// html | div',
          'Wrapped text stays just as it is written.',
          '///',
          'Text after the block is its own paragraph.',
        ].join('\n'),
      ),
    ).toEqual([
      '**Warning: Mind the cache:** Clear the cache after every upgrade of the plugin.',
      '**Linux:** Run the installer from a terminal window.',
      '**Why?** The cache holds compiled pages from the older version.',
      'Wrapped text stays just as it is written.',
      'Text after the block is its own paragraph.',
    ]);
    // Without a title, the label of its type.
    expect(texts('!!! note\n    Plain admonitions take the label of their type.')).toEqual([
      '**Note:** Plain admonitions take the label of their type.',
    ]);
  });
});
