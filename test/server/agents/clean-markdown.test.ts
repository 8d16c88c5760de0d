import { describe, expect, it } from 'vitest';
import { cleanMarkdown, markdownBody } from '../../../src/server/agents/clean-markdown.ts';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS, VITE_DOCS } from '../../support/corpora.ts';
import { DOCUSAURUS_SITE, MINTLIFY_SITE, MKDOCS_SITE } from '../../support/docs-sites.ts';

const md = (source: string) => markdownBody(source);

describe('cleanMarkdown', () => {
  it('opens with the title as H1 and the description as a blockquote', () => {
    const page = { title: 'Setup', description: 'Install it.', content: 'Run `npm i`.' };
    expect(cleanMarkdown(page)).toBe('# Setup\n\n> Install it.\n\nRun `npm i`.\n');
  });

  it('keeps a page’s own H1 and puts the description under it', () => {
    const page = { title: 'Other', description: 'D', content: '# Own title\n\nText' };
    expect(cleanMarkdown(page)).toBe('# Own title\n\n> D\n\nText\n');
  });
});

describe('code blocks', () => {
  it('are kept as written to their closing fence, not to a deeper fence-like line', () => {
    // Eight spaces in, "```" is a line of the example: blank lines and trailing spaces stay.
    expect(md('```md\n        ```\n\n\n\nkept   \n```\n\n\n\nAfter   ')).toBe(
      '```md\n        ```\n\n\n\nkept   \n```\n\nAfter',
    );
  });
});

describe('callouts become blockquotes with their label', () => {
  it.each([
    ['<Note>\n  Mind the gap.\n</Note>', '> **Note**\n>\n> Mind the gap.'],
    ['<Warning>Hot surface.</Warning>', '> **Warning**\n>\n> Hot surface.'],
    [
      '<Aside type="caution" title="Careful">\nSharp.\n</Aside>',
      '> **Caution: Careful**\n>\n> Sharp.',
    ],
    ['<Aside>\nPlain.\n</Aside>', '> **Note**\n>\n> Plain.'],
    [':::tip[Did you know?]\nAstro is fast.\n:::', '> **Tip: Did you know?**\n>\n> Astro is fast.'],
    [
      '::: warning Heads up\nVitePress title.\n:::',
      '> **Warning: Heads up**\n>\n> VitePress title.',
    ],
    [':::note\nDocusaurus.\n:::', '> **Note**\n>\n> Docusaurus.'],
    [':::danger{title="Stop"}\nNo.\n:::', '> **Danger: Stop**\n>\n> No.'],
  ])('%j', (source, expected) => {
    expect(md(source)).toBe(expected);
  });

  it('quotes every line of a multi-paragraph callout, code included', () => {
    expect(md('<Tip>\nFirst.\n\n```sh\nnpm i\n```\n</Tip>')).toBe(
      '> **Tip**\n>\n> First.\n>\n> ```sh\n> npm i\n> ```',
    );
  });

  it('renders nested directives (more colons outside)', () => {
    expect(md('::::note\nOuter\n:::tip\nInner\n:::\n::::')).toBe(
      '> **Note**\n>\n> Outer\n>\n> > **Tip**\n> >\n> > Inner',
    );
  });
});

describe('tabs and code groups become labelled sections', () => {
  it('labels tabs from their own props', () => {
    const source =
      '<Tabs>\n<TabItem label="npm">\n\n```sh\nnpm i\n```\n\n</TabItem>\n<TabItem label="pnpm">\npnpm add\n</TabItem>\n</Tabs>';
    expect(md(source)).toBe('**npm**\n\n```sh\nnpm i\n```\n\n**pnpm**\n\npnpm add');
  });

  it('labels tabs from the items of their group, in order', () => {
    const source =
      '<Tabs items={[\'pnpm\', \'npm\']}>\n  <Tab>\n    <Snippet text="pnpm add ai" dark />\n  </Tab>\n  <Tab>\n    <Snippet text="npm i ai" />\n  </Tab>\n</Tabs>';
    expect(md(source)).toBe('**pnpm**\n\n```\npnpm add ai\n```\n\n**npm**\n\n```\nnpm i ai\n```');
  });

  it('labels the code blocks of a VitePress code group and a Mintlify CodeGroup', () => {
    expect(md('::: code-group\n\n```js [vite.config.js]\nexport default {}\n```\n\n:::')).toBe(
      '**vite.config.js**\n\n```js\nexport default {}\n```',
    );
    expect(
      md('<CodeGroup>\n```bash npm\nnpm i\n```\n```bash yarn\nyarn add\n```\n</CodeGroup>'),
    ).toBe('**npm**\n\n```bash\nnpm i\n```\n\n**yarn**\n\n```bash\nyarn add\n```');
  });
});

