/**
 * GET /v1/analytics/{domain}/… (this project's extension of API.md): what readers asked and
 * how it went, for the site's owner, with an admin key only. Every list takes `from`/`to`
 * (ISO dates or times; default the last 30 days), is paged with `cursor`/`limit`, and
 * `?format=csv` exports it. GET /v1/analytics/sites lists the sites the admin key reads.
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod/v4';
import type { OverviewResponse, SitesResponse } from '../../api/analytics.ts';
import type { Page } from '../docs-index/types.ts';
import { contentGaps } from '../insights/gaps.ts';
import { settingsOf } from '../insights/insights.ts';
import type { InsightsStore } from '../insights/insights-store.ts';
import type { Paged, Range } from '../insights/records.ts';
import { authenticateAdmin, authenticateAdminOrganization } from '../middleware/auth.ts';
import { errorResponse } from '../middleware/errors.ts';
import type { AppEnv, Organization } from '../types.ts';
import { toCsv } from './csv.ts';
import { siteRouter } from './site-router.ts';

export interface AnalyticsRouteOptions {
  organizations: Organization[];
  /** The insights store once open (undefined: this server records none). */
  store: Promise<InsightsStore | undefined>;
}

const DAY_MS = 86_400_000;
const DEFAULT_DAYS = 30;
/** Most pages `overview` lists as never cited. */
const NEVER_CITED_MAX = 100;

const instant = z
  .string()
  .refine((value) => !Number.isNaN(Date.parse(value)), 'an ISO date such as 2026-11-01')
  .transform((value) => Date.parse(value));
