/**
 * End to end (`npm run test:e2e`): real Chromium against the demo, started exactly as
 * `npm start` starts it, on its own ports so a running demo does not interfere.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * The Chromium to run (as in vitest.config.ts): CHROMIUM_PATH, else the system's Chromium at
 * /usr/bin/chromium (Debian), else Playwright's own (`npx playwright install chromium`).
 */
const chromiumPath =
  process.env['CHROMIUM_PATH'] ??
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const sitePort = Number(process.env['E2E_PORT'] ?? 4310);
const apiPort = sitePort + 1;

export default defineConfig({
  testDir: 'test/e2e',
  // Per port, so two runs in one work tree (E2E_PORT) do not delete each other's traces.
  outputDir: `artifacts/playwright/${sitePort}`,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env['CI'] ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: 'artifacts/results/e2e.json' }],
    ['html', { outputFolder: 'artifacts/playwright-report', open: 'never' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${sitePort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // A slower stream than the demo's default leaves time to see it grow and to stop it.
    command: `npm start -- --port ${sitePort} --api-port ${apiPort} --stream-delay-ms 100`,
    url: `http://127.0.0.1:${sitePort}/guides/getting-started`,
    reuseExistingServer: !process.env['CI'],
    timeout: 120_000,
    stdout: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: the demo then deletes its snapshot of the
    // builds in the temporary folder, which a killed demo leaves behind at every run.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});

/** The companion server the demo site talks to (for tests that call the API directly). */
export const apiBase = `http://127.0.0.1:${apiPort}`;
