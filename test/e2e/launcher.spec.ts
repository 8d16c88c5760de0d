import { expect, test } from '@playwright/test';
import { part } from './support.ts';

test.describe('launcher', () => {
  test('opens the panel on click and closes it with Escape, focus back on the launcher', async ({
    page,
  }) => {
    await page.goto('/getting-started');
    const launcher = part(page, 'launcher');
    await expect(launcher).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await launcher.click();
    await expect(part(page, 'input')).toBeVisible();
    await expect(part(page, 'input')).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(part(page, 'input')).toBeHidden();
    await expect(launcher).toBeFocused();
  });

  test('the shortcut toggles the panel', async ({ page }) => {
    await page.goto('/embedding');
    await expect(part(page, 'launcher')).toBeVisible();
    await page.locator('main').click();
    await page.keyboard.press('ControlOrMeta+i');
    await expect(part(page, 'input')).toBeVisible();
    await expect(part(page, 'input')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+i');
    await expect(part(page, 'input')).toBeHidden();
  });

  test('only the launcher and the selection helper load with the page; the panel on intent', async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/theming');
    await expect(part(page, 'launcher')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const beforeIntent = [...scripts];
    expect(beforeIntent).toContain('/widget/docs-assistant.js');
    await part(page, 'launcher').hover();
    await expect.poll(() => scripts.length).toBeGreaterThan(beforeIntent.length);
    // The lazily loaded chunks have content hashes in their names.
    for (const path of scripts.slice(beforeIntent.length)) {
      expect(path).toMatch(/^\/widget\/chunks\/.+-[\w-]{8}\.js$/);
    }
  });

  test('does not shift the layout of the host page', async ({ page }) => {
    const measure = () =>
      page.evaluate(() => {
        const box = (selector: string) => {
          const rect = document.querySelector(selector)!.getBoundingClientRect();
          return [rect.x, rect.y, rect.width, rect.height];
        };
        return {
          article: box('article'),
          sidebar: box('.sidebar'),
          scrollWidth: document.documentElement.scrollWidth,
          scrollHeight: document.documentElement.scrollHeight,
        };
      });
    await page.goto('/attributes?widget=off');
    const without = await measure();
    await page.goto('/attributes');
    await expect(part(page, 'launcher')).toBeVisible();
    expect(await measure()).toEqual(without);
    // Cumulative layout shift as the browser measures it.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              total += (entry as PerformanceEntry & { value: number }).value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(shift).toBe(0);
  });
});
