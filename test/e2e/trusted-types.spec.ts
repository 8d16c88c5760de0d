import { expect, test } from '@playwright/test';
import { answerFinished, ask, openPanel, part } from './support.ts';

/** What a site that enforces Trusted Types adds to its policy for the widget (README). */
const TRUSTED_TYPES = "require-trusted-types-for 'script'; trusted-types lit-html dompurify";

test('works on a page that enforces Trusted Types (policies: lit-html, dompurify)', async ({
  page,
}) => {
  // On top of the demo page's own CSP header, as a <meta> element in place before any script
  // runs (rewriting the response instead would move the page out of the loopback address
  // space, and Chromium would then refuse the widget's own requests).
  await page.addInitScript((policy) => {
    const meta = document.createElement('meta');
    meta.httpEquiv = 'Content-Security-Policy';
    meta.content = policy;
    new MutationObserver((_, observer) => {
      if (!document.head) return;
      document.head.prepend(meta);
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.sample}`);
    });
  }, TRUSTED_TYPES);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto('/embedding');
  expect(await page.evaluate(() => document.head.firstElementChild?.outerHTML)).toContain(
    'require-trusted-types-for',
  );
  await openPanel(page);
  // An answer with Markdown, code (highlighted lazily) and citations, then a page in the panel:
  // every place the widget turns HTML into nodes.
  await ask(page, 'How do I write the element myself instead of the script tag?');
  await answerFinished(page);
  await expect(part(page, 'citation').first()).toBeVisible();
  await part(page, 'citation').first().click();
  await expect(part(page, 'page')).toBeVisible();

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(errors).toEqual([]);
});
