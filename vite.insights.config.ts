/**
 * The Insights page (src/insights-app), built into dist/insights/ and served by the companion
 * server at /insights/ under a strict Content-Security-Policy: one HTML file that loads a
 * hashed script and a hashed stylesheet from `assets/` (relative URLs, so the page works under
 * any base path), nothing inline. Scripts and styles get `.br` and `.gz` siblings.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig({
  root: fileURLToPath(new URL('./src/insights-app', import.meta.url)),
  base: './',
  publicDir: false,
  plugins: [precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist/insights', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Never inline an asset as a data: URL in a style or script; files only.
    assetsInlineLimit: 0,
    // Supported browsers preload modules natively; the polyfill would be dead code.
    modulePreload: { polyfill: false },
    // .vite/manifest.json: the entry's files, read by the size budget.
    manifest: true,
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
});
