import { waitUntil } from '@open-wc/testing/pure';
import { html, render } from 'lit';
import { describe, expect, it } from 'vitest';
import { isHighlighterReady, loadHighlighter } from '../../../src/widget/markdown/highlight.ts';
import { markdown } from '../../../src/widget/markdown/markdown-directive.ts';
import {
  type RenderedHtml,
  type RenderOptions,
  renderHtml,
} from '../../../src/widget/markdown/render.ts';
import { StreamingMarkdown } from '../../../src/widget/markdown/streaming-markdown.ts';
import { recordedStream } from '../../support/widget/chat.ts';
import { WAIT } from '../../support/widget/wait.ts';

const ANSWER = [
  '## Streaming\n\n',
  'Use `streamText` to **stream** tokens. See [the guide](/docs/ai-sdk-core/generating-text).\n\n',
  '- one\n- two\n\n',
  '```ts\nimport { streamText } from "ai";\nconst result = streamText({ model });\n```\n\n',
  'Done.',
].join('');

/** Feeds text in small chunks, the way an answer arrives. */
function* chunksOf(text: string, size = 7): Generator<string> {
  for (let end = size; end < text.length + size; end += size)
    yield text.slice(0, Math.min(end, text.length));
}

describe('StreamingMarkdown', () => {
  it('renders each finished block once and re-renders only the growing last block', () => {
    const rendered: string[] = [];
    const counting = (md: string, options?: RenderOptions): RenderedHtml => {
      rendered.push(md);
      return renderHtml(md, options);
    };
    const streaming = new StreamingMarkdown({}, counting);
    let previous = streaming.update('');
    let updates = 0;
    for (const text of chunksOf(ANSWER)) {
      const before = streaming.renders;
      const blocks = streaming.update(text, { streaming: true });
      updates++;
      // at most the growing block, plus the block that just finished when a new one starts
      expect(streaming.renders - before).toBeLessThanOrEqual(2);
      // a block that was finished before comes back as the same object, same HTML string
      for (const block of blocks) {
        const earlier = previous.find((b) => b.key === block.key);
        if (earlier?.complete) expect(block).toBe(earlier);
      }
      previous = blocks;
    }
    const final = streaming.update(ANSWER, { streaming: false });
    expect(final.map((b) => b.complete)).toEqual([true, true, true, true, true]);
    expect(final.slice(0, -1).every((b, i) => b === previous[i])).toBe(true);
    // each finished block's final Markdown was rendered exactly once
    for (const raw of ['## Streaming\n\n', '- one\n- two\n\n']) {
      expect(rendered.filter((r) => r === raw)).toHaveLength(1);
    }
    expect(streaming.renders).toBe(rendered.length);
    expect(streaming.renders).toBeLessThan(updates + final.length + 1);
  });

  it('renders a stream cut off mid-code-block as a code block, with the text so far', () => {
    const cut = 'Here:\n\n```ts\nconst a = 1;\nconst b = **a';
    const blocks = new StreamingMarkdown().update(cut, { streaming: true });
    const root = document.createElement('div');
    root.innerHTML = blocks.map((b) => b.html).join('');
    const code = root.querySelector('[data-code-block] pre code');
    expect(code?.textContent).toBe('const a = 1;\nconst b = **a');
    expect(root.querySelector('strong')).toBeNull();
    expect(root.textContent).not.toContain('```');
  });

  it('repairs the tail only while streaming', () => {
    const md = new StreamingMarkdown();
    const streamingHtml = md.update('Some **bold', { streaming: true })[0]!.html;
    expect(streamingHtml).toContain('<strong>bold</strong>');
    const finalHtml = md.update('Some **bold', { streaming: false })[0]!.html;
    expect(finalHtml).not.toContain('<strong>');
  });

  it('resolves reference-style links whose definitions are in other blocks', () => {
    const answer = [
      'Stream with [streamText][1], or see [the overview][overview].\n\n',
      '- Tools: [tool calling][2]\n\n',
      '```ts\nconst pair = [a][1];\n```\n\n',
      '[1]: /docs/ai-sdk-core/generating-text "Generating text"\n',
      '[2]: /docs/ai-sdk-core/tools-and-tool-calling\n',
      '[overview]: /docs/foundations/overview\n',
    ].join('');
    const hrefs = (blocks: { html: string }[]) =>
      blocks.flatMap((b) => [...b.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1] ?? ''));

    const rendered: string[] = [];
    const streaming = new StreamingMarkdown({}, (md, options) => {
      rendered.push(md);
      return renderHtml(md, options);
    });
    let blocks = streaming.update('');
    const seen: string[][] = [];
    for (const text of chunksOf(answer)) {
      blocks = streaming.update(text, { streaming: true });
      seen.push(hrefs(blocks));
    }
    // while the last definition is still arriving, nothing links to half an address
    for (const links of seen) {
      for (const href of links) expect(answer).toContain(`]: ${href}`);
    }
    blocks = streaming.update(answer);
    expect(hrefs(blocks)).toEqual([
      '/docs/ai-sdk-core/generating-text',
      '/docs/foundations/overview',
      '/docs/ai-sdk-core/tools-and-tool-calling',
    ]);
    expect(blocks[0]!.html).toContain('title="Generating text"');
    // code keeps its brackets, and is not rendered again with the definitions
    expect(blocks[2]!.html).toContain('[a][1]');
    expect(rendered.filter((md) => md.startsWith('```ts') && md.includes(']: '))).toEqual([]);
    // the definitions themselves show nothing
    const prose = blocks.filter((_, i) => i !== 2).map((b) => b.html);
    expect(prose.join('')).not.toContain(']:');
    expect(prose.join('')).not.toContain('[1]');
  });

  it('leaves a reference without a definition as text', () => {
    const blocks = new StreamingMarkdown().update('See [the guide][9].\n\n[1]: /docs/a\n');
    expect(blocks[0]!.html).toContain('[the guide][9]');
    expect(blocks[0]!.html).not.toContain('href');
  });
});

