import { describe, expect, it } from 'vitest';
import {
  detectFramework,
  findSitesBelow,
  isFrameworkConfigFile,
} from '../../../../src/server/docs-index/frameworks/detect.ts';
import { DocsFolder } from '../../../../src/server/docs-index/frameworks/docs-folder.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS, VITE_DOCS } from '../../../support/corpora.ts';
import {
  DOCUSAURUS_SITE,
  FUMADOCS_SITE,
  indexSite,
  MINTLIFY_SITE,
  MKDOCS_SITE,
  NEXTRA_SITE,
  pathsOf,
  writeSite,
} from '../../../support/docs-sites.ts';

const detect = (root: string) => detectFramework(new DocsFolder(root));

describe('detectFramework', () => {
  it('tells each framework by the configuration it keeps', () => {
    expect(detect(MINTLIFY_SITE)).toBe('mintlify');
    expect(detect(DOCUSAURUS_SITE)).toBe('docusaurus');
    expect(detect(STARLIGHT_DOCS)).toBe('starlight');
    expect(detect(VITE_DOCS)).toBe('vitepress');
    expect(detect(MKDOCS_SITE)).toBe('mkdocs');
    expect(detect(FUMADOCS_SITE)).toBe('fumadocs');
    expect(detect(NEXTRA_SITE)).toBe('nextra');
    expect(detect(AI_SDK_DOCS)).toBe('plain');
  });

  it('needs more than a file name: a docs.json without navigation, an Astro site without docs', async () => {
    expect(detect(await writeSite({ 'docs.json': '{"openapi": "3.1.0"}', 'a.md': '# A' }))).toBe(
      'plain',
    );
    expect(
      detect(await writeSite({ 'astro.config.mjs': 'export default {}', 'a.md': '# A' })),
    ).toBe('plain');
    expect(detect(await writeSite({ 'mint.json': '{}' }))).toBe('mintlify');
    expect(detect(await writeSite({ 'docs/.vitepress/config.ts': 'export default {}' }))).toBe(
      'vitepress',
    );
  });

  it('tells Fumadocs and Nextra by their config or dependency, after the other frameworks', async () => {
    const next = 'const nextConfig = {};\nexport default nextConfig;';
    expect(detect(await writeSite({ 'source.config.ts': 'export default {}' }))).toBe('fumadocs');
    expect(
      detect(await writeSite({ 'package.json': '{"dependencies": {"fumadocs-core": "16.0.0"}}' })),
    ).toBe('fumadocs');
    expect(
      detect(
        await writeSite({
          'next.config.mjs': "import nextra from 'nextra';\nexport default nextra({})({});",
        }),
      ),
    ).toBe('nextra');
    expect(
      detect(await writeSite({ 'package.json': '{"devDependencies": {"nextra": "4.0.0"}}' })),
    ).toBe('nextra');
    // A Next.js app without either is a plain folder; a Mintlify site with a package.json stays Mintlify.
    expect(
      detect(
        await writeSite({
          'next.config.mjs': next,
          'package.json': '{"dependencies": {"next": "16"}}',
        }),
      ),
    ).toBe('plain');
    expect(
      detect(
        await writeSite({
          'docs.json': '{"navigation": {"pages": ["index"]}}',
          'package.json': '{"dependencies": {"nextra": "4.0.0"}}',
        }),
      ),
    ).toBe('mintlify');
  });

  it('names the Fumadocs and Nextra files whose change re-reads the layout (--watch)', () => {
    for (const file of [
      'source.config.ts',
      'next.config.mjs',
      'package.json',
      'content/en/_meta.ts',
      'pages/docs/_meta.en.json',
      'app/_meta.global.tsx',
    ]) {
      expect(isFrameworkConfigFile(file), file).toBe(true);
    }
    for (const file of ['content/docs/meta.mdx', 'docs/source.config.md', 'content/_metal.ts']) {
      expect(isFrameworkConfigFile(file), file).toBe(false);
    }
  });

  it('finds the doc sites a repository keeps in a subfolder or a monorepo app', async () => {
    const root = await writeSite({
      'README.md': '# A library',
      'src/lib.md': 'Not a site.',
      'website/docusaurus.config.js': 'export default { title: "Site" };',
      'website/docs/intro.md': '# Intro',
      'apps/docs/mkdocs.yml': 'site_name: Docs',
      'apps/docs/docs/index.md': '# Home',
      'apps/web/index.md': '# Web',
      'packages/plugin/package.json': '{"dependencies": {"fumadocs-core": "16.0.0"}}',
      'packages/plugin/README.md': '# A plugin, no pages',
    });
    const folder = new DocsFolder(root);
    expect(detectFramework(folder)).toBe('plain');
    const sites = (at: DocsFolder) =>
      findSitesBelow(at).map(({ dir, framework }) => ({ dir, framework }));
    expect(sites(folder)).toEqual([
      { dir: 'apps/docs', framework: 'mkdocs' },
      { dir: 'website', framework: 'docusaurus' },
    ]);
    expect(sites(new DocsFolder(`${root}/src`))).toEqual([]);
    // Two sites: the root stays a plain folder (start-up names them).
    expect((await indexSite(root)).profile.framework).toBe('plain');
  });

  it('finds the site of a named framework in a subfolder of the repository', async () => {
    const root = await writeSite({
      'README.md': '# A library',
      'package.json': '{"name": "lib"}',
      'docs/astro.config.mjs': 'export default {};',
      'docs/src/content/docs/guides/setup.md': '---\ntitle: Setup\n---\nInstall it.',
    });
    for (const framework of [undefined, 'starlight'] as const) {
      const index = await indexSite(root, framework);
      expect(index.profile).toMatchObject({ framework: 'starlight', siteDir: 'docs' });
      expect(pathsOf(index)).toEqual({
        'guides/setup/': 'docs/src/content/docs/guides/setup.md',
      });
    }
    // Named plain, the folder is read as a plain folder, its paths those of its files.
    expect(pathsOf(await indexSite(root, 'plain'))).toEqual({
      'docs/src/content/docs/guides/setup': 'docs/src/content/docs/guides/setup.md',
    });
  });

  it('follows the framework the site names over the detected one', async () => {
    const root = await writeSite({
      'mkdocs.yml': 'site_name: X\n',
      'docs/index.md': '# Home',
      'notes/todo.md': '# Not under docs_dir',
    });
    expect((await indexSite(root)).pageCount).toBe(1);
    const plain = await indexSite(root, 'plain');
    expect(plain.profile.framework).toBe('plain');
    expect(plain.getPage('notes/todo')).toBeDefined();
  });
});
