import { describe, expect, it } from 'vitest';
import { loadSiteLayout } from '../../../src/server/docs-index/frameworks/detect.ts';
import { DocsFolder } from '../../../src/server/docs-index/frameworks/docs-folder.ts';
import { listPageFiles } from '../../../src/server/docs-index/load.ts';
import {
  type ReadPage,
  readPagesHere,
  readPagesInWorker,
} from '../../../src/server/docs-index/page-reader.ts';
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
