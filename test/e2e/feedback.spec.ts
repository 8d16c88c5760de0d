/**
 * A reader's thumbs down with a reason, against the demo's companion server: the thumbs and
 * then the reason reach it (both stored: 204), and the page styles the form through its parts.
 */
import { expect, test } from '@playwright/test';
import { answerFinished, ask, openPanel, part } from '../support/e2e.ts';

test('thumbs down, a reason and a comment reach the server in order; the page styles the form', async ({
  page,
}) => {
  const posted: { body: Record<string, unknown>; status: number }[] = [];
  page.on('requestfinished', async (request) => {
    // The feedback posts only: the thumbs' own code (a chunk named feedback-controller-…) loads
    // with the first thumbs.
    if (request.method() !== 'POST' || !request.url().includes('/feedback')) return;
    const response = await request.response();
    posted.push({ body: request.postDataJSON(), status: response?.status() ?? 0 });
  });
  await page.goto('/guides/insights');
  // The demo's CSP refuses inline styles; a constructed sheet is the page's own CSS all the same.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('docs-assistant::part(feedback) { border-color: rgb(255, 0, 0); }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await openPanel(page);
  await ask(page, 'What does the widget send with a thumbs down?');
  await answerFinished(page);

  await part(page, 'not-helpful').last().click();
  const form = part(page, 'feedback');
  await expect(form).toBeVisible();
  await expect(form).toHaveCSS('border-top-color', 'rgb(255, 0, 0)');
  await expect.poll(() => posted.length).toBe(1);
  await page.screenshot({ path: 'artifacts/screenshots/panel-feedback-form.png' });

  await form.getByLabel('Not what I asked').check();
  await part(page, 'feedback-comment').fill('I asked about the comment box.');
  await part(page, 'send-feedback').click();
  await expect(form).toHaveCount(0);
  await expect(part(page, 'assistant-message').last()).toContainText('Thanks for the feedback');
  await expect.poll(() => posted.length).toBe(2);
  expect(posted.map((p) => p.status)).toEqual([204, 204]);
  expect(posted[0]!.body).toMatchObject({ helpful: false });
  expect(posted[0]!.body).not.toHaveProperty('reason');
  expect(posted[1]!.body).toMatchObject({
    helpful: false,
    reason: 'not-what-i-asked',
    comment: 'I asked about the comment box.',
    messageId: posted[0]!.body['messageId'],
    threadId: posted[0]!.body['threadId'],
  });
});
