/**
 * `POST /v1/assistant/{domain}/feedback`: a reader's thumbs on an answer, with the thread's
 * key. Fire and forget: a failure is reported as false, never thrown (the reader's thumbs
 * still shows, and the `docs-assistant-feedback` event still fires).
 */
import type { FeedbackRequest } from '../../api/types.ts';
import { apiUrl } from './request.ts';
import type { ChatOptions } from './types.ts';

export type FeedbackClientOptions = Pick<ChatOptions, 'baseUrl' | 'domain' | 'apiKey' | 'fetch'>;

export async function sendFeedback(
  options: FeedbackClientOptions,
  body: FeedbackRequest,
): Promise<boolean> {
  const doFetch = options.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(
      apiUrl(options.baseUrl, `/v1/assistant/${encodeURIComponent(options.domain)}/feedback`),
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.apiKey}` },
        body: JSON.stringify(body),
        credentials: 'omit',
        keepalive: true,
      },
    );
    return response.ok;
  } catch {
    return false;
  }
}
