import { describe, expect, it } from 'vitest';
import { HeadingSlugger, slugify } from '../../../src/api/anchors.ts';
import { renderMarkdown } from '../../../src/widget/markdown/render.ts';
import { isSafeUrl, sanitize } from '../../../src/widget/markdown/sanitize.ts';
import { StreamingMarkdown } from '../../../src/widget/markdown/streaming-markdown.ts';
import { recordedStream } from '../../support/widget/chat.ts';

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('sanitize', () => {
  it('drops scripts, event handlers and dangerous elements from hostile Markdown', () => {
    const hostile = [
      'Hi <script>window.pwned = 1</script>',
      '<img src="x" onerror="window.pwned = 1">',
      '<svg onload="window.pwned=1"><circle r="1"/></svg>',
      '<iframe src="https://evil.example"></iframe>',
      '<style>body { display: none }</style>',
      '<p style="position:fixed;inset:0" id="panel" onclick="x()">overlay</p>',
      '<form action="https://evil.example"><input name="pw"></form>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
      '<a href="javascript:alert(1)">click</a>',
    ].join('\n\n');
    const html = renderMarkdown(hostile);
    const root = dom(html);
    expect(
      root.querySelectorAll('script, svg, iframe, style, form, input, object, embed, math'),
    ).toHaveLength(0);
    for (const element of root.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        expect(attribute.name.startsWith('on'), `${element.tagName} ${attribute.name}`).toBe(false);
        expect(['style', 'id', 'name']).not.toContain(attribute.name);
      }
    }
    expect(html).not.toMatch(/javascript:/i);
    expect(root.textContent).toContain('overlay');
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('removes javascript:, data: and vbscript: URLs, also obfuscated, from Markdown links and images', () => {
    const md = [
      '[a](javascript:alert(1))',
      '[b](JaVaScRiPt:alert(1))',
      '[c](java&#x09;script:alert(1))',
      '<a href="java\tscript:alert(1)">d</a>',
      '[e](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '[f](vbscript:msgbox(1))',
      '![g](data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=)',
      '<a href=" javascript:alert(1)">h</a>',
      '<a href="javascript&colon;alert(1)">i</a>',
      '<a href="&#106;avascript:alert(1)">j</a>',
      '<javascript:alert(1)>',
      '[k](<javascript:alert(1)>)',
      '<a href="data:text/html,<script>alert(1)</script>">l</a>',
    ].join('\n\n');
    const root = dom(renderMarkdown(md));
    for (const a of root.querySelectorAll('a'))
      expect(a.hasAttribute('href'), a.outerHTML).toBe(false);
    for (const img of root.querySelectorAll('img'))
      expect(img.hasAttribute('src'), img.outerHTML).toBe(false);
    expect(root.querySelectorAll('a').length).toBeGreaterThanOrEqual(10);
  });

  it('survives mutation-XSS classics', () => {
    const root = dom(
      renderMarkdown(
        [
          '<noscript><p title="</noscript><img src=x onerror=window.pwned=1>">',
          '<svg><style><img src=x onerror=window.pwned=1></style></svg>',
          '<math><mtext><table><mglyph><style><img src=x onerror=window.pwned=1>',
          '<details open ontoggle="window.pwned=1">d</details>',
        ].join('\n\n'),
      ),
    );
    document.body.append(root);
    for (const element of root.querySelectorAll('*')) {
      expect(
        [...element.attributes].some((a) => a.name.startsWith('on')),
        element.outerHTML,
      ).toBe(false);
    }
    root.remove();
    expect((window as { pwned?: number }).pwned).toBeUndefined();
  });

  it('keeps http(s), mailto, relative and anchor links; external ones open safely', () => {
    const root = dom(
      renderMarkdown(
        '[ext](https://example.com/x) [mail](mailto:a@b.c) [doc](/docs/foundations/overview) [rel](docs/a#b) [top](#intro)',
      ),
    );
    const links = Object.fromEntries(
      [...root.querySelectorAll('a')].map((a) => [a.textContent, a]),
    );
    expect(links.ext?.getAttribute('href')).toBe('https://example.com/x');
    expect(links.ext?.getAttribute('target')).toBe('_blank');
    expect(links.ext?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links.mail?.getAttribute('href')).toBe('mailto:a@b.c');
    expect(links.mail?.hasAttribute('target')).toBe(false);
    expect(links.doc?.getAttribute('href')).toBe('/docs/foundations/overview');
    expect(links.doc?.hasAttribute('target')).toBe(false);
    expect(links.rel?.getAttribute('href')).toBe('docs/a#b');
    expect(links.top?.getAttribute('href')).toBe('#intro');
  });

  it('strips a target the author set on a same-site link and keeps protocol checks on raw HTML', () => {
    const html = sanitize('<a href="/x" target="_top">x</a><img src="https://e.x/a.png" alt="a">');
    const root = dom(html);
    expect(root.querySelector('a')?.hasAttribute('target')).toBe(false);
    expect(root.querySelector('img')?.getAttribute('src')).toBe('https://e.x/a.png');
    expect(root.querySelector('img')?.getAttribute('referrerpolicy')).toBe('no-referrer');
  });

  it.each([
    ['https://a.b', true],
    ['http://a.b', true],
    ['mailto:x@y.z', true],
    ['/docs/a', true],
    ['docs/a', true],
    ['#x', true],
    ['javascript:alert(1)', false],
    ['\u0000javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:x', false],
    ['file:///etc/passwd', false],
  ])('isSafeUrl(%j) is %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe);
  });
});

