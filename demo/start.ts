/**
 * `npm start`: the companion server on the project's docs (docs/, answering offline with the
 * embedded model) plus those docs as a site on its own origin, which embeds the widget with the
 * one-line script tag and calls the API cross-origin. `npm start` builds the widget and
 * the React page first (see package.json); this file only starts the two servers.
 *
 *   npm start -- --port 4321 --api-port 8787 --stream-delay-ms 40
 *
 * Environment: PORT, API_PORT, STREAM_DELAY_MS (same meaning as the flags).
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

if (!existsSync(here('../dist/widget/docs-assistant.js'))) {
  console.error('dist/widget is missing: run `npm start` (it builds first) or `npm run build`.');
  process.exit(1);
}
// Serve a snapshot of the builds: a rebuild while the demo runs (`npm run build`, `npm test`)
// empties dist/ for a moment, and the page would load a half-written widget.
const snapshot = mkdtempSync(join(tmpdir(), 'docs-assistant-demo-'));
const widgetDir = join(snapshot, 'widget');
const reactDir = join(snapshot, 'react');
cpSync(here('../dist/widget'), widgetDir, { recursive: true });
if (existsSync(here('../dist/demo/react'))) {
  cpSync(here('../dist/demo/react'), reactDir, { recursive: true });
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
  docsDir: here('../docs'),
  reactDir,
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
  rmSync(snapshot, { recursive: true, force: true });
  process.exit(0);
}
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
