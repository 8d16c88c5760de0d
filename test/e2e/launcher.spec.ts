import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SUGGESTIONS } from '../../demo/site/server.ts';
import { openPanel, part } from '../support/e2e.ts';

test.describe('launcher', () => {
  test('the demo offers three starter questions on the empty panel', async ({ page }) => {
    await page.goto('/guides/getting-started');
    await openPanel(page);
    await expect(part(page, 'suggestion')).toHaveText(SUGGESTIONS);
  });

  test('opens the panel on click and closes it with Escape, focus back on the launcher', async ({
    page,
  }) => {
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    await page.goto('/guides/getting-started');
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
    // Nothing the page, the widget or the panel asked for was missing, nor the page's icon
    // (headless Chromium does not fetch icons by itself).
    expect(failed).toEqual([]);
    const icon = await page.locator('link[rel=icon]').getAttribute('href');
    expect((await page.request.get(icon!)).status()).toBe(200);
  });

  test('the shortcut toggles the panel', async ({ page }) => {
    await page.goto('/guides/embedding');
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
    // The build's own chunk graph: the entry's static imports, and the lazily loaded panel.
    const manifest = JSON.parse(readFileSync('dist/widget/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const firstLoad = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (firstLoad.has(`/widget/${chunk.file}`)) return;
      firstLoad.add(`/widget/${chunk.file}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit('src/widget/script.ts');
    const panel = `/widget/${manifest['src/widget/panel/docs-assistant-panel.ts']!.file}`;

    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/widget/')) scripts.push(path);
    });
    await page.goto('/guides/theming');
    await expect(part(page, 'launcher')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(new Set(scripts)).toEqual(firstLoad);

    await part(page, 'launcher').hover();
    await expect.poll(() => scripts).toContain(panel);
    // Everything loaded on intent has a content hash in its name (cached for a year).
    for (const path of scripts.filter((p) => !firstLoad.has(p))) {
      expect(path).toMatch(/^\/widget\/chunks\/.+-[\w-]{8}\.js$/);
    }
  });

  test('the script tag costs under 8 KB on the wire: the server sends the widget compressed', async ({
    page,
  }) => {
    const manifest = JSON.parse(readFileSync('dist/widget/.vite/manifest.json', 'utf8')) as Record<
      string,
      { file: string; imports?: string[] }
    >;
    const firstLoad = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key]!;
      if (firstLoad.has(`/widget/${chunk.file}`)) return;
      firstLoad.add(`/widget/${chunk.file}`);
      for (const next of chunk.imports ?? []) visit(next);
    };
    visit('src/widget/script.ts');

    const transfers: Promise<{ path: string; encoding?: string; vary?: string; bytes: number }>[] =
      [];
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (!firstLoad.has(path)) return;
      transfers.push(
        (async () => ({
          path,
          encoding: (await response.allHeaders())['content-encoding'],
          vary: (await response.allHeaders())['vary'],
          // The body bytes as they crossed the network, i.e. compressed.
          bytes: (await response.request().sizes()).responseBodySize,
        }))(),
      );
    });
    await page.goto('/guides/theming');
    await expect(part(page, 'launcher')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sent = await Promise.all(transfers);
    expect(new Set(sent.map((transfer) => transfer.path))).toEqual(firstLoad);
    for (const transfer of sent) {
      expect(transfer.encoding, transfer.path).toBe('br');
      expect(transfer.vary, transfer.path).toMatch(/Accept-Encoding/i);
    }
    const total = sent.reduce((sum, transfer) => sum + transfer.bytes, 0);
    expect(total).toBeGreaterThan(0);
    expect(total).toBeLessThan(8 * 1024);
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
    await page.goto('/reference/element?widget=off');
    const without = await measure();
    await page.goto('/reference/element');
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

  test('when the panel cannot load, the reader is told, and the next click tries again', async ({
    page,
  }) => {
    await page.route(/\/widget\/chunks\/docs-assistant-panel-/, (route) => route.abort());
    await page.goto('/guides/getting-started');
    const launcher = part(page, 'launcher');
    const note = part(page, 'load-error');
    await expect(note).toHaveAttribute('role', 'status');
    await expect(note).toHaveText('');
    await launcher.click();
    await expect(note).toHaveText(/couldn't load.*try again/i);
    await expect(note).toBeVisible();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');

    await page.unrouteAll();
    await launcher.click();
    await expect(part(page, 'input')).toBeVisible();
    await expect(note).toHaveText('');
  });
});
