/**
 * The panel follows the host site's theme switch (issue 16): with the OS light, a reader who
 * toggles the site to dark (VitePress and Mintlify put `dark` on <html>) gets a dark panel,
 * and a light one again when they toggle back.
 */
import { expect, test } from '@playwright/test';
import { openPanel, part } from '../support/e2e.ts';

const luminance = async (page: import('@playwright/test').Page) => {
  const background = await part(page, 'dialog').evaluate(
    (el) => getComputedStyle(el).backgroundColor,
  );
  const [r = 0, g = 0, b = 0] = background.match(/\d+/g)!.map(Number);
  return (r + g + b) / 3;
};

test('the open panel follows html.dark when the reader toggles the site’s theme', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/guides/theming');
  await openPanel(page);
  expect(await luminance(page)).toBeGreaterThan(155);

  await page.evaluate(() => document.documentElement.classList.add('dark'));
  await expect.poll(() => luminance(page)).toBeLessThan(100);
  await page.screenshot({ path: 'artifacts/screenshots/panel-host-dark.png' });

  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await expect.poll(() => luminance(page)).toBeGreaterThan(155);
});
