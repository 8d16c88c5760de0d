/**
 * POST /v1/page/{domain}: a page's Markdown by its published path. Pages come from the
 * in-memory index only; the request path is normalised and never touches the file system.
 * A page restricted to groups is served only to a caller naming one of them (API.md); to
 * anyone else it does not exist. With `format: "markdown"` (this project's extension) the
 * content comes with its components rendered as Markdown, kept per page until the index
 * replaces the page.
 */
import type { Hono } from 'hono';
import { pageRequestSchema } from '../../api/schemas.ts';
import type { PageResponse } from '../../api/types.ts';
import { markdownBody } from '../agents/clean-markdown.ts';
import type { Page } from '../docs-index/types.ts';
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
    const content = format === 'markdown' ? renderedContent(page) : page.content;
    const language = page.language ?? c.get('site').index.profile?.defaultLanguage;
    // Under a language's prefix, an untranslated page the site publishes there keeps that path.
    const served = c.get('site').index.servedPath?.(page, path) ?? page.path;
    const body: PageResponse = { path: served, content, ...(language ? { language } : {}) };
    return c.json(body);
  });
}

const rendered = new WeakMap<Page, string>();

function renderedContent(page: Page): string {
  let content = rendered.get(page);
  if (content === undefined) {
    content = markdownBody(page.content, { headingIds: true });
    rendered.set(page, content);
  }
  return content;
}
