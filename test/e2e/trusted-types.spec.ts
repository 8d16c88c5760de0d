import { expect, test } from '@playwright/test';
import { askAndOpenCitation, recordPolicyViolations } from '../support/e2e.ts';

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
  }, TRUSTED_TYPES);
  const recorded = await recordPolicyViolations(page);

  await page.goto('/guides/embedding');
  expect(await page.evaluate(() => document.head.firstElementChild?.outerHTML)).toContain(
    'require-trusted-types-for',
  );
  await askAndOpenCitation(page);

  expect(await recorded.violations()).toEqual([]);
  expect(recorded.errors).toEqual([]);
});
