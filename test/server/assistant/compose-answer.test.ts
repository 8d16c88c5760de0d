import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import { answerWords } from '../../../src/server/assistant/answer-words.ts';
import {
  assessCoverage,
  composeAnswer,
  NOT_COVERED_LEAD,
} from '../../../src/server/assistant/compose-answer.ts';
import type { Rarity } from '../../../src/server/assistant/coverage.ts';
import { readingOptions } from '../../../src/server/assistant/embedded-model.ts';
import { docsLookup, groundingSections } from '../../../src/server/assistant/grounding.ts';
import { COVERED_MIN, QUOTABLE_MIN } from '../../../src/server/assistant/read-sections.ts';
import { retrievePassages } from '../../../src/server/assistant/retrieval.ts';
import type { Page } from '../../../src/server/docs-index/types.ts';
import { isRefusal } from '../../../src/server/eval/grade.ts';
import { TinyIndex } from '../../support/assistant-index.ts';
import { indexSite, writeSite } from '../../support/docs-sites.ts';

const index = new TinyIndex();
const answer = (question: string, siteUrl?: string) =>
  composeAnswer(question, index.search(question, { pageSize: 5 }), { siteUrl });

const result = (
  path: string,
  content: string,
  metadata: Partial<SearchResult['metadata']> = {},
): SearchResult => ({
  path,
  content,
  metadata: { title: path, score: 1, ...metadata },
});

/** The quoted lines of an answer, without their citation and heading label. */
const quotes = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.startsWith('> '))
    .map((block) =>
      block
        .slice(2)
        .replace(/^\*\*[^*]+\*\*: /, '')
        .replace(/ \[\d+\]\([^)]*\)$/, ''),
    );

