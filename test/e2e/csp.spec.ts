import { expect, test } from '@playwright/test';
import { askAndOpenCitation, part, recordPolicyViolations } from '../support/e2e.ts';

test('works under a strict Content-Security-Policy (no unsafe-inline, no unsafe-eval)', async ({
  page,
}) => {
  const recorded = await recordPolicyViolations(page);

  const response = await page.goto('/guides/embedding');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self' http://127.0.0.1:");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);

  await askAndOpenCitation(page);
  // The panel is styled (constructable stylesheets are allowed), not left unstyled.
  const position = await part(page, 'launcher').evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe('fixed');

  expect(await recorded.violations()).toEqual([]);
  expect(recorded.errors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual(
    [],
  );
});
