/**
 * The Playwright example of docs/guides/testing-with-playwright.md, run as
 * written against the demo: a team copying it gets a test that passes.
 */
import { expect, test } from '@playwright/test';

test('the docs example: the assistant answers from our docs and cites a page', async ({ page }) => {
  await page.goto('/guides/getting-started');
  const answered = page.evaluate(
    () =>
      new Promise((resolve) =>
        document
          .querySelector('docs-assistant')!
          .addEventListener('docs-assistant-response', resolve, { once: true }),
      ),
  );
  await page.getByRole('button', { name: 'Ask AI' }).click();
  await page.getByRole('textbox', { name: 'Your question' }).fill('How do I install it?');
  await page.keyboard.press('Enter');
  await answered;
  const citation = page.locator('docs-assistant [part~="citation"]').first();
  await expect(citation).toBeVisible();
  await citation.click();
  await expect(page.locator('docs-assistant [part~="page"]')).toBeVisible();
});
