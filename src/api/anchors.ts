/**
 * Heading anchors (`#section` links): the server gives each section the anchor its docs site
 * publishes, and the widget marks the headings of a page it renders with the same anchors, so a
 * cited `#section` finds its heading. Both sides number a page's headings with one
 * `HeadingSlugger` (the widget through its `anchor()` of the heading's Markdown source), so the
 * same input gives the same anchor everywhere.
 *
 * Docs frameworks slug headings differently; each style follows its framework's own algorithm:
 * - `github`: github-slugger (GitHub, Docusaurus, Starlight/Astro, Mintlify, Nextra): lower case,
 *   everything but letters, marks, digits, connector punctuation, spaces and hyphens dropped,
 *   spaces to hyphens; repeats get `-1`, `-2`…
 * - `vitepress`: VitePress's default `slugify` (@mdit-vue/shared) with markdown-it-anchor's
 *   `-1`, `-2`… for repeats.
 * - `mkdocs`: Python-Markdown's `toc` extension `slugify` and `unique` (MkDocs): ASCII only,
 *   repeats get `_1`, `_2`…
 *
 * Hand-written rather than bundling github-slugger: its generated character table costs the
 * widget several KB, where Unicode property escapes say the same (the tests compare the two on
 * every heading of the vendored corpora). No dependencies and no DOM.
 */

import { EXPLICIT_ID } from './explicit-id.ts';

export type SlugStyle = 'github' | 'vitepress' | 'mkdocs';

export const SLUG_STYLES: readonly SlugStyle[] = ['github', 'vitepress', 'mkdocs'];

export interface HeadingSource {
  /** The heading as a reader sees it: no Markdown, HTML or JSX syntax. */
  text: string;
  /** An explicit anchor written in the heading (`{#id}`), which replaces the slug. */
  id?: string;
}

/** The private-use character that holds a heading's first code span while its syntax goes. */
const CODE_SPAN = 0xe000;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '\u00ad',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? entity;
    const code =
      name[1] === 'x' || name[1] === 'X'
        ? Number.parseInt(name.slice(2), 16)
        : Number(name.slice(1));
    return Number.isFinite(code) && code > 0 && code <= 0x10ffff
      ? String.fromCodePoint(code)
      : entity;
  });
}

/** Inline Markdown outside code spans: links to their text, HTML/JSX tags and emphasis markers out. */
function plainInline(markdown: string): string {
  return (
    markdown
      // images say nothing in a heading's text (hast and markdown-it leave their alt out)
      .replace(/!\[(?:[^\]\\]|\\.)*\]\([^)]*\)/g, '')
      .replace(/\[((?:[^\]\\]|\\.)*)\]\([^)]*\)/g, '$1')
      .replace(/\[((?:[^\]\\]|\\.)*)\]\[[^\]]*\]/g, '$1')
      .replace(/<\/?[A-Za-z][^<>]*>/g, '')
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, '')
      .replace(/(?<!\\)(?:\*+|~~)/g, '')
      // `_` is emphasis only at a word's edge: `_Cache_`, not `AI_DownloadError`
      .replace(/(?<![\p{L}\p{N}\\])_+|(?<!\\)_+(?![\p{L}\p{N}])/gu, '')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1')
  );
}

/**
 * A heading's text from its Markdown source (the line after the `#`s), and its explicit id.
 * Code spans keep their content verbatim; links become their text; images, HTML and JSX tags,
 * MDX comments, emphasis markers and backslash escapes go; entities are decoded.
 */
