import GithubSlugger from 'github-slugger';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HeadingSlugger,
  headingSource,
  matchesAnchor,
  SLUG_STYLES,
  type SlugStyle,
  slugify,
} from '../../src/api/anchors.ts';
import { EXPLICIT_ID } from '../../src/api/explicit-id.ts';
import type { SiteIndex } from '../../src/server/docs-index/docs-index.ts';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';
import { FenceTracker, parseHeading } from '../../src/server/docs-index/markdown.ts';
import { splitSections } from '../../src/server/docs-index/sections.ts';
import type { Page } from '../../src/server/docs-index/types.ts';
import { markdownToHtml, type RenderOptions } from '../../src/widget/markdown/html.ts';
import { stripMdxSource } from '../../src/widget/markdown/render.ts';
import { StreamingMarkdown } from '../../src/widget/markdown/streaming-markdown.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS, VITE_DOCS } from '../support/corpora.ts';

const slugs = (style: SlugStyle, texts: string[]) => {
  const slugger = new HeadingSlugger(style);
  return texts.map((text) => slugger.slug(text));
};

describe('slug styles: the frameworks own examples', () => {
  it('github: github-slugger README', () => {
    expect(slugs('github', ['foo', 'foo', 'bar', 'foo'])).toEqual(['foo', 'foo-1', 'bar', 'foo-2']);
    expect(slugify('Привет non-latin 你好')).toBe('привет-non-latin-你好');
    expect(slugify('😄 emoji')).toBe('-emoji');
    // a heading that happens to read like a numbered repeat is skipped over, as github-slugger does
    expect(slugs('github', ['a', 'a-1', 'a'])).toEqual(['a', 'a-1', 'a-2']);
  });

  it('vitepress: @mdit-vue slugify and markdown-it-anchor numbering', () => {
    expect(slugify('Using Custom Anchors', 'vitepress')).toBe('using-custom-anchors');
    expect(slugify('Object Format (Record<string, string>)', 'vitepress')).toBe(
      'object-format-record-string-string',
    );
    expect(slugify('Café “déjà vu”', 'vitepress')).toBe('cafe-deja-vu');
    expect(slugify('1. Install', 'vitepress')).toBe('_1-install');
    expect(slugify('你好 世界', 'vitepress')).toBe('你好-世界');
    expect(slugs('vitepress', ['Options', 'Options', 'Options'])).toEqual([
      'options',
      'options-1',
      'options-2',
    ]);
  });

  it('mkdocs: Python-Markdown toc (the extension documentation and source comments)', () => {
    expect(slugs('mkdocs', ['Header', 'Header', 'Header'])).toEqual([
      'header',
      'header_1',
      'header_2',
    ]);
    expect(slugs('mkdocs', ['Header 1', 'Header 2'])).toEqual(['header-1', 'header-2']);
    expect(slugify('žlutý kůň', 'mkdocs')).toBe('zluty-kun');
    expect(slugify('  What -- is   this?  ', 'mkdocs')).toBe('what-is-this');
    expect(slugs('mkdocs', ['你好', '你好'])).toEqual(['_1', '_2']);
  });

  it('an explicit {#id} is the anchor in every style, and is taken', () => {
    for (const style of SLUG_STYLES) {
      const slugger = new HeadingSlugger(style);
      expect(slugger.anchor('Install it {#setup}')).toBe('setup');
      expect(slugger.anchor('Setup')).not.toBe('setup');
    }
  });

  it('matches a cited anchor against any style', () => {
    expect(
      matchesAnchor('Object Format (Record<string, string>)', 'object-format-record-string-string'),
    ).toBe(true);
    expect(matchesAnchor('NODE_ENV and Modes', 'node_env-and-modes')).toBe(true);
    expect(matchesAnchor('NODE_ENV and Modes', '#node_env-and-modes')).toBe(true);
    expect(matchesAnchor('NODE_ENV and Modes', 'modes')).toBe(false);
  });
});

describe('headingSource: a heading as a reader sees it', () => {
  it.each([
    ['`streamText`', 'streamText'],
    ['`<FileTree>` Props', '<FileTree> Props'],
    ['Docs in `node_modules`', 'Docs in node_modules'],
    ['AI_DownloadError', 'AI_DownloadError'],
    ['_Cache_ and **bold** and ~~old~~', 'Cache and bold and old'],
    ['[`nonce-{RANDOM}`](https://example.com/#x)', 'nonce-{RANDOM}'],
    ['Target [<Badge text="NRV" />](#top)', 'Target'],
    ['Nebenbemerkungs&shy;titel &amp; more', 'Nebenbemerkungs\u00adtitel & more'],
    ['Escaped \\*stars\\*', 'Escaped *stars*'],
    ['![logo](/logo.png) Logo', 'Logo'],
  ])('%s', (markdown, text) => {
    expect(headingSource(markdown).text).toBe(text);
  });

  it('splits off an explicit id', () => {
    expect(headingSource('Custom {#my-id}')).toEqual({ text: 'Custom', id: 'my-id' });
    expect(headingSource('Custom [#my-id]')).toEqual({ text: 'Custom', id: 'my-id' });
    // As the frameworks take it: any text without spaces (vuejs/docs' `about/privacy.md`).
    expect(headingSource('Vue.js Privacy Policy {#vue.js-privacy-policy}')).toEqual({
      text: 'Vue.js Privacy Policy',
      id: 'vue.js-privacy-policy',
    });
    expect(headingSource('Set {a b}').id).toBeUndefined();
  });

  it('finds an explicit id in time linear in a long run of spaces', () => {
    // EXPLICIT_ID tried every space of a run: 40,000 spaces took about 4 s.
    const run = ' '.repeat(200_000);
    const start = performance.now();
    expect(EXPLICIT_ID.exec(`a${run}b`)).toBeNull();
    expect(EXPLICIT_ID.exec(`a${run}{#id}${run}`)?.index).toBe(1);
    expect(headingSource(`Title${run}x {#id}`).id).toBe('id');
    expect(performance.now() - start).toBeLessThan(500);
  });
});

