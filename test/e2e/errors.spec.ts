import { expect, test } from '@playwright/test';
import {
  apiBase,
  ask,
  openPanel,
  part,
  RATE_LIMITED_DOMAIN,
  RATE_LIMITED_KEY,
  UNKNOWN_KEY,
} from '../support/e2e.ts';

test('an unknown key shows a key error, not an answer', async ({ page }) => {
  await page.goto(`/guides/getting-started?key=${UNKNOWN_KEY}`);
  await openPanel(page);
  const response = page.waitForResponse((r) => r.url().includes('/v2/assistant/'));
  await ask(page, 'How do I install docs-assistant?');
  expect((await response).status()).toBe(401);
  const error = part(page, 'error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/key/i);
  await expect(part(page, 'assistant-message').filter({ hasText: /install/i })).toHaveCount(0);
});

test('a rate-limited key shows when to try again', async ({ page, request }) => {
  // The "tiny" organization of demo/docs-assistant.config.json allows 3 requests per hour.
  let status = 0;
  for (let attempt = 0; attempt < 10 && status !== 429; attempt++) {
    const response = await request.post(`${apiBase}/v1/search/${RATE_LIMITED_DOMAIN}`, {
      headers: { Authorization: `Bearer ${RATE_LIMITED_KEY}` },
      data: { query: 'theme' },
    });
    status = response.status();
  }
  expect(status).toBe(429);

  await page.goto(`/guides/getting-started?domain=${RATE_LIMITED_DOMAIN}&key=${RATE_LIMITED_KEY}`);
  await openPanel(page);
  const response = page.waitForResponse((r) => r.url().includes('/v2/assistant/'));
  await ask(page, 'How do I install docs-assistant?');
  const limited = await response;
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()['retry-after'])).toBeGreaterThan(0);
  const error = part(page, 'error');
  await expect(error).toBeVisible();
  await expect(error).toContainText(/too many|limit|try again/i);
});
