/**
 * The demo docs site: the project's docs (docs/) as a plain static-looking site on its own
 * origin, calling the companion server cross-origin, as a real doc site would. Every response carries a strict
 * Content-Security-Policy (no `unsafe-inline`, no `unsafe-eval`), so the whole demo shows
 * that the widget needs neither.
 *
 * Query parameters let the end-to-end tests (and curious readers) vary the embed:
 * `?key=` and `?domain=` replace the demo key and domain, `?theme=` sets the element's
 * theme, `?widget=off` serves the page without the script tag.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { loadDocs, renderPage, type WidgetEmbed } from './render.ts';

export interface DocsSiteOptions {
  /** Folder of the Markdown pages (the repository's docs/). */
  docsDir: string;
  /** Built React demo (vite output), served at /react/. */
  reactDir: string;
  /** The companion server: where the widget and the API live. */
  apiBase: string;
  domain: string;
  apiKey: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/** The demo's starter questions on the empty panel (the `suggestions` attribute). */
export const SUGGESTIONS = [
  'How do I add the widget to my docs site?',
  'How do I change the accent color?',
  'Can it answer with OpenAI or a local model?',
];

/** The strict policy every page is served with. */
export function contentSecurityPolicy(apiBase: string) {
  return [
    "default-src 'self'",
    `script-src 'self' ${apiBase}`,
    `connect-src 'self' ${apiBase}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export async function docsSiteHandler(options: DocsSiteOptions) {
  const pages = await loadDocs(options.docsDir);
  const css = readFileSync(new URL('./site.css', import.meta.url));
  const icon = readFileSync(new URL('./favicon.svg', import.meta.url));
  const csp = contentSecurityPolicy(options.apiBase);

  function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
    res.writeHead(status, {
      'Content-Type': type,
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-cache',
    });
    res.end(body);
  }

  function serveReact(pathname: string, res: ServerResponse) {
    const relative = normalize(pathname.slice('/react/'.length) || 'index.html');
    if (relative.startsWith('..') || relative.includes(`${sep}..`)) {
      return send(res, 404, CONTENT_TYPES['.html']!, 'Not found');
    }
    let body: Buffer;
    try {
      body = readFileSync(join(options.reactDir, relative));
    } catch {
      return send(res, 404, 'text/plain; charset=utf-8', 'Not found (run `npm run build:demo`)');
    }
    const type = CONTENT_TYPES[extname(relative)] ?? 'application/octet-stream';
    if (relative !== 'index.html') return send(res, 200, type, body);
    // The React app reads where the API is from meta tags (no inline script under the CSP).
    const html = body
      .toString('utf8')
      .replaceAll('%DOCS_ASSISTANT_API%', options.apiBase)
      .replaceAll('%DOCS_ASSISTANT_DOMAIN%', options.domain)
      .replaceAll('%DOCS_ASSISTANT_KEY%', options.apiKey);
    return send(res, 200, type, html);
  }

  return function handleDocsSite(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://site');
    const pathname = decodeURIComponent(url.pathname);
    if (pathname === '/') {
      res.writeHead(302, { Location: `/${pages[0]!.path}${url.search}` }).end();
      return;
    }
    if (pathname === '/site.css') return send(res, 200, CONTENT_TYPES['.css']!, css);
    if (pathname === '/favicon.svg') return send(res, 200, CONTENT_TYPES['.svg']!, icon);
    if (pathname === '/react') {
      res.writeHead(302, { Location: '/react/' }).end();
      return;
    }
    if (pathname.startsWith('/react/')) return serveReact(pathname, res);
    // A page's file name (`/guides/theming.md`), as a relative link in a cited page resolves.
    const source = /\.mdx?$/i.test(pathname)
      ? pages.find((entry) => `/${entry.path}` === pathname.replace(/\.mdx?$/i, '').toLowerCase())
      : undefined;
    if (source) {
      res.writeHead(301, { Location: `/${source.path}${url.search}` }).end();
      return;
    }
    const page = pages.find((entry) => `/${entry.path}` === pathname.replace(/\/$/, ''));
    if (!page) return send(res, 404, CONTENT_TYPES['.html']!, '<h1>Page not found</h1>');
    const params = url.searchParams;
    const theme = params.get('theme');
    const embed: WidgetEmbed | null =
      params.get('widget') === 'off'
        ? null
        : {
            apiBase: options.apiBase,
            domain: params.get('domain') ?? options.domain,
            apiKey: params.get('key') ?? options.apiKey,
            attributes: { suggestions: JSON.stringify(SUGGESTIONS), ...(theme ? { theme } : {}) },
          };
    send(res, 200, CONTENT_TYPES['.html']!, renderPage(page, pages, embed));
  };
}

export async function startDocsSite(options: DocsSiteOptions & { port: number; host: string }) {
  const server = createServer(await docsSiteHandler(options));
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      resolve({
        url: `http://${options.host}:${options.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
