import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, symlink, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DocsFolder,
  MAX_FILE_BYTES,
  normalizeRelative,
} from '../../../../src/server/docs-index/frameworks/docs-folder.ts';
import { inlinePartials } from '../../../../src/server/docs-index/frameworks/partials.ts';
import { buildDocsIndex } from '../../../../src/server/docs-index/load.ts';

/** A docs folder beside a secret file outside it, with links to both. */
async function linkedFolder() {
  const base = await mkdtemp(join(tmpdir(), 'da-links-'));
  const docs = join(base, 'docs');
  await mkdir(join(docs, 'guide'), { recursive: true });
  await writeFile(join(base, 'secret.md'), '# Secret\nThe root password is hunter2.');
  await writeFile(join(docs, 'guide/real.md'), '# Real page\nInside the folder: pelican.');
  await symlink(join(base, 'secret.md'), join(docs, 'passwd.md'));
  await symlink(join(docs, 'guide/real.md'), join(docs, 'alias.md'));
  await symlink(base, join(docs, 'parent'));
  return { base, docs };
}

describe('DocsFolder', () => {
  it('lets a subfolder read beside it within a wider boundary, and never beyond it', async () => {
    const { base, docs } = await linkedFolder();
    const site = join(docs, 'guide');
    const folder = new DocsFolder(site, docs);
    expect(folder.read('../guide/real.md')).toContain('pelican');
    expect(folder.list('..', (name) => name === 'real.md')).toEqual(['../guide/real.md']);
    expect(folder.inside('../alias.md')).toBe('../alias.md');
    expect(folder.inside('../../secret.md')).toBeUndefined();
    expect(() => folder.read('../../secret.md')).toThrow(/outside the docs folder/);
    // A link inside the boundary that leads out of it is refused as at the root.
    expect(() => folder.read('../passwd.md')).toThrow(/outside the docs folder/);
    expect(() => new DocsFolder(base, docs)).toThrow(/outside/);
  });

  it('reads files and links that stay inside, and refuses links that lead outside', async () => {
    const { docs } = await linkedFolder();
    const folder = new DocsFolder(docs);
    expect(folder.read('alias.md')).toContain('pelican');
    expect(() => folder.read('passwd.md')).toThrow(/outside the docs folder/);
    expect(() => folder.read('../secret.md')).toThrow(/outside the docs folder/);
    expect(folder.readIfExists('passwd.md')).toBeUndefined();
    expect(folder.isFile('passwd.md')).toBe(false);
    // Linked folders are not followed.
    expect(folder.list('', (name) => name.endsWith('.md'))).toEqual([
      'alias.md',
      'guide/real.md',
      'passwd.md',
    ]);
  });

  it('reads regular files of at most MAX_FILE_BYTES only', async () => {
    const { docs } = await linkedFolder();
    // A sparse file: its size without writing it.
    await writeFile(join(docs, 'dump.md'), '');
    await truncate(join(docs, 'dump.md'), MAX_FILE_BYTES + 1);
    execFileSync('mkfifo', [join(docs, 'pipe.md')]);
    const folder = new DocsFolder(docs);
    expect(() => folder.read('dump.md')).toThrow(/larger than 16 MB/);
    // Reading a named pipe would wait for a writer forever.
    expect(folder.readIfExists('pipe.md')).toBeUndefined();
    expect(folder.readIfExists('guide')).toBeUndefined();
  });

  it('normalises relative paths and rejects those that climb out', () => {
    expect(normalizeRelative('a/./b/../c/')).toBe('a/c');
    expect(normalizeRelative('/a')).toBe('a');
    expect(normalizeRelative('.')).toBe('');
    expect(normalizeRelative('a/../../b')).toBeUndefined();
    expect(normalizeRelative('..')).toBeUndefined();
  });
});

describe('a link to a file outside the docs folder', () => {
  it('is never indexed, served or quoted, and is reported', async () => {
    const { docs } = await linkedFolder();
    const built = await buildDocsIndex(docs);
    expect(built.index.getPage('passwd')).toBeUndefined();
    expect(built.index.search('root password hunter2')).toEqual([]);
    expect(built.problems).toEqual([
      { file: 'passwd.md', message: 'passwd.md links to a file outside the docs folder' },
    ]);
    // A link that stays inside the folder is a page like any other.
    expect(built.index.getPage('guide/real')?.content).toContain('pelican');
  });

  it('is not inlined as a partial either', async () => {
    const { base, docs } = await linkedFolder();
    await writeFile(join(base, 'outside.mdx'), 'Outside text: cormorant.');
    await writeFile(
      join(docs, 'page.mdx'),
      "import Outside from '../outside.mdx';\nimport Linked from './passwd.md';\n\n# Page\n\n<Outside />\n<Linked />",
    );
    const { index } = await buildDocsIndex(docs);
    const page = index.getPage('page')!;
    expect(page.content).not.toContain('cormorant');
    expect(page.content).not.toContain('hunter2');
    expect(page.includes).toBeUndefined();
  });

  it('is not read by an include directive or a props table', async () => {
    const { docs } = await linkedFolder();
    const folder = new DocsFolder(docs);
    const body = [
      '{!passwd.md!}',
      '{!../secret.md!}',
      '{* ../secret.md *}',
      '<include>./passwd.md</include>',
      '<auto-type-table path="./passwd.md" name="Secret" />',
    ].join('\n');
    const inlined = inlinePartials(folder, 'page.md', body, {
      mkdocsIncludes: () => '',
      mkdocsIncludeVariants: true,
      fumadocsIncludes: true,
      fumadocsTypeTables: '',
    });
    expect(inlined.body).not.toContain('hunter2');
    expect(inlined.includes).toEqual([]);
  });
});
