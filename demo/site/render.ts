/**
 * Renders the project's docs (docs/**.md) as a small static docs site: one HTML page per page
 * of the server's own index (same paths, same content as `POST /v1/page`), a sidebar grouped
 * by folder (guides, reference, operations), headings with the anchors the server's citations
 * use, `.md` links rewritten to site paths, and the widget embedded with the one-line script
 * tag. No inline script or style anywhere: the site is served with a strict CSP.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { Marked, Renderer, type Token } from 'marked';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';

export interface DocPage {
  /** Page path as the server publishes it and as the site serves it (`guides/embedding`). */
  path: string;
  /** File path relative to the docs folder (`guides/embedding.md`). */
  file: string;
  title: string;
  description: string;
  markdown: string;
  /** Sidebar group: the page's folder (`guides`), '' at the top level. */
  group: string;
  /** Frontmatter `order` within its group; pages without one follow by title. */
  order: number;
}

/** Sidebar groups in order, by folder; other folders follow alphabetically. */
export const GROUPS: Record<string, string> = {
  guides: 'Guides',
  reference: 'Reference',
  operations: 'Operations',
};

const groupRank = (group: string) => {
  if (group === '') return -1;
  const index = Object.keys(GROUPS).indexOf(group);
  return index === -1 ? Object.keys(GROUPS).length : index;
};

export const groupLabel = (group: string) =>
  GROUPS[group] ?? group.charAt(0).toUpperCase() + group.slice(1);

/** The docs as the companion server indexes them, in sidebar order. */
export async function loadDocs(dir: string): Promise<DocPage[]> {
  const { index, problems } = await buildDocsIndex(dir);
  for (const problem of problems)
    console.warn(`  [site] skipped ${problem.file}: ${problem.message}`);
  const pages = [...index.allPages()].map((page): DocPage => {
    const { data } = matter(readFileSync(join(dir, page.file), 'utf8'));
    const folders = page.file.split('/').slice(0, -1);
    return {
      path: page.path,
      file: page.file,
      title: page.title,
      description: page.description ?? '',
      markdown: page.content,
      group: folders[0] ?? '',
      order: typeof data['order'] === 'number' ? data['order'] : Number.POSITIVE_INFINITY,
    };
  });
  return pages.sort(
    (a, b) =>
      groupRank(a.group) - groupRank(b.group) ||
      a.group.localeCompare(b.group) ||
      a.order - b.order ||
      a.title.localeCompare(b.title),
  );
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * A relative link to another page's file (`../reference/api.md#errors`), as it works on
 * GitHub, turned into that page's address on the site (`/reference/api#errors`). Other links
 * are returned unchanged.
 */
export function siteHref(href: string, from: DocPage, pages: DocPage[]): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(href)) return href;
  const [target = '', hash] = href.split('#', 2);
  if (!/\.mdx?$/i.test(target)) return href;
  const file = new URL(target, `file:///docs/${from.file}`).pathname.slice('/docs/'.length);
  const page = pages.find((candidate) => candidate.file === decodeURIComponent(file));
  return page ? `/${page.path}${hash ? `#${hash}` : ''}` : href;
}

/** Markdown to HTML with GitHub-style heading ids, as the server's citation anchors. */
export function markdownToHtml(page: DocPage, pages: DocPage[]) {
  const slugger = new GithubSlugger();
  const marked = new Marked({
    walkTokens(token: Token) {
      if (token.type === 'link') token.href = siteHref(token.href, page, pages);
    },
    renderer: {
      heading({ tokens, depth, text }) {
        const id = slugger.slug(text);
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      // Wide reference tables scroll inside the column instead of widening the page.
      table(token) {
        return `<div class="table">${Renderer.prototype.table.call(this, token)}</div>\n`;
      },
    },
  });
  return marked.parse(page.markdown, { async: false });
}

export interface WidgetEmbed {
  /** Address of the companion server (the script's origin is the API's). */
  apiBase: string;
  domain: string;
  apiKey: string;
  /** Extra `data-*` attributes for the element, e.g. `{ theme: 'dark' }`. */
  attributes?: Record<string, string>;
}

/** The one-line embed, exactly as a site owner writes it. */
export function scriptTag({ apiBase, domain, apiKey, attributes = {} }: WidgetEmbed) {
  const extra = Object.entries(attributes)
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<script type="module" src="${apiBase}/widget/docs-assistant.js" data-domain="${escapeHtml(domain)}" data-api-key="${escapeHtml(apiKey)}"${extra}></script>`;
}

function sidebar(page: DocPage, pages: DocPage[]) {
  const groups = [...new Set(pages.map((entry) => entry.group))];
  return groups
    .map((group) => {
      const links = pages
        .filter((entry) => entry.group === group)
        .map(
          (entry) =>
            `<li><a href="/${entry.path}"${entry.path === page.path ? ' aria-current="page"' : ''}>${escapeHtml(entry.title)}</a></li>`,
        )
        .join('\n            ');
      const heading = group ? `<h2>${escapeHtml(groupLabel(group))}</h2>\n          ` : '';
      return `<section>
          ${heading}<ul>
            ${links}
          </ul>
        </section>`;
    })
    .join('\n        ');
}

export function renderPage(page: DocPage, pages: DocPage[], embed: WidgetEmbed | null) {
  // `?theme=dark` darkens the whole demo page with the widget, as a site's own switch would.
  const theme = embed?.attributes?.['theme'];
  const scheme = theme === 'dark' || theme === 'light' ? ` data-theme="${theme}"` : '';
  return `<!doctype html>
<html lang="en"${scheme}>
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(page.title)} · docs-assistant</title>
    <meta name="description" content="${escapeHtml(page.description)}">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/site.css">
  </head>
  <body>
    <header class="topbar"><a class="brand" href="/">docs-assistant</a><span class="tag">docs · demo site</span></header>
    <div class="layout">
      <nav class="sidebar" aria-label="Documentation">
        ${sidebar(page, pages)}
        <p class="sidebar-extra"><a href="/react/">React demo (useChat)</a></p>
      </nav>
      <main id="content">
        <article>
${markdownToHtml(page, pages)}
        </article>
      </main>
    </div>
    ${embed ? scriptTag(embed) : ''}
  </body>
</html>
`;
}
