/**
 * The sentence a reader sees for an error: chosen from the error's kind and data, worded by the
 * i18n table. The `docs-assistant-error` event's `message` is this same sentence.
 */
import type { ChatError } from '../chat/types.ts';
import type { DocsAssistantI18n } from './i18n.ts';

/** "in 30 seconds", "in 2 minutes", "at 14:05": a Retry-After as a reader reads it. */
export function retryTime(seconds: number, now = new Date(), locale?: string): string {
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (seconds < 60) return rtf.format(Math.max(1, Math.ceil(seconds)), 'second');
  if (seconds < 3600) return rtf.format(Math.ceil(seconds / 60), 'minute');
  const at = new Date(now.getTime() + seconds * 1000);
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(at);
}

/** What went wrong with a question, in the reader's words (never a status code or stack). */
export function errorText(error: ChatError, t: DocsAssistantI18n, locale?: string): string {
  switch (error.kind) {
    case 'auth':
      return t.errorAuth;
    case 'rate-limit':
      return error.retryAfterSeconds !== undefined
        ? t.errorRateLimit.replace('{time}', retryTime(error.retryAfterSeconds, undefined, locale))
        : t.errorRateLimitNoTime;
    case 'network':
      if (error.offline) return t.errorOffline;
      return error.midStream ? t.errorConnectionDropped : t.errorNetwork;
    case 'not-found':
      return t.errorNotFound;
    case 'stream':
      return t.errorStream;
    default:
      return error.status !== undefined && error.status < 500 ? t.errorRequest : t.errorServer;
  }
}

/** Why a cited page cannot be shown: the API's own 404 message names the page. */
export function pageErrorText(error: ChatError, t: DocsAssistantI18n, locale?: string): string {
  if (error.kind === 'not-found') return error.detail || t.pageNotFound;
  if (error.kind === 'network' || error.kind === 'rate-limit' || error.kind === 'auth') {
    return errorText(error, t, locale);
  }
  return t.pageFailed;
}

/** Whether asking again can help (a rejected key or a lost thread will not get better). */
export function canRetry(error: ChatError): boolean {
  return error.kind !== 'auth' && error.kind !== 'not-found';
}
