import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { type DocsWatcher, watchDocs } from '../../../src/server/docs-index/watch.ts';

let watcher: DocsWatcher | undefined;
afterEach(() => watcher?.close());

/**
 * Watches `docs`; `settled(file, done)` resolves once a change of that file has been applied
 * and `done` holds. A writer's steps (truncate, then write) can reach the watcher apart when the
 * machine is busy, longer than the debounce: the first change applied may be the empty file, and
 * the written one follows it as another change.
 */
async function watched(docs: string) {
  const { index } = await buildDocsIndex(docs);
  const lines: string[] = [];
  const waiting = new Map<string, () => void>();
  watcher = watchDocs(docs, index, {
    debounceMs: 20,
    log: (line) => lines.push(line),
    onUpdate: (file) => waiting.get(file)?.(),
  });
  const settled = (file: string, done: () => boolean = () => true) =>
    new Promise<void>((resolve) =>
      waiting.set(file, () => {
        if (!done()) return;
        waiting.delete(file);
        resolve();
      }),
    );
  return { index, lines, settled };
}

describe('watchDocs', () => {
  it('refuses a link to a file outside the folder added while running', async () => {
    const base = await mkdtemp(join(tmpdir(), 'da-watch-'));
    const docs = join(base, 'docs');
    await mkdir(docs);
    await writeFile(join(docs, 'index.md'), '# Home');
    await writeFile(join(base, 'secret.md'), '# Secret\nroot password hunter2');
    const { index, lines, settled } = await watched(docs);
    const applied = settled('passwd.md');
    await symlink(join(base, 'secret.md'), join(docs, 'passwd.md'));
    await applied;
    expect(index.getPage('passwd')).toBeUndefined();
    expect(index.search('hunter2')).toEqual([]);
    expect(lines).toContain('Skipped passwd.md: passwd.md links to a file outside the docs folder');
  });

  it('re-renders the pages that include a changed partial', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-watch-'));
    await writeFile(join(docs, '_note.mdx'), 'The first note: heron.');
    await writeFile(
      join(docs, 'page.mdx'),
      "import Note from './_note.mdx';\n\n# Page\n\n<Note />",
    );
    const { index, settled } = await watched(docs);
    expect(index.getPage('page')?.content).toContain('heron');
    const applied = settled('_note.mdx', () => !!index.getPage('page')?.content.includes('egret'));
    await writeFile(join(docs, '_note.mdx'), 'The second note: egret.');
    await applied;
    expect(index.getPage('page')?.content).toContain('egret');
    expect(index.search('heron')).toEqual([]);
    expect(index.search('egret')[0]?.path).toBe('page');
  });

  it('logs a page added in a new folder once, though the folder and the file both change', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-watch-'));
    await writeFile(join(docs, 'index.md'), '# Home');
    const { index, lines, settled } = await watched(docs);
    const folderRead = settled('guides');
    await mkdir(join(docs, 'guides'));
    await writeFile(join(docs, 'guides', 'setup.md'), '# Setup\nRun the installer.');
    await folderRead;
    // Changes apply in the order they came: once this later file is in, so is every event before.
    const last = settled('last.md');
    await writeFile(join(docs, 'last.md'), '# Last');
    await last;
    expect(index.getPage('guides/setup')?.content).toContain('installer');
    expect(lines.filter((line) => line.includes('guides/setup.md'))).toEqual([
      'Re-indexed guides/setup.md (/guides/setup)',
    ]);
  });

  it('reads the framework configuration again when it changes', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-watch-'));
    const nav = (pages: string[]) =>
      JSON.stringify({ navigation: { groups: [{ group: 'Start', pages }] } });
    await writeFile(join(docs, 'docs.json'), nav(['index']));
    await writeFile(join(docs, 'index.mdx'), '---\ntitle: Home\n---\nWelcome.');
    await writeFile(
      join(docs, 'later.mdx'),
      '---\ntitle: Later\n---\nNot yet in the navigation: ibis.',
    );
    const { index, settled } = await watched(docs);
    expect(index.search('ibis')).toEqual([]);
    const applied = settled('docs.json', () => index.search('ibis').length > 0);
    await writeFile(join(docs, 'docs.json'), nav(['index', 'later']));
    await applied;
    expect(index.search('ibis')[0]?.path).toBe('later');
    expect(index.getPage('later')?.navigation).toEqual(['Start']);
  });

  it('reads Fumadocs meta.json and Nextra _meta files again when they change', async () => {
    const fumadocs = await mkdtemp(join(tmpdir(), 'da-watch-'));
    await mkdir(join(fumadocs, 'content/docs/guide'), { recursive: true });
    await writeFile(join(fumadocs, 'source.config.ts'), 'export default {};');
    await writeFile(join(fumadocs, 'content/docs/guide/meta.json'), '{"title": "Guide"}');
    await writeFile(join(fumadocs, 'content/docs/guide/setup.mdx'), '---\ntitle: Setup\n---\nGo.');
    const first = await watched(fumadocs);
    expect(first.index.getPage('docs/guide/setup')?.navigation).toEqual(['Guide']);
    const renamed = first.settled(
      'content/docs/guide/meta.json',
      () => first.index.getPage('docs/guide/setup')?.navigation?.[0] === 'Handbook',
    );
    await writeFile(join(fumadocs, 'content/docs/guide/meta.json'), '{"title": "Handbook"}');
    await renamed;
    expect(first.index.getPage('docs/guide/setup')?.navigation).toEqual(['Handbook']);
    watcher?.close();

    const nextra = await mkdtemp(join(tmpdir(), 'da-watch-'));
    await mkdir(join(nextra, 'content/guide'), { recursive: true });
    await writeFile(join(nextra, 'package.json'), '{"dependencies": {"nextra": "4.0.0"}}');
    await writeFile(join(nextra, 'content/guide/old.mdx'), '# Old\nThe crane model.');
    const second = await watched(nextra);
    expect(second.index.search('crane')[0]?.path).toBe('guide/old');
    // A _meta file added while running counts too.
    const titled = second.settled(
      'content/_meta.ts',
      () => second.index.getPage('guide/old')?.navigation?.[0] === 'Retired models',
    );
    await writeFile(
      join(nextra, 'content/_meta.ts'),
      "export default { guide: 'Retired models' };",
    );
    await titled;
    expect(second.index.getPage('guide/old')?.navigation).toEqual(['Retired models']);
  });

  it('takes out a page when it becomes a draft or its file goes', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-watch-'));
    await writeFile(join(docs, 'a.md'), '# A\nspoonbill');
    const { index, settled } = await watched(docs);
    let applied = settled('a.md');
    await writeFile(join(docs, 'a.md'), '---\ndraft: true\n---\n# A\nspoonbill');
    await applied;
    expect(index.getPage('a')).toBeUndefined();
    applied = settled('a.md');
    await writeFile(join(docs, 'a.md'), '# A\nspoonbill again');
    await applied;
    expect(index.getPage('a')).toBeDefined();
    applied = settled('a.md');
    await rm(join(docs, 'a.md'));
    await applied;
    expect(index.pageCount).toBe(0);
  });
});