const boolean = z.enum(['true', 'false']).transform((value) => value === 'true');
const listQuery = z.object({
  from: instant.optional(),
  to: instant.optional(),
  cursor: z
    .string()
    .regex(/^\d{1,18}$/, 'a cursor from a previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  format: z.enum(['json', 'csv']).optional(),
  language: z.string().max(20).optional(),
  covered: boolean.optional(),
  feedback: z.enum(['up', 'down', 'none']).optional(),
});
type ListQuery = z.infer<typeof listQuery>;

export function analyticsRoutes(options: AnalyticsRouteOptions): Hono<AppEnv> {
  // Registered before the site router, whose guards would read `sites` as a domain. A static
  // segment beside `/:domain/*` is a pattern Hono's RegExpRouter refuses, so the app runs on its
  // TrieRouter: about 1 µs more per request (1.1-1.8 against 0.2-0.4 µs a match over the app's
  // routes), not worth moving this documented path.
  const routes = new Hono<AppEnv>();
  routes.get('/sites', authenticateAdminOrganization(options), (c) => {
    const body: SitesResponse = {
      sites: c.get('organization').sites.map((site) => ({
        domain: site.domain,
        ...(site.title && { title: site.title }),
        ...settingsOf(site),
      })),
    };
    return c.json(body);
  });
  const router = siteRouter([authenticateAdmin(options)]);

  /** The store and the parsed query, or the error response. */
  const prepare = async (c: Context<AppEnv>) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String),
        message: issue.message,
      }));
      return errorResponse(c, 400, 'Invalid query', issues);
    }
    const store = await options.store.catch(() => undefined);
    if (!store) return errorResponse(c, 503, 'This server records no insights (no store)');
    return { store, query: parsed.data, range: rangeOf(parsed.data) };
  };

  /** A list as JSON (`{ items, cursor }`) or CSV. */
  const send = <T extends object>(c: Context<AppEnv>, query: ListQuery, page: Paged<T>) => {
    if (query.format !== 'csv') return c.json(page);
    if (page.cursor) c.header('X-Next-Cursor', page.cursor);
    const name = `${c.get('site').domain}-${c.req.path.split('/').pop()}.csv`;
    return c.body(toCsv(page.items as Record<string, unknown>[]), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
    });
  };

  router.get('/:domain/overview', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, range } = prepared;
    const site = c.get('site');
    const [overview, cited] = await Promise.all([
      store.overview(site.domain, range),
      store.citedPaths(site.domain, range),
    ]);
    // The pages of the site's index (searched, so citable) that no answer cited.
    const neverCited: string[] = [];
    for (const page of site.index.allPages?.() ?? []) {
      if (neverCited.length >= NEVER_CITED_MAX) break;
      if (!page.unlisted && !cited.has(page.path)) neverCited.push(page.path);
    }
    const body: OverviewResponse = {
      domain: site.domain,
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
      ...overview,
      questions: overview.days.reduce((sum, day) => sum + day.questions, 0),
      covered: overview.days.reduce((sum, day) => sum + day.covered, 0),
      neverCited,
    };
    return c.json(body);
  });

  router.get('/:domain/conversations', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, query, range } = prepared;
    const page = await store.conversations({
      domain: c.get('site').domain,
      ...range,
      ...pageOf(query),
      ...(query.language && { language: query.language }),
      ...(query.covered !== undefined && { covered: query.covered }),
      ...(query.feedback && { feedback: query.feedback }),
    });
    return send(c, query, page);
  });

  router.get('/:domain/threads/:threadId', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const messages = await prepared.store.thread(c.get('site').domain, c.req.param('threadId'));
    if (messages.length === 0) return errorResponse(c, 404, 'Thread not found');
    return send(c, prepared.query, { items: messages });
  });

  router.get('/:domain/topics', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, query, range } = prepared;
    const site = c.get('site');
    const page = await store.topics(site.domain, { ...range, ...pageOf(query) });
    const items = page.items.map((topic) => ({
      ...topic,
      title: titleOf(site.index.getPage(topic.path)) ?? topic.path,
    }));
    return send(c, query, { ...page, items });
  });

  router.get('/:domain/gaps', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, query, range } = prepared;
    const site = c.get('site');
    const groups = contentGaps(await store.gapQuestions(site.domain, range), site.index);
    const offset = Number(query.cursor ?? 0);
    const limit = query.limit ?? 50;
    const items = groups.slice(offset, offset + limit);
    const more = groups.length > offset + limit;
    if (query.format === 'csv') {
      return send(c, query, {
        items: items.map((group) => ({
          topic: group.terms.join(' '),
          count: group.count,
          uncovered: group.uncovered,
          disliked: group.disliked,
          suggestion: group.suggestion,
          examples: group.examples,
          closestPages: group.closestPages.map((page) => page.path),
        })),
      });
    }
    return c.json({ items, ...(more && { cursor: String(offset + limit) }) });
  });

  router.get('/:domain/feedback', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, query, range } = prepared;
    return send(
      c,
      query,
      await store.feedbackByPage(c.get('site').domain, { ...range, ...pageOf(query) }),
    );
  });

  router.get('/:domain/searches', async (c) => {
    const prepared = await prepare(c);
    if (prepared instanceof Response) return prepared;
    const { store, query, range } = prepared;
    const domain = c.get('site').domain;
    return send(
      c,
      query,
      await store.searchesWithoutResults(domain, { ...range, ...pageOf(query) }),
    );
  });

  return routes.route('/', router);
}

/** `from`/`to`; a date without a time is a whole UTC day (`to` included). */
function rangeOf(query: ListQuery): Range {
  const to = query.to === undefined ? Date.now() + 1 : endOf(query.to);
  const from = query.from ?? to - DEFAULT_DAYS * DAY_MS;
  return { from, to };
}

/** A date at midnight stands for its whole day. */
const endOf = (at: number) => (at % DAY_MS === 0 ? at + DAY_MS : at);

const pageOf = (query: ListQuery) => ({
  ...(query.cursor && { cursor: query.cursor }),
  ...(query.limit && { limit: query.limit }),
});

const titleOf = (page: Page | undefined) => page?.title;
