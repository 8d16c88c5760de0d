/** Screenshots of the open panel, saved as artifacts for reviewers (artifacts/screenshots). */
import { expect, test } from '@playwright/test';
import { answerFinished, ask, openFirstCitation, openPanel } from '../support/e2e.ts';

const sizes = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

for (const colorScheme of ['light', 'dark'] as const) {
  for (const [size, viewport] of Object.entries(sizes)) {
    test(`screenshot: open panel, ${colorScheme}, ${size}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.goto('/guides/embedding');
      await openPanel(page);
      await ask(page, 'How do I add the widget to my pages?');
      await answerFinished(page);
      // Question and answer together: the list follows the stream to its end, so scroll up.
      await page
        .locator('docs-assistant [part~="messages"]')
        .evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
      const path = `artifacts/screenshots/panel-${colorScheme}-${size}.png`;
      await page.screenshot({ path });
      const background = await page
        .locator('docs-assistant [part~="dialog"]')
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      const [r = 0, g = 0, b = 0] = background.match(/\d+/g)!.map(Number);
      const luminance = (r + g + b) / 3;
      if (colorScheme === 'dark') expect(luminance).toBeLessThan(100);
      else expect(luminance).toBeGreaterThan(155);
    });
  }
}

for (const [colorScheme, size] of [
  ['light', 'desktop'],
  ['dark', 'mobile'],
] as const) {
  test(`screenshot: a cited page in the panel with its actions, ${colorScheme}, ${size}`, async ({
    page,
  }) => {
    await page.setViewportSize(sizes[size]);
    await page.emulateMedia({ colorScheme });
    await openFirstCitation(page, '/guides/embedding', 'How do I add the widget to my pages?');
    const actions = page.locator('docs-assistant [part~="page-actions"]');
    await expect(actions).toBeVisible();
    await expect(actions.locator('[part~="open-in-claude"]')).toHaveAttribute(
      'href',
      /^https:\/\/claude\.ai\/new\?q=Read%20http/,
    );
    // The view opens at the cited section; the actions sit above the page's title.
    await page
      .locator('docs-assistant .page-scroll')
      .evaluate((el) => el.scrollTo({ top: 0, behavior: 'instant' }));
    await page.screenshot({ path: `artifacts/screenshots/page-view-${colorScheme}-${size}.png` });
  });
}

test('screenshot: a cited page opened at its cited section, highlighted', async ({ page }) => {
  await page.setViewportSize(sizes.desktop);
  await openFirstCitation(
    page,
    '/guides/theming',
    'How do I change the accent color to match my brand?',
  );
  const cited = page.locator('docs-assistant [part~="cited-section"]');
  await expect(cited.first()).toBeVisible();
  expect(await cited.count()).toBeGreaterThan(1);
  await page.screenshot({ path: 'artifacts/screenshots/page-view-highlight.png' });
});