describe('steps, cards and other components', () => {
  it('names API fields and their types, where they go and their default', () => {
    const body = markdownBody(
      [
        '<ParamField query="limit" type="number" default="10" required>',
        '  Most results per page.',
        '</ParamField>',
        '',
        '<ResponseField name="items" type="Item[]">The results.</ResponseField>',
        '',
        'Send <ParamField header="X-Key" type="string" /> too.',
      ].join('\n'),
    );
    expect(body).toBe(
      [
        '**`limit`** (`number`, query, required, default: `10`)',
        '',
        'Most results per page.',
        '',
        '**`items`** (`Item[]`)',
        '',
        'The results.',
        '',
        'Send **`X-Key`** (`string`, header) too.',
      ].join('\n'),
    );
  });

  it('numbers steps with titles', () => {
    const source =
      '<Steps>\n  <Step title="Install">\n    Run the installer.\n  </Step>\n  <Step title="Run">\n    Start it.\n  </Step>\n</Steps>';
    expect(md(source)).toBe(
      '1. **Install**\n\n   Run the installer.\n\n2. **Run**\n\n   Start it.',
    );
  });

  it('keeps the numbered list a Starlight <Steps> wraps', () => {
    expect(md('<Steps>\n\n1. One\n\n2. Two\n\n</Steps>')).toBe('1. One\n\n2. Two');
  });

  it('turns link cards into a list of links', () => {
    const source =
      '<CardGroup cols={2}>\n  <Card title="Quickstart" icon="rocket" href="/quickstart">\n    Start here.\n  </Card>\n  <LinkCard title="API" href="/api" description="Every endpoint." />\n</CardGroup>';
    expect(md(source)).toBe(
      '- [Quickstart](/quickstart): Start here.\n- [API](/api): Every endpoint.',
    );
  });

  it('keeps a card without a link as a titled paragraph', () => {
    expect(md('<Card title="Fast" icon="rocket">\n\tBuilt on Astro.\n</Card>')).toBe(
      '**Fast**\n\nBuilt on Astro.',
    );
  });

  it('renders literal data props as a list', () => {
    const source =
      "<PropertiesTable\n  content={[\n    { name: 'api', type: 'string', description: 'The endpoint.' },\n    { name: 'id', type: 'string', isOptional: true, description: 'An id.' },\n  ]}\n/>";
    expect(md(source)).toBe(
      '- `api` (`string`): The endpoint.\n- `id` (`string`, optional): An id.',
    );
  });

  it('keeps the text of unknown components and drops their tags', () => {
    expect(
      md(
        '<Callout2>\nSome **text**.\n</Callout2>\n\nAfter <Badge text="New" /> and <Kbd>Ctrl</Kbd>.',
      ),
    ).toBe('Some **text**.\n\nAfter New and Ctrl.');
    expect(md('<LinkButton href="/start">Get started</LinkButton>')).toBe('[Get started](/start)');
    expect(md('<Icon name="star" />\nText')).toBe('Text');
  });

  it('keeps a component inside a list item indented as the item', () => {
    const source =
      '1. Install:\n\n   <Tabs>\n   <TabItem label="npm">\n   npm i\n   </TabItem>\n   </Tabs>\n\n2. Run';
    expect(md(source)).toBe('1. Install:\n\n   **npm**\n\n   npm i\n\n2. Run');
  });

  it('turns MkDocs admonitions and content tabs into the same Markdown', () => {
    const source =
      '!!! warning "Mind this"\n    Indented body.\n\n    More.\n\n=== "Python"\n    ```py\n    print(1)\n    ```\n\nAfter.';
    expect(md(source)).toBe(
      '> **Warning: Mind this**\n>\n> Indented body.\n>\n> More.\n\n**Python**\n\n```py\nprint(1)\n```\n\nAfter.',
    );
  });
  it('turns pymdownx blocks into the same Markdown as the other callouts, tabs and details', () => {
    // The generic block syntax of pymdownx.blocks, as its documentation writes it.
    const source = [
      '/// admonition | Some title',
      '    type: warning',
      '',
      'Some content',
      '///',
      '',
      '/// note',
      'A note without a title.',
      '///',
      '',
      '/// version-changed | v2',
      'The `Config` class is deprecated.',
      '///',
      '',
      '//// details | Why the change?',
      '    open: true',
      '',
      'It is simpler.',
      '',
      '/// tab | pip',
      '```sh',
      'pip install x',
      '///',
      '```',
      '///',
      '////',
      '',
      '/// html | div.grid',
      'Inside.',
      '///',
    ].join('\n');
    expect(md(source)).toBe(
      [
        '> **Warning: Some title**',
        '>',
        '> Some content',
        '',
        '> **Note**',
        '>',
        '> A note without a title.',
        '',
        '> **Version changed: v2**',
        '>',
        '> The `Config` class is deprecated.',
        '',
        '**Why the change?**',
        '',
        'It is simpler.',
        '',
        '**pip**',
        '',
        '```sh',
        'pip install x',
        '///',
        '```',
        '',
        'Inside.',
      ].join('\n'),
    );
  });

  it('reads further words after an admonition’s type as classes, and a title holding quotes', () => {
    // Python-Markdown: `!!! danger highlight blink "Don't try this at home"`.
    expect(md('!!! warning highlight\n    Only models.')).toBe('> **Warning**\n>\n> Only models.');
    // Without a body indented under it, a line opening with `!!!` is prose.
    expect(md('!!! Read this first\n\nBefore anything.')).toBe(
      '!!! Read this first\n\nBefore anything.',
    );
    expect(md('!!! note "on the "jsonable" nature"\n    Body.')).toBe(
      '> **Note: on the "jsonable" nature**\n>\n> Body.',
    );
  });

  it('labels an admonition of a site’s own type by its name, in either syntax', () => {
    expect(md('!!! version-added "1.2"\n    The `strict` option.')).toBe(
      '> **Version added: 1.2**\n>\n> The `strict` option.',
    );
  });

  it('reads mkdocs-autorefs links as their text, and drops their empty anchors', () => {
    const source = [
      '[](){#model-config}',
      'Fields default to [`Any`][typing.Any]; see [models][] and [the guide][guide].',
      '',
      '[guide]: https://example.com/guide',
      '',
      'Code keeps `[a][b]`, and so does an image ![logo][guide].',
    ].join('\n');
    expect(md(source)).toBe(
      [
        'Fields default to `Any`; see models and [the guide][guide].',
        '',
        '[guide]: https://example.com/guide',
        '',
        'Code keeps `[a][b]`, and so does an image ![logo][guide].',
      ].join('\n'),
    );
  });
});

