/**
 * Browser bundle of the widget, built into dist/widget/ (served by the companion server at
 * /widget/ and shipped in the npm package):
 * - `docs-assistant.js`: the script-tag entry (src/widget/script.ts);
 * - `index.js`: the npm element entry (`import 'docs-assistant'`);
 * - `chunks/*-[hash].js`: shared code and the lazily imported panel, chat engine and
 *   Markdown renderer. Hashed names, so the server caches them for a year.
 * Not library mode: an app build minifies whitespace too, and the script tag wants the
 * smallest file. The React demo has its own config (demo/react/vite.config.ts).
 */
import { defineConfig } from 'vite';

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    target: 'es2022',
    // No preload helper and no polyfill: chunks are imported relative to the entry.
    modulePreload: false,
    sourcemap: true,
    // .vite/manifest.json: which chunks each entry loads, read by the size budgets.
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      input: {
        'docs-assistant': 'src/widget/script.ts',
        index: 'src/widget/index.ts',
      },
      preserveEntrySignatures: 'exports-only',
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'chunks/[name]-[hash][extname]',
      },
    },
  },
});
