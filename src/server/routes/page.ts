/**
 * POST /v1/page/{domain}: a page's Markdown by its published path. Pages come from the
 * in-memory index only; the request path is normalised and never touches the file system.
 * A page restricted to groups is served only to a caller naming one of them (API.md); to
 * anyone else it does not exist. With `format: "markdown"` (this project's extension) the
 * content comes with its components rendered as Markdown. Either way relative links are given
 * the site paths the published site resolves them to.
 */
import type { Hono } from 'hono';
import { pageRequestSchema } from '../../api/schemas.ts';
import type { PageResponse } from '../../api/types.ts';
import { withSitePaths } from '../agents/agent-links.ts';
import { markdownBody } from '../agents/clean-markdown.ts';
import type { DocsIndex, Page } from '../docs-index/types.ts';
import { errorResponse } from '../middleware/errors.ts';
import { validateJson } from '../middleware/validate-json.ts';
import type { AppEnv } from '../types.ts';
import { type SiteRouteOptions, siteRouter } from './site-router.ts';

export function pageRoutes(options: SiteRouteOptions): Hono<AppEnv> {
  const validBody = validateJson(pageRequestSchema, options);
  return siteRouter(options.guards).post('/:domain', validBody, (c) => {
    const { path, groups = [], format = 'source' } = c.req.valid('json');
    const page = c.get('site').index.getPage(path);
    const visible =
      page && (page.groups.length === 0 || page.groups.some((group) => groups.includes(group)));
    if (!visible) return errorResponse(c, 404, 'Page not found');
    const { index } = c.get('site');
    // Under a language's prefix, an untranslated page the site publishes there keeps that path,
    // and its links lead to that language's pages.
    const served = index.servedPath?.(page, path) ?? page.path;
    const content = contentOf(page, format, index, served);
    const language = page.language ?? index.profile?.defaultLanguage;
    const body: PageResponse = { path: served, content, ...(language ? { language } : {}) };
    return c.json(body);
  });
}

/** A page's content per format and served path, for the index revision it was made for. */
const contents = new WeakMap<Page, { revision: number | undefined; texts: Map<string, string> }>();

/**
 * The page's text, its relative links at the site paths the published site resolves them to
 * (`withSitePaths`): outside the site, `../guides/x` means nothing. Kept per page until the
 * index changes, since a link's target is another page's path.
 */
function contentOf(
  page: Page,
  format: 'source' | 'markdown',
  index: DocsIndex,
  servedAt: string,
): string {
  let kept = contents.get(page);
  if (!kept || kept.revision !== index.revision) {
    kept = { revision: index.revision, texts: new Map() };
    contents.set(page, kept);
  }
  const key = `${format} ${servedAt}`;
  let text = kept.texts.get(key);
  if (text === undefined) {
    const body =
      format === 'markdown' ? markdownBody(page.content, { headingIds: true }) : page.content;
    text = withSitePaths(body, page, index, servedAt);
    kept.texts.set(key, text);
  }
  return text;
}
