import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

/** Debian's Chromium; Playwright cannot download its own browser here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'test/server/**/*.test.ts',
            'test/api/**/*.test.ts',
            'test/compat/**/*.test.ts',
          ],
          testTimeout: 30_000,
        },
      },
      {
        // After `npm run build`: what `npm pack` ships (test:pack).
        test: {
          name: 'package',
          environment: 'node',
          include: ['test/pack.test.ts'],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/widget/**/*.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
            }),
            instances: [{ browser: 'chromium' }],
            screenshotFailures: false,
          },
        },
      },
    ],
  },
});
