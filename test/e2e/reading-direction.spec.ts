/**
 * The panel as a reader of a right-to-left site and of a left-to-right one meets it, with the
 * keyboard only: the demo's page served with `<html lang="fa" dir="rtl">` (as a Persian
 * Starlight site is) and as it is.
 */
import { expect, type Page, test } from '@playwright/test';
import { answerFinished, lastAnswer, part } from '../support/e2e.ts';

const PAGE = '/guides/getting-started';

// A whole answer streams at the demo's slowed pace.
test.setTimeout(60_000);

/**
 * Opens the demo page in `lang`, written in `dir`: the attributes are set on `<html>` as soon as
 * the parser makes it, before any script runs (a routed copy of the page would be another
 * address space, which Chromium keeps from loading the widget from the local API).
 */
async function serveAs(page: Page, lang: string, dir: 'rtl' | 'ltr') {
  await page.addInitScript(
    ([lang, dir]) => {
      new MutationObserver((_, observer) => {
        const html = document.documentElement;
        if (!html) return;
        html.lang = lang!;
        html.dir = dir!;
        observer.disconnect();
      }).observe(document, { childList: true });
    },
    [lang, dir],
  );
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(PAGE);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** Shift+Tab from the top of the page: the launcher, which comes last. */
async function tabToLauncher(page: Page) {
  await page.keyboard.press('Shift+Tab');
  await expect(part(page, 'launcher')).toBeFocused();
}

/** Keyboard only: the launcher, a question, and the answer's first citation marker. */
async function askByKeyboard(page: Page, question: string) {
  await tabToLauncher(page);
  await page.keyboard.press('Enter');
  await expect(part(page, 'input')).toBeFocused();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
  await answerFinished(page);
}

test('a Persian page: launcher and panel on the left, Persian strings, named citations', async ({
  page,
}) => {
  await serveAs(page, 'fa', 'rtl');
  const launcher = part(page, 'launcher');
  await expect(launcher).toHaveText(/از هوش مصنوعی بپرسید/);
  const box = (await launcher.boundingBox())!;
  expect(box.x).toBe(20);

  await askByKeyboard(page, 'How do I install it?');
  const dialog = (await part(page, 'dialog').boundingBox())!;
  expect(dialog.x).toBe(12);
  await expect(part(page, 'title')).toHaveText('از هوش مصنوعی بپرسید');
  await expect(part(page, 'dialog')).toHaveAttribute('dir', 'rtl');
  // The markers in the text are named after what they cite, in the page's language.
  const marker = lastAnswer(page).locator('a.cite').first();
  await expect(marker).toHaveText('1');
  await expect(marker).toHaveAttribute('aria-label', /^منبع 1: .+/);
  await page.screenshot({ path: 'artifacts/screenshots/panel-rtl-fa-desktop.png' });

  // The marker opens its page in the panel from the keyboard, and Escape comes back.
  await marker.focus();
  await page.keyboard.press('Enter');
  await expect(part(page, 'back')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(part(page, 'page')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(part(page, 'input')).toBeHidden();
  await expect(launcher).toBeFocused();
});

test('an English page: launcher and panel on the right, citations named in English', async ({
  page,
}) => {
  await serveAs(page, 'en', 'ltr');
  const launcher = part(page, 'launcher');
  const box = (await launcher.boundingBox())!;
  expect(Math.round(box.x + box.width)).toBe(1280 - 20);
  await askByKeyboard(page, 'How do I install it?');
  const dialog = (await part(page, 'dialog').boundingBox())!;
  expect(Math.round(dialog.x + dialog.width)).toBe(1280 - 12);
  const marker = lastAnswer(page).locator('a.cite').first();
  await expect(marker).toHaveAttribute('aria-label', /^Source 1: .+ › .+/);
});
