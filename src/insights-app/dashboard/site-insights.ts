import type {
  Conversation,
  GapGroup,
  OverviewResponse,
  SearchWithoutResults,
  Topic,
} from '../../api/analytics.ts';
import type { AnalyticsClient } from '../analytics-client.ts';
import type { DayRange } from '../days.ts';

/** Everything the dashboard shows for one site and period. */
export interface SiteInsights {
  domain: string;
  range: DayRange;
  overview: OverviewResponse;
  topics: Topic[];
  gaps: GapGroup[];
  disliked: Conversation[];
  searches: SearchWithoutResults[];
}

/** The dashboard's requests, in parallel. */
export async function loadSiteInsights(
  client: AnalyticsClient,
  domain: string,
  range: DayRange,
  signal: AbortSignal,
): Promise<SiteInsights> {
  const [overview, topics, gaps, disliked, searches] = await Promise.all([
    client.overview(domain, range, signal),
    client.topics(domain, range, signal),
    client.gaps(domain, range, signal),
    client.disliked(domain, range, signal),
    client.searches(domain, range, signal),
  ]);
  return {
    domain,
    range,
    overview,
    topics: topics.items,
    gaps: gaps.items,
    disliked: disliked.items,
    searches: searches.items,
  };
}
