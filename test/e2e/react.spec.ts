import { expect, test } from '@playwright/test';

test('the React page gets an answer through useChat and continues the thread', async ({ page }) => {
  const bodies: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v2/assistant/')) bodies.push(request.postDataJSON());
  });
  await page.goto('/react/');
  const question = page.getByRole('textbox', { name: 'Question' });
  await question.fill('How do I run a local model with Ollama?');
  await page.getByRole('button', { name: 'Send' }).click();
  const answer = page.getByTestId('answer').last();
  await expect(page.getByTestId('status')).toHaveText('Status: ready', { timeout: 20_000 });
  await expect(answer).toContainText(/ollama|model-base-url/i);
  await expect(page.getByRole('list', { name: 'Sources' }).getByRole('link').first()).toBeVisible();
  expect(bodies[0]).toMatchObject({ fp: 'anonymous', threadId: null });

  await question.fill('Which model is the default?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('status')).toHaveText('Status: ready', { timeout: 20_000 });
  await expect(page.getByTestId('answer')).toHaveCount(2);
  expect(bodies[1]!['threadId']).toEqual(expect.any(String));
  expect(bodies[1]!['threadKey']).toEqual(expect.any(String));
  await page.screenshot({ path: 'artifacts/screenshots/react-page.png', fullPage: true });
});
