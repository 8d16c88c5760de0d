import { describe, expect, it } from 'vitest';
import { loadSiteLayout } from '../../../src/server/docs-index/frameworks/detect.ts';
import { DocsFolder } from '../../../src/server/docs-index/frameworks/docs-folder.ts';
import { listPageFiles } from '../../../src/server/docs-index/load.ts';
import {
  type ReadPage,
  readPagesHere,
  readPagesInWorker,
} from '../../../src/server/docs-index/page-reader.ts';
import { indexSite, writeSite } from '../../support/docs-sites.ts';
import { CORPUS } from '../../support/server.ts';

async function collect(pages: AsyncIterable<ReadPage> | Iterable<ReadPage>, pauseAfter = -1) {
  const read: { file: string; path?: string; content?: string; problem?: string }[] = [];
  for await (const { file, page, problem } of pages) {
    read.push({ file, path: page?.path, content: page?.content, problem });
    if (read.length === pauseAfter) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  return read;
}

describe('readPagesInWorker', () => {
  const folder = new DocsFolder(CORPUS);
  const layout = loadSiteLayout(folder);
  const files = listPageFiles(folder, layout);
  const task = { root: folder.root, framework: layout.framework, files };

  it('reads every file once, in order, when this thread reads the first ones', async () => {
    const here = await collect(readPagesHere(folder, layout, files));
    // This thread alone would read the whole small corpus before the worker has started: a
    // pause after the first pages lets the worker read the rest.
    const started = await collect(readPagesInWorker(task, { folder, layout }), 10);
    expect(started).toEqual(here);
  });

  it('reads every file once, in order, in the worker alone', async () => {
    const here = await collect(readPagesHere(folder, layout, files));
    expect(await collect(readPagesInWorker(task))).toEqual(here);
  });
});

describe("MDX comments, by each framework's rule for which pages are MDX", () => {
  const body = 'Write {/* this */} to comment in MDX.\n';
  const contentOf = async (files: Record<string, string>, path: string) =>
    (await indexSite(await writeSite(files))).getPage(path)?.content.trim();

  it('are text in Markdown pages of MkDocs, Starlight and plain folders, comments in .mdx', async () => {
    expect(await contentOf({ 'mkdocs.yml': 'site_name: S\n', 'docs/a.md': body }, 'a/')).toBe(
      body.trim(),
    );
    const starlight = {
      'astro.config.mjs': 'export default {}\n',
      'src/content/docs/a.md': body,
      'src/content/docs/b.mdx': body,
    };
    expect(await contentOf(starlight, 'a')).toBe(body.trim());
    expect(await contentOf(starlight, 'b')).toBe('Write  to comment in MDX.');
    expect(await contentOf({ 'a.md': body }, 'a')).toBe(body.trim());
  });

  it('are comments in Docusaurus .md pages unless markdown.format or the page says md', async () => {
    const site = (config: string) => ({
      'docusaurus.config.js': `export default { presets: [['classic', {}]], ${config} };\n`,
      'docs/a.md': body,
      'docs/b.md': `---\nformat: md\n---\n${body}`,
      'docs/c.mdx': body,
    });
    expect(await contentOf(site(''), 'docs/a')).toBe('Write  to comment in MDX.');
    expect(await contentOf(site(''), 'docs/b')).toBe(body.trim());
    const detect = site("markdown: { format: 'detect' }");
    expect(await contentOf(detect, 'docs/a')).toBe(body.trim());
    expect(await contentOf(detect, 'docs/c')).toBe('Write  to comment in MDX.');
  });
});
