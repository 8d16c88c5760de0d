import { existsSync } from 'node:fs';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';

/** CHROMIUM_PATH, else Debian's Chromium, else Playwright's own (`npx playwright install chromium`). */
export const chromiumPath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
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
            'test/scripts/**/*.test.ts',
            'test/docs/**/*.test.ts',
            'test/insights-app/**/*.test.ts',
          ],
          testTimeout: 30_000,
          // Several suites index a real docs site before their tests (a few seconds, more on a
          // busy machine): the default 10 s was too tight beside other work.
          hookTimeout: 30_000,
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
        // Pre-bundled up front: a dependency discovered mid-run makes Vite reload the page and
        // fail the test file that was loading (flaky on a fresh clone).
        optimizeDeps: {
          include: [
            'ai',
            '@ai-sdk/provider',
            'dompurify',
            'marked',
            'lit',
            'lit/async-directive.js',
            'lit/directives/ref.js',
            'lit/directives/repeat.js',
            'lit/directives/unsafe-html.js',
            '@lit/reactive-element',
            'highlight.js/lib/core',
            'highlight.js/lib/languages/bash',
            'highlight.js/lib/languages/css',
            'highlight.js/lib/languages/javascript',
            'highlight.js/lib/languages/json',
            'highlight.js/lib/languages/python',
            'highlight.js/lib/languages/typescript',
            'highlight.js/lib/languages/xml',
            'zod/v4/core',
            '@open-wc/testing/pure',
            'axe-core',
          ],
        },
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