export function headingSource(markdown: string): HeadingSource {
  const explicit = EXPLICIT_ID.exec(markdown);
  const source = explicit ? markdown.slice(0, explicit.index) : markdown;
  // Code spans first (they bind tighter than links and emphasis), each held by one
  // private-use character while the rest loses its syntax.
  const spans: string[] = [];
  let masked = '';
  let rest = source;
  for (;;) {
    const open = /(?<![\\`])`+/.exec(rest);
    if (!open) break;
    const ticks = open[0];
    const start = open.index + ticks.length;
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`).exec(rest.slice(start));
    if (!close) break;
    let code = rest.slice(start, start + close.index);
    if (/^ .*[^ ].* $/s.test(code)) code = code.slice(1, -1);
    masked += rest.slice(0, open.index) + String.fromCharCode(CODE_SPAN + spans.length);
    spans.push(code);
    rest = rest.slice(start + close.index + ticks.length);
  }
  const text = decodeEntities(plainInline(masked + rest))
    .replace(/[\ue000-\uf8ff]/g, (c) => spans[c.charCodeAt(0) - CODE_SPAN] ?? c)
    .trim();
  const id = explicit ? (explicit[1] ?? explicit[2]) : undefined;
  return id ? { text, id } : { text };
}

const GITHUB_DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc} -]/gu;
// biome-ignore lint/suspicious/noControlCharactersInRegex: VitePress drops control characters
const VITEPRESS_CONTROL = /[\u0000-\u001f]/g;
const VITEPRESS_SPECIAL = /[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g;
const COMBINING = /[\u0300-\u036f]/g;

/** The slug of a heading's text in `style`, before repeats are numbered. */
export function slugify(text: string, style: SlugStyle = 'github'): string {
  switch (style) {
    case 'vitepress':
      return text
        .normalize('NFKD')
        .replace(COMBINING, '')
        .replace(VITEPRESS_CONTROL, '')
        .replace(VITEPRESS_SPECIAL, '-')
        .replace(/-{2,}/g, '-')
        .replace(/^-+|-+$/g, '')
        .replace(/^(\d)/, '_$1')
        .toLowerCase();
    case 'mkdocs':
      return (
        text
          .normalize('NFKD')
          // Python's `.encode('ascii', 'ignore')`
          .replace(/[^\0-\x7f]/g, '')
          .replace(/[^\w\s-]/g, '')
          .trim()
          .toLowerCase()
          .replace(/[-\s]+/g, '-')
      );
    default:
      return text.toLowerCase().replace(GITHUB_DROPPED, '').replace(/ /g, '-');
  }
}

/**
 * Numbers repeated anchors within one page the way the style's framework does. One per page,
 * fed the page's headings in order.
 */
export class HeadingSlugger {
  readonly style: SlugStyle;
  #seen = new Map<string, number>();

  constructor(style: SlugStyle = 'github') {
    this.style = style;
  }

  /** The anchor of the next heading with this text. */
  slug(text: string): string {
    return this.#unique(slugify(text, this.style));
  }

  /** The anchor of a heading from its Markdown source: its explicit id, or its numbered slug. */
  anchor(markdown: string): string {
    const { text, id } = headingSource(markdown);
    return id === undefined ? this.slug(text) : this.claim(id);
  }

  /** An explicit id (`{#id}`) is the heading's anchor as written, and taken. */
  claim(id: string): string {
    this.#seen.set(id, this.#seen.get(id) ?? 0);
    return id;
  }

  #unique(base: string): string {
    const seen = this.#seen;
    let result = base;
    switch (this.style) {
      case 'github': {
        // github-slugger: the count lives on the base slug, and a taken `x-1` is skipped
        while (seen.has(result)) {
          const count = (seen.get(base) ?? 0) + 1;
          seen.set(base, count);
          result = `${base}-${count}`;
        }
        break;
      }
      case 'vitepress': {
        // markdown-it-anchor's uniqueSlug, counting from 1 again for every heading
        for (let i = 1; seen.has(result); i++) result = `${base}-${i}`;
        break;
      }
      case 'mkdocs': {
        // Python-Markdown's `unique`: `x_1` becomes `x_2`; an empty id is never kept
        while (seen.has(result) || result === '') {
          const counted = /^(.*)_(\d+)$/s.exec(result);
          result = counted ? `${counted[1]}_${Number(counted[2]) + 1}` : `${result}_1`;
        }
        break;
      }
    }
    seen.set(result, 0);
    return result;
  }
}

/**
 * Whether a heading answers to `anchor` in some style: for a page whose style the reader's side
 * does not know. Repeats (`-1`, `_1`) are not recognised this way.
 */
export function matchesAnchor(text: string, anchor: string): boolean {
  const wanted = safeDecode(anchor.replace(/^#/, ''));
  return SLUG_STYLES.some((style) => {
    const slug = slugify(text, style);
    return slug !== '' && (slug === wanted || slug === wanted.toLowerCase());
  });
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
