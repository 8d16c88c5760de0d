import type { ReactiveControllerHost } from 'lit';
import { describe, expect, it } from 'vitest';
import { ChatController } from '../../../src/widget/chat/chat-controller.ts';
import { citationsOf, docLinkOf, markdownLinksOf } from '../../../src/widget/chat/citations.ts';
import { clearConversation } from '../../../src/widget/chat/persistence.ts';
import type { DocsUIMessage } from '../../../src/widget/chat/types.ts';
import { FakeNetwork, recordedStream } from '../../support/widget/chat.ts';

function message(parts: unknown[]): DocsUIMessage {
  return { id: 'a1', role: 'assistant', parts } as DocsUIMessage;
}

const searchPart = (results: { path: string; title: string; anchor?: string }[]) => ({
  type: 'tool-search',
  toolCallId: 'c1',
  state: 'output-available',
  input: { query: 'q' },
  output: results.map((r) => ({
    content: '…',
    path: r.path,
    metadata: { title: r.title, ...(r.anchor ? { anchor: r.anchor } : {}) },
  })),
});

describe('citationsOf', () => {
  it('merges source-url parts and doc links in the text, deduplicated and numbered, sources titled by section', () => {
    const cited = citationsOf(
      message([
        searchPart([
          { path: 'docs/foundations/streaming', title: 'Streaming' },
          {
            path: 'docs/ai-sdk-core/generating-text',
            title: 'Generating Text',
            anchor: 'streamtext',
          },
          { path: 'docs/reference/stream-text', title: 'streamText' },
        ]),
        {
          type: 'source-url',
          sourceId: '1',
          url: '/docs/ai-sdk-core/generating-text',
          title: 'Generating text (src)',
        },
        {
          type: 'source-url',
          sourceId: '2',
          url: 'https://docs.example.com/docs/foundations/streaming',
          title: 'S',
        },
        {
          type: 'text',
          text:
            'See [1](/docs/ai-sdk-core/generating-text#streamtext), [the guide](https://docs.example.com/docs/guides/rag), ' +
            '[external](https://github.com/vercel/ai), [mail](mailto:a@b.c), [top](#x), ![img](/docs/img.png) and ' +
            '`[not a link](/docs/code)` plus [tools](docs/foundations/tools.mdx).',
        },
      ]),
      { docOrigins: [] },
    );
    expect(cited).toEqual([
      {
        index: 1,
        path: 'docs/ai-sdk-core/generating-text',
        title: 'Generating text (src)',
        url: '/docs/ai-sdk-core/generating-text',
        anchor: 'streamtext',
        from: 'source',
      },
      {
        index: 2,
        path: 'docs/foundations/streaming',
        title: 'S',
        url: 'https://docs.example.com/docs/foundations/streaming',
        from: 'source',
      },
      { index: 3, path: 'docs/guides/rag', title: 'the guide', from: 'link' },
      { index: 4, path: 'docs/foundations/tools', title: 'tools', from: 'link' },
    ]);
  });

  it('shows the retrieved pages only when the answer cites nothing itself', () => {
    const search = searchPart([
      { path: 'docs/foundations/streaming', title: 'Streaming', anchor: 'chunks' },
      { path: 'docs/reference/stream-text', title: 'streamText' },
    ]);
    expect(
      citationsOf(message([search, { type: 'text', text: 'Plain text.' }]), { docOrigins: [] }),
    ).toEqual([
      {
        index: 1,
        path: 'docs/foundations/streaming',
        title: 'Streaming',
        anchor: 'chunks',
        from: 'search',
      },
      { index: 2, path: 'docs/reference/stream-text', title: 'streamText', from: 'search' },
    ]);
    const linked = citationsOf(
      message([search, { type: 'text', text: 'See [Streaming](/docs/foundations/streaming).' }]),
      { docOrigins: [] },
    );
    expect(linked.map((c) => c.path)).toEqual(['docs/foundations/streaming']);
  });

  it('finds the pages of a recorded server answer in the order the server numbered them', async () => {
    const recorded = recordedStream('v2-answer');
    const network = new FakeNetwork().respondSse(recorded.body, recorded.headers);
    const host = {
      addController() {},
      removeController() {},
      requestUpdate() {},
      updateComplete: Promise.resolve(true),
    };
    const domain = 'citations-test';
    clearConversation(domain);
    const controller = new ChatController(host as ReactiveControllerHost, () => ({
      baseUrl: 'http://api.test',
      domain,
      apiKey: 'da_dsc_0123456789abcdef',
      fp: 'anonymous',
      retrievalPageSize: 5,
      currentPath: () => '/',
      fetch: network.fetch,
    }));
    await controller.send('How do I stream text with streamText?');
    clearConversation(domain);
    const cited = citationsOf(controller.messages.at(-1)!);
    const sources = recorded.body
      .split('\n\n')
      .filter((e) => e.includes('"source-url"'))
      .map((e) => JSON.parse(e.slice('data: '.length)) as { url: string; title: string });
    expect(sources.length).toBeGreaterThan(0);
    // The server's sources link to the cited section: the page is what a chip stands for.
    expect(cited.slice(0, sources.length).map((c) => `/${c.path}`)).toEqual(
      sources.map((s) => s.url.split('#')[0]),
    );
    expect(cited.map((c) => c.index)).toEqual(cited.map((_, i) => i + 1));
    expect(new Set(cited.map((c) => c.path)).size).toBe(cited.length);
    expect(cited.every((c) => c.title.length > 0 && !/^\d+$/.test(c.title))).toBe(true);
    expect(cited.slice(0, sources.length).every((c) => c.from === 'source')).toBe(true);
  });

  it('does not take a numbered citation marker for a title', () => {
    const cited = citationsOf(
      message([{ type: 'text', text: 'As shown [3](/docs/guides/rag).' }]),
      {
        docOrigins: [],
      },
    );
    expect(cited).toEqual([
      { index: 1, path: 'docs/guides/rag', title: 'docs/guides/rag', from: 'link' },
    ]);
  });

  it("cites the site's home page (path '') like any other page, numbered as the server numbered it", () => {
    const cited = citationsOf(
      message([
        searchPart([
          { path: '', title: 'Home' },
          { path: 'about/license/', title: 'License' },
        ]),
        { type: 'source-url', sourceId: '1', url: '/', title: 'Home' },
        {
          type: 'text',
          text: 'Lighthouse pages you when a site goes dark. [1](/)\n\nMore in: [License](/about/license/)',
        },
      ]),
    );
    expect(cited).toEqual([
      { index: 1, path: '', title: 'Home', url: '/', from: 'source' },
      { index: 2, path: 'about/license', title: 'License', from: 'link' },
    ]);
  });

  it("keeps a link's 'Page › Section' text as its title, so the chip names the section it opens", () => {
    const cited = citationsOf(
      message([
        searchPart([
          { path: 'guides/theming', title: 'Theming', anchor: 'change-the-font' },
          { path: 'guides/embedding', title: 'Embedding the widget' },
        ]),
        {
          type: 'text',
          text: [
            'More in: [Theming › Change or translate the texts](/guides/theming#change-or-translate-the-texts) · [here](/guides/embedding#host-the-widget-files-yourself)',
          ].join('\n'),
        },
      ]),
      { docOrigins: [] },
    );
    expect(cited).toEqual([
      {
        index: 1,
        path: 'guides/theming',
        title: 'Theming › Change or translate the texts',
        anchor: 'change-or-translate-the-texts',
        from: 'link',
      },
      {
        index: 2,
        path: 'guides/embedding',
        title: 'Embedding the widget',
        anchor: 'host-the-widget-files-yourself',
        from: 'link',
      },
    ]);
  });

  it('does not repeat as chips the closest sections a "not covered" answer lists', () => {
    const cited = citationsOf(
      message([
        searchPart([
          { path: 'guides/theming', title: 'Theming' },
          { path: 'guides/embedding', title: 'Embedding the widget' },
        ]),
        {
          type: 'text',
          text: [
            "The docs don't seem to cover this. The closest sections are:",
            '',
            '- [Theming › Change or translate the texts](/guides/theming#change-or-translate-the-texts)',
            '- [Embedding the widget](/guides/embedding)',
          ].join('\n'),
        },
      ]),
      { docOrigins: [] },
    );
    // Listed once, as the answer's list: no chips, and not the search's pages either.
    expect(cited).toEqual([]);
    // A list item that says more than its link still cites it.
    expect(
      citationsOf(
        message([{ type: 'text', text: '- Set the color in [Theming](/guides/theming).' }]),
        {
          docOrigins: [],
        },
      ).map((c) => c.path),
    ).toEqual(['guides/theming']);
  });

  it('answers again from memory for the same message snapshot', () => {
    const snapshot = message([{ type: 'text', text: 'See [x](/docs/x).' }]);
    expect(citationsOf(snapshot)).toBe(citationsOf(snapshot));
    expect(citationsOf({ ...snapshot })).not.toBe(citationsOf(snapshot));
  });

  it('has no citations for a user message or plain text', () => {
    expect(citationsOf({ id: 'u', role: 'user', parts: [{ type: 'text', text: 'hi' }] })).toEqual(
      [],
    );
  });
});

