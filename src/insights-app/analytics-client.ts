/**
 * The analytics API as the Insights page reads it: every request carries the admin key in
 * the Authorization header (never in a URL), and a refused or failed request becomes an
 * `AnalyticsError` with a message for the reader.
 */
import type {
  Conversation,
  GapGroup,
  OverviewResponse,
  Paged,
  PageFeedback,
  SearchWithoutResults,
  SitesResponse,
  Topic,
} from '../api/analytics.ts';
import type { DayRange } from './days.ts';

/** The lists the page can export as CSV. */
export type ExportList = 'conversations' | 'gaps' | 'feedback' | 'searches';

/** Most rows an export gathers (pages of 500, the API's largest). */
const EXPORT_MAX_PAGES = 20;
const EXPORT_PAGE = 500;

export class AnalyticsError extends Error {
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'AnalyticsError';
    this.status = status;
  }

  /** The key is wrong, or not an admin key: sign in again. */
  get keyRefused(): boolean {
    return this.status === 401;
  }
}

export class AnalyticsClient {
  private readonly key: string;
  private readonly base: URL;

  /** `base`: the API's root; default `../v1/analytics/` from the page (`/insights/`). */
  constructor(key: string, base = new URL('../v1/analytics/', location.href)) {
    this.key = key;
    this.base = base;
  }

  sites(signal?: AbortSignal): Promise<SitesResponse> {
    return this.json('sites', signal);
  }

  overview(domain: string, range: DayRange, signal?: AbortSignal): Promise<OverviewResponse> {
    return this.json(path(domain, 'overview', rangeQuery(range)), signal);
  }

  topics(domain: string, range: DayRange, signal?: AbortSignal): Promise<Paged<Topic>> {
    return this.json(path(domain, 'topics', { ...rangeQuery(range), limit: '10' }), signal);
  }

  gaps(domain: string, range: DayRange, signal?: AbortSignal): Promise<Paged<GapGroup>> {
    return this.json(path(domain, 'gaps', { ...rangeQuery(range), limit: '20' }), signal);
  }

  /** Answers readers gave a thumbs down, newest first. */
  disliked(domain: string, range: DayRange, signal?: AbortSignal): Promise<Paged<Conversation>> {
    const query = { ...rangeQuery(range), feedback: 'down', limit: '20' };
    return this.json(path(domain, 'conversations', query), signal);
  }

  feedback(domain: string, range: DayRange, signal?: AbortSignal): Promise<Paged<PageFeedback>> {
    return this.json(path(domain, 'feedback', { ...rangeQuery(range), limit: '10' }), signal);
  }

  searches(
    domain: string,
    range: DayRange,
    signal?: AbortSignal,
  ): Promise<Paged<SearchWithoutResults>> {
    return this.json(path(domain, 'searches', { ...rangeQuery(range), limit: '20' }), signal);
  }

  /** One thread's questions in order. */
  async thread(domain: string, threadId: string, signal?: AbortSignal): Promise<Conversation[]> {
    const page = await this.json<Paged<Conversation>>(
      path(domain, `threads/${encodeURIComponent(threadId)}`, {}),
      signal,
    );
    return page.items;
  }

  /** A list as one CSV file, every page of it (up to 10,000 rows), and its file name. */
  async csv(domain: string, list: ExportList, range: DayRange): Promise<CsvFile> {
    const pages: string[] = [];
    let cursor: string | undefined;
    do {
      const query = {
        ...rangeQuery(range),
        format: 'csv',
        limit: String(EXPORT_PAGE),
        ...(cursor && { cursor }),
      };
      const response = await this.request(path(domain, list, query));
      pages.push(await response.text());
      cursor = response.headers.get('X-Next-Cursor') ?? undefined;
    } while (cursor && pages.length < EXPORT_MAX_PAGES);
    return { name: `${domain}-${list}-${range.from}-${range.to}.csv`, text: joinCsvPages(pages) };
  }

  private async json<T>(target: string, signal?: AbortSignal): Promise<T> {
    const response = await this.request(target, signal);
    return (await response.json()) as T;
  }

  private async request(target: string, signal?: AbortSignal): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(new URL(target, this.base), {
        headers: { Authorization: `Bearer ${this.key}` },
        cache: 'no-store',
        ...(signal && { signal }),
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new AnalyticsError(0, 'Could not reach the server. Check your connection and retry.');
    }
    if (!response.ok) throw new AnalyticsError(response.status, await refusal(response));
    return response;
  }
}

export interface CsvFile {
  name: string;
  text: string;
}

/** CSV pages of one list as one file: the header row once. */
export function joinCsvPages(pages: string[]): string {
  const [first = '', ...rest] = pages;
  const header = first.slice(0, first.indexOf('\r\n') + 2);
  return (
    first +
    rest.map((page) => (page.startsWith(header) ? page.slice(header.length) : page)).join('')
  );
}

const path = (domain: string, name: string, query: Record<string, string>) => {
  const search = new URLSearchParams(query).toString();
  return `${encodeURIComponent(domain)}/${name}${search ? `?${search}` : ''}`;
};

const rangeQuery = (range: DayRange) => ({ from: range.from, to: range.to });

/** What the server said, in words for the reader. */
async function refusal(response: Response): Promise<string> {
  const said = await response
    .json()
    .then((body: { message?: unknown }) => (typeof body.message === 'string' ? body.message : ''))
    .catch(() => '');
  if (response.status === 401) {
    return `This key was not accepted${said ? ` (${said})` : ''}. Check it is an admin key of this server.`;
  }
  if (response.status === 403) return said || 'This key does not give access to this site.';
  if (response.status === 429) return 'Too many requests for now. Wait a minute and retry.';
  return said || `The server answered ${response.status}.`;
}
