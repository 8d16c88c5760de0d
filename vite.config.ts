/**
 * Browser bundle of the widget, built into dist/widget/ (served by the companion server at
 * /widget/ and shipped in the npm package):
 * - `docs-assistant.js`: the script-tag entry (src/widget/script.ts);
 * - `index.js`: the npm element entry (`import 'docs-assistant'`);
 * - `chunks/*-[hash].js`: shared code and the lazily imported panel, chat engine, Markdown
 *   renderer and highlighter. Hashed names, so the server caches them for a year.
 * Library mode: no module-preload helper (it resolves chunk URLs against the host page's
 * origin and costs ~0.6 KB before the panel opens); dynamic imports stay plain relative
 * `import()`s. Rolldown's own minifier runs on the output because Vite's lib mode keeps
 * whitespace; the CSS in Lit's `css` templates is minified by scripts/vite-minify-css.ts. Each script also gets `.br` and `.gz` siblings (scripts/vite-precompress.ts).
 * The React demo and the Insights page have their own configs (demo/react/vite.config.ts,
 * vite.insights.config.ts).
 */
import { defineConfig } from 'vite';
import { minifyCssTemplates } from './scripts/vite-minify-css.ts';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  publicDir: false,
  plugins: [minifyCssTemplates(), precompress()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry loads, read by the size budgets.
    manifest: true,
    reportCompressedSize: false,
    lib: {
      entry: {
        'docs-assistant': 'src/widget/script.ts',
        index: 'src/widget/index.ts',
      },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        minify: true,
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'chunks/[name]-[hash][extname]',
      },
    },
  },
});
