import { expect, test } from '@playwright/test';
import {
  answerFinished,
  ask,
  holdNextReplyAfterFirstWords,
  lastAnswer,
  openPanel,
  part,
  recordAssistantRequests,
  sampleStreaming,
  textOf,
} from '../support/e2e.ts';

test('asks a question and the answer streams in, with numbered citations', async ({ page }) => {
  await page.goto('/guides/getting-started');
  await openPanel(page);
  const samples = await sampleStreaming(page);
  await ask(page, 'How do I change the accent color of the panel?');
  await expect(part(page, 'user-message').last()).toContainText('accent color');
  await answerFinished(page);
  const answer = (await textOf(lastAnswer(page))).trim();
  expect(answer).toMatch(/accent color/i);
  await expect(part(page, 'citation').first()).toBeVisible();
  // While it streamed, Stop was offered and a part of the answer was already shown.
  const partial = (await samples()).filter((s) => s.stop && s.length > 0);
  expect(partial.length).toBeGreaterThan(0);
  expect(Math.min(...partial.map((s) => s.length))).toBeLessThan(answer.length);
});

test('a citation opens the full cited page inside the panel', async ({ page }) => {
  await page.goto('/guides/getting-started');
  await openPanel(page);
  await ask(page, 'Which flags does the serve command take?');
  await answerFinished(page);
  const pageResponse = page.waitForResponse((response) => response.url().includes('/v1/page/'));
  await part(page, 'citation').first().click();
  const response = await pageResponse;
  expect(response.status()).toBe(200);
  const { content } = (await response.json()) as { content: string };
  const view = part(page, 'page');
  await expect(view).toBeVisible();
  // The whole page, first heading to last paragraph, not just the cited passage.
  const lines = content
    .split('\n')
    .map((line) => line.replace(/[#*`[\]()]/g, '').trim())
    .filter((line) => /^[A-Za-z]/.test(line) && !line.includes('|'));
  await expect(view).toContainText(lines[0]!.slice(0, 30));
  await expect(view).toContainText(lines.at(-1)!.split(/\s+/).slice(0, 4).join(' '));
});

test('the page view loads with the first page opened; if it cannot, Retry fetches it again', async ({
  page,
}) => {
  const chunks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/widget/chunks/')) chunks.push(request.url());
  });
  await page.route(/\/widget\/chunks\/page-view-/, (route) => route.abort());
  await page.goto('/guides/getting-started');
  await openPanel(page);
  await ask(page, 'Which flags does the serve command take?');
  await answerFinished(page);
  // The answer needed neither the page view nor the page client.
  expect(chunks.filter((url) => /\/(page-view|page-client)-/.test(url))).toEqual([]);

  await part(page, 'citation').first().click();
  await expect(part(page, 'page')).toBeVisible();
  await expect(part(page, 'error')).toContainText(/connection/i);
  await page.unrouteAll();
  await part(page, 'retry').click();
  await expect(part(page, 'back')).toBeVisible();
  await expect(part(page, 'page').locator('.prose h1, .prose h2').first()).toBeVisible();
});

test('the conversation and its thread continue on another doc page', async ({ page }) => {
  const requests = recordAssistantRequests(page);
  await page.goto('/guides/getting-started');
  await openPanel(page);
  const firstResponse = page.waitForResponse((r) => r.url().includes('/v2/assistant/'));
  await ask(page, 'How do I install docs-assistant?');
  const threadId = (await firstResponse).headers()['x-thread-id'];
  expect(threadId).toBeTruthy();
  await answerFinished(page);
  const firstAnswer = await textOf(lastAnswer(page));

  await page.keyboard.press('Escape');
  await page.locator('.sidebar').getByRole('link', { name: 'Theming' }).click();
  await expect(page).toHaveURL(/\/theming$/);
  await openPanel(page);
  await expect(part(page, 'user-message').first()).toContainText('install docs-assistant');
  await expect(part(page, 'assistant-message').first().locator('.answer')).toHaveText(firstAnswer);

  await ask(page, 'And how do I switch it to dark mode?');
  await answerFinished(page);
  expect(requests).toHaveLength(2);
  expect(requests[1]).toMatchObject({ threadId, currentPath: '/guides/theming' });
  expect(requests[1]!['threadKey']).toEqual(expect.any(String));
  expect(requests[1]!['messages']).toHaveLength(3);
  await expect(part(page, 'assistant-message')).toHaveCount(2);
});

test('stop ends a reply mid-stream', async ({ page }) => {
  await page.goto('/reference/api');
  await openPanel(page);
  // The demo streams a reply in about two seconds: less than one Playwright action takes on a busy
  // machine with tracing on, so pressing Stop would race the reply. The reply is held after its
  // first words instead, as a slow model would, until the reader presses Stop.
  await holdNextReplyAfterFirstWords(page);
  const question = 'What are the errors of the API?';
  await ask(page, question);
  await expect(lastAnswer(page)).not.toBeEmpty();
  await part(page, 'stop').click();
  await expect(part(page, 'stop')).toHaveCount(0);
  // What had arrived stays, and nothing more arrives.
  const stopped = await textOf(lastAnswer(page));
  expect(stopped.trim().length).toBeGreaterThan(0);
  await page.waitForTimeout(600);
  expect(await textOf(lastAnswer(page))).toBe(stopped);
  // The composer is usable again, and the same question answered in full is longer:
  // the reply was cut, not finished.
  await expect(part(page, 'send')).toBeVisible();
  await ask(page, question);
  await answerFinished(page);
  const full = await textOf(lastAnswer(page));
  expect(full.trim().length).toBeGreaterThan(stopped.trim().length);
});