describe('renderMarkdown', () => {
  it('wraps code blocks with a copy button hook and the language', () => {
    const root = dom(renderMarkdown('```ts\nconst a = 1 < 2;\n```', { copyLabel: 'Copier' }));
    const block = root.querySelector('[data-code-block]');
    expect(block?.getAttribute('data-language')).toBe('ts');
    const button = block?.querySelector('button[data-copy-code]');
    expect(button?.getAttribute('type')).toBe('button');
    expect(button?.getAttribute('aria-label')).toBe('Copier');
    expect(block?.querySelector('pre > code')?.textContent).toBe('const a = 1 < 2;');
    // code that scrolls sideways is reachable by keyboard, even though `tabindex` is not allowed in
    expect(block?.querySelector('pre')?.getAttribute('tabindex')).toBe('0');
    expect(dom(renderMarkdown('<p tabindex="5">x</p>')).querySelector('[tabindex]')).toBeNull();
  });

  it('marks numbered links as citation markers in answers only', () => {
    const md = 'Stream it [1](/docs/a), see [the guide](/docs/b) and [12](https://example.com/x).';
    const answer = dom(renderMarkdown(md, { citationMarkers: true }));
    expect([...answer.querySelectorAll('a.cite')].map((a) => a.textContent)).toEqual(['1', '12']);
    expect(answer.querySelector('a.cite')?.getAttribute('href')).toBe('/docs/a');
    expect(dom(renderMarkdown(md)).querySelectorAll('.cite')).toHaveLength(0);
  });

  it('drops front matter and MDX imports of a page, but not inside code', () => {
    const page =
      "---\ntitle: X\n---\nimport { Tabs } from 'nextra';\n\n# Heading\n\n```js\nimport x from 'y';\n```";
    const root = dom(renderMarkdown(page));
    expect(root.textContent).not.toContain('title: X');
    expect(root.textContent).not.toContain('nextra');
    expect(root.querySelector('h1')?.textContent).toBe('Heading');
    expect(root.querySelector('code')?.textContent).toContain("import x from 'y';");
  });
});

describe('heading anchors', () => {
  it('marks headings with the anchors the server gives sections, without ids', () => {
    const page =
      '# Generating Text\n\n## `streamText`\n\n## Smoothing streams\n\n### Example\n\n### Example\n\n## Custom {#my-id}\n\n```md\n## not a heading\n```';
    const root = document.createElement('div');
    root.innerHTML = renderMarkdown(page, { anchors: HeadingSlugger });
    const anchors = [...root.querySelectorAll('[data-anchor]')].map((h) => [
      h.tagName,
      h.getAttribute('data-anchor'),
    ]);
    expect(anchors).toEqual([
      ['H1', 'generating-text'],
      ['H2', 'streamtext'],
      ['H2', 'smoothing-streams'],
      ['H3', 'example'],
      ['H3', 'example-1'],
      ['H2', 'my-id'],
    ]);
    expect(root.querySelector('[data-anchor="my-id"]')?.textContent).toBe('Custom');
    expect(root.querySelectorAll('[id]')).toHaveLength(0);
  });

  it('gives none in an answer (rendered without the slug rules): nothing links into one', () => {
    const root = dom(renderMarkdown('## Example\n\nText.\n\n## Custom {#my-id}'));
    expect([...root.querySelectorAll('h2')].map((h) => h.textContent)).toEqual([
      'Example',
      'Custom',
    ]);
    expect(root.querySelectorAll('[data-anchor]')).toHaveLength(0);
  });

  it('numbers repeated headings across the blocks of a streamed page, in the page style', () => {
    const page = '## Example\n\nOne.\n\n## Example\n\nTwo.\n\n### Example\n';
    const anchorsOf = (blocks: { html: string }[]) =>
      [...dom(blocks.map((b) => b.html).join('')).querySelectorAll('[data-anchor]')].map((h) =>
        h.getAttribute('data-anchor'),
      );
    const github = new StreamingMarkdown({ anchors: HeadingSlugger });
    expect(anchorsOf(github.update(page))).toEqual(['example', 'example-1', 'example-2']);
    // the first blocks come from the cache and still count
    expect(anchorsOf(github.update(`${page}\n## Example\n`))).toEqual([
      'example',
      'example-1',
      'example-2',
      'example-3',
    ]);
    expect(
      anchorsOf(
        new StreamingMarkdown({ anchors: HeadingSlugger, slugStyle: 'mkdocs' }).update(page),
      ),
    ).toEqual(['example', 'example_1', 'example_2']);
  });
});

describe('heading slugs', () => {
  it('matches the anchors of the sections in recorded search results', () => {
    const pairs: [string, string][] = [];
    for (const name of ['v2-answer', 'v2-continued', 'v2-not-covered', 'v2-error']) {
      for (const event of recordedStream(name).body.split('\n\n')) {
        if (!event.includes('"tool-output-available"')) continue;
        const { output } = JSON.parse(event.slice('data: '.length)) as {
          output: { metadata: { heading?: string; anchor?: string } }[];
        };
        for (const { metadata } of output) {
          if (metadata.heading && metadata.anchor) pairs.push([metadata.heading, metadata.anchor]);
        }
      }
    }
    expect(pairs.length).toBeGreaterThan(5);
    for (const [heading, anchor] of pairs)
      expect(anchor).toMatch(new RegExp(`^${slugify(heading)}(-\\d+)?$`));
  });
});
