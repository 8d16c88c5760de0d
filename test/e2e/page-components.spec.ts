/**
 * The page view shows a docs framework's components as readable, sanitized HTML (issue 13): a
 * page with callouts, directives, steps, tabs, cards, an accordion, a file tree and hostile
 * markup is rendered by the real server (`format: "markdown"`), handed to the panel in place of
 * the demo's page, and read back from Chromium's DOM.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { createApp } from '../../src/server/app.ts';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';
import { answerFinished, ask, openPanel } from '../support/e2e.ts';

const PAGE = [
  '---',
  'title: Components',
  '---',
  "import { Steps, Tabs, TabItem, FileTree } from '@astrojs/starlight/components';",
  '',
  '# Components',
  '',
  '## Install {#setup}',
  '',
  '<Note>Node 22 is required.</Note>',
  '',
  ':::caution[Careful]',
  'Back up first.',
  ':::',
  '',
  '::: details Click to expand',
  'Hidden details.',
  ':::',
  '',
  '<Steps>',
  '<Step title="Add the tag">Paste it.</Step>',
  '<Step title="Reload">Open the page.</Step>',
  '</Steps>',
  '',
  '<Tabs>',
  '<TabItem label="npm">',
  '```sh',
  'npm install acme',
  '```',
  '</TabItem>',
  '<TabItem label="pnpm">',
  '```sh',
  'pnpm add acme',
  '```',
  '</TabItem>',
  '</Tabs>',
  '',
  '<Card title="API reference" href="/api">Every option.</Card>',
  '',
  '<Accordion title="Why two files?">Because the build reads both.</Accordion>',
  '',
  '<FileTree>',
  '- src/',
  '  - index.ts',
  '</FileTree>',
  '',
  '<Warning>Do not <img src="x" onerror="window.__xss = 1"> run <script>window.__xss = 2</script> this.</Warning>',
  '',
  '<Fancy onClick={() => alert(1)}>Unknown components keep their text.</Fancy>',
].join('\n');

async function renderedPage(): Promise<string> {
  const docs = await mkdtemp(join(tmpdir(), 'da-e2e-components-'));
  await writeFile(join(docs, 'components.mdx'), PAGE);
  const { index } = await buildDocsIndex(docs);
  const key = 'da_dsc_components_e2e_0000000000000000';
  const app = createApp({
    organizations: [
      {
        name: 'e2e',
        keys: [key],
        limits: { orgPerHour: 100, ipPerDay: 100 },
        sites: [{ domain: 'components', index }],
      },
    ],
  });
  const response = await app.request('/v1/page/components', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ path: 'components', format: 'markdown' }),
  });
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
  await page.goto('/guides/embedding');
  await openPanel(page);
  await ask(page, 'How do I add the widget to my pages?');
  await answerFinished(page);
  await page.locator('docs-assistant [part~="citation"]').first().click();

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