describe('what stays as written and what goes', () => {
  it('never touches code: fences and code spans keep their tags', () => {
    const source = 'Use `<Tabs>` here.\n\n```mdx\n<Note>\n:::tip\n</Note>\n```';
    expect(md(source)).toBe(source);
  });

  it('takes linear time on lines with long runs of spaces', () => {
    // 40,000 spaces took about 6 s: the heading id and trailing-space regexes tried each space.
    const run = ' '.repeat(100_000);
    const start = performance.now();
    expect(md(`## a${run}b {#id}\n\ntext${run}x${run}`)).toBe(`## a${run}b\n\ntext${run}x`);
    expect(performance.now() - start).toBeLessThan(1000);
  });

  it('leaves HTML and generic types in prose alone', () => {
    expect(md('A <kbd>K</kbd> key returns Promise<Result>.')).toBe(
      'A <kbd>K</kbd> key returns Promise<Result>.',
    );
  });

  it('drops comments, script and style blocks, [[toc]] and custom heading ids', () => {
    const source =
      '<script setup>\nimport X from "./x"\n</script>\n\n## Title {#custom}\n\n[[toc]]\n\n<!-- hidden -->Visible {/* note */}text';
    expect(md(source)).toBe('## Title\n\nVisible text');
    expect(md('# Vue.js Privacy Policy {#vue.js-privacy-policy}')).toBe('# Vue.js Privacy Policy');
    expect(md('##  {#only-id}')).toBe('##');
  });
});

