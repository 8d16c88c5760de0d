/**
 * The Insights page (GET /insights/) in Chromium against a real server: the CLI with a config
 * file of two sites (the Mintlify fixture as `docs`, which gets the questions, and `quiet`),
 * an admin key and a SQLite file in a temporary folder, `docs` fed through the
 * public API (questions in three languages, uncovered ones, a follow-up, a thumbs down,
 * searches without results). Then: sign in, the two uPlot charts drawn with those numbers,
 * a content gap opened, a transcript opened and closed from the keyboard, a CSV export read
 * back, axe in light and dark, a phone's width, under the page's strict CSP. Screenshots go
 * to artifacts/screenshots/insights-*.png.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { recordPolicyViolations } from '../support/e2e.ts';
import { type AskedAnswer, askServer, type CliProcess, startCli } from '../support/engines.ts';

const DOCS = fileURLToPath(new URL('../fixtures/sites/mintlify', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const KEY = 'da_dsc_insightspage0123456789';
const ADMIN = 'da_admin_insightspage0123456789abcdef';

test.describe.configure({ mode: 'serial' });

let server: CliProcess;
let data: string;

const ask = (question: string, thread?: AskedAnswer) =>
  askServer(server.url, KEY, question, { fp: 'reader-e2e', ...(thread && { thread }) });

const post = (path: string, body: object) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

/** What the page should show: 8 questions, some uncovered, one disliked, 3 empty searches. */
async function seed() {
  const launch = await ask('How do I book a launch?');
  const followUp = await ask('What does a launch cost?', launch);
  await ask('¿Cómo reservo un lanzamiento?');
  await ask('如何发射卫星?');
  await ask('How do I configure webhook retries?');
  await ask('Can webhook retries be configured?');
  await ask('webhook retries configuration');
  await ask('What is the capital of France?');
  const down = await post('/v1/assistant/docs/feedback', {
    threadId: followUp.threadId,
    threadKey: launch.threadKey,
    messageId: followUp.messageId,
    helpful: false,
    reason: 'outdated',
    comment: 'Prices changed in May',
  });
  expect(down.status).toBe(204);
  for (const query of ['xylophone', 'Xylophone', 'quantum entanglement']) {
    expect((await post('/v1/search/docs', { query })).status).toBe(200);
  }
  // Recording happens after each answer's stream ends: wait until all of it is in.
  await expect
    .poll(async () => {
      const response = await fetch(`${server.url}/v1/analytics/docs/overview`, {
        headers: { Authorization: `Bearer ${ADMIN}` },
      });
      const overview = (await response.json()) as {
        questions: number;
        searches: { total: number };
        feedback: { down: number };
      };
      return [overview.questions, overview.searches.total, overview.feedback.down];
    })
    .toEqual([8, 3, 1]);
}

test.beforeAll(async () => {
  data = await mkdtemp(join(tmpdir(), 'da-insights-page-'));
  const config = join(data, 'docs-assistant.config.json');
  await writeFile(
    config,
    JSON.stringify({
      organizations: [
        {
          name: 'rockets',
          keys: [KEY],
          adminKeys: [ADMIN],
          sites: [
            { domain: 'docs', docs: DOCS, title: 'Rocket Docs' },
            { domain: 'quiet', docs: DOCS },
          ],
        },
      ],
    }),
  );
  server = await startCli(['--config', config, '--data-dir', join(data, 'data')]);
  const page = await fetch(`${server.url}/insights/`);
  if (page.status !== 200) {
    throw new Error(`GET /insights/ answered ${page.status}: run \`npm run build:insights\` first`);
  }
  await seed();
});

