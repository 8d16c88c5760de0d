import { expect, test } from '@playwright/test';
import { answerFinished, ask, openPanel, part } from './support.ts';

test('works under a strict Content-Security-Policy (no unsafe-inline, no unsafe-eval)', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const violations: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = violations;
    document.addEventListener('securitypolicyviolation', (event) => {
      violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));

  const response = await page.goto('/embedding');
  const csp = response!.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self' http://127.0.0.1:");
  expect(csp).toContain("style-src 'self'");
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);

  await openPanel(page);
  await ask(page, 'How do I write the element myself instead of the script tag?');
  await answerFinished(page);
  await expect(part(page, 'citation').first()).toBeVisible();
  await part(page, 'citation').first().click();
  await expect(part(page, 'page')).toBeVisible();
  // The panel is styled (constructable stylesheets are allowed), not left unstyled.
  const position = await part(page, 'launcher').evaluate((el) => getComputedStyle(el).position);
  expect(position).toBe('fixed');

  const violations = await page.evaluate(
    () => (window as unknown as { cspViolations: string[] }).cspViolations,
  );
  expect(violations).toEqual([]);
  expect(consoleErrors.filter((text) => /Content Security Policy|Refused/i.test(text))).toEqual([]);
});
