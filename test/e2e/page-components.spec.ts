/**
 * The page view shows a docs framework's components as readable, sanitized HTML (issue 13): a
 * page with callouts, directives, steps, tabs, cards, an accordion, a file tree and hostile
 * markup is rendered by the real server (`format: "markdown"`), handed to the panel in place of
 * the demo's page, and read back from Chromium's DOM.
 */
import { expect, test } from '@playwright/test';
import { COMPONENTS_PAGE } from '../support/components-page.ts';
import { openFirstCitation } from '../support/e2e.ts';
import { folderApp, post } from '../support/server.ts';

async function renderedPage(): Promise<string> {
  const app = await folderApp({ 'components.mdx': COMPONENTS_PAGE });
  const response = await app.request(
    '/v1/page/acme',
    post({ path: 'components', format: 'markdown' }),
  );
  expect(response.status).toBe(200);
  return response.text();
}

test('the page view renders callouts, steps, tabs, cards and directives, sanitized', async ({
  page,
}) => {
  const body = await renderedPage();
  let requested: unknown;
  await page.route('**/v1/page/**', async (route) => {
    requested = route.request().postDataJSON();
    await route.fulfill({ status: 200, contentType: 'application/json', body });
  });
  await openFirstCitation(page, '/guides/embedding', 'How do I add the widget to my pages?');

  const prose = page.locator('docs-assistant .page .prose');
  await expect(prose).toContainText('Node 22 is required.');
  expect(requested).toMatchObject({ format: 'markdown' });

  const text = (await prose.innerText()).replace(/\s+/g, ' ');
  expect(text).not.toMatch(/<\/?[A-Z]\w*|:::/);
  for (const visible of [
    'Note',
    'Caution: Careful',
    'Click to expand',
    'Hidden details.',
    'npm',
    'pnpm add acme',
    'Why two files?',
    'index.ts',
    'Unknown components keep their text.',
  ]) {
    expect(text).toContain(visible);
  }
  await expect(prose.locator('blockquote')).toHaveCount(3);
  await expect(prose.locator('ol > li')).toHaveText([/Add the tag/, /Reload/]);
  await expect(prose.locator('a', { hasText: 'API reference' })).toHaveAttribute('href', /\/api$/);
  await expect(prose.locator('[data-code-block]')).toHaveCount(2);
  await expect(prose.locator('[data-anchor="setup"]')).toHaveText('Install');

  // Nothing hostile survives: no script, no handler, nothing ran.
  await expect(prose.locator('script, [onerror], [onclick]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await page.screenshot({ path: 'artifacts/screenshots/page-view-components.png' });
});
