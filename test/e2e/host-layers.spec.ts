/**
 * The widget among a docs site's own layers, on the demo site: a site modal opens over the
 * side panel and keeps its Escape; `layout="push"` moves the page aside; on a phone the page
 * behind the full-screen panel does not scroll.
 */
import { expect, test } from '@playwright/test';
import { openPanel, part } from '../support/e2e.ts';

test('a site search modal (z-index 100) opens over the side panel and Escape closes it first', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/guides/theming');
  await openPanel(page);
  // A search modal as VitePress stacks its own, closed by Escape like the real one.
  await page.evaluate(() => {
    const modal = document.createElement('div');
    modal.id = 'site-search';
    modal.setAttribute('role', 'dialog');
    modal.setAttribute('aria-modal', 'true');
    modal.style.cssText =
      'position:fixed;inset:0;z-index:100;display:grid;place-items:start center;padding-top:64px;background:rgb(0 0 0 / .45)';
    // Styled through CSSOM: the demo's CSP refuses inline style attributes.
    const box = modal.appendChild(document.createElement('div'));
    box.textContent = 'Site search';
    box.style.cssText =
      'width:560px;padding:16px;border-radius:12px;background:#fff;font:16px system-ui';
    document.body.append(modal);
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') modal.remove();
    });
  });
  const box = (await part(page, 'dialog').boundingBox())!;
  const onTop = await page.evaluate(
    ([x, y]) => document.elementFromPoint(x!, y!)?.closest('#site-search') !== null,
    [box.x + box.width / 2, box.y + box.height / 2],
  );
  expect(onTop).toBe(true);
  await page.screenshot({ path: 'artifacts/screenshots/panel-under-site-modal.png' });

  // Focus is still in the panel's input; the modal is on top, so Escape is the site's.
  await page.keyboard.press('Escape');
  await expect(page.locator('#site-search')).toHaveCount(0);
  await expect(part(page, 'dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(part(page, 'dialog')).toBeHidden();
  await expect(part(page, 'launcher')).toBeFocused();
});

test('layout="push" moves the page aside by the panel and back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/guides/theming');
  await page.evaluate(() =>
    document.querySelector('docs-assistant')!.setAttribute('layout', 'push'),
  );
  const pageRight = () =>
    page.evaluate(() => document.querySelector('.layout')!.getBoundingClientRect().right);
  const before = await pageRight();
  await openPanel(page);
  // The panel may still be sliding in: its edge and the page's are read together until they meet.
  const gap = async () =>
    Math.abs((await pageRight()) - (await part(page, 'dialog').boundingBox())!.x);
  await expect.poll(gap).toBeLessThan(0.5);
  await page.screenshot({ path: 'artifacts/screenshots/panel-push.png' });
  await page.keyboard.press('Escape');
  await expect.poll(pageRight).toBe(before);
});

test('on a phone the page behind the full-screen panel does not scroll', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/guides/theming');
  await openPanel(page);
  await page.mouse.move(195, 300);
  await page.mouse.wheel(0, 800);
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => scrollY)).toBe(0);
  await page.keyboard.press('Escape');
  await page.mouse.wheel(0, 800);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
});