describe('composeAnswer', () => {
  it('leads with the line that answers, cited by a numbered link to its section', () => {
    const { text, sources, covered } = answer('Why does streaming improve latency?');
    expect(covered).toBe(true);
    expect(text.split('\n\n')[0]).toBe(
      '> **Why streaming**: Streaming improves perceived latency. [1](/docs/foundations/streaming#why-streaming)',
    );
    expect(sources).toEqual([
      {
        id: '1',
        url: '/docs/foundations/streaming#why-streaming',
        title: 'Streaming › Why streaming',
        path: 'docs/foundations/streaming',
      },
    ]);
  });

  it('leads with a matching line rather than the page description', () => {
    const passages = [
      result(
        'guide/server-options',
        'Specify server port. Note if the port is already in use, the next free port is tried.',
        {
          title: 'Server Options',
          description: 'Options of the development server and its middleware.',
          heading: 'server.port',
          anchor: 'server-port',
        },
      ),
    ];
    const { text } = composeAnswer('Which option sets the server port?', passages);
    expect(text.startsWith('> **server.port**: Specify server port.')).toBe(true);
    expect(text).not.toContain('Options of the development server');
  });

  it('quotes only text that exists in the sections', () => {
    const question = 'How do I stream text with streamText?';
    const passages = index.search(question, { pageSize: 5 });
    const { text } = composeAnswer(question, passages);
    const corpus = passages.map((p) => p.content.replace(/\n/g, ' ')).join('\n');
    expect(quotes(text).length).toBeGreaterThan(0);
    for (const quote of quotes(text)) expect(corpus).toContain(quote);
    expect(text).toContain('```ts\nimport { streamText } from "ai";');
  });

  it('answers a how-to question with the sentence that introduces a command, and the command', () => {
    const passages = [
      result(
        'getting-started',
        [
          'This guide walks you through your first site.',
          '',
          'Create a new site by running the following command in your terminal:',
          '',
          '```sh',
          'npm create docs-kit@latest',
          '```',
          '',
          'A new site has a home page and a sidebar you can fill in later.',
        ].join('\n'),
        { title: 'Getting Started', heading: 'Create a site', anchor: 'create-a-site' },
      ),
    ];
    const { text } = composeAnswer('How do I create a new site?', passages);
    expect(text).toMatch(
      /^> \*\*Create a site\*\*: Create a new site by running the following command in your terminal: \[1\]\(\/getting-started#create-a-site\)\n\n```sh\nnpm create docs-kit@latest\n```/,
    );
  });

  it('quotes the tab of code the question names, labelled, and no other tab', () => {
    const tabs = (manager: string, command: string) => [
      `\`\`\`sh [${manager}]`,
      command,
      '```',
      '',
    ];
    const passages = [
      result(
        'getting-started',
        [
          'Create a new site by running the following command in your terminal:',
          '',
          '::: code-group',
          '',
          ...tabs('npm', 'npm create docs-kit@latest'),
          ...tabs('pnpm', 'pnpm create docs-kit'),
          ...tabs('Deno', 'deno init --npm docs-kit'),
          ':::',
          '',
          'A new site has a home page and a sidebar you can fill in later.',
        ].join('\n'),
        { title: 'Getting Started', heading: 'Create a site', anchor: 'create-a-site' },
      ),
    ];
    const deno = composeAnswer('How do I create a new site with Deno instead of npm?', passages);
    expect(deno.text).toMatch(
      /following command in your terminal: \[1\]\(\/getting-started#create-a-site\)\n\n\*\*Deno\*\*\n\n```sh\ndeno init --npm docs-kit\n```/,
    );
    expect(deno.text).not.toMatch(/npm create|pnpm create/);
    const first = composeAnswer('How do I create a new site?', passages);
    expect(first.text).toMatch(/\*\*npm\*\*\n\n```sh\nnpm create docs-kit@latest\n```/);
    expect(first.text).not.toMatch(/pnpm create|deno init/);
  });

  it('quotes the MkDocs content tab the question names, labelled, and no other tab', () => {
    const passages = [
      result(
        'getting-started',
        [
          'Install the package with the package manager of your Python environment:',
          '',
          '=== "pip"',
          '',
          '    ```sh',
          '    pip install docs-kit',
          '    ```',
          '',
          '=== "conda"',
          '',
          '    ```sh',
          '    conda install -c conda-forge docs-kit',
          '    ```',
          '',
          'The package brings the command line tool with it.',
        ].join('\n'),
        { title: 'Getting Started', heading: 'Installation', anchor: 'installation' },
      ),
    ];
    const conda = composeAnswer('How do I install the package with conda?', passages);
    expect(conda.text).toMatch(
      /\*\*conda\*\*\n\n```sh\nconda install -c conda-forge docs-kit\n```/,
    );
    expect(conda.text).not.toMatch(/pip install/);
    const first = composeAnswer('How do I install the package?', passages);
    expect(first.text).toMatch(/\*\*pip\*\*\n\n```sh\npip install docs-kit\n```/);
    expect(first.text).not.toMatch(/conda install/);
  });

  it('leads with a code block after the sentence introducing it, each quoted once', () => {
    const passages = [
      result(
        'providers/sampling',
        [
          'This is how a complete handler looks:',
          '',
          '```ts',
          "import { generateText } from 'ai';",
          "import { createMcpServer } from 'mcp-kit';",
          'const server = createMcpServer();',
          'const tools = await server.tools();',
          'await generateText({ model, tools, prompt });',
          '```',
        ].join('\n'),
        { title: 'Sampling', heading: 'generateText', anchor: 'generatetext' },
      ),
    ];
    const { text } = composeAnswer(
      'How do I use the tools of an MCP server with generateText?',
      passages,
    );
    expect(text).toMatch(
      /^> \*\*generateText\*\*: This is how a complete handler looks: \[1\]\(\/providers\/sampling#generatetext\)\n\n```ts\n/,
    );
    expect(text.split('```ts').length).toBe(2);
    expect(text).not.toMatch(/^>.*```/m);
  });

  it('puts the command first when the best line points back at it ("This will create…")', () => {
    const passages = [
      result(
        'getting-started',
        [
          'Run the following command in your terminal:',
          '',
          '<Tabs>',
          '<TabItem label="npm">',
          '',
          '```sh',
          'npm create acme@latest',
          '```',
          '',
          '</TabItem>',
          '<TabItem label="pnpm">',
          '',
          '```sh',
          'pnpm create acme',
          '```',
          '',
          '</TabItem>',
          '</Tabs>',
          '',
          'This will create a new project directory with all the files your new site needs.',
        ].join('\n'),
        { title: 'Getting Started', heading: 'Create a project', anchor: 'create-a-project' },
      ),
    ];
    const { text } = composeAnswer('How do I start a new Acme site?', passages);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(/^> \*\*Create a project\*\*: Run the following command/);
    expect(blocks[1]).toBe('**npm**');
    expect(blocks[2]).toBe('```sh\nnpm create acme@latest\n```');
    expect(blocks[3]).toMatch(/^> This will create a new project directory/);
  });

  it('follows a how-to lead that sets out the problem with the fixes the next paragraph lists', () => {
    const section = (instruction: string) =>
      result(
        'config/server-options',
        [
          'When running the server on WSL2, file system watching does not work when a file is edited by Windows applications. This also applies to Docker with a WSL2 backend.',
          '',
          instruction,
          '',
          '- Use WSL2 applications to edit your files.',
          '  - It is also recommended to move the project folder out of Windows.',
          '- Set `{ usePolling: true }`.',
        ].join('\n'),
        { title: 'Server Options', heading: 'server.watch', anchor: 'server-watch' },
      );
    const question = 'Edits to my files inside WSL2 are not seen by the server. What can I do?';
    const lines = quotes(composeAnswer(question, [section('To fix it, you could either:')]).text);
    expect(lines[0]).toMatch(/^When running the server on WSL2/);
    expect(lines.slice(1)).toEqual([
      'To fix it, you could either:',
      'Use WSL2 applications to edit your files.',
      'Set `{ usePolling: true }`.',
    ]);
    // A list after a paragraph about something else is not the fix.
    const other = quotes(
      composeAnswer(question, [section('Other editors are listed below:')]).text,
    );
    expect(other.join('\n')).not.toContain('usePolling');
  });

  it('follows a what lead that explains with the next paragraph’s instruction and code', () => {
    const section = result(
      'manual-setup',
      [
        'The theme is built on content collections, which are configured in the `src/content.config.ts` file of an existing project.',
        '',
        'Create or update `src/content.config.ts`, adding a `docs` collection that uses the `docsLoader`:',
        '',
        '```ts',
        'export const collections = { docs: defineCollection({ loader: docsLoader() }) };',
        '```',
      ].join('\n'),
      { title: 'Manual setup', heading: 'Configure content collections', anchor: 'collections' },
    );
    // Other pages' lines holding the words asked, which would take the supporting places.
    const others = [
      [
        'guides/project-structure',
        'The `src/content.config.ts` file configures the content collections of the project.',
      ],
      ['guides/existing', 'You can add the theme to an existing project in a few minutes.'],
      [
        'reference/collections',
        'Content collections keep the theme’s pages typed in an existing project.',
      ],
    ].map(([path, line]) => result(path!, line!, { heading: 'About', anchor: 'about' }));
    const question =
      'What goes in src/content.config.ts when I add the theme to an existing project?';
    const blocks = composeAnswer(question, [section, ...others]).text.split('\n\n');
    expect(blocks[0]).toMatch(/^> \*\*Configure content collections\*\*: The theme is built on/);
    expect(blocks[1]).toMatch(/^> Create or update `src\/content\.config\.ts`, adding/);
    expect(blocks[2]).toContain('loader: docsLoader()');
  });

  it('follows a how-to lead that sets out the problem with the next paragraph’s instruction and code', () => {
    const section = (instruction: string) =>
      result(
        'advanced/deploying',
        [
          'By default, serverless functions stop after 10 seconds. A long answer from the model can take longer than that, and the function times out.',
          '',
          `${instruction} add the following config to the top of your route handler:`,
          '',
          '```ts',
          'export const maxDuration = 30;',
          '```',
        ].join('\n'),
        { title: 'Deploying', heading: 'Function duration', anchor: 'function-duration' },
      );
    const question = 'My function times out after 10 seconds. How do I give the model more time?';
    const { text } = composeAnswer(question, [section('To let a function run longer,')]);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(
      /^> \*\*Function duration\*\*: By default, serverless functions stop/,
    );
    expect(blocks[1]).toMatch(/^> To let a function run longer, add the following config/);
    expect(blocks[2]).toBe('```ts\nexport const maxDuration = 30;\n```');
    // A next paragraph about something else is not the instruction.
    const other = composeAnswer(question, [section('For logging,')]).text;
    expect(other).not.toContain('maxDuration');
    // The instruction comes with the sentences before it in its paragraph ("If not, …").
    const conditional = composeAnswer(question, [
      section('Paid plans allow up to 60 seconds. If the function still needs more time,'),
    ]).text.split('\n\n');
    expect(conditional[1]).toMatch(
      /^> Paid plans allow up to 60 seconds\. If the function still needs more time, add the following config/,
    );
    expect(conditional[2]).toBe('```ts\nexport const maxDuration = 30;\n```');
    // The instruction and its code count as one quote: two supporting quotes still follow.
    const others = [
      result('guides/limits', 'A slow model takes more time.', {
        title: 'Limits',
        heading: 'Speed',
        anchor: 'speed',
      }),
      result('guides/plans', 'Each model has its own time limit.', {
        title: 'Plans',
        heading: 'Pricing',
        anchor: 'pricing',
      }),
    ];
    const supported = composeAnswer(question, [
      section('To let a function run longer,'),
      ...others,
    ]);
    expect(quotes(supported.text)[0]).toMatch(/^By default, serverless functions stop/);
    expect(supported.sources.map((s) => s.path).sort()).toEqual([
      'advanced/deploying',
      'guides/limits',
      'guides/plans',
    ]);
  });

  it('follows a how-to lead that names nothing to type with the line of its section that does', () => {
    const passages = (named: string) => [
      result(
        'guides/tools',
        [
          'Models sometimes send tool arguments that fail the schema, especially smaller models.',
          '',
          'Failed calls are sent back to the model in the next step.',
          '',
          named,
        ].join('\n'),
        { title: 'Tools', heading: 'Tool call repair', anchor: 'tool-call-repair' },
      ),
      result('reference/errors', 'Tool arguments that fail the schema throw an error.', {
        title: 'Errors',
        heading: 'Invalid arguments',
        anchor: 'invalid-arguments',
      }),
    ];
    const question = 'My model sends tool arguments that fail the schema. Can I fix them?';
    const repair = 'You can use the `repairToolCall` function to repair a tool call.';
    const blocks = quotes(composeAnswer(question, passages(repair)).text);
    expect(blocks[0]).toMatch(/^Models sometimes send tool arguments/);
    expect(blocks[1]).toBe(repair);
    // A name that holds no word of the question is not what was asked.
    const other = 'Logging goes through the `onStepFinish` callback.';
    expect(composeAnswer(question, passages(other)).text).not.toContain('onStepFinish');
  });

  it('follows a lead that sets out the reader’s problem with the instruction of its section', () => {
    const passages = [
      result(
        'guide/troubleshooting',
        [
          'If the built page is opened from disk, the browser blocks its scripts with a CORS error.',
          '',
          '> Access to script blocked by CORS policy.',
          '',
          'You will need to serve the files over `http`. The easiest way is to run `vite preview`.',
        ].join('\n'),
        { title: 'Troubleshooting', heading: 'CORS error', anchor: 'cors-error' },
      ),
    ];
    const question =
      'I opened the built page from disk and a CORS error blocks the scripts. What am I doing wrong?';
    expect(quotes(composeAnswer(question, passages).text)).toContain(
      'You will need to serve the files over `http`. The easiest way is to run `vite preview`.',
    );
  });

  it('quotes the code each quoted sentence introduces, three blocks at most', () => {
    const page = (path: string, name: string) =>
      result(
        path,
        `Set \`${name}\` to rotate the signing keys of a tenant:\n\n\`\`\`js\n${name}: true\n\`\`\``,
        {
          title: path,
          heading: 'Keys',
          anchor: 'keys',
        },
      );
    const passages = ['a', 'b', 'c', 'd'].map((p) => page(`guide/${p}`, `rotate_${p}`));
    const { text } = composeAnswer('How do I rotate the signing keys of a tenant?', passages);
    expect(text.match(/^```js$/gm)).toHaveLength(3);
    // No quote announces code it does not show.
    expect(text).not.toMatch(/:\s*\[\d+\]\([^)]*\)\n\n(?!```)/);
  });

  it('quotes a supporting sentence that points back with the sentence before it', () => {
    const passages = [
      result('guides/highlighting', 'Markdown code blocks get syntax highlighting at build time.', {
        title: 'Highlighting',
        heading: 'Code blocks',
        anchor: 'code-blocks',
      }),
      result(
        'components/code',
        'The `<Code>` component renders code passed as a string. It is useful when a Markdown code block is not possible, for code fetched at build time.',
        { title: 'Code', heading: 'Usage', anchor: 'usage' },
      ),
    ];
    const question =
      'How do I get syntax highlighting for fetched code when a Markdown code block is not possible?';
    const blocks = quotes(composeAnswer(question, passages).text);
    expect(blocks.slice(1)).toContain(
      'The `<Code>` component renders code passed as a string. It is useful when a Markdown code block is not possible, for code fetched at build time.',
    );
  });

  it('quotes a supporting sentence with the rest of its paragraph, and the code it introduces', () => {
    const passages = [
      result(
        'guides/the-panel',
        'Readers open the panel with the round launcher button in the bottom corner of the screen, which sits too close to nothing.',
        { title: 'The panel', heading: 'Open the panel', anchor: 'open-the-panel' },
      ),
      result(
        'guides/theming',
        [
          'The launcher button sits in the bottom corner, `20px` from both edges. Set `--launcher-inset` to move it further in:',
          '',
          '```css\ndocs-widget {\n  --launcher-inset: 32px;\n}\n```',
        ].join('\n'),
        { title: 'Theming', heading: 'Move the launcher', anchor: 'move-the-launcher' },
      ),
    ];
    const question = 'The round launcher button sits too close to the screen corner and edges.';
    const { text } = composeAnswer(question, passages);
    expect(quotes(text)[0]).toMatch(/^Readers open the panel/);
    expect(quotes(text)[1]).toBe(
      'The launcher button sits in the bottom corner, `20px` from both edges. Set `--launcher-inset` to move it further in:',
    );
    expect(text).toContain('--launcher-inset: 32px;');
  });

  it('continues a lead that is a paragraph of one sentence with the paragraph after it', () => {
    const passages = [
      result(
        'guide/build',
        [
          'Calling `tool build` builds the client bundle only, for backward compatibility.',
          '',
          'When the `app` option is set, `tool build` builds the client and server bundles together instead. Bundles are built in series.',
          '',
          'This will become the default in a future major.',
        ].join('\n'),
        { title: 'Build', heading: 'Building', anchor: 'building' },
      ),
    ];
    const { text } = composeAnswer('Why does tool build give me only the client bundle?', passages);
    expect(quotes(text)[0]).toBe(
      'Calling `tool build` builds the client bundle only, for backward compatibility. When the `app` option is set, `tool build` builds the client and server bundles together instead. Bundles are built in series.',
    );
  });

  it("quotes, in the room the supports leave, a line of the lead's section holding two words of the question", () => {
    const passages = [
      result(
        'reference/configuration',
        [
          'Add custom tags to the `<head>` of your site. Can be useful for adding analytics and other third-party scripts.',
          '',
          '```js\nsite({ head: [{ tag: "script", attrs: { src: "https://cdn.example.com/script.js" } }] });\n```',
          '',
          'Entries in `head` are converted directly to HTML elements and are not bundled. If you need to import local scripts, styles, or images, override the `Head` component.',
        ].join('\n'),
        { title: 'Configuration Reference', heading: 'head', anchor: 'head' },
      ),
      result(
        'reference/configuration',
        'The `HeadConfig` type: a tag, its attributes and its content, for a script tag added to the head.',
        { title: 'Configuration Reference', heading: 'HeadConfig', anchor: 'headconfig' },
      ),
    ];
    const question =
      "I added a script tag in the head option pointing at ./src/scripts/consent.ts and in production it just 404s. It isn't bundled?";
    const blocks = quotes(composeAnswer(question, passages).text);
    expect(blocks[0]).toMatch(/^Add custom tags/);
    expect(blocks.at(-1)).toBe(
      'Entries in `head` are converted directly to HTML elements and are not bundled. If you need to import local scripts, styles, or images, override the `Head` component.',
    );
  });

  it('quotes the numbered steps that follow the lead of a how-to answer, with their code', () => {
    const passages = [
      result(
        'guides/logo',
        [
          'You can show a different logo in dark mode.',
          '',
          '1. Add an image file for each variant to `src/assets/`:',
          '',
          '   - src/assets/light.svg',
          '',
          '2. Set the `light` and `dark` logo options in your config:',
          '',
          '   ```js',
          "   logo: { light: './light.svg', dark: './dark.svg' }",
          '   ```',
          '',
          'Both files are optimised when the site is built.',
        ].join('\n'),
        { title: 'Logo', heading: 'Dark mode logo', anchor: 'dark-mode-logo' },
      ),
    ];
    const { text } = composeAnswer('How do I use a different logo in dark mode?', passages);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(
      /^> \*\*Dark mode logo\*\*: You can show a different logo in dark mode\./,
    );
    expect(blocks[1]).toMatch(/^> 1\. Add an image file for each variant/);
    expect(blocks[2]).toMatch(/^> 2\. Set the `light` and `dark` logo options/);
    expect(blocks[3]).toBe("```js\nlogo: { light: './light.svg', dark: './dark.svg' }\n```");
  });

  it('reads a quoted later step from the first step of its list, numbered', () => {
    const passages = [
      result(
        'guides/i18n',
        [
          '1. Tell the site about the languages you support by passing `locales`:',
          '',
          '   ```js',
          "   locales: { en: { label: 'English' }, fr: { label: 'Français' } }",
          '   ```',
          '',
          '   Your default locale is used for fallback content, so choose it first.',
          '',
          '2. Create a folder for each locale in `src/content/docs/`.',
          '',
          '3. You can now add translated content files to your language folders.',
        ].join('\n'),
        { title: 'Internationalization', heading: 'Configure i18n', anchor: 'configure-i18n' },
      ),
    ];
    const { text } = composeAnswer('How do I add translated content files?', passages);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(/^> \*\*Configure i18n\*\*: 1\. Tell the site about the languages/);
    expect(blocks[1]).toBe(
      "```js\nlocales: { en: { label: 'English' }, fr: { label: 'Français' } }\n```",
    );
    expect(blocks[2]).toMatch(/^> 2\. Create a folder for each locale/);
    expect(blocks[3]).toMatch(/^> 3\. You can now add translated content files/);
  });

  it('quotes the line stating a number of three digits or more the question names', () => {
    const passages = [
      result(
        'reference/api',
        [
          '`POST /v2/message` answers a question and streams the answer to the client:',
          '',
          '```sh',
          'curl -X POST $API/v2/message -d @question.json',
          '```',
        ].join('\n'),
        { title: 'HTTP API', heading: 'Message', anchor: 'message' },
      ),
      result(
        'reference/api',
        ['| Status | When |', '| --- | --- |', '| `413` | The body is over 1 MB. |'].join('\n'),
        { title: 'HTTP API', heading: 'Errors', anchor: 'errors' },
      ),
    ];
    const { text } = composeAnswer(
      'POST to /v2/message returns 413 when the conversation gets long',
      passages,
    );
    expect(text).toMatch(/^> \*\*Message\*\*: `POST \/v2\/message` answers/);
    expect(text).toContain('| `413` | The body is over 1 MB. |');
  });

  it('keeps the step that answers when its list of two is read from the first step', () => {
    const passages = [
      result(
        'guides/deploy',
        [
          '1. Set the correct `base` in `site.config.js`.',
          '',
          '   If you deploy to the root of your domain, you can omit `base`.',
          '',
          '2. Create a file called `.ci.yml` in the root of your project with the content below:',
          '',
          '   ```yaml',
          '   pages:',
          '     script: npm run build',
          '   ```',
        ].join('\n'),
        { title: 'Deploying', heading: 'Pages and CI', anchor: 'pages-and-ci' },
      ),
    ];
    const { text } = composeAnswer('How do I deploy with a CI file?', passages);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(/^> \*\*Pages and CI\*\*: 1\. Set the correct `base`/);
    expect(blocks[1]).toMatch(/^> 2\. Create a file called `\.ci\.yml`/);
    expect(blocks[2]).toBe('```yaml\npages:\n  script: npm run build\n```');
  });

  it('follows a lead that says what to do with the steps of a supporting first step', () => {
    const passages = [
      result(
        'reference/overrides',
        'You can override built-in components by providing paths to replacement components in the `components` option.',
        { title: 'Overrides Reference' },
      ),
      result(
        'guides/overriding-components',
        [
          '1. Choose the built-in component you want to replace.',
          '',
          '2. Create a component to replace it with.',
          '',
          '3. Tell the site to use your component in the `components` option:',
          '',
          '   ```js',
          "   components: { SocialIcons: './src/components/EmailLink.astro' }",
          '   ```',
        ].join('\n'),
        { title: 'Components', heading: 'Replace a component', anchor: 'replace-a-component' },
      ),
      result('guides/themes', 'A theme can override built-in components with its own styles.', {
        title: 'Themes',
      }),
    ];
    const { text } = composeAnswer('How do I override built-in components?', passages);
    const blocks = text.split('\n\n');
    expect(blocks[0]).toMatch(/^> You can override built-in components by providing paths/);
    const steps = blocks.findIndex((b) => b.includes('1. Choose the built-in component'));
    expect(steps).toBeGreaterThan(0);
    expect(blocks[steps + 1]).toMatch(/^> 2\. Create a component/);
    expect(blocks[steps + 2]).toMatch(/^> 3\. Tell the site to use your component/);
    expect(blocks[steps + 3]).toBe(
      "```js\ncomponents: { SocialIcons: './src/components/EmailLink.astro' }\n```",
    );
  });

  it('does not follow a bullet inside a step with the next steps, nor a list numbered again', () => {
    const section = (lead: string) =>
      result(
        'guide/backend',
        [
          lead,
          '',
          '2. For development, inject the client script in your template.',
          '',
          '   In order to serve assets, you have two options:',
          '   - Configure the server to proxy static asset requests to the dev server',
          '   - Set the asset origin so that URLs resolve against the back-end server',
          '',
          '3. For production, read the manifest file generated by the build.',
          '',
          '4. Render links to the hashed files listed in the manifest.',
          '',
          '1. A stylesheet link for each file in the entry chunk’s css list.',
        ].join('\n'),
        { title: 'Backend Integration' },
      );
    const question = 'How do I proxy asset requests to the dev server?';
    const bullet = composeAnswer(question, [section('Serve your pages from a back end.')]);
    expect(quotes(bullet.text)[0]).toMatch(/^Configure the server to proxy static asset requests/);
    expect(bullet.text).not.toContain('For production');
    // Steps that follow a lead stop where a list starts again at 1.
    const steps = composeAnswer('How do I render links to the build of my back end?', [
      section('To render the links of your back end, follow these steps:'),
    ]).text;
    expect(steps).toContain('> 4. Render links to the hashed files');
    expect(steps).not.toContain('A stylesheet link');
  });

  it('does not lead a how-to answer with a step from the middle of unrelated instructions', () => {
    const passages = [
      result(
        'troubleshooting/proxied',
        'Streaming does not work behind some proxies: the whole response arrives at once.',
        { title: 'Streaming behind a proxy', heading: 'Issue', anchor: 'issue' },
      ),
      result(
        'reference/transport',
        [
          'The transport reconnects like this:',
          '',
          '1. **POST** the messages to the endpoint.',
          '2. **Stream** the response behind the proxy, counting chunks as they arrive.',
          '3. **Resume** from the last chunk when the stream closes early.',
        ].join('\n'),
        { title: 'Transport', heading: 'How reconnection works', anchor: 'how-reconnection-works' },
      ),
    ];
    const { text } = composeAnswer(
      'Streaming works but behind my proxy the response arrives at once. How do I fix it?',
      passages,
    );
    expect(text).toMatch(/^> \*\*Issue\*\*: Streaming does not work behind some proxies/);
    // A supporting step is not replaced by a first step that holds nothing of the question.
    expect(text).not.toContain('**POST**');
  });

  it('quotes a code block only when it holds a name the reader asked about', () => {
    const passages = [
      result(
        'reference/settings',
        [
          'Each call accepts settings that control the model.',
          '',
          '```ts',
          'const memory = createMemoryTool({ schema, store });',
          '```',
          '',
          '```ts',
          'const result = await generateText({ model, maxRetries: 5 });',
          '```',
        ].join('\n'),
        { title: 'Settings', heading: 'maxRetries', anchor: 'maxretries' },
      ),
    ];
    const { text } = composeAnswer('What does maxRetries do?', passages);
    expect(text).toContain('maxRetries: 5');
    expect(text).not.toContain('createMemoryTool');
  });

  it('quotes the code after a short paragraph that describes it, colon or not', () => {
    const passages = [
      result(
        'guide/assets',
        [
          'Assets can be imported as strings using the `?raw` suffix.',
          '',
          '```js',
          "import shaderString from './shader.glsl?raw'",
          '```',
        ].join('\n'),
        { title: 'Static Asset Handling', heading: 'Importing Asset as String', anchor: 'raw' },
      ),
    ];
    const { text } = composeAnswer('How can I import a shader file as a plain string?', passages);
    expect(quotes(text)[0]).toBe('Assets can be imported as strings using the `?raw` suffix.');
    expect(text).toContain("import shaderString from './shader.glsl?raw'");
  });

  it('does not quote a line for words only its example code holds', () => {
    const passages = [
      result(
        'observability/spans',
        [
          'To rename the span, set the `functionId` inside the `telemetry` option:',
          '',
          '```js',
          "const { text } = await generateText({ prompt: 'Write a poem about the sea.' });",
          '```',
        ].join('\n'),
        { title: 'Tracing', heading: 'Span name', anchor: 'span-name' },
      ),
    ];
    const { text, covered } = composeAnswer('Write a poem about the sea', passages);
    expect(covered).toBe(false);
    expect(text).toContain(NOT_COVERED_LEAD);
  });

  it('finishes a lead that announces a list with the list', () => {
    const passages = [
      result(
        'operations/deployment',
        [
          'Put the server behind the reverse proxy that terminates TLS. Two things matter:',
          '',
          '- **Streaming.** The proxy must pass answers on as they arrive.',
          '- **The client address.** Start the server with `--trust-proxy 1` behind one proxy.',
          '',
          'Read the operations guide for the rest of the production checklist here.',
        ].join('\n'),
        { title: 'Deployment', heading: 'Behind a reverse proxy', anchor: 'proxy' },
      ),
    ];
    const { text } = composeAnswer('How do I run the server behind a reverse proxy?', passages);
    expect(quotes(text).slice(0, 3)).toEqual([
      'Put the server behind the reverse proxy that terminates TLS. Two things matter:',
      '**Streaming.** The proxy must pass answers on as they arrive.',
      '**The client address.** Start the server with `--trust-proxy 1` behind one proxy.',
    ]);
    // An item already chosen as a supporting quote is not quoted twice.
    expect(new Set(quotes(text)).size).toBe(quotes(text).length);
  });

  it('shows docs-framework placeholders readably and leaves code that defines them alone', () => {
    const passages = [
      result(
        'cookbook/stream-text',
        [
          'Call `streamText` with a model and a prompt:',
          '',
          '```ts',
          "import { streamText } from 'ai';",
          '__PROVIDER_IMPORT__;',
          '',
          'const result = streamText({ model: __MODEL__, prompt });',
          '```',
        ].join('\n'),
        { title: 'Stream Text' },
      ),
    ];
    const { text } = composeAnswer('How do I call streamText?', passages);
    expect(text).not.toMatch(/__[A-Z_]+__/);
    expect(text).toContain('streamText({ model: yourModel, prompt })');
  });

  it('writes a quoted relative link for the reader, resolved against its page', () => {
    const passages = [
      result(
        'guide/api-hmr',
        'The HMR client is created by [the JavaScript API](./api-javascript.md#createserver) and [`server.hmr`](../config/server-options#server-hmr).',
        { title: 'HMR API' },
      ),
    ];
    const { text } = composeAnswer('Who creates the HMR client?', passages, {
      siteUrl: 'https://vite.dev',
    });
    expect(quotes(text)[0]).toBe(
      'The HMR client is created by [the JavaScript API](https://vite.dev/guide/api-javascript#createserver) and [`server.hmr`](https://vite.dev/config/server-options#server-hmr).',
    );
  });

  it('quotes a matching table row with its header', () => {
    const passages = [
      result(
        'guide/cli',
        [
          '| Option | Description |',
          '| --- | --- |',
          '| `--host` | Specify the hostname to listen on |',
          '| `--port` | Specify the port number to listen on |',
        ].join('\n'),
        { title: 'Command Line Interface', heading: 'Options', anchor: 'options' },
      ),
    ];
    const { text } = composeAnswer('Which CLI option sets the port number?', passages);
    expect(text).toContain(
      '| Option | Description |\n| --- | --- |\n| `--port` | Specify the port number to listen on |',
    );
    expect(text).not.toContain('--host');
  });

  it('ends with section-level links to further sections', () => {
    const passages = [
      result('guide/theming', 'Set the accent color with the `--accent` custom property.', {
        title: 'Theming',
        heading: 'Accent color',
        anchor: 'accent-color',
      }),
      result('reference/properties', 'The accent color property takes any CSS color value.', {
        title: 'CSS Properties',
        heading: 'Accent color property',
        anchor: 'accent-color-property',
      }),
      result('guide/dark-mode', 'Dark mode uses a darker accent color automatically.', {
        title: 'Dark mode',
        heading: 'Accent color in dark mode',
        anchor: 'accent-color-in-dark-mode',
      }),
      result('guide/fonts', 'Fonts and the accent color can be changed together in a theme.', {
        title: 'Fonts',
        heading: 'Themes',
        anchor: 'themes',
      }),
      result('guide/theming', 'Printed pages keep it for links.', {
        title: 'Theming',
        heading: 'Accent color in print',
        anchor: 'accent-color-in-print',
      }),
    ];
    const { text } = composeAnswer('How do I change the accent color?', passages);
    const more = text.split('\n\n').at(-1)!;
    expect(more).toMatch(/^More in: \[[^\]]+ › [^\]]+\]\(\/[^)#]+#[^)]+\)/);
    expect(text.split('\n\n')[0]).toContain('--accent');
  });

  it('links under "More in" no section above one it quotes', () => {
    const page = (content: string, heading?: string) =>
      result('guide/accent-color', content, {
        title: 'Accent color',
        ...(heading && {
          heading,
          anchor: heading.toLowerCase().replace(/ /g, '-'),
          headings: ['Accent color', heading],
        }),
      });
    const passages = [
      page('Set the accent color with the `--accent` custom property.', 'Change it'),
      page('This guide has two parts, read them in turn.'),
      page('Printed pages keep it for links.', 'Print'),
    ];
    const { text } = composeAnswer('How do I change the accent color?', passages);
    expect(text.split('\n\n')[0]).toContain('--accent');
    expect(text.split('\n\n').at(-1)).toBe(
      'More in: [Accent color › Print](/guide/accent-color#print)',
    );
  });

  it('quotes an example that two pages repeat once, with the sentence that introduced it first', () => {
    const code =
      '```js\nexport default { server: { proxy: { "/api": "http://localhost:8080" } } }\n```';
    const passages = [
      result('guide/proxy', `Configure the dev server proxy in your config:\n\n${code}`),
      result(
        'reference/server',
        `The dev server proxy is configured with the following config:\n\n${code}`,
      ),
      result('guide/backend', 'The dev server proxy forwards API requests to your backend server.'),
    ];
    const { text } = composeAnswer('How do I configure the dev server proxy?', passages);
    expect(text.split(code).length - 1).toBe(1);
    expect(quotes(text)).toEqual([
      'Configure the dev server proxy in your config:',
      'The dev server proxy forwards API requests to your backend server.',
    ]);
  });

  it('quotes supporting lines that hold as much of the question as a lead that holds little', () => {
    const passages = [
      result('billing/archive', 'Archived invoices are kept for a year.\n\nCron rotates logs.', {
        title: 'Billing',
        heading: 'Storage',
        anchor: 'storage',
      }),
      result('ops/replication', 'Regions sync nightly.', {
        title: 'Operations',
        heading: 'Replication',
        anchor: 'replication',
      }),
    ];
    const rarity = { sectionCount: 1000, termFrequency: () => 10 };
    const question = 'How do I rotate archived invoices to regions nightly with cron?';
    const { sources } = composeAnswer(question, passages, { rarity });
    expect(sources.map((s) => s.path)).toEqual(['billing/archive', 'ops/replication']);
  });

  it('follows a lead that no support joined with the best other line of its page', () => {
    const option = (heading: string, content: string) =>
      result('config/preview-options', content, {
        title: 'Preview Options',
        heading,
        anchor: heading.toLowerCase().replace('.', '-'),
      });
    const passages = [
      option(
        'preview.port',
        'Specify the preview port. If the port is already used, the preview server tries the next free port.',
      ),
      // One word of the question: no support by the supports' rules, but the rest of the answer.
      option('preview.strictPort', 'Set to `true` to fail and exit.'),
    ];
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term.startsWith('fail') ? 5 : 100),
    };
    const question =
      'The preview port is already used and the preview server moves to the next free port. Can it fail instead?';
    const { text } = composeAnswer(question, passages, { rarity });
    expect(quotes(text)).toEqual([
      'Specify the preview port. If the port is already used, the preview server tries the next free port.',
      'Set to `true` to fail and exit.',
    ]);
  });

  it("ends with a line of the lead's page holding a word of the question no quote holds", () => {
    const ui = (heading: string, content: string) =>
      result('guide/chat-ui', content, {
        title: 'Chat UI',
        heading,
        anchor: heading.toLowerCase(),
      });
    const passages = [
      ui(
        'Route',
        'Stream the replies from your route with `streamReplies()` in the route handler.',
      ),
      // The other part of the question, under its own heading of the lead's page.
      ui('Client', 'Show the replies in React with the `useReplies` hook.'),
      result('guide/a', 'Stream replies from a route with `pipeReplies` in the handler.'),
      result('guide/b', 'A route can stream replies as server-sent events from the handler.'),
      result('guide/c', 'Replies stream from the route handler as soon as they start.'),
    ];
    const question = 'How do I show the replies my route streams in React?';
    const lines = quotes(composeAnswer(question, passages).text);
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe('Show the replies in React with the `useReplies` hook.');
  });

  describe("search's first page", () => {
    const restart = [
      result(
        'guide/a',
        'The terminal screen is cleared after a restart of the server in watch mode.',
      ),
      result('guide/b', 'A restart clears the terminal screen of the dev server.'),
      result(
        'guide/c',
        'On restart the terminal screen is cleared and shows the new server address.',
      ),
      result('guide/d', 'Every restart clears the terminal screen and prints again.'),
    ];
    const question = 'Why is the terminal screen cleared on restart?';

    it('is quoted after the supports when its best line holds most of what the lead holds', () => {
      const first = result(
        'config/shared-options',
        'Set to `false` to keep Vite from clearing the terminal screen when it logs messages.',
      );
      const { text, sources } = composeAnswer(question, [first, ...restart]);
      expect(sources.map((s) => s.path)).toEqual([
        'guide/a',
        'guide/b',
        'guide/c',
        'guide/d',
        'config/shared-options',
      ]);
      expect(quotes(text).at(-1)).toBe(
        'Set to `false` to keep Vite from clearing the terminal screen when it logs messages.',
      );
    });

    // `cron` is the rarest word asked, and all the scheduling page holds: less than QUOTABLE_MIN.
    const cronRarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term.startsWith('cron') ? 1 : 10),
    };
    const cronQuestion = 'How do I rotate archived invoices to regions nightly with cron?';
    const cronPage = (heading: string) =>
      result('ops/cron', 'Jobs run from cron.', {
        title: 'Scheduling',
        heading,
        anchor: heading.toLowerCase(),
      });
    const archive = result('billing/archive', 'Archived invoices are kept.', {
      title: 'Billing',
      heading: 'Storage',
      anchor: 'storage',
    });

    it('is quoted even when it holds too little of the question to be quoted alone', () => {
      const rarity = cronRarity;
      const cron = cronPage('Jobs');
      expect(assessCoverage(cronQuestion, [cron], { rarity }).coverage).toBeLessThan(QUOTABLE_MIN);
      const { sources } = composeAnswer(cronQuestion, [cron, archive], { rarity });
      expect(sources.map((s) => s.path)).toEqual(['billing/archive', 'ops/cron']);
    });

    it('leads when its best line outscores every other, though it holds too little to be quoted alone', () => {
      const rarity = cronRarity;
      const cron = cronPage('Cron');
      expect(
        composeAnswer(cronQuestion, [cron, archive], { rarity }).sources.map((s) => s.path),
      ).toEqual(['ops/cron', 'billing/archive']);
      // Alone it is not enough to answer: the refusal is the coverage decision's, as before.
      expect(composeAnswer(cronQuestion, [cron], { rarity }).covered).toBe(false);
    });

    it('is quoted alone, holding too little to be quoted, when the question is long', () => {
      const cron = result('ops/cron', 'Jobs run from cron every night.', {
        title: 'Scheduling',
        heading: 'Cron',
        anchor: 'cron',
      });
      const rarity = {
        sectionCount: 1000,
        termFrequency: (term: string) => (term.startsWith('cron') ? 1 : 40),
      };
      const objects = ['invoices', 'regions', 'tenants', 'buckets', 'mirrors', 'vaults'];
      // Seven words asked, then eight: the page holds under QUOTABLE_MIN of each, and the
      // coverage decision lets both through (a long question is asked less of).
      const short = `Can cron rotate ${objects.slice(0, 5).join(', ')}?`;
      const long = `Can cron rotate ${objects.join(', ')}?`;
      for (const asked of [short, long]) {
        const { coverage, covered } = assessCoverage(asked, [cron], { rarity });
        expect(coverage).toBeLessThan(QUOTABLE_MIN);
        expect(covered).toBe(true);
      }
      // A short question no page holds much of is refused, for want of anything to quote.
      expect(composeAnswer(short, [cron], { rarity }).sources).toEqual([]);
      const { covered, sources } = composeAnswer(long, [cron], { rarity });
      expect(covered).toBe(true);
      expect(sources.map((s) => s.path)).toEqual(['ops/cron']);
      // Not when no title or heading of the pages read names a word of the question: search
      // then ranked the page by a word it mentions in passing.
      const untitled = result('ops/cron', 'Jobs run from cron every night.', {
        title: 'Scheduling',
        heading: 'Nightly',
        anchor: 'nightly',
      });
      expect(assessCoverage(long, [untitled], { rarity }).covered).toBe(true);
      expect(composeAnswer(long, [untitled], { rarity }).sources).toEqual([]);
    });

    it('is quoted by its next line when its best line is quoted from another page', () => {
      // The site repeats a line word for word; the copies on pages whose heading names what was
      // asked score more than the first page's, and fill the supports.
      const named = { heading: 'Terminal screen cleared', anchor: 'terminal-screen-cleared' };
      const shared = 'A restart clears the terminal screen of the dev server.';
      const first = result(
        'config/shared-options',
        `${shared} Set \`clearScreen\` to \`false\` to keep the terminal screen.`,
      );
      const others = [restart[0]!, ...restart.slice(2), result('guide/e', shared)].map((r) => ({
        ...r,
        metadata: { ...r.metadata, ...named },
      }));
      const { text, sources } = composeAnswer(question, [first, ...others]);
      expect(sources.map((s) => s.path)).toEqual([
        'guide/a',
        'guide/c',
        'guide/d',
        'guide/e',
        'config/shared-options',
      ]);
      expect(quotes(text).at(-1)).toBe('Set `clearScreen` to `false` to keep the terminal screen.');
    });

    it('stays quoted when the steps that follow the lead take the supports’ places', () => {
      const first = result(
        'config/shared-options',
        'Set `clearScreen` to `false` to keep the terminal screen when the server restarts.',
      );
      const steps = result(
        'guide/restart',
        [
          'To keep the terminal screen from being cleared on a restart of the dev server:',
          '',
          '1. Open the terminal screen settings.',
          '2. Turn off clearing the screen on restart.',
          '3. Restart the dev server.',
        ].join('\n'),
      );
      const support = result(
        'guide/c',
        'On a restart the dev server keeps the terminal screen from being cleared when it is told to.',
      );
      const asked =
        'How do I keep the terminal screen from being cleared on a restart of the dev server?';
      const { text, sources } = composeAnswer(asked, [first, steps, support, restart[3]!]);
      expect(sources.map((s) => s.path)).toEqual([
        'guide/restart',
        'guide/c',
        'config/shared-options',
      ]);
      expect(quotes(text).at(-1)).toBe(
        'Set `clearScreen` to `false` to keep the terminal screen when the server restarts.',
      );
    });

    it('is quoted when its best line holds half of what the lead holds', () => {
      // Two of the four words the lead holds: the page search ranked first says what it says
      // about the question, after the lines that hold more of its words.
      const first = result('config/shared-options', 'Vite logs messages to the terminal screen.');
      const { text, sources } = composeAnswer(question, [first, ...restart]);
      expect(sources.map((s) => s.path)).toContain('config/shared-options');
      expect(quotes(text).at(-1)).toBe('Vite logs messages to the terminal screen.');
    });

    it('is not quoted when its best line holds much less than the lead', () => {
      const first = result('config/shared-options', 'Vite logs messages to the terminal.');
      const { sources } = composeAnswer(question, [first, ...restart]);
      expect(sources.map((s) => s.path)).not.toContain('config/shared-options');
    });
  });

  // "particular" is rare on this site and weighs more than the two words a support holds: the
  // support holds little of the question's weight but most of its words.
  const particular = {
    question: 'How do I keep a particular dependency out of pre-bundling?',
    lead: 'Vite treats particular files specially.',
    rarity: {
      sectionCount: 1000,
      termFrequency: (term: string) => (term === 'particular' ? 2 : 300),
    },
    /** The quotes of the answer from the lead's page and a support's, `support` its section. */
    quotes(support: string, heading: string) {
      const passages = [
        result('guide/files', this.lead, {
          title: 'Files',
          heading: 'Special files',
          anchor: 'special-files',
        }),
        result('config/deps', support, {
          title: 'Dep options',
          heading,
          anchor: heading.toLowerCase(),
        }),
      ];
      const answer = composeAnswer(this.question, passages, { rarity: this.rarity }).text;
      return { answer, quoted: quotes(answer) };
    },
  };

  it('quotes a supporting line that names what to type and holds most of the words asked, however they weigh', () => {
    const named = 'Dependencies listed in `optimizeDeps.exclude` are left out of pre-bundling.';
    expect(particular.quotes(named, 'Exclude').quoted).toEqual([particular.lead, named]);
    // A line that names nothing to type needs the question's weight.
    const unnamed = 'Dependencies listed there are left out of pre-bundling.';
    expect(particular.quotes(unnamed, 'Exclude').quoted).toEqual([particular.lead]);
  });

  it('quotes a supporting sentence that introduces code and holds most of the words asked, however they weigh', () => {
    const withCode = (sentence: string) =>
      `${sentence}\n\n\`\`\`js\nexport default { optimizeDeps: { exclude: ['dep'] } }\n\`\`\``;
    // The instruction names nothing to type itself: its code does.
    const instruction = 'To leave a dependency out of pre-bundling, add it to your config:';
    const { answer, quoted } = particular.quotes(withCode(instruction), 'Options');
    expect(quoted).toEqual([particular.lead, instruction]);
    expect(answer).toContain("exclude: ['dep']");
    // Its code's words do not count for it: a sentence holding one word of the question is left.
    const vague = 'A dependency can also be set in your config:';
    expect(particular.quotes(withCode(vague), 'Options').quoted).toEqual([particular.lead]);
  });

  it('tells apart cited pages that share a title', () => {
    const passages = [
      result('cookbook/next/stream-image', 'Stream text with an image prompt from a route.', {
        title: 'Stream Text with Image Prompt',
      }),
      result('cookbook/node/stream-image', 'Stream text with an image prompt from a script.', {
        title: 'Stream Text with Image Prompt',
      }),
    ];
    const { sources } = composeAnswer('How do I stream text with an image prompt?', passages);
    expect(sources.map((s) => s.title)).toEqual([
      'Stream Text with Image Prompt (next)',
      'Stream Text with Image Prompt (node)',
    ]);
  });

  it('writes page titles and headings into the Markdown as text, not as HTML or links', async () => {
    const { marked } = await import('marked');
    const title = 'Using <Tabs> & <img src="https://tracker.example/x.png"> [beta] *now*';
    const passages = [
      result('guide/tabs', 'Tabs group code samples by package manager.', { title }),
      result('guide/cards', 'Cards link to other pages of the site.', {
        title: 'Cards for `Record<string, string>`',
      }),
    ];
    const { sources } = composeAnswer('How do tabs group code samples?', passages);
    // Sources carry the plain title: the client writes it as text.
    expect(sources[0]!.title).toBe(title);
    const refused = composeAnswer('How do I bake sourdough bread at home?', passages);
    expect(refused.covered).toBe(false);
    const html = await marked.parse(refused.text);
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<tabs');
    expect(html).toContain('>Using &lt;Tabs&gt; &amp; &lt;img src=');
    expect(html).toContain('[beta] *now*</a>');
    expect(html).toContain('<code>Record&lt;string, string&gt;</code>');
  });

  it('quotes raw HTML of a page as text, for renderers that allow HTML; code stays as written', async () => {
    const { marked } = await import('marked');
    const content = [
      'Run the tracker with <script>alert(1)</script> once the widget loads on every page.',
      '',
      'The tracker widget loads <img src="x" onerror="alert(2)"> and reads `<b>bold</b>` as code, see <https://docs.example.com/tracker>.',
      '',
      '```html',
      '<script src="/tracker.js"></script>',
      '```',
    ].join('\n');
    const passages = [result('guide/tracker', content, { title: 'Tracker' })];
    const { text, covered } = composeAnswer('How does the tracker widget load?', passages);
    expect(covered).toBe(true);
    const html = await marked.parse(text);
    expect(html).not.toMatch(/<script>|<img|onerror="/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // Inline code, autolinks and code blocks are not escaped.
    expect(text).not.toContain('`\\<b>');
    expect(html).toContain('<code>&lt;b&gt;bold&lt;/b&gt;</code>');
    expect(html).toContain('<a href="https://docs.example.com/tracker">');
    expect(text).toContain('\n<script src="/tracker.js"></script>\n');
  });

  it('keeps text-formatting tags without attributes, which run nothing, in quoted HTML', async () => {
    const { marked } = await import('marked');
    const content =
      'Open the tracker widget with <kbd>Ctrl</kbd>+<kbd>K</kbd>,<br/>then <b onclick="alert(1)">pin</b> it.';
    const passages = [result('guide/tracker', content, { title: 'Tracker' })];
    const { text } = composeAnswer('How do I open the tracker widget?', passages);
    const html = await marked.parse(text);
    expect(html).toContain('<kbd>Ctrl</kbd>+<kbd>K</kbd>');
    expect(html).toContain('<br/>');
    // A tag with attributes is still text.
    expect(html).not.toMatch(/<b onclick/);
  });

  it('numbers sources by page and makes links absolute with a site URL', () => {
    const { text, sources } = answer(
      'Why does streaming improve latency?',
      'https://docs.example.com/',
    );
    expect(text).toContain('(https://docs.example.com/docs/foundations/streaming#why-streaming)');
    expect(sources.map((s) => s.id)).toEqual(sources.map((_, i) => String(i + 1)));
  });

  it('says the docs do not cover an unrelated question and lists the closest sections once', () => {
    const { text, covered, sources } = composeAnswer(
      'How do I bake sourdough bread at home?',
      index.search('streaming'),
    );
    expect(covered).toBe(false);
    expect(text.startsWith(NOT_COVERED_LEAD)).toBe(true);
    expect(text).toContain(
      '- [Streaming › Why streaming](/docs/foundations/streaming#why-streaming)',
    );
    const links = text.match(/\]\(\/docs\/foundations\/streaming/g) ?? [];
    expect(links).toHaveLength(1);
    expect(sources).toEqual([]);
  });

  it('writes its own words in the language of the pages it quotes, English where it has none', () => {
    const ja = (path: string, content: string, heading: string) =>
      result(`ja/${path}`, content, {
        title: 'サイドバー',
        heading,
        anchor: heading,
        language: 'ja',
      });
    const passages = [
      ja('guides/sidebar', 'サイドバーの項目は `sidebar` オプションで並べ替えます。', '並べ替え'),
      ja('guides/sidebar', 'サイドバーのグループは `collapsed` で折りたたみます。', '折りたたみ'),
    ];
    const refused = composeAnswer('犬の散歩は何時がいいですか？', passages);
    expect(refused.covered).toBe(false);
    expect(refused.text).toMatch(
      /^ドキュメントにはこの内容が記載されていないようです。最も近いセクション:\n\n- \[/,
    );
    expect(isRefusal(refused.text)).toBe(true);
    expect(composeAnswer('anything', [], { language: 'de' }).text).toBe(
      'Die Dokumentation scheint das nicht abzudecken. Keine Seite kam nahe.',
    );
    expect(composeAnswer('anything', [], { language: 'zh-TW' }).text).toBe(
      `${NOT_COVERED_LEAD} No page came close.`,
    );
    expect(answerWords('pt-BR').moreIn).toBe('Mais em:');
  });

  it('says so without pages when nothing was retrieved', () => {
    expect(composeAnswer('anything at all', []).text).toBe(
      `${NOT_COVERED_LEAD} No page came close.`,
    );
  });

  it('answers about a selection from where the docs explain it, not with the selection', () => {
    const selected = 'const result = await generateText({ model, maxRetries: 0 });';
    const passages = [
      result(
        'cookbook/retries',
        `Disable retries for a single call:\n\n\`\`\`ts\n${selected}\n\`\`\``,
        {
          title: 'Retries',
        },
      ),
      result(
        'reference/settings',
        'Maximum number of retries; `maxRetries` defaults to 2. Set it to 0 to disable retries.',
        { title: 'Settings', heading: 'maxRetries', anchor: 'maxretries' },
      ),
    ];
    const { text } = composeAnswer('What does this do?', passages, {
      selection: [{ text: selected, code: true }],
    });
    expect(text.split('\n\n')[0]).toContain('`maxRetries` defaults to 2');
    expect(text).not.toContain(selected);
  });

  it('answers about a prose selection that names nothing, with the line explaining it, not its rendered copy', () => {
    const selected = ':::tip[Did you know?]\nAstro helps you build faster websites.\n:::';
    const passages = [
      result(
        'guides/authoring-content',
        [
          'You can specify a custom title for the aside in square brackets following the aside type, e.g. `:::tip[Did you know?]`.',
          '',
          ':::tip[Did you know?]',
          'Astro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).',
          ':::',
          '',
          '```md',
          ':::tip[Did you know?]',
          'Astro helps you build faster websites with [“Islands Architecture”](https://docs.astro.build/en/concepts/islands/).',
          ':::',
          '```',
        ].join('\n'),
        {
          title: 'Authoring Content',
          heading: 'Custom aside titles',
          anchor: 'custom-aside-titles',
        },
      ),
    ];
    const { text, covered } = composeAnswer('How does this syntax work?', passages, {
      selection: [{ text: selected, code: false }],
    });
    expect(covered).toBe(true);
    expect(quotes(text)).toEqual([
      'You can specify a custom title for the aside in square brackets following the aside type, e.g. `:::tip[Did you know?]`.',
    ]);
  });

  it('answers about a selected setting with its definition, which need not repeat its name', () => {
    const passages = [
      result(
        'ai-sdk-core/settings',
        [
          'Temperature setting.',
          '',
          'The value is passed through to the provider. For most providers, `0` means almost deterministic results, and higher values mean more randomness.',
          '',
          'It is recommended to set either `temperature` or `topP`, but not both.',
        ].join('\n'),
        { title: 'Settings', heading: 'temperature', anchor: 'temperature' },
      ),
    ];
    const { text } = composeAnswer('What is this setting for?', passages, {
      selection: [{ text: 'temperature: 0.3,', code: true }],
    });
    expect(quotes(text)[0]).toMatch(/^The value is passed through .* randomness\.$/);
  });

  it('answers about a selected call from the opening of the reference page named after it', () => {
    const passages = [
      result(
        'reference/is-step-count',
        'Creates a stop condition that stops when the number of completed steps equals a count.',
        { title: 'isStepCount' },
      ),
      result(
        'migration/v7',
        'Rename `stepCountIs` to `isStepCount` in the stop conditions of your tool loops.',
        {
          title: 'Migration',
          heading: 'Stop condition helper rename',
          anchor: 'stop-condition-helper-rename',
        },
      ),
    ];
    // On the site `isStepCount` is rarer than `stopWhen`, and both than `stop` or `step`.
    const frequency: Record<string, number> = { isstepcount: 3, stopwhen: 10 };
    const rarity = { sectionCount: 1000, termFrequency: (term: string) => frequency[term] ?? 30 };
    const { text } = composeAnswer('What does this line do?', passages, {
      rarity,
      selection: [{ text: 'stopWhen: isStepCount(5),', code: true }],
    });
    expect(quotes(text)[0]).toBe(
      'Creates a stop condition that stops when the number of completed steps equals a count.',
    );
  });

  it('counts as covered a question that a heading of two words or more names on its own', () => {
    const section = (heading: string) =>
      result('guides/tls', 'Run the renew command from the project root.', {
        title: 'TLS',
        heading,
        anchor: heading.toLowerCase().replaceAll(' ', '-'),
      });
    // "renew" and "certificate" are common words of the site, the question's others rare.
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (/^(renew|certific)/.test(term) ? 300 : 5),
    };
    const question = 'How do I renew certificates to the latest version quickly and safely?';
    const assess = (heading: string) => assessCoverage(question, [section(heading)], { rarity });
    // The section holds two of the six words, the common ones: too little on its own, however
    // long the question.
    expect(assess('Renewing certificates').coverage).toBeLessThan(COVERED_MIN);
    expect(assess('Renewing certificates').covered).toBe(true);
    // A heading with a word the question lacks, or of one word, names something else.
    expect(assess('Renewing client certificates').covered).toBe(false);
    expect(assess('Certificates').covered).toBe(false);
  });

  it('counts in part what the other sections of the page hold', () => {
    const page = (path: string, issue: string, solution: string): Page => ({
      path,
      file: `${path}.md`,
      title: 'Troubleshooting',
      content: `# Troubleshooting\n\n## Issue\n\n${issue}\n\n## Solution\n\n${solution}\n`,
      tags: [],
      groups: [],
    });
    // "process" and "image" are common words of the site, the question's others rare.
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (/^(process|imag)/.test(term) ? 300 : 5),
    };
    const question = 'Why does my process hold images in memory while a loop runs with retries?';
    const assess = (p: Page) => {
      const results = [result(p.path, '', { title: p.title, heading: 'Issue', anchor: 'issue' })];
      return assessCoverage(question, results, {
        rarity,
        ...groundingSections(results, () => p),
      });
    };
    // Each section holds two of the question's words: too little on its own, however long the
    // question.
    const issue = 'The process keeps every image.';
    expect(assess(page('a', issue, 'Memory grows with retries.')).covered).toBe(true);
    expect(assess(page('b', issue, 'Nothing else to say.')).covered).toBe(false);
  });

  it('weighs words by their rarity on the whole site when it is known', () => {
    const passages = [
      result(
        'guide/caching',
        'Cache responses of the model so identical prompts are served again.',
        {
          title: 'Caching',
        },
      ),
    ];
    const question = 'How do I cache model responses?';
    // On this site "model" is in every section and "cache" in a handful: the section holds
    // the rare word, so the question is covered.
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term === 'model' ? 1000 : 5),
    };
    expect(assessCoverage(question, passages, { rarity }).covered).toBe(true);
    // Without the rare word the common one is not enough.
    const off = [result('guide/models', 'Pick the model for each call.', { title: 'Models' })];
    expect(assessCoverage(question, off, { rarity }).covered).toBe(false);
  });

  it('refuses a question about a product the site never names, unless all else is held', () => {
    // Uncommon words of the site; "Netlify" and "Globex" it never uses.
    const frequency: Record<string, number> = { point: 20, custom: 20, site: 20, domain: 30 };
    const rarity = { sectionCount: 1000, termFrequency: (term: string) => frequency[term] ?? 0 };
    const assess = (question: string, content: string) =>
      assessCoverage(question, [result('guides/domains', content, { title: 'Hosting' })], {
        rarity,
      });
    // The section holds most of the question's other words, not the product asked about.
    const netlify = 'How do I point a custom domain at my Netlify site?';
    expect(assess(netlify, 'Point the site at a custom build output.').covered).toBe(false);
    expect(
      assess(netlify.replace('Netlify', 'netlify'), 'Point the site at a custom build output.')
        .covered,
    ).toBe(true);
    // A section holding every other word: the name is the reader's own.
    expect(assess('Where do I point the Globex domain?', 'Point the domain here.').covered).toBe(
      true,
    );
  });

  it("takes a name the site never uses as the reader's own only beside two words or more", () => {
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term.startsWith('capit') ? 1 : 0),
    };
    const files = [result('reference/files', 'Name the files in capitals.', { title: 'Files' })];
    // The section holds every other word, but that is one word: the name is what is asked.
    expect(assessCoverage('What is the capital of Australia?', files, { rarity }).covered).toBe(
      false,
    );
  });

  it("asks less of a long question in the reader's own words than of a short one", () => {
    const rarity = { sectionCount: 1000, termFrequency: () => 10 };
    const keys = [result('guides/keys', 'Rotate the secrets every month.', { title: 'Keys' })];
    const assess = (question: string) => assessCoverage(question, keys, { rarity });
    // Two of six words, the ones the page is about: the rest is the reader's situation.
    const long = assess('How do I rotate our secrets when a colleague leaves the team for good?');
    expect(long.coverage).toBeLessThan(COVERED_MIN);
    expect(long.covered).toBe(true);
    // A quarter of a question of four words is not enough.
    expect(assess('How do I rotate database passwords automatically?').covered).toBe(false);
  });

  it('asks more of a page the lower search ranks it', () => {
    // "rotate" and "secrets" are rare words of the site: the section holding "rotate" alone
    // holds half of the question.
    const rarity = { sectionCount: 1000, termFrequency: () => 1 };
    const holder = result('guides/keys', 'Rotate them every month.', { title: 'Keys' });
    const other = (n: number) => result(`guides/other-${n}`, 'Nothing of it.', { title: 'Other' });
    const assess = (before: number) =>
      assessCoverage(
        'How do I rotate secrets?',
        [...Array.from({ length: before }, (_, n) => other(n)), holder],
        { rarity },
      );
    expect(assess(0).coverage).toBeCloseTo(0.5, 10);
    expect(assess(0).covered).toBe(true);
    expect(assess(2).covered).toBe(true);
    // Fourth in search order: what it holds is not enough for a page search put below three.
    expect(assess(3).covered).toBe(false);
  });

  it('quotes from any section of a retrieved page, not only the one search returned', () => {
    const page: Page = {
      path: 'config/server-options',
      file: 'config/server-options.md',
      title: 'Server Options',
      content: [
        '# Server Options',
        '',
        '## server.strictPort',
        '',
        'Exit if the port is already in use, instead of trying the next one.',
        '',
        '## server.open',
        '',
        'Automatically open the app in the browser on server start.',
      ].join('\n'),
      tags: [],
      groups: [],
    };
    const passages = [
      result(
        'config/server-options',
        'Exit if the port is already in use, instead of trying the next one.',
        {
          title: 'Server Options',
          heading: 'server.strictPort',
          anchor: 'serverstrictport',
        },
      ),
    ];
    const grounding = groundingSections(passages, (path) =>
      path === page.path ? page : undefined,
    );
    const { text } = composeAnswer(
      'Can the server open the browser on start?',
      passages,
      grounding,
    );
    expect(text.split('\n\n')[0]).toBe(
      '> **server.open**: Automatically open the app in the browser on server start. [1](/config/server-options#serveropen)',
    );
  });

  it('quotes a section that holds little of the question alone when its page holds the rest', () => {
    // The reader's problem under one heading, the fix in the page's own words under another.
    const page: Page = {
      path: 'guides/errors',
      file: 'guides/errors.md',
      title: 'Errors',
      content: [
        '# Errors',
        '',
        '## Logs',
        '',
        'The console lists every message the library logs.',
        '',
        '```ts',
        'library.log(message);',
        '```',
        '',
        'You can stop a stream at any time without losing the messages.',
        '',
        '## Turn off all warnings',
        '',
        'Set `LOG_WARNINGS` to `false` to silence warnings:',
        '',
        '```ts',
        'globalThis.LOG_WARNINGS = false;',
        '```',
      ].join('\n'),
      tags: [],
      groups: [],
    };
    const passages = [
      result(page.path, 'The console lists every message the library logs.', {
        title: page.title,
        heading: 'Logs',
        anchor: 'logs',
      }),
    ];
    // Every word of the site equally rare; "zorblax" (the reader's own) on no page.
    const rarity: Rarity = {
      sectionCount: 1000,
      termFrequency: (t) => (t === 'zorblax' ? 0 : 10),
    };
    const { text, covered } = composeAnswer(
      'How do I stop the console warnings of my zorblax?',
      passages,
      { ...groundingSections(passages, (path) => (path === page.path ? page : undefined)), rarity },
    );
    expect(covered).toBe(true);
    expect(quotes(text)[0]).toBe('Set `LOG_WARNINGS` to `false` to silence warnings:');
    expect(text).toContain('globalThis.LOG_WARNINGS = false;');
  });

  it('follows a how-to quote that sets out a problem with the instruction further down its page', () => {
    const page = (headings: [string, string, string]): Page => ({
      path: 'troubleshooting/proxied',
      file: 'troubleshooting/proxied.md',
      title: 'Streaming behind a proxy',
      content: [
        '# Streaming behind a proxy',
        '',
        `## ${headings[0]}`,
        '',
        'Streaming works locally, but behind some proxies the whole response arrives at once.',
        '',
        `## ${headings[1]}`,
        '',
        'The proxy compresses the response, which buffers it.',
        '',
        `## ${headings[2]}`,
        '',
        'Turn off compression for the streaming response:',
        '',
        '```ts',
        "headers: { 'Content-Encoding': 'none' }",
        '```',
      ].join('\n'),
      tags: [],
      groups: [],
    });
    const question =
      'Streaming works locally but behind my proxy it arrives at once. How do I fix it?';
    const ask = (shown: Page, heading = 'Issue') => {
      const passages = [
        result(
          shown.path,
          'Streaming works locally, but behind some proxies the whole response arrives at once.',
          {
            title: shown.title,
            heading,
            anchor: heading.toLowerCase(),
          },
        ),
      ];
      const grounding = groundingSections(passages, (path) =>
        path === shown.path ? shown : undefined,
      );
      return composeAnswer(question, passages, {
        ...grounding,
        ...(rarity && { rarity }),
      }).text.split('\n\n');
    };
    let rarity: Rarity | undefined;
    const blocks = ask(page(['Issue', 'Cause', 'Solution']));
    expect(blocks[0]).toMatch(/^> \*\*Issue\*\*: Streaming works locally/);
    expect(blocks[1]).toMatch(
      /^> \*\*Solution\*\*: Turn off compression for the streaming response:/,
    );
    expect(blocks[2]).toBe("```ts\nheaders: { 'Content-Encoding': 'none' }\n```");
    // One of a list of problems (### under ##) is not followed into the next problem.
    const listed = page(['Dev server\n\n### Proxies', 'Builds', 'Compression']);
    expect(ask(listed, 'Proxies').join('\n\n')).not.toContain('Content-Encoding');
    // With the site's rarity the solution is read too, though it holds few of the question's
    // rare words.
    const common = /^(?:stream|proxi|behind|work|fix)/;
    rarity = { sectionCount: 1000, termFrequency: (t) => (common.test(t) ? 900 : 2) };
    expect(ask(page(['Issue', 'Cause', 'Solution'])).join('\n\n')).toContain('Content-Encoding');
  });

  it('is deterministic', () => {
    expect(answer('How do tools work?')).toEqual(answer('How do tools work?'));
  });
});

