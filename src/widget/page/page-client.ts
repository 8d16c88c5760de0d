/** `POST /v1/page/{domain}`: the full text of a cited page, for the panel's page view. */
import { normalizePagePath } from '../../api/paths.ts';
import type { PageResponse } from '../../api/types.ts';
import { classifyError } from '../chat/errors.ts';
import { type ApiOptions, postJson } from '../chat/request.ts';
import type { ChatError } from '../chat/types.ts';

export type PageResult = { ok: true; page: PageResponse } | { ok: false; error: ChatError };

const CACHE_SIZE = 20;
const cache = new Map<string, PageResponse>();

/**
 * Fetches a page by its path (normalised as the server keys pages: a leading slash, `.md(x)`
 * suffix or `#anchor` is dropped). Never throws except on abort: failures come back as
 * `{ok: false, error}` with the API's message as the error's `detail` (a 404's names the page).
 * Successful pages are kept in a small cache.
 */
export async function fetchPage(
  options: ApiOptions,
  path: string,
  signal?: AbortSignal,
): Promise<PageResult> {
  const slug = normalizePagePath(path);
  if (slug === undefined) return { ok: false, error: { kind: 'not-found' } };
  const cacheKey = `${options.baseUrl}|${options.domain}|${slug}`;
  const cached = cache.get(cacheKey);
  if (cached) return { ok: true, page: cached };

  let response: Response;
  try {
    response = await postJson(
      options,
      `/v1/page/${encodeURIComponent(options.domain)}`,
      // Components (callouts, tabs, steps, cards) come rendered as Markdown: this project's
      // extension of the endpoint; a server without it sends the page's source.
      { path: slug, format: 'markdown' },
      signal ? { signal } : {},
    );
  } catch (error) {
    if ((error as { name?: unknown })?.name === 'AbortError') throw error;
    return {
      ok: false,
      error: classifyError(error, { online: globalThis.navigator?.onLine ?? true }),
    };
  }

  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const error = classifyError(
      { statusCode: response.status, responseBody: text },
      { response: { status: response.status, headers: response.headers } },
    );
    return { ok: false, error };
  }
  try {
    const page = JSON.parse(text) as PageResponse;
    if (typeof page?.content !== 'string') throw new TypeError('no content');
    const result: PageResponse = {
      path: typeof page.path === 'string' ? page.path : slug,
      content: page.content,
      ...(typeof page.language === 'string' ? { language: page.language } : {}),
    };
    cache.set(cacheKey, result);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return { ok: true, page: result };
  } catch {
    return { ok: false, error: { kind: 'server', status: response.status } };
  }
}

/** Forgets cached pages (tests; a host that knows its docs changed). */
export function clearPageCache(): void {
  cache.clear();
}
