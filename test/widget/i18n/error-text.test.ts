import { describe, expect, it } from 'vitest';
import type { ChatError } from '../../../src/widget/chat/types.ts';
import { errorText, pageErrorText, retryTime } from '../../../src/widget/i18n/error-text.ts';
import { resolveI18n } from '../../../src/widget/i18n/i18n.ts';
import defaultI18n from '../../../src/widget/i18n/locales/en.ts';

const t = defaultI18n;

describe('errorText', () => {
  it.each<[ChatError, string]>([
    [{ kind: 'auth', status: 401 }, t.errorAuth],
    [{ kind: 'rate-limit', status: 429 }, t.errorRateLimitNoTime],
    [{ kind: 'network' }, t.errorNetwork],
    [{ kind: 'network', midStream: true }, t.errorConnectionDropped],
    [{ kind: 'network', offline: true, midStream: true }, t.errorOffline],
    [{ kind: 'not-found', status: 404 }, t.errorNotFound],
    [{ kind: 'stream', detail: 'model broke' }, t.errorStream],
    [{ kind: 'server', status: 502, detail: 'The language model failed.' }, t.errorServer],
    [{ kind: 'server', status: 400, detail: 'currentPath: too long' }, t.errorRequest],
  ])('%o', (error, words) => {
    expect(errorText(error, t)).toBe(words);
  });

  it('says when to try again after a rate limit, in the reader language', () => {
    const error: ChatError = { kind: 'rate-limit', status: 429, retryAfterSeconds: 120 };
    expect(errorText(error, t, 'en')).toBe('Too many questions right now. Try again in 2 minutes.');
    const de = resolveI18n(
      { errorRateLimit: 'Zu viele Fragen. Versuch es {time} noch einmal.' },
      defaultI18n,
    );
    expect(errorText(error, de, 'de')).toBe(
      'Zu viele Fragen. Versuch es in 2 Minuten noch einmal.',
    );
  });

  it('words only come from the strings, so a host can replace every one', () => {
    const replaced = resolveI18n(
      Object.fromEntries(Object.keys(defaultI18n).map((key) => [key, `«${key}»`])),
      defaultI18n,
    );
    const errors: ChatError[] = [
      { kind: 'auth' },
      { kind: 'rate-limit' },
      { kind: 'network', offline: true },
      { kind: 'server', status: 500, detail: 'English from the server' },
      { kind: 'stream', detail: 'English from the model' },
    ];
    for (const error of errors) expect(errorText(error, replaced)).toMatch(/^«\w+»$/);
  });
});

describe('pageErrorText', () => {
  it("shows the API's 404 message, which names the page", () => {
    expect(pageErrorText({ kind: 'not-found', status: 404, detail: 'No page at x.' }, t)).toBe(
      'No page at x.',
    );
    expect(pageErrorText({ kind: 'not-found' }, t)).toBe(t.pageNotFound);
    expect(pageErrorText({ kind: 'network', offline: true }, t)).toBe(t.errorOffline);
    expect(pageErrorText({ kind: 'server', status: 500 }, t)).toBe(t.pageFailed);
  });
});

describe('retryTime', () => {
  it.each([
    [1, 'in 1 second'],
    [45, 'in 45 seconds'],
    [60, 'in 1 minute'],
    [61, 'in 2 minutes'],
  ])('%i s: %s', (seconds, words) => {
    expect(retryTime(seconds, new Date(), 'en')).toBe(words);
  });

  it('names a clock time for waits of an hour or more', () => {
    const now = new Date(2026, 0, 1, 13, 5);
    expect(retryTime(3600, now, 'en-GB')).toBe('14:05');
  });
});

describe('resolveI18n', () => {
  it('fills missing strings with English, once per replacement object', () => {
    const replacements = { title: 'KI-Assistent' };
    expect(resolveI18n(replacements, defaultI18n).title).toBe('KI-Assistent');
    expect(resolveI18n(replacements, defaultI18n).send).toBe('Send');
    expect(resolveI18n(replacements, defaultI18n)).toBe(resolveI18n(replacements, defaultI18n));
  });
});