interface Corpus {
  name: string;
  root: string;
  /** The style of the framework the site is built with, where it is one we know exactly. */
  style?: SlugStyle;
  pages: Page[];
  index?: SiteIndex;
}

const corpora: Corpus[] = [
  { name: 'ai-sdk-docs', root: AI_SDK_DOCS, pages: [] },
  { name: 'starlight-docs', root: STARLIGHT_DOCS, style: 'github', pages: [] },
  { name: 'vite-docs', root: VITE_DOCS, style: 'vitepress', pages: [] },
];

beforeAll(async () => {
  for (const corpus of corpora) {
    // Built as the server builds it: the framework's published paths and slug style.
    const { index } = await buildDocsIndex(corpus.root);
    corpus.index = index;
    corpus.pages.push(...index.allPages());
  }
});

/** The headings of a page as the widget renders it in the page view: block by block. */
function widgetHeadings(content: string, options: RenderOptions = {}) {
  const pageOptions = { ...options, anchors: HeadingSlugger };
  const streaming = new StreamingMarkdown(pageOptions, (markdown, blockOptions) => {
    const { html, anchors } = markdownToHtml(markdown, blockOptions);
    return { html, unhighlighted: false, anchors };
  });
  const html = streaming
    .update(stripMdxSource(content))
    .map((block) => block.html)
    .join('');
  return [...html.matchAll(/<h([1-6]) data-anchor="([^"]*)"/g)].map(([, level, anchor]) => ({
    level: Number(level),
    anchor: anchor ?? '',
  }));
}

const widgetAnchors = (content: string, options: RenderOptions = {}) =>
  widgetHeadings(content, options).map((heading) => heading.anchor);

describe.each(corpora)('$name', (corpus) => {
  it('server sections and the widget page view give every heading the same anchor', () => {
    let compared = 0;
    for (const page of corpus.pages) {
      const server = splitSections(page)
        .map((section) => section.anchor)
        .filter(Boolean);
      // A `#` title as the page's first heading opens the top section, which links to the page.
      const widget = widgetHeadings(page.content, { slugStyle: page.anchorStyle ?? 'github' })
        .filter((heading, i) => !(i === 0 && heading.level === 1))
        .map((heading) => heading.anchor);
      expect(widget, page.file).toEqual(server);
      compared += server.length;
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('github style is github-slugger, heading for heading', () => {
    let compared = 0;
    for (const page of corpus.pages) {
      const library = new GithubSlugger();
      const ours = new HeadingSlugger('github');
      const fences = new FenceTracker();
      for (const line of page.content.split('\n')) {
        const heading = fences.isCode(line) ? undefined : parseHeading(line);
        if (!heading || heading.customId) continue;
        const { text } = headingSource(heading.text);
        expect(ours.slug(text), `${page.file}: ${text}`).toBe(library.slug(text));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});

const framed = corpora.filter((corpus) => corpus.style !== undefined);

describe.each(framed)('$name, built with a framework whose slugs we know', (corpus) => {
  it("resolves the site's own #anchor links in its framework's style", () => {
    const style = corpus.style ?? 'github';
    expect(corpus.pages.every((page) => page.anchorStyle === style)).toBe(true);
    const byPath = new Map(
      corpus.pages.map((page) => [
        page.path,
        {
          ours: new Set(widgetAnchors(page.content, { slugStyle: style })),
          any: new Set(SLUG_STYLES.flatMap((s) => widgetAnchors(page.content, { slugStyle: s }))),
        },
      ]),
    );
    let resolved = 0;
    for (const page of corpus.pages) {
      const prose = page.content.replace(/```[\s\S]*?```/g, '');
      for (const [, href = '', hash = ''] of prose.matchAll(/\]\(([^)\s#]*)#([^)\s"]+)\)/g)) {
        if (/^[a-z]+:/i.test(href)) continue;
        // Resolved as a browser resolves it on the published page.
        const url = new URL(href, `https://site.invalid/${page.path}`);
        const target = byPath.get(corpus.index?.getPage(url.pathname)?.path ?? '');
        if (!target) continue;
        const anchor = decodeURIComponent(hash);
        // A link no style resolves points at a heading renamed since (the docs' own link rot).
        if (!target.any.has(anchor)) continue;
        expect(target.ours.has(anchor), `${page.file}: ${href}#${hash}`).toBe(true);
        resolved++;
      }
    }
    expect(resolved).toBeGreaterThan(200);
  });
});