describe('docLinkOf', () => {
  it.each([
    ['/docs/a/b', { path: 'docs/a/b' }],
    ['docs/a/b/', { path: 'docs/a/b' }],
    ['./docs/a.md#Intro', { path: 'docs/a', anchor: 'Intro' }],
    ['https://docs.example.com/docs/x?y=1', { path: 'docs/x' }],
    ['/guide/features.html?y=1#top', { path: 'guide/features', anchor: 'top' }],
    ['https://elsewhere.com/docs/x', undefined],
    ['#anchor', undefined],
    ['mailto:x@y.z', undefined],
    ['javascript:alert(1)', undefined],
    ['/logo.png', undefined],
    ['../up', undefined],
    ['/', { path: '' }],
    ['/#install', { path: '', anchor: 'install' }],
    ['https://docs.example.com/index.html', { path: '' }],
  ])('%s', (href, expected) => {
    expect(docLinkOf(href, ['https://docs.example.com'])).toEqual(expected);
  });

  it.each([
    ['./api-javascript', 'guide/api-hmr', { path: 'guide/api-javascript' }],
    [
      '../config/server-options.md#server-host',
      'guide/api-hmr',
      { path: 'config/server-options', anchor: 'server-host' },
    ],
    ['../sidebar/', 'guides/i18n/', { path: 'guides/sidebar' }],
    [
      'features.html#glob-import',
      'guide/assets',
      { path: 'guide/features', anchor: 'glob-import' },
    ],
    ['/guide/index.html', 'config/x', { path: 'guide' }],
    ['../../../etc/passwd', 'guide/x', { path: 'etc/passwd' }],
    ['#anchor', 'guide/x', undefined],
  ])('%s on the page %s', (href, base, expected) => {
    expect(docLinkOf(href, ['https://docs.example.com'], base)).toEqual(expected);
  });

  it('counts links to the page own origin as doc links by default', () => {
    expect(docLinkOf(`${location.origin}/docs/z`)).toEqual({ path: 'docs/z' });
  });
});

describe('markdownLinksOf', () => {
  it('skips images and code', () => {
    expect(markdownLinksOf('[a](/x) ![b](/y) `[c](/z)`\n```\n[d](/w)\n```\n[e](</v> "t")')).toEqual(
      [
        { text: 'a', href: '/x' },
        { text: 'e', href: '/v' },
      ],
    );
  });
});