describe('markdown directive', () => {
  it('keeps the DOM nodes of finished blocks while the answer streams', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    const draw = (text: string, streaming: boolean) =>
      render(html`${markdown(text, { streaming })}`, host);
    draw('# Title\n\nFirst para', true);
    const heading = host.querySelector('h1');
    expect(heading?.textContent).toBe('Title');
    draw('# Title\n\nFirst paragraph.\n\nSecond **par', true);
    expect(host.querySelector('h1')).toBe(heading);
    const first = host.querySelectorAll('p')[0];
    draw('# Title\n\nFirst paragraph.\n\nSecond **part**.', false);
    expect(host.querySelector('h1')).toBe(heading);
    expect(host.querySelectorAll('p')[0]).toBe(first);
    expect(host.querySelectorAll('p')[1]?.innerHTML).toBe('Second <strong>part</strong>.');
  });

  it('sanitizes what it renders', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    render(
      html`${markdown('<img src=x onerror="window.pwnedDirective=1"> [x](javascript:alert(1))')}`,
      host,
    );
    expect(host.querySelector('img')?.hasAttribute('onerror')).toBe(false);
    expect(host.querySelector('a')?.hasAttribute('href')).toBe(false);
  });

  it('loads the highlighter lazily and highlights code blocks once it is ready', async () => {
    const host = document.body.appendChild(document.createElement('div'));
    render(html`${markdown('```ts\nconst answer: number = 42;\n```')}`, host);
    await loadHighlighter();
    expect(isHighlighterReady()).toBe(true);
    await waitUntil(() => host.querySelector('.hljs-keyword') !== null, 'highlighted code', WAIT);
    expect(host.querySelector('code')?.textContent).toBe('const answer: number = 42;');
    expect(host.querySelector('[data-copy-code]')).not.toBeNull();
  });
});

describe('StreamingMarkdown on recorded answers', () => {
  const deltasOf = (body: string) =>
    body
      .split('\n\n')
      .filter((e) => e.includes('"text-delta"'))
      .map((e) => (JSON.parse(e.slice('data: '.length)) as { delta: string }).delta);

  /** Text the reader sees outside code: no stray Markdown syntax. */
  const proseOf = (html: string) => {
    const root = document.createElement('div');
    root.innerHTML = html;
    for (const code of root.querySelectorAll('code, pre')) code.remove();
    return root.textContent ?? '';
  };

  it.each(['v2-answer', 'v2-continued', 'v2-not-covered', 'v2-error'])(
    '%s: every prefix renders without stray syntax, and the result equals a full render',
    (name) => {
      const deltas = deltasOf(recordedStream(name).body);
      expect(deltas.length).toBeGreaterThan(0);
      const streaming = new StreamingMarkdown();
      let text = '';
      for (const delta of deltas) {
        text += delta;
        const html = streaming
          .update(text, { streaming: true })
          .map((b) => b.html)
          .join('');
        const prose = proseOf(html);
        expect(prose, text).not.toContain('**');
        expect(prose, text).not.toContain('`');
        expect(prose, text).not.toMatch(/\]\(/);
      }
      const final = streaming.update(text, { streaming: false });
      const fresh = new StreamingMarkdown().update(text);
      expect(final.map((b) => b.html)).toEqual(fresh.map((b) => b.html));
      expect(streaming.renders).toBeLessThanOrEqual(deltas.length + final.length);
    },
  );
});

describe('StreamingMarkdown: lexing only the tail', () => {
  const tricky = [
    '# Title\nSetext\n===\n\n',
    'Para one\nlazy line\n\n',
    '- item a\n\n  continued a\n- item b\n\n',
    '1. first\n2. second\n\n',
    '> quote\ncontinued\n\n',
    '| a | b |\n| - | - |\n| 1 | 2 |\n\n',
    '```js\nconst x = 1;\n\n\nconst y = 2;\n```\n\n',
    '    indented code\n\n',
    '<div>\nraw html\n</div>\n\n',
    'Text with [ref][r] and **bold**.\n\n[r]: /docs/r\n\n',
    'Heading two\n---\n\nEnd.',
  ].join('');

  it('gives the same blocks as lexing the whole text, for every prefix', () => {
    const streaming = new StreamingMarkdown();
    for (let end = 1; end <= tricky.length; end++) {
      const prefix = tricky.slice(0, end);
      const incremental = streaming.update(prefix).map((b) => b.html);
      const whole = new StreamingMarkdown().update(prefix).map((b) => b.html);
      expect(incremental, JSON.stringify(prefix)).toEqual(whole);
    }
  });

  it('lexes the whole text again when it did not just grow', () => {
    const streaming = new StreamingMarkdown();
    streaming.update('# A\n\nB\n\nC\n\nD');
    expect(streaming.update('# X\n\nB\n\nC\n\nD')[0]?.html).toContain('X');
  });
});
