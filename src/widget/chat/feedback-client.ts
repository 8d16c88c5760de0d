/**
 * `POST /v1/assistant/{domain}/feedback`: a reader's thumbs on an answer, with the thread's
 * key. Fire and forget: a failure is reported as false, never thrown (the reader's thumbs
 * still shows, and the `docs-assistant-feedback` event still fires).
 */
import type { FeedbackRequest } from '../../api/types.ts';
import { type ApiOptions, postJson } from './request.ts';

export async function sendFeedback(options: ApiOptions, body: FeedbackRequest): Promise<boolean> {
  try {
    const response = await postJson(
      options,
      `/v1/assistant/${encodeURIComponent(options.domain)}/feedback`,
      body,
      // A reader may rate and leave the page at once.
      { keepalive: true },
    );
    return response.ok;
  } catch {
    return false;
  }
}
