/**
 * Renders the demo docs (demo/docs/*.md) as a small static docs site: one HTML page per
 * Markdown file with a navigation sidebar, headings with the same anchors the companion
 * server's citations use, and the widget embedded with the one-line script tag.
 * No inline script or style anywhere: the site is served with a strict CSP.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { Marked } from 'marked';

export interface DocPage {
  /** Page path as the server publishes it and as the site serves it (`/embedding`). */
  path: string;
  title: string;
  description: string;
  markdown: string;
}

/** Sidebar order; pages not listed follow alphabetically. */
const ORDER = [
  'getting-started',
  'embedding',
  'attributes',
  'theming',
  'server-cli',
  'api',
  'choosing-a-model',
];

export function loadDocs(dir: string): DocPage[] {
  const pages = readdirSync(dir)
    .filter((file) => file.endsWith('.md'))
    .map((file) => {
      const { data, content } = matter(readFileSync(join(dir, file), 'utf8'));
      return {
        path: file.replace(/\.md$/, ''),
        title: String(data['title'] ?? file),
        description: String(data['description'] ?? ''),
        markdown: content,
      };
    });
  const rank = (page: DocPage) => {
    const index = ORDER.indexOf(page.path);
    return index === -1 ? ORDER.length : index;
  };
  return pages.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Markdown to HTML with GitHub-style heading ids, as the server's citation anchors. */
export function markdownToHtml(markdown: string) {
  const slugger = new GithubSlugger();
  const marked = new Marked({
    renderer: {
      heading({ tokens, depth, text }) {
        const id = slugger.slug(text);
        return `<h${depth} id="${id}">${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
    },
  });
  return marked.parse(markdown, { async: false });
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

export function renderPage(page: DocPage, pages: DocPage[], embed: WidgetEmbed | null) {
  const nav = pages
    .map(
      (entry) =>
        `<li><a href="/${entry.path}"${entry.path === page.path ? ' aria-current="page"' : ''}>${escapeHtml(entry.title)}</a></li>`,
    )
    .join('\n          ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(page.title)} · docs-assistant</title>
    <meta name="description" content="${escapeHtml(page.description)}">
    <link rel="icon" href="/favicon.svg" type="image/svg+xml">
    <link rel="stylesheet" href="/site.css">
  </head>
  <body>
    <header class="topbar"><a class="brand" href="/">docs-assistant</a><span class="tag">demo docs</span></header>
    <div class="layout">
      <nav class="sidebar" aria-label="Documentation">
        <ul>
          ${nav}
        </ul>
        <p class="sidebar-extra"><a href="/react/">React demo (useChat)</a></p>
      </nav>
      <main id="content">
        <article>
${markdownToHtml(page.markdown)}
        </article>
      </main>
    </div>
    ${embed ? scriptTag(embed) : ''}
  </body>
</html>
`;
}
