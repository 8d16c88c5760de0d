/**
 * Configuration files read as data (config-files.ts): what a JS/TS configuration imports from the
 * site's own files is read too, each module once.
 */
import { describe, expect, it } from 'vitest';
import {
  readConfig,
  tsconfigAliases,
} from '../../../../src/server/docs-index/frameworks/config-files.ts';
import { DocsFolder } from '../../../../src/server/docs-index/frameworks/docs-folder.ts';
import { writeSite } from '../../../support/docs-sites.ts';

describe('readConfig', () => {
  it("reads each of the site's modules once, however many modules import it", async () => {
    // Ten modules import the same one ten times each, which imports another: 210 reads otherwise.
    const importsOf = (module: (i: number) => string) =>
      `${Array.from({ length: 10 }, (_, i) => `import m${i} from './${module(i)}';`).join('\n')}
export default [${Array.from({ length: 10 }, (_, i) => `m${i}`).join(', ')}];`;
    const files: Record<string, string> = {
      'config.mjs': importsOf((i) => `b${i}.mjs`),
      'c.mjs': "import d from './d.mjs';\nexport default [d];",
      'd.mjs': "export default 'leaf';",
    };
    for (let i = 0; i < 10; i++) files[`b${i}.mjs`] = importsOf(() => 'c.mjs');
    const folder = new CountingFolder(await writeSite(files));
    const config = readConfig(folder, 'config.mjs');
    expect((config as unknown[]).flat(3)).toEqual(Array(100).fill('leaf'));
    expect(Math.max(...folder.reads.values())).toBe(1);
  });
});

/** A docs folder that counts the reads of each file. */
class CountingFolder extends DocsFolder {
  readonly reads = new Map<string, number>();
  override readIfExists(file: string): string | undefined {
    this.reads.set(file, (this.reads.get(file) ?? 0) + 1);
    return super.readIfExists(file);
  }
}

describe('tsconfigAliases', () => {
  it('reads the paths of a tsconfig.json with comments anywhere and trailing commas', async () => {
    // As `tsc --init` writes it: block comments after values, and `/*` inside strings.
    const tsconfig = `{
  "compilerOptions": {
    "target": "es2022", /* Set the JavaScript language version. */
    // Aliases of the app's folders.
    "baseUrl": ".", // every path below is relative to it
    "paths": { "@/*": ["./src/*"], "~lib/*": ["lib/*",], },
  },
}`;
    const folder = new DocsFolder(await writeSite({ 'tsconfig.json': tsconfig }));
    expect(tsconfigAliases(folder)).toEqual({ '@/': 'src', '~lib/': 'lib' });
  });
});
