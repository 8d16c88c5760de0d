/**
 * The MCP server of one site, built per request (the HTTP route is stateless, so any replica
 * answers): tools to search the docs, read a page and report a problem with a page, and every
 * listed page as a `docs://{domain}/{path}` resource. Search and pages go through the same index
 * and ranking as `POST /v1/search` and `POST /v1/page`, public pages only.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod/v4';
import { SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX } from '../../api/limits.ts';
import type { SearchResult } from '../../api/types.ts';
import type { Page } from '../docs-index/types.ts';
import type { Site } from '../types.ts';
import type { AgentFiles } from './agent-files.ts';
import { agentPage, withAgentLinks } from './agent-links.ts';
import { publishedUrl } from './agent-pages.ts';
import { FEEDBACK_TEXT_MAX, type FeedbackStore } from './feedback-store.ts';

export interface McpSiteOptions {
  site: Site;
  files: AgentFiles;
  feedback: FeedbackStore;
  /** The server's version, as the MCP handshake reports it. */
  version: string;
}

/** Longest query or path a tool accepts: a search query, not a document. */
export const TOOL_QUERY_MAX = 1000;
const PATH_MAX = 500;
/** Resources per `resources/list` page. */
export const RESOURCES_PAGE_SIZE = 200;
/**
 * Characters of pages and search results that the replies to one request carry together: a
 * batch of 100 `get_page` calls built 17 MB in memory before this. The first reply of a
 * request is always sent, whatever its size.
 */
export const MCP_REPLY_CHARACTERS = 2 * 1024 * 1024;

/** What one request's replies have carried so far; `take` says whether `characters` more fit. */
function replyBudget(limit: number) {
  let used = 0;
  return {
    take(characters: number): boolean {
      if (used > 0 && used + characters > limit) return false;
      used += characters;
      return true;
    },
    /** Why a reply was not sent, and what to do instead. */
    refusal(what: string): string {
      return `Not sent: the replies to this request already carry ${used} characters of docs, and one request carries at most ${limit}. ${what} in a request of its own.`;
    },
  };
}

type ReplyBudget = ReturnType<typeof replyBudget>;

const searchResultSchema = z.object({
  content: z.string(),
  path: z.string(),
  metadata: z.looseObject({ title: z.string(), url: z.string() }),
});

