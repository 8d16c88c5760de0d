import { describe, expect, it } from 'vitest';
import { SiteIndex } from '../../../src/server/docs-index/docs-index.ts';
import { pageLinks } from '../../../src/server/docs-index/link-text.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';

const page = (file: string, source: string) => parsePage(file, source);

describe('pageLinks', () => {
  it('resolves root, relative and file links as the site publishes them', () => {
    const links = pageLinks(
      page(
        'guide/api-hmr.md',
        [
          '# HMR',
          '[The JavaScript API](./api-javascript)',
          '- [plugins](../plugins/index.md#hooks)',
          '[a **setting**](/config/shared-options.html#base)',
          '[options](/config/)',
          '[elsewhere](https://example.com/x), [here](#local), ![an image](./pic.png).',
          '```md',
          '[in code](/not-a-link)',
          '```',
          '~~~',
          '```',
          '[still code](/not-a-link)',
          '~~~',
        ].join('\n'),
      ),
    );
    expect(links).toEqual([
      { key: 'guide/api-javascript', anchor: '', text: 'The JavaScript API' },
      { key: 'plugins', anchor: 'hooks', text: '- plugins' },
      { key: 'config/shared-options', anchor: 'base', text: 'a setting' },
      { key: 'config', anchor: '', text: 'options' },
    ]);
  });

  it('keeps the words around a link on its line with its text', () => {
    const [link] = pageLinks(
      page(
        'a.md',
        'Long ago one two three four five six seven eight words before [the link](/b) and after it one two three four five six seven',
      ),
    );
    expect(link?.text).toBe(
      'three four five six seven eight words before the link and after it one two three four five',
    );
  });
});

describe('SiteIndex link text', () => {
  const target = page('audio/speech.md', '---\ntitle: Speech\n---\n## Usage\nCall the function.');
  const linking = (words: string) =>
    page('guides/intro.md', `---\ntitle: Intro\n---\nYou can [${words}](../audio/speech.md).`);

  it("finds a page by the words other pages link to it with, and follows the linking page's changes", () => {
    const index = new SiteIndex();
    index.upsert(linking('read aloud narration'));
    // The target is added after the page linking to it, as a build may.
    index.upsert(target);
    expect(index.search('narration').map((result) => result.path)).toContain('audio/speech');
    index.upsert(linking('something else'));
    expect(index.search('narration').map((result) => result.path)).not.toContain('audio/speech');
    index.upsert(linking('narration'));
    index.remove('audio/speech');
    index.upsert(target);
    expect(index.search('narration').map((result) => result.path)).toContain('audio/speech');
    index.remove('guides/intro');
    expect(index.search('narration')).toEqual([]);
  });

  it('indexes link text when a build is done with its pages, and searches only read it', () => {
    const index = new SiteIndex();
    index.deferLinkText();
    index.upsert(linking('read aloud narration'));
    index.upsert(target);
    const paths = () => index.search('narration').map((result) => result.path);
    expect(paths()).toEqual(['guides/intro']);
    expect(paths()).toEqual(['guides/intro']);
    index.indexLinkText();
    expect(paths()).toContain('audio/speech');
    // Past the build, each change is indexed as it is made.
    index.upsert(linking('something else'));
    expect(paths()).toEqual([]);
  });

  it('leads a link to a heading to its section', () => {
    const index = new SiteIndex();
    index.upsert(target);
    index.upsert(
      page('other.md', '---\ntitle: Other\n---\nThe [narration options](/audio/speech#usage).'),
    );
    const found = index.search('narration').find((result) => result.path === 'audio/speech');
    expect(found?.metadata.anchor).toBe('usage');
  });
});
