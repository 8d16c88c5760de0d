/**
 * `npm start`: the companion server on the demo docs (answering offline with the embedded
 * model) plus the demo docs site on its own origin, which embeds the widget with the
 * one-line script tag and calls the API cross-origin. `npm start` builds the widget and
 * the React page first (see package.json); this file only starts the two servers.
 *
 *   npm start -- --port 4321 --api-port 8787 --stream-delay-ms 40
 *
 * Environment: PORT, API_PORT, STREAM_DELAY_MS (same meaning as the flags).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startDemoApi } from './api.ts';
import { DEMO_DOMAIN, DEMO_KEY } from './keys.ts';
import { startDocsSite } from './site/server.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'api-port': { type: 'string' },
    host: { type: 'string' },
    'stream-delay-ms': { type: 'string' },
  },
});
const host = values.host ?? '127.0.0.1';
const sitePort = Number(values.port ?? process.env['PORT'] ?? 4321);
const apiPort = Number(values['api-port'] ?? process.env['API_PORT'] ?? 8787);
const streamDelayMs = Number(values['stream-delay-ms'] ?? process.env['STREAM_DELAY_MS'] ?? 40);

const widgetDir = here('../dist/widget');
if (!existsSync(`${widgetDir}/docs-assistant.js`)) {
  console.error('dist/widget is missing: run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}

const api = await startDemoApi({
  configFile: here('./docs-assistant.config.json'),
  host,
  port: apiPort,
  widgetDir,
  streamDelayMs,
});
const site = await startDocsSite({
  host,
  port: sitePort,
  docsDir: here('./docs'),
  reactDir: here('../dist/demo/react'),
  apiBase: api.url,
  domain: DEMO_DOMAIN,
  apiKey: DEMO_KEY,
});

console.log(`
  docs-assistant demo

  Docs site (widget embedded):  ${site.url}/
  React page (useChat):         ${site.url}/react/
  Companion server (API):       ${api.url}  (domain "${DEMO_DOMAIN}", key ${DEMO_KEY})

  Open ${site.url}/ and press the "Ask AI" button or Ctrl+I (Cmd+I on a Mac).
`);

async function shutdown() {
  await Promise.allSettled([site.close(), api.close()]);
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
