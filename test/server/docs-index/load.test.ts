import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDocsIndex, listDocFiles } from '../../../src/server/docs-index/load.ts';
import { retrievalQuestions } from '../../fixtures/retrieval-questions.ts';
import { STARLIGHT_DOCS } from '../../support/corpora.ts';
import { CORPUS, corpus } from '../../support/server.ts';

describe('the ai-sdk-docs corpus', () => {
  it('indexes all 514 pages into sections', async () => {
    const index = await corpus();
    expect(index.pageCount).toBe(514);
    expect(index.sectionCount).toBeGreaterThan(514 * 3);
  });

  it('publishes the paths the pages link to each other with', async () => {
    const index = await corpus();
    const files = await listDocFiles(CORPUS);
    const targets = new Set<string>();
    for (const file of files) {
      const source = await readFile(join(CORPUS, file), 'utf8');
      for (const match of source.matchAll(/\]\(\/((?:docs|providers|cookbook)\/[^)#?\s]*)/g)) {
        targets.add(match[1]!.replace(/\/$/, ''));
      }
    }
    const missing = [...targets].filter((target) => !index.getPage(target));
    expect(targets.size).toBeGreaterThan(300);
    // A few links in the upstream docs point at pages outside this snapshot.
    expect(missing.length / targets.size).toBeLessThan(0.03);
    expect(index.getPage('docs/foundations/overview')?.file).toBe(
      'docs/02-foundations/01-overview.mdx',
    );
    expect(index.getPage('docs/introduction')?.file).toBe('docs/00-introduction/index.mdx');
  });

  it('leaves MDX imports out but keeps the imports of code examples', async () => {
    const index = await corpus();
    const page = index.getPage('docs/ai-sdk-rsc/streaming-values')!;
    expect(page.content).not.toContain("from '@/components/home/card'");
    expect(page.content).toContain("import { createStreamableValue } from '@ai-sdk/rsc';");
    let examples = 0;
    for (const indexed of index.allPages()) {
      examples += indexed.content.match(/^import \{ generateText \} from 'ai';/gm)?.length ?? 0;
      expect(indexed.title).not.toBe('');
    }
    expect(examples).toBe(380);
  });
});

describe('buildDocsIndex', () => {
  it('skips hidden folders, node_modules, partials and repository files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'da-load-'));
    for (const folder of ['.git', 'node_modules/pkg', '_partials', 'guide']) {
      await mkdir(join(dir, folder), { recursive: true });
    }
    for (const file of [
      '.git/x.md',
      'node_modules/pkg/readme.md',
      '_partials/note.mdx',
      '_snippet.mdx',
      'README.md',
      'CHANGELOG.md',
      'guide/page.mdx',
      'guide/notes.txt',
    ]) {
      await writeFile(join(dir, file), '# Page');
    }
    expect(await listDocFiles(dir)).toEqual(['guide/page.mdx']);
  });

  it('reports unreadable and unparsable files by name and indexes the rest', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'da-load-'));
    await writeFile(join(dir, 'good.md'), '# Good');
    await writeFile(join(dir, 'bad-yaml.md'), '---\ntitle: "unclosed\n---\n');
    await symlink(join(dir, 'gone.md'), join(dir, 'dangling.md'));
    await writeFile(join(dir, 'good-copy.md'), '---\nslug: /good\n---\n# Same path');
    const progress: number[] = [];
    const built = await buildDocsIndex(dir, { onProgress: ({ done }) => progress.push(done) });
    expect(built.index.pageCount).toBe(1);
    expect(built.problems.map((problem) => problem.file).sort()).toEqual([
      'bad-yaml.md',
      'dangling.md',
      'good.md',
    ]);
    const byFile = Object.fromEntries(built.problems.map((p) => [p.file, p.message]));
    expect(byFile['dangling.md']).toMatch(/ENOENT/);
    expect(byFile['good.md']).toMatch(/publishes \/good like good-copy\.md/);
    expect(built.milliseconds).toBeGreaterThan(0);
  });

  it('reports a content folder the configuration names outside the docs folder', async () => {
    // As jestjs/jest's website/: the current docs are `path: '../docs'`, the versions inside.
    const repo = await mkdtemp(join(tmpdir(), 'da-load-'));
    const site = join(repo, 'website');
    await mkdir(join(repo, 'docs'), { recursive: true });
    await mkdir(join(site, 'versioned_docs/version-1.0'), { recursive: true });
    await writeFile(join(repo, 'docs/next.md'), '# Next');
    await writeFile(join(site, 'versioned_docs/version-1.0/intro.md'), '# Intro');
    await writeFile(join(site, 'versions.json'), '["1.0"]');
    await writeFile(
      join(site, 'docusaurus.config.js'),
      "export default { presets: [['classic', { docs: { path: '../docs' } }]] };",
    );
    const built = await buildDocsIndex(site);
    expect([...built.index.allPages()].map((page) => page.path)).toEqual(['docs/intro']);
    expect(built.problems).toEqual([
      { file: '../docs', message: expect.stringMatching(/outside the docs folder/) },
    ]);
  });

  it('serves the one site a repository keeps in a subfolder, its content from the repository', async () => {
    // jestjs/jest's layout: `website/` holds the Docusaurus site, `docs/` (`path: '../docs'`)
    // the current version's pages, published under `docs/next/`.
    const repo = await mkdtemp(join(tmpdir(), 'da-load-'));
    const site = join(repo, 'website');
    await mkdir(join(repo, 'docs'), { recursive: true });
    await mkdir(join(site, 'versioned_docs/version-1.0'), { recursive: true });
    await writeFile(join(repo, 'README.md'), '# The repository, no page of the site');
    await writeFile(join(repo, 'docs/expect.md'), '---\nid: expect-api\n---\n# Expect');
    await writeFile(join(site, 'versioned_docs/version-1.0/intro.md'), '# Intro');
    await writeFile(join(site, 'versions.json'), '["1.0"]');
    await writeFile(
      join(site, 'docusaurus.config.js'),
      "export default { presets: [['classic', { docs: { path: '../docs' } }]] };",
    );
    for (const readerThread of [false, true]) {
      const built = await buildDocsIndex(repo, { readerThread });
      expect(built.framework).toBe('docusaurus');
      expect(built.siteDir).toBe('website');
      expect(built.problems).toEqual([]);
      const pages = [...built.index.allPages()].map(({ path, file, version }) => ({
        path,
        file,
        version,
      }));
      expect(pages).toEqual([
        { path: 'docs/next/expect-api', file: 'docs/expect.md', version: 'current' },
        { path: 'docs/intro', file: 'website/versioned_docs/version-1.0/intro.md', version: '1.0' },
      ]);
    }
  });

  it('never reads outside the folder named, even for the site in its subfolder', async () => {
    const outer = await mkdtemp(join(tmpdir(), 'da-load-'));
    const repo = join(outer, 'repo');
    await mkdir(join(outer, 'private'), { recursive: true });
    await mkdir(join(repo, 'website/docs'), { recursive: true });
    await writeFile(join(outer, 'private/secret.md'), '# Secret');
    await writeFile(join(repo, 'website/docs/intro.md'), '# Intro');
    await symlink(join(outer, 'private'), join(repo, 'linked'));
    await writeFile(
      join(repo, 'website/docusaurus.config.js'),
      `export default { plugins: [
        ['@docusaurus/plugin-content-docs', { id: 'a', path: '../../private' }],
        ['@docusaurus/plugin-content-docs', { id: 'b', path: '../linked', routeBasePath: 'b' }],
      ], presets: [['classic', {}]] };`,
    );
    const built = await buildDocsIndex(repo);
    expect([...built.index.allPages()].map((page) => page.file)).toEqual(['website/docs/intro.md']);
    expect(built.problems.map((problem) => problem.file)).toContain('../private');
  });

  it('fails on a folder that does not exist', async () => {
    await expect(buildDocsIndex('/nonexistent/docs')).rejects.toThrow(/ENOENT.*nonexistent/);
  });

  it('reports progress on large folders', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'da-load-'));
    for (let n = 0; n < 600; n++) await writeFile(join(dir, `p${n}.md`), `# Page ${n}`);
    const progress: string[] = [];
    await buildDocsIndex(dir, {
      onProgress: ({ done, total }) => progress.push(`${done}/${total}`),
    });
    expect(progress).toEqual(['250/600', '500/600']);
  });

  describe('with the pages read in a worker thread', () => {
    it('builds the same index as reading them here', async () => {
      const [here, worker] = await Promise.all([
        buildDocsIndex(CORPUS, { readerThread: false }),
        buildDocsIndex(CORPUS, { readerThread: true }),
      ]);
      expect(worker.index.pageCount).toBe(here.index.pageCount);
      expect(worker.index.sectionCount).toBe(here.index.sectionCount);
      expect(worker.problems).toEqual(here.problems);
      for (const term of ['stream', 'usechat', 'chat', 'provid', 'zod']) {
        expect(worker.index.termFrequency(term)).toBe(here.index.termFrequency(term));
      }
      const queries = [
        ...retrievalQuestions.map(({ question }) => question),
        'useChat',
        'streamText onFinish',
        'embedd',
        'strem txt',
      ];
      for (const query of queries) {
        expect(worker.index.search(query), query).toEqual(here.index.search(query));
      }
    });

    it('builds the same index of a site in many languages and scripts', async () => {
      const [here, worker] = await Promise.all([
        buildDocsIndex(STARLIGHT_DOCS, { readerThread: false }),
        buildDocsIndex(STARLIGHT_DOCS, { readerThread: true }),
      ]);
      expect(worker.index.sectionCount).toBe(here.index.sectionCount);
      const queries: [string, string][] = [
        ['How can a sidebar group be collapsed by default?', 'en'],
        ['¿Cómo puedo contraer un grupo de la barra lateral?', 'es'],
        ['サイドバーのグループを折りたたむには?', 'ja'],
        ['如何默认折叠侧边栏分组?', 'zh-cn'],
        ['사이드바 그룹을 접으려면?', 'ko'],
        ['Как свернуть группу боковой панели?', 'ru'],
      ];
      for (const [query, language] of queries) {
        // The reader's current page scopes the results to its language.
        const reader = {
          boostPath: language === 'en' ? 'guides/sidebar' : `${language}/guides/sidebar`,
        };
        expect(worker.index.search(query, reader), query).toEqual(here.index.search(query, reader));
        expect(worker.index.search(query), query).toEqual(here.index.search(query));
      }
    });

    it('reports the files it cannot read or parse like reading them here', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'da-load-'));
      await writeFile(join(dir, 'good.md'), '# Good');
      await writeFile(join(dir, 'bad-yaml.md'), '---\ntitle: "unclosed\n---\n');
      await symlink(join(dir, 'gone.md'), join(dir, 'dangling.md'));
      await writeFile(join(dir, 'good-copy.md'), '---\nslug: /good\n---\n# Same path');
      await writeFile(join(dir, 'draft.md'), '---\ndraft: true\n---\n# Draft');
      const [here, worker] = await Promise.all([
        buildDocsIndex(dir, { readerThread: false }),
        buildDocsIndex(dir, { readerThread: true }),
      ]);
      expect(worker.problems).toEqual(here.problems);
      expect(worker.problems).toHaveLength(3);
      expect(worker.index.pageCount).toBe(1);
      expect(worker.index.search('good')).toEqual(here.index.search('good'));
    });
  });
});
