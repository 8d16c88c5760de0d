/** Vite plugin shared by the widget's and the Insights page's builds. */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes `x.js.br` and `x.js.gz` beside every built script, at the strongest levels (it runs
 * once per build), so the companion server sends compressed bytes without compressing per
 * request and without a compressing proxy. node:zlib does it in a few lines: no plugin needed.
 */
export function precompress(): Plugin {
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
