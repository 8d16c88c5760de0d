import { describe, expect, it } from 'vitest';
import {
  findStaticCalls,
  isStaticCall,
  readConfigModule,
} from '../../../../src/server/docs-index/frameworks/static-config.ts';

describe('readConfigModule', () => {
  it('reads the literal parts of a TypeScript config: consts, spreads, satisfies, templates', () => {
    const source = `
      import type { Config } from '@docusaurus/types';
      const base = 'docs';
      const i18n = { defaultLocale: 'en', locales: ['en', 'fr'] } as const;
      const shared = { trailingSlash: true };
      const config: Config = {
        ...shared,
        i18n,
        url: process.env.URL ?? 'https://example.dev',
        title: \`Acme \${base}\`,
        tagline: \`built \${Date.now()}\`,
        presets: [['classic', { docs: { path: base, sidebarPath: require.resolve('./sidebars.js') } } satisfies Options]],
        negative: -1,
        off: !1,
        locale: i18n.defaultLocale,
      };
      export default config;`;
    expect(readConfigModule(source)).toEqual({
      trailingSlash: true,
      i18n: { defaultLocale: 'en', locales: ['en', 'fr'] },
      url: 'https://example.dev',
      title: 'Acme docs',
      presets: [['classic', { docs: { path: 'docs', sidebarPath: './sidebars.js' } }]],
      negative: -1,
      off: false,
      locale: 'en',
    });
  });

  it('unwraps defineConfig() and keeps integration calls with their options', () => {
    const config = readConfigModule(`
      import { defineConfig } from 'astro/config';
      import starlight from '@astrojs/starlight';
      export const locales = { root: { label: 'English', lang: 'en' } };
      export default defineConfig({ integrations: [starlight({ title: 'Docs', locales })] });`) as {
      integrations: unknown[];
    };
    const [integration] = config.integrations;
    expect(isStaticCall(integration)).toBe(true);
    expect(integration).toEqual({
      call: 'starlight',
      args: [{ title: 'Docs', locales: { root: { label: 'English', lang: 'en' } } }],
    });
  });

  it('reads CommonJS exports and configs returned by a function', () => {
    expect(
      readConfigModule(`const sidebars = { docs: ['intro'] };\nmodule.exports = sidebars;`),
    ).toEqual({
      docs: ['intro'],
    });
    expect(
      readConfigModule(`export default async function createConfig() { return { title: 'T' }; }`),
    ).toEqual({ title: 'T' });
    expect(readConfigModule(`export default () => ({ cleanUrls: true })`)).toEqual({
      cleanUrls: true,
    });
  });

  it('never runs the module', () => {
    const marker = `__configRan${Date.now()}`;
    readConfigModule(
      `globalThis.${marker} = true; process.exit(1);\nexport default { a: (globalThis.${marker} = 1) };`,
    );
    expect((globalThis as Record<string, unknown>)[marker]).toBeUndefined();
  });

  it('gives up quietly on what it cannot read', () => {
    expect(readConfigModule('this is not { javascript')).toBeUndefined();
    expect(readConfigModule('export default loadConfig();')).toBeUndefined();
    expect(readConfigModule('const a = b; const b = a; export default { a };')).toEqual({});
  });

  it('leaves out a value that would hold more than a million values', () => {
    // Each line doubles the list: 2^25 items, which crashed the reader (stack overflow).
    const spreads = Array.from({ length: 24 }, (_, i) => `const a${i + 1} = [...a${i}, ...a${i}];`);
    const doubled = `const a0 = ['x', 'y'];\n${spreads.join('\n')}\nexport default { title: 'T', sidebar: a24 };`;
    expect(readConfigModule(doubled)).toEqual({ title: 'T', sidebar: [] });
    // Each group holds the one before ten times: read once, but ten billion entries to walk.
    const nested = Array.from(
      { length: 10 },
      (_, i) =>
        `const g${i + 1} = { label: 'g${i + 1}', items: [${Array(10).fill(`g${i}`).join(', ')}] };`,
    );
    const groups = `const g0 = { label: 'x', link: '/x' };\n${nested.join('\n')}\nexport default { sidebar: [g10] };`;
    expect(valuesIn(readConfigModule(groups), 2_000_000)).toBeLessThanOrEqual(1_000_000);
  });

  it('reads each name once, however often the module refers to it', () => {
    // Each level doubles the references: read again at each one, 2^16 imports.
    const levels = Array.from({ length: 16 }, (_, i) => `const a${i + 1} = [a${i}, a${i}];`);
    const source = `import a0 from './leaf.js';\n${levels.join('\n')}\nexport default a16;`;
    const imported: string[] = [];
    const config = readConfigModule(source, undefined, (specifier, name) => {
      imported.push(`${specifier} ${name}`);
      return 'leaf';
    });
    expect(imported).toEqual(['./leaf.js default']);
    expect((config as unknown[]).flat(15)).toHaveLength(2 ** 16);
  });
});

describe('findStaticCalls', () => {
  it('finds calls anywhere in a module, with the name they are bound to', () => {
    const source = `
      import { defineDocs, defineConfig } from 'fumadocs-mdx/config';
      import { loader } from 'fumadocs-core/source';
      const dir = 'content/guides';
      export const docs = defineDocs({ dir, docs: { schema: frontmatterSchema.extend({}) } });
      export const { blog } = { blog: defineDocs({ dir: 'content/blog' }) };
      export const source = loader(docs.toFumadocsSource(), { baseUrl: '/guides', i18n });
      export default defineConfig();`;
    expect(findStaticCalls(source, ['defineDocs'])).toEqual([
      {
        call: 'defineDocs',
        binding: 'docs',
        args: [
          {
            dir: 'content/guides',
            docs: { schema: { call: 'frontmatterSchema.extend', args: [{}] } },
          },
        ],
      },
      { call: 'defineDocs', args: [{ dir: 'content/blog' }] },
    ]);
    expect(findStaticCalls(source, ['loader'])).toEqual([
      {
        call: 'loader',
        binding: 'source',
        args: [{ call: 'docs.toFumadocsSource', args: [] }, { baseUrl: '/guides' }],
      },
    ]);
    expect(findStaticCalls('not { javascript', ['loader'])).toEqual([]);
  });
});

/** How many values `value` holds as a caller walks it, counting up to `most` at most. */
function valuesIn(value: unknown, most: number): number {
  let count = 0;
  const walk = (current: unknown) => {
    count++;
    if (count > most || typeof current !== 'object' || current === null) return;
    for (const child of Object.values(current)) walk(child);
  };
  walk(value);
  return count;
}