test.afterAll(async () => {
  await server?.stop();
  if (data) await rm(data, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${server.url}/insights/`);
  await page.getByLabel('Admin key').fill(ADMIN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('insights-day-chart.questions-chart canvas')).toBeVisible();
}

/** Pixels of the chart's canvas drawn in its series color (bars or line and points). */
function seriesPixels(page: Page, chart: string) {
  return page.locator(`insights-day-chart.${chart}`).evaluate((element) => {
    const canvas = element.querySelector('canvas')!;
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(element).getPropertyValue('--chart-series');
    element.append(probe);
    const [r, g, b] = getComputedStyle(probe).color.match(/\d+/g)!.map(Number) as [
      number,
      number,
      number,
    ];
    probe.remove();
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let drawn = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const close =
        Math.abs(pixels[i]! - r) < 24 &&
        Math.abs(pixels[i + 1]! - g) < 24 &&
        Math.abs(pixels[i + 2]! - b) < 24 &&
        pixels[i + 3]! > 200;
      if (close) drawn++;
    }
    return drawn;
  });
}

async function axeViolations(page: Page) {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const results = await axe.run(document, { resultTypes: ['violations'] });
    return results.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  });
}

test('sign in, read the charts, open a gap and a transcript, export CSV', async ({ page }) => {
  const recorded = await recordPolicyViolations(page);
  await page.addInitScript({ path: AXE });
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });

  const response = await page.goto(`${server.url}/insights`);
  expect(page.url()).toBe(`${server.url}/insights/`);
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await response!.text();
  expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=/);
  expect(html).toMatch(/src="\.\/assets\/index-[\w-]{8}\.js"/);

  // The key's shape is checked here, then the server's answer.
  const field = page.getByLabel('Admin key');
  await field.fill(KEY);
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This is a public key');
  await field.fill('da_admin_not0the0right0key0at0all0');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This key was not accepted');
  await page.screenshot({ path: 'artifacts/screenshots/insights-sign-in-light-desktop.png' });
  await field.fill(ADMIN);
  await field.press('Enter');
  await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeFocused();
  expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([ADMIN]);

  // The numbers and both charts, drawn with the 30 days of the period.
  const numbers = page.locator('.numbers');
  await expect(numbers.locator('.figure', { hasText: 'Questions' }).first()).toContainText('8');
  await expect(numbers.locator('.figure', { hasText: 'Searches without results' })).toContainText(
    '3',
  );
  for (const chart of ['questions-chart', 'answered-chart']) {
    await expect(page.locator(`insights-day-chart.${chart}`)).toHaveAttribute('data-points', '30');
  }
  expect(await seriesPixels(page, 'questions-chart')).toBeGreaterThan(100);
  expect(await seriesPixels(page, 'answered-chart')).toBeGreaterThan(10);
  const questionsChart = page.locator('insights-day-chart.questions-chart');
  await questionsChart.getByText('Show the numbers').click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(questionsChart.getByRole('row', { name: `${today} 8` })).toBeVisible();
  await expect(questionsChart.getByRole('img')).toHaveAttribute(
    'aria-label',
    `Questions per day: 8 in 30 days, most on ${today} (8).`,
  );

  // Another period: the charts have its days; another site: its own (empty) numbers.
  await page.getByRole('radio', { name: 'Last 7 days' }).check();
  await expect(page.locator('insights-day-chart.questions-chart')).toHaveAttribute(
    'data-points',
    '7',
  );
  const site = page.getByRole('combobox', { name: 'Site' });
  await expect(site.locator('option')).toHaveText(['Rocket Docs (docs)', 'quiet']);
  await site.selectOption('quiet');
  await expect(page.locator('#disliked')).toContainText('No answer got a thumbs down');
  await expect(numbers.locator('.figure').first()).toContainText('0');
  await site.selectOption('docs');
  await page.getByRole('radio', { name: 'Last 30 days' }).check();
  await expect(numbers.locator('.figure').first()).toContainText('8');

  // Languages, topics, searches without results, pages.
  await expect(page.locator('#languages')).toContainText('Spanish (es)');
  await expect(page.locator('#languages')).toContainText('Chinese (zh)');
  await expect(page.locator('#topics li').first()).toBeVisible();
  // Repeats are grouped with case and spacing ignored.
  await expect(page.locator('#searches li', { hasText: /xylophone/i })).toContainText('2 searches');
  await expect(page.locator('#searches li', { hasText: 'quantum' })).toContainText('1 search');
  await expect(page.locator('#pages')).toContainText('Never cited');
  expect(await page.locator('#pages ul.paths li').count()).toBeGreaterThan(0);

  // A content gap opens with its questions and suggestion.
  const gap = page.locator('details.gap', { hasText: 'webhook' });
  await gap.locator('summary').click();
  await expect(gap).toHaveAttribute('open', '');
  await expect(gap).toContainText('webhook retries configuration');
  await expect(gap).toContainText('Suggestion:');

  // The thumbs-down answer opens its conversation; Escape closes it and focus returns.
  const disliked = page.locator('#disliked li');
  await expect(disliked).toHaveCount(1);
  await expect(disliked).toContainText('What does a launch cost?');
  await expect(disliked).toContainText('outdated: Prices changed in May');
  const opener = disliked.getByRole('button', { name: /Open conversation/ });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Conversation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await expect(dialog.locator('.transcript-message')).toHaveCount(2);
  await expect(dialog.locator('.transcript-message').first()).toContainText(
    'How do I book a launch?',
  );
  await expect(dialog.locator('.transcript-message').last()).toContainText(
    'Thumbs down: “outdated: Prices changed in May”',
  );
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({ path: 'artifacts/screenshots/insights-transcript-light-desktop.png' });
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // A CSV export: fetched with the key in a header, saved through a download.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Conversations' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^docs-conversations-\d{4}-\d\d-\d\d-\d{4}-\d\d-\d\d\.csv$/,
  );
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^at,threadId,messageId,question,language,/);
  expect(lines).toHaveLength(9);
  await expect(page.locator('.export-status')).toContainText('8 rows');
  expect(urls.filter((url) => url.includes(ADMIN))).toEqual([]);

  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({
    path: 'artifacts/screenshots/insights-light-desktop.png',
    fullPage: true,
  });

  // Dark: the charts are drawn again in the dark colors; axe again.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect.poll(() => seriesPixels(page, 'questions-chart')).toBeGreaterThan(100);
  const background = await page.evaluate(
    () => getComputedStyle(document.documentElement).backgroundColor,
  );
  expect(background).toBe('rgb(17, 18, 21)');
  expect(await axeViolations(page)).toEqual([]);
  await page.screenshot({
    path: 'artifacts/screenshots/insights-dark-desktop.png',
    fullPage: true,
  });

  expect(await recorded.violations()).toEqual([]);
  // The one error is the browser's line for the wrong key's 401.
  expect(recorded.errors).toEqual([expect.stringMatching(/status of 401/)]);

  // Signing out forgets the key.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Admin key')).toBeFocused();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('on a phone: no sideways scrolling, the charts fit, light and dark', async ({ page }) => {
  const recorded = await recordPolicyViolations(page);
  await page.addInitScript({ path: AXE });
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await signIn(page);
    await expect(page.locator('insights-day-chart.questions-chart')).toHaveAttribute(
      'data-points',
      '30',
    );
    await page.locator('details.gap').first().locator('summary').click();
    const widths = await page.evaluate(() => ({
      page: document.scrollingElement!.scrollWidth,
      charts: [...document.querySelectorAll('insights-day-chart canvas')].map(
        (canvas) => canvas.getBoundingClientRect().width,
      ),
    }));
    expect(widths.page).toBeLessThanOrEqual(390);
    for (const width of widths.charts) expect(width).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({
      path: `artifacts/screenshots/insights-${colorScheme}-phone.png`,
      fullPage: true,
    });
    // The charts follow their box: wider on a wider screen.
    await page.setViewportSize({ width: 900, height: 844 });
    await expect
      .poll(() =>
        page
          .locator('insights-day-chart.questions-chart canvas')
          .evaluate((c) => c.getBoundingClientRect().width),
      )
      .toBeGreaterThan(600);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Sign out' }).click();
  }
  expect(await recorded.violations()).toEqual([]);
  expect(recorded.errors).toEqual([]);
});