export function createMcpServer(options: McpSiteOptions): McpServer {
  const { site, files, feedback } = options;
  const about = files.about(site);
  // The server is built per request, so this is shared by the messages of one batch.
  const budget = replyBudget(MCP_REPLY_CHARACTERS);
  const server = new McpServer(
    {
      name: `docs-assistant-${site.domain}`,
      title: `${about.title} docs`,
      version: options.version,
    },
    {
      instructions: [
        `Answers from the ${about.title} documentation${about.description ? ` (${about.description})` : ''}.`,
        'Call search_docs first, then get_page with a result path for the whole page.',
        'Quote the docs and link the url of each result you use.',
        'When a page is wrong, outdated or missing something, call submit_feedback.',
      ].join(' '),
    },
  );

  server.registerTool(
    'search_docs',
    {
      title: `Search the ${about.title} docs`,
      description: `Searches the ${about.title} documentation and returns the best-matching sections, best first, each with the page path (for get_page), its title, the section heading and text, and the url of the page on the published site. Use it for any question about ${about.title}; search again with other words when nothing fits.`,
      inputSchema: {
        query: z
          .string()
          .min(1)
          .max(TOOL_QUERY_MAX)
          .describe('What to look for: a question or keywords, e.g. "configure a custom domain"'),
        language: z
          .string()
          .max(35)
          .optional()
          .describe(
            'BCP 47 language of the pages to search, e.g. "en" or "ja" (default: the query\'s language when the site has several)',
          ),
        version: z
          .string()
          .max(100)
          .optional()
          .describe('Docs version to search, e.g. "v2" (default: the latest)'),
        pageSize: z
          .int()
          .min(1)
          .max(SEARCH_PAGE_SIZE_MAX)
          .optional()
          .describe(`How many results (default ${SEARCH_PAGE_SIZE_DEFAULT})`),
      },
      outputSchema: { results: z.array(searchResultSchema) },
      annotations: {
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    ({ query, language, version, pageSize }) => {
      const results = searchDocs(site, query, { language, version, pageSize });
      // Nothing found: an agent is told what to try, not only `[]` (which reads as "no docs").
      const hint = results.length === 0 ? [{ type: 'text' as const, text: noResults(site) }] : [];
      const text = JSON.stringify(results);
      // Sent twice: as text and as structured content.
      if (!budget.take(2 * text.length)) {
        const again = `Call search_docs for ${JSON.stringify(query)} again`;
        return { isError: true, content: [{ type: 'text', text: budget.refusal(again) }] };
      }
      return {
        content: [{ type: 'text', text }, ...hint],
        structuredContent: { results },
      };
    },
  );

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page',
      description:
        'Returns the full Markdown of one documentation page, by the path that search_docs returned (e.g. "docs/getting-started") or the url of a result or of a link in a page. Use it when a search result is relevant and you need the whole page.',
      inputSchema: {
        // '' is the site's home page, as search_docs returns it.
        path: z
          .string()
          .max(PATH_MAX)
          .describe('The page path from a search_docs result, or a page url it or a page links'),
      },
      annotations: {
        readOnlyHint: true,
        idempotentHint: true,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    ({ path }) => {
      const page = agentPage(site, path);
      if (!page) {
        return {
          isError: true,
          content: [{ type: 'text', text: notFoundMessage(files, site, path) }],
        };
      }
      const text = withAgentLinks(page.content, page, site);
      if (!budget.take(text.length)) {
        const again = `Call get_page for ${JSON.stringify(path)} again`;
        return { isError: true, content: [{ type: 'text', text: budget.refusal(again) }] };
      }
      return { content: [{ type: 'text', text }] };
    },
  );

  server.registerTool(
    'submit_feedback',
    {
      title: 'Report a problem with the docs',
      description:
        'Tells the docs team that a page is wrong, outdated or missing something, e.g. when its instructions did not work or a question had no answer in the docs. Name the page path (or the path where a missing page should be) and describe the problem in a few sentences. It does not change the docs.',
      inputSchema: {
        path: z
          .string()
          .max(PATH_MAX)
          .describe('The page the problem is about (a search_docs path)'),
        problem: z
          .string()
          .min(1)
          .max(FEEDBACK_TEXT_MAX)
          .describe('What is wrong or missing, and what you expected to find'),
      },
      annotations: {
        readOnlyHint: false,
        idempotentHint: false,
        destructiveHint: false,
        openWorldHint: false,
      },
    },
    async ({ path, problem }) => {
      const page = agentPage(site, path);
      await feedback.add({
        domain: site.domain,
        source: 'agent',
        path: page?.path ?? path,
        helpful: false,
        reason: page ? 'problem' : 'missing-page',
        comment: problem,
      });
      const about = page ? `the page ${page.path || '/'}` : `a missing page at ${path}`;
      return {
        content: [
          {
            type: 'text',
            text: `Thank you: your report about ${about} was recorded for the docs team.`,
          },
        ],
      };
    },
  );

  registerPageResources(server, site, files, budget);
  return server;
}

export interface SearchDocsOptions {
  language?: string | undefined;
  version?: string | undefined;
  pageSize?: number | undefined;
}

/**
 * `POST /v1/search` ranking over public pages, each result with the url of its page and its
 * links as `get_page` gives them (`withAgentLinks`): a section's `../config/x.md#y`, written for
 * its page, means nothing to an agent that passes it to `get_page` without that page.
 */
export function searchDocs(
  site: Site,
  query: string,
  options: SearchDocsOptions = {},
): SearchResult[] {
  const filter = {
    ...(options.language && { language: options.language }),
    ...(options.version && { version: options.version }),
    groups: [],
  };
  const results = site.index.search(query, {
    pageSize: options.pageSize ?? SEARCH_PAGE_SIZE_DEFAULT,
    filter,
  });
  return results.map((result) => {
    const page = site.index.getPage(result.path);
    return {
      ...result,
      ...(page && { content: withAgentLinks(result.content, page, site) }),
      metadata: {
        ...result.metadata,
        url: publishedUrl(site.siteUrl, result.path, result.metadata.anchor),
      },
    };
  });
}

/** What an agent can do when a search found nothing: other words, in the docs' languages. */
function noResults(site: Site): string {
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
  const languages = (site.index.profile?.languages ?? []).map((code) => {
    let name: string | undefined;
    try {
      name = names.of(code);
    } catch {
      // A code Intl does not take is shown as it is.
    }
    return name && name !== code ? `${name} (${code})` : code;
  });
  const again =
    "Search again with other words (the feature's name, an API name, or a shorter phrase)";
  if (languages.length === 0) return `No section of these docs matched. ${again}.`;
  const which = languages.length > 1 ? 'one of those languages' : 'that language';
  return `No section of these docs matched. They are written in ${languages.join(', ')}. ${again}, in ${which}.`;
}

function notFoundMessage(files: AgentFiles, site: Site, path: string): string {
  const example = files.pages(site)[0]?.path;
  const hint = example === undefined ? '' : ` (e.g. "${example}")`;
  return `No page at "${path}" in these docs. Use search_docs to find pages; get_page takes the "path" of a search result${hint}.`;
}

function resourceUri(domain: string, path: string): string {
  return `docs://${domain}/${path.split('/').map(encodeURIComponent).join('/')}`;
}

function resourceOf(domain: string, page: Page): Resource {
  return {
    uri: resourceUri(domain, page.path),
    name: page.path || 'index',
    title: page.title,
    ...(page.description && { description: page.description }),
    mimeType: 'text/markdown',
  };
}

/**
 * Pages as resources, with the protocol's cursor paging (the SDK's resource helpers list a
 * template's resources in one response, too many for a large site).
 */
function registerPageResources(
  server: McpServer,
  site: Site,
  files: AgentFiles,
  budget: ReplyBudget,
): void {
  const { domain } = site;
  const protocol = server.server;
  protocol.registerCapabilities({ resources: {} });
  protocol.setRequestHandler(ListResourcesRequestSchema, (request) => {
    const pages = files.pages(site);
    const start = request.params?.cursor ? Number.parseInt(request.params.cursor, 10) : 0;
    if (!Number.isInteger(start) || start < 0 || start > pages.length) {
      throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor');
    }
    const end = start + RESOURCES_PAGE_SIZE;
    return {
      resources: pages.slice(start, end).map((page) => resourceOf(domain, page)),
      ...(end < pages.length && { nextCursor: String(end) }),
    };
  });
  protocol.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: `docs://${domain}/{+path}`,
        name: 'page',
        title: 'A docs page by its path',
        description: 'The Markdown of the page at a path that search_docs returned',
        mimeType: 'text/markdown',
      },
    ],
  }));
  protocol.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const { uri } = request.params;
    const prefix = `docs://${domain}/`;
    const page = uri.startsWith(prefix) ? agentPage(site, uri.slice(prefix.length)) : undefined;
    if (!page) throw new McpError(-32002, `Resource not found: ${uri}`, { uri });
    const text = withAgentLinks(page.content, page, site);
    if (!budget.take(text.length)) {
      throw new McpError(ErrorCode.InvalidRequest, budget.refusal(`Read ${uri} again`), { uri });
    }
    return { contents: [{ uri, mimeType: 'text/markdown', text }] };
  });
}