/** An MDX import or export statement (not prose that starts with the word). */
const ESM_STATEMENT =
  /^\s*(?:import\s+(?:['"]|[\w*{][^'"]*\bfrom\s*['"]|\{)|export\s+(?:const|let|var|default|function|async|\{))/;

/** Lines outside code, with code spans removed: what a reader sees as prose. */
function proseLines(markdown: string): string[] {
  const lines: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const [, marker, info = ''] = /^\s*(?:>\s*)*(`{3,}|~{3,})(.*)$/.exec(line) ?? [];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && !info.trim()) {
        fence = undefined;
      }
      continue;
    }
    // A backtick fence's info string has no backtick (CommonMark): "```sh x ```" is a code span.
    if (marker && !(marker[0] === '`' && info.includes('`'))) {
      fence = marker;
      continue;
    }
    lines.push(line.replace(/(`+)[\s\S]*?\1/g, ''));
  }
  return lines;
}

describe.each([
  ['ai-sdk-docs', AI_SDK_DOCS],
  ['starlight-docs', STARLIGHT_DOCS],
  ['vite-docs', VITE_DOCS],
  ['the Docusaurus site', DOCUSAURUS_SITE],
  ['the Mintlify site', MINTLIFY_SITE],
  ['the MkDocs site', MKDOCS_SITE],
])('every page of %s', (_name, folder) => {
  it('has no MDX import lines, component tags or directive fences outside code', async () => {
    const { index } = await buildDocsIndex(folder);
    const leftovers: string[] = [];
    for (const page of index.allPages()) {
      for (const line of proseLines(cleanMarkdown(page))) {
        if (
          ESM_STATEMENT.test(line) ||
          /(?:^|[^\w])<\/?[A-Z][\w.]*[\s/>]/.test(line) ||
          /^\s*:::/.test(line)
        ) {
          leftovers.push(`${page.file}: ${line}`);
        }
      }
    }
    expect(leftovers).toEqual([]);
  });
});

describe('links to the site’s own paths, with the published address', () => {
  const page = (content: string) => ({ title: 'T', content });
  const site = 'https://ai-sdk.dev';

  it('become absolute on the published site, anchors and titles kept', () => {
    const text = cleanMarkdown(
      page(
        'See [streamText](/docs/reference/ai-sdk-core/stream-text#on-end "API") and [x](https://other.dev/a).\n\n[ref]: /docs/foundations/overview',
      ),
      { siteUrl: site },
    );
    expect(text).toContain(
      '[streamText](https://ai-sdk.dev/docs/reference/ai-sdk-core/stream-text#on-end "API")',
    );
    expect(text).toContain('[x](https://other.dev/a)');
    expect(text).toContain('[ref]: https://ai-sdk.dev/docs/foundations/overview');
  });

  it('leave code, protocol-relative links and pages without a published address alone', () => {
    const source = 'Write `[a](/b)`, or [c](//cdn.dev/d).\n\n```md\n[e](/f)\n```';
    const text = cleanMarkdown(page(source), { siteUrl: site });
    expect(text).toContain('`[a](/b)`');
    expect(text).toContain('[c](//cdn.dev/d)');
    expect(text).toContain('[e](/f)');
    expect(cleanMarkdown(page('[g](/h)'))).toContain('[g](/h)');
  });

  it('under a base path, keep a link that already names it', () => {
    const text = cleanMarkdown(page('[a](/guide/x) and [b](/docs/guide/y)'), {
      siteUrl: 'https://acme.dev/docs/',
    });
    expect(text).toContain('[a](https://acme.dev/docs/guide/x)');
    expect(text).toContain('[b](https://acme.dev/docs/guide/y)');
    // The base path itself, with or without an anchor, is the site's home.
    const home = cleanMarkdown(page('[c](/docs) and [d](/docs#start) and [e](/docsearch)'), {
      siteUrl: 'https://acme.dev/docs',
    });
    expect(home).toContain('[c](https://acme.dev/docs)');
    expect(home).toContain('[d](https://acme.dev/docs#start)');
    expect(home).toContain('[e](https://acme.dev/docs/docsearch)');
  });
});
