/**
 * Size budgets of the widget (`npm run test:size`, after `npm run build:widget`), and of the
 * Insights page (after `npm run build:insights`), which is separate: it never loads with the
 * widget.
 * The chunk graph comes from Vite's manifest, so hashed names need no globs:
 * - before the panel opens: the script-tag entry and every chunk it imports statically
 *   (launcher + selection helper);
 * - the first answer: that plus every lazily imported chunk (panel, chat engine, Markdown,
 *   sanitizer, the strings' loader), except the syntax highlighter, which loads only for code
 *   blocks, the page view, which loads only when a cited page is opened, and the thumbs'
 *   controller, which loads with the first thumbs up or down; and with only the
 *   largest of the UI string tables (src/widget/i18n/locales/): a page loads the one of its
 *   language, never two;
 * - the page view, on its own line: its template, the page client and the heading slug rules,
 *   fetched the first time a page is opened in the panel (on top of the first answer);
 * - the thumbs, on their own line: the feedback controller and its client, fetched with the
 *   first thumbs up or down.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dir = 'dist/widget';
const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));
const entryKey = 'src/widget/script.ts';
const isHighlighter = (key) => /highlight/i.test(key);
const isPageView = (key) => /\/(panel\/page-view\/page-view|page\/page-client)\.ts$/.test(key);
const isThumbs = (key) => /\/panel\/feedback-controller\.ts$/.test(key);
const isStringTable = (key) => /\/i18n\/locales\//.test(key);
const gzipSize = (key) =>
  gzipSync(readFileSync(`${dir}/${manifest[key].file}`), { level: 9 }).length;
const largestStringTable = Object.keys(manifest)
  .filter(isStringTable)
  .sort((a, b) => gzipSize(b) - gzipSize(a))[0];

function closure(key, { lazy }) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k) || (lazy && (isHighlighter(k) || isPageView(k) || isThumbs(k)))) return;
    if (isStringTable(k) && k !== largestStringTable) return;
    seen.add(k);
    const chunk = manifest[k];
    for (const next of chunk.imports ?? []) visit(next);
    if (lazy) for (const next of chunk.dynamicImports ?? []) visit(next);
  };
  visit(key);
  return [...seen].map((k) => `${dir}/${manifest[k].file}`);
}

const filesOf = (isPart) =>
  Object.keys(manifest)
    .filter(isPart)
    .map((key) => `${dir}/${manifest[key].file}`);

/** The Insights page: its entry script and stylesheet (lit, uPlot and the app). */
const insightsDir = 'dist/insights';
const insightsManifest = JSON.parse(readFileSync(`${insightsDir}/.vite/manifest.json`, 'utf8'));
const insightsEntry = insightsManifest['index.html'];
const insightsFiles = [insightsEntry.file, ...(insightsEntry.css ?? [])].map(
  (file) => `${insightsDir}/${file}`,
);

export default [
  {
    name: 'before the panel opens (script tag: launcher + selection helper)',
    path: closure(entryKey, { lazy: false }),
    limit: '8 KB',
    gzip: true,
  },
  {
    name: 'everything the first answer needs (highlighter excluded, largest string table)',
    path: closure(entryKey, { lazy: true }),
    limit: '100 KB',
    gzip: true,
  },
  {
    name: 'a cited page opened in the panel (page view, page client, slug rules: on demand)',
    path: filesOf(isPageView),
    limit: '4 KB',
    gzip: true,
  },
  {
    name: 'the thumbs (feedback controller and client: on the first thumbs up or down)',
    path: filesOf(isThumbs),
    limit: '1 KB',
    gzip: true,
  },
  {
    name: 'the Insights page (/insights/: script and styles)',
    path: insightsFiles,
    limit: '60 KB',
    gzip: true,
  },
];
