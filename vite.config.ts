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
 * whitespace. Each script also gets `.br` and `.gz` siblings (precompress() below). The React
 * demo has its own config (demo/react/vite.config.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `x.js.br` and `x.js.gz` beside every built script, at the strongest levels (it runs
 * once per build), so the companion server sends compressed bytes without compressing per
 * request and without a compressing proxy. node:zlib does it in a few lines: no plugin needed.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'docs-assistant:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const scripts = Object.keys(bundle).filter((file) => /\.(?:js|css)$/.test(file));
      await Promise.all(
        scripts.map(async (file) => {
          const path = join(outDir, file);
          const source = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzipped(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [precompress()],
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