describe('quotes from a MkDocs Material site', () => {
  it('show admonitions, pymdownx blocks and autorefs links as text, not their syntax', async () => {
    const root = await writeSite({
      'mkdocs.yml': [
        'site_name: Shelf',
        'theme:',
        '  name: material',
        'markdown_extensions:',
        '  - admonition',
        '  - pymdownx.blocks.admonition',
        '  - pymdownx.details',
        'plugins:',
        '  - search',
        '  - autorefs',
      ].join('\n'),
      'docs/index.md': '# Shelf\n\nShelf stores books.',
      'docs/cache.md': [
        '# Cache',
        '',
        '## Clearing the cache',
        '',
        '!!! warning "After upgrades"',
        '    Clear the shelf cache after every upgrade with `shelf cache clear`.',
        '',
        '/// version-changed | v2',
        'The shelf cache moved to [`CacheStore`][shelf.cache.CacheStore] in version two.',
        '///',
      ].join('\n'),
    });
    const index = await indexSite(root);
    const question = 'When should I clear the shelf cache?';
    const { results } = retrievePassages(index, { question, pageSize: 5 });
    const docs = docsLookup(index);
    const { text } = composeAnswer(
      question,
      results,
      readingOptions(results, { selection: [], docs }),
    );
    expect(text).toContain(
      '**Warning: After upgrades:** Clear the shelf cache after every upgrade with `shelf cache clear`.',
    );
    expect(text).not.toMatch(/!!!|\/\/\/|\]\[/);
    const moved = composeAnswer(
      'Where did the shelf cache move in version two?',
      results,
      readingOptions(results, { selection: [], docs }),
    ).text;
    expect(moved).toContain('moved to `CacheStore` in version two.');
    expect(moved).not.toMatch(/!!!|\/\/\/|\]\[/);
  });
});
