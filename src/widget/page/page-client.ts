/** `POST /v1/page/{domain}`: the full text of a cited page, for the panel's page view. */
import type { PageResponse } from '../../api/types.ts';
import { normalizeDocPath } from './citations.ts';
import { classifyError } from './errors.ts';
import { apiUrl } from './request.ts';
import type { ChatErrorKind, ChatOptions } from './types.ts';

export type PageResult =
  | { ok: true; page: PageResponse }
  | { ok: false; status: number; kind: ChatErrorKind; message: string };

export type PageClientOptions = Pick<ChatOptions, 'baseUrl' | 'domain' | 'apiKey' | 'fetch'>;

const CACHE_SIZE = 20;
const cache = new Map<string, PageResponse>();

/**
 * Fetches a page by its slug path (a leading slash, `.md(x)` suffix or `#anchor` is dropped).
 * Never throws: failures come back as `{ok: false}` with the API's message when it sent one
 * (a 404's message is what the reader sees). Successful pages are kept in a small cache.
 */
export async function fetchPage(
  options: PageClientOptions,
  path: string,
  signal?: AbortSignal,
): Promise<PageResult> {
  const slug = normalizeDocPath(path.split('#')[0] ?? '');
  const cacheKey = `${options.baseUrl}|${options.domain}|${slug}`;
  const cached = cache.get(cacheKey);
  if (cached) return { ok: true, page: cached };

  const doFetch = options.fetch ?? globalThis.fetch;
  let response: Response;
  try {
    response = await doFetch(
      apiUrl(options.baseUrl, `/v1/page/${encodeURIComponent(options.domain)}`),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify({ path: slug }),
        credentials: 'omit',
        ...(signal ? { signal } : {}),
      },
    );
  } catch (error) {
    if ((error as { name?: unknown })?.name === 'AbortError') throw error;
    const failure = classifyError(error, { online: globalThis.navigator?.onLine ?? true });
    return { ok: false, status: 0, kind: failure.kind, message: failure.message };
  }

  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const failure = classifyError(
      { statusCode: response.status, responseBody: text },
      { response: { status: response.status, headers: response.headers } },
    );
    const message =
      response.status === 404
        ? (failure.detail ?? 'This page could not be found.')
        : failure.message;
    return { ok: false, status: response.status, kind: failure.kind, message };
  }
  try {
    const page = JSON.parse(text) as PageResponse;
    if (typeof page?.content !== 'string') throw new TypeError('no content');
    const result = {
      path: typeof page.path === 'string' ? page.path : slug,
      content: page.content,
    };
    cache.set(cacheKey, result);
    if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    return { ok: true, page: result };
  } catch {
    return {
      ok: false,
      status: response.status,
      kind: 'server',
      message: 'The page could not be read.',
    };
  }
}

/** Forgets cached pages (tests; a host that knows its docs changed). */
export function clearPageCache(): void {
  cache.clear();
}
