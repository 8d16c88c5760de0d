import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markdownBody } from '../../../../src/server/agents/clean-markdown.ts';
import { composeAnswer } from '../../../../src/server/assistant/compose-answer.ts';
import { readingOptions } from '../../../../src/server/assistant/embedded-model.ts';
import { docsLookup } from '../../../../src/server/assistant/grounding.ts';
import { retrievePassages } from '../../../../src/server/assistant/retrieval.ts';
import {
  indexSite,
  MKDOCS_LANGUAGES_SITE,
  MKDOCS_SITE,
  pathsOf,
  writeSite,
} from '../../../support/docs-sites.ts';

describe('the MkDocs fixture', () => {
  const site = () => indexSite(MKDOCS_SITE);

  it('publishes directory URLs from docs_dir, README as its folder index, French under fr/', async () => {
    expect(pathsOf(await site())).toEqual({
      '': 'docs/index.md',
      'about/': 'docs/about/README.md',
      'about/license/': 'docs/about/license.md',
      'about/release-notes/': 'docs/about/release-notes.md',
      'fr/': 'docs/index.fr.md',
      'fr/user-guide/writing-your-docs/': 'docs/user-guide/writing-your-docs.fr.md',
      // not_in_nav pages are still published.
      'tutorials/first-alert/': 'docs/tutorials/first-alert.md',
      'user-guide/styling-your-docs/': 'docs/user-guide/styling-your-docs.md',
      'user-guide/writing-your-docs/': 'docs/user-guide/writing-your-docs.md',
    });
  });

  it('leaves out exclude_docs, draft_docs and the default exclusions', async () => {
    const index = await site();
    for (const word of ['foghorn', 'semaphore', 'lantern', 'beacon', 'buoy']) {
      expect(index.search(word), word).toEqual([]);
    }
  });

  it('titles pages by their nav entry, as MkDocs does, and groups them by nav section', async () => {
    const index = await site();
    expect(index.getPage('user-guide/styling-your-docs/')).toMatchObject({
      title: 'Styling your docs',
      navigation: ['User Guide'],
    });
    expect(index.getPage('')?.title).toBe('Home');
    // A translation keeps its own title.
    expect(index.getPage('fr/user-guide/writing-your-docs/')).toMatchObject({
      title: 'Rédiger votre documentation',
      language: 'fr',
      translationKey: 'user-guide/writing-your-docs/',
    });
    expect(index.getPage('user-guide/styling-your-docs')?.anchorStyle).toBe('mkdocs');
  });

  it('answers a French question from the French page, an English one from the English page', async () => {
    const index = await site();
    const french = index.search('Comment organiser les fichiers Markdown de la documentation ?');
    expect(french[0]?.path).toBe('fr/user-guide/writing-your-docs/');
    const english = index.search('How do I lay out the Markdown files of the documentation?');
    expect(english[0]?.path).toBe('user-guide/writing-your-docs/');
    expect(english.some((result) => result.path.startsWith('fr/'))).toBe(false);
  });
  it('reads content tabs (`=== "pip"`) as tabs: labelled in the page, one quoted in answers', async () => {
    const index = await site();
    const page = index.getPage('tutorials/first-alert/')!;
    const body = markdownBody(page.content);
    expect(body).toContain('**pip**\n\n```sh\npip install lighthouse-keeper\n```');
    expect(body).toContain(
      '**Windows installer**\n\nDownload the installer from the releases page and run it.',
    );
    expect(body).not.toMatch(/===/);
    const answer = (question: string) => {
      const { results } = retrievePassages(index, { question, pageSize: 5 });
      const options = readingOptions(results, { selection: [], docs: docsLookup(index) });
      return composeAnswer(question, results, options).text;
    };
    const conda = answer('How do I install the keeper client with conda?');
    expect(conda).toMatch(/\*\*conda\*\*\n\n```sh\nconda install -c conda-forge lighthouse-keeper/);
    expect(conda).not.toMatch(/pip install|===/);
    const first = answer('How do I install the keeper client?');
    expect(first).toMatch(/\*\*pip\*\*\n\n```sh\npip install lighthouse-keeper/);
    expect(first).not.toMatch(/conda install|===/);
  });
});

describe('MkDocs settings', () => {
  it('publishes page.html files without use_directory_urls', async () => {
    // The example of the MkDocs configuration reference (use_directory_urls).
    const root = await writeSite({
      'mkdocs.yml': 'site_name: X\nuse_directory_urls: false\ndocs_dir: source\n',
      'source/index.md': '# Home',
      'source/api-guide/parsers.md': '# Parsers',
      'source/about/index.md': '# About',
      'docs/elsewhere.md': '# Not in docs_dir',
    });
    expect(pathsOf(await indexSite(root))).toEqual({
      'about/index.html': 'source/about/index.md',
      'api-guide/parsers.html': 'source/api-guide/parsers.md',
      'index.html': 'source/index.md',
    });
  });

  it('reads folder-structured translations of mkdocs-static-i18n', async () => {
    const root = await writeSite({
      'mkdocs.yml': [
        'site_name: X',
        'plugins:',
        '  - i18n:',
        '      docs_structure: folder',
        '      languages:',
        '        - locale: en',
        '          default: true',
        '        - locale: de',
      ].join('\n'),
      'docs/en/index.md': '# Home',
      'docs/en/setup.md': '# Setup',
      'docs/de/setup.md': '# Einrichtung',
    });
    const index = await indexSite(root);
    expect(pathsOf(index)).toEqual({
      '': 'docs/en/index.md',
      'de/setup/': 'docs/de/setup.md',
      'setup/': 'docs/en/setup.md',
    });
    expect(index.getPage('de/setup/')).toMatchObject({ language: 'de', translationKey: 'setup/' });
  });

  it('publishes Material blog posts at their dated URLs, drafts not at all', async () => {
    // As squidfunk/mkdocs-material's own blog writes posts: date, or date.created, a slug
    // from the title (its first heading) or frontmatter.
    const post = (front: string, body: string) => `---\n${front}\n---\n\n${body}\n`;
    const files = (plugin: string) => ({
      'mkdocs.yml': `site_name: Blog\nplugins:\n${plugin}\n`,
      'docs/index.md': '# Home',
      'docs/blog/index.md': '# Blog',
      'docs/blog/posts/search.md': post(
        'date: 2021-09-13\ncategories:\n  - Search',
        "# Search: better, faster, smaller\n\nWe're rebuilding search.",
      ),
      'docs/blog/posts/two.md': post(
        'date:\n  created: 2026-02-18\n  updated: 2026-04-13\nslug: mkdocs-2.0',
        '# What MkDocs 2.0 means',
      ),
      'docs/blog/posts/titled.md': post('date: 2024-01-05\ntitle: Titled post', 'Text.'),
      'docs/blog/posts/plan.md': post('date: 2024-02-01\ndraft: true', '# Plan\n\nUnfinished.'),
      // A title line with a long run of spaces: three minutes for 4,000 with the old regex.
      'docs/blog/posts/spaces.md': post('date: 2024-03-01', `# Wide${' '.repeat(20_000)}title ##`),
    });
    expect(pathsOf(await indexSite(await writeSite(files('  - blog'))))).toEqual({
      '': 'docs/index.md',
      'blog/': 'docs/blog/index.md',
      'blog/2021/09/13/search-better-faster-smaller/': 'docs/blog/posts/search.md',
      'blog/2024/01/05/titled-post/': 'docs/blog/posts/titled.md',
      'blog/2024/03/01/wide-title/': 'docs/blog/posts/spaces.md',
      'blog/2026/02/18/mkdocs-2.0/': 'docs/blog/posts/two.md',
    });
    const custom = await indexSite(
      await writeSite(
        files(
          "  - blog:\n      blog_dir: news\n      post_dir: blog/posts\n      post_url_format: '{categories}/{slug}'",
        ),
      ),
    );
    expect(Object.keys(pathsOf(custom))).toEqual(
      expect.arrayContaining(['news/search/search-better-faster-smaller/', 'news/mkdocs-2.0/']),
    );
    // Babel's month names, in the theme's language as in a date (`MMMM`, `MMM`), and quoted text.
    const named = (language: string, format: string) =>
      writeSite({
        ...files(`  - blog:\n      post_url_date_format: "${format}"`),
        'mkdocs.yml': `site_name: Blog\ntheme:\n  language: ${language}\nplugins:\n  - blog:\n      post_url_date_format: "${format}"\n`,
      });
    expect(Object.keys(pathsOf(await indexSite(await named('en', 'yyyy/MMMM'))))).toEqual(
      expect.arrayContaining([
        'blog/2021/September/search-better-faster-smaller/',
        'blog/2026/February/mkdocs-2.0/',
      ]),
    );
    expect(Object.keys(pathsOf(await indexSite(await named('ru', "MMM-yy'q'"))))).toEqual(
      expect.arrayContaining(['blog/сент.-21q/search-better-faster-smaller/']),
    );
    // MkDocs also takes a plugin without options (`- blog:`) and plugins as a mapping.
    for (const plugins of ['  - blog:', '  blog:\n    blog_dir: news\n    post_dir: blog/posts']) {
      const paths = Object.keys(pathsOf(await indexSite(await writeSite(files(plugins)))));
      expect(paths.some((path) => path.endsWith('/2026/02/18/mkdocs-2.0/'))).toBe(true);
    }
  });

  it("keeps mkdocstrings' identifiers, not their options, where the plugin is enabled", async () => {
    // As pydantic/pydantic's docs/api pages write them.
    const page = [
      'Models inherit from `BaseModel`.',
      '',
      '::: pydantic.BaseModel',
      '    options:',
      '        show_root_heading: true',
      '',
      '        members:',
      '          - model_dump',
      '',
      '## ::: pydantic.create_model',
      '',
      '```md',
      '::: kept.in.code',
      '    options: {}',
      '```',
    ].join('\n');
    const site = (plugins: string) =>
      writeSite({ 'mkdocs.yml': `site_name: S\nplugins:\n${plugins}\n`, 'docs/api.md': page });
    const content = (
      await indexSite(await site('  - search\n  - mkdocstrings:\n      handlers: {}'))
    )
      .getPage('api/')
      ?.content.trim();
    expect(content).toBe(
      [
        'Models inherit from `BaseModel`.',
        '',
        '`pydantic.BaseModel`',
        '',
        '## `pydantic.create_model`',
        '',
        '```md',
        '::: kept.in.code',
        '    options: {}',
        '```',
      ].join('\n'),
    );
    // Without the plugin, `:::` is whatever the site makes of it: left as written.
    expect((await indexSite(await site('  - search'))).getPage('api/')?.content.trim()).toBe(page);
  });

  it('reads a configuration that INHERITs another, mappings merged and the rest replaced', async () => {
    const index = await indexSite(
      await writeSite({
        'config/base.yml':
          'docs_dir: content\nuse_directory_urls: false\ntheme:\n  name: material\n  language: fr\nnav:\n  - Accueil: index.md\n',
        'mkdocs.yml':
          'INHERIT: config/base.yml\nsite_name: S\ntheme:\n  custom_dir: overrides\nnav:\n  - Bienvenue: index.md\n',
        'content/index.md': '# Index',
        'content/guide.md': '# Guide',
      }),
    );
    expect(pathsOf(index)).toEqual({
      'guide.html': 'content/guide.md',
      'index.html': 'content/index.md',
    });
    expect(index.getPage('index.html')).toMatchObject({ title: 'Bienvenue', language: 'fr' });
    // A parent outside the folder is not read.
    const outside = await writeSite({
      'site/mkdocs.yml': 'INHERIT: ../base.yml\n',
      'base.yml': 'docs_dir: content\n',
      'site/docs/a.md': '# A',
    });
    expect(pathsOf(await indexSite(join(outside, 'site')))).toEqual({ 'a/': 'docs/a.md' });
  });
});

describe('MkDocs with one site per language (the FastAPI layout)', () => {
  const site = () => indexSite(MKDOCS_LANGUAGES_SITE);

  it('publishes the default language at the root and the others under their code', async () => {
    const index = await site();
    expect(index.profile).toMatchObject({
      framework: 'mkdocs',
      defaultLanguage: 'en',
      languages: ['en', 'es', 'fr'],
    });
    // Neither the repository's README nor a language folder's files beside its docs/.
    expect(pathsOf(index)).toEqual({
      '': 'docs/en/docs/index.md',
      'es/': 'docs/es/docs/index.md',
      'es/tutorial/first-steps/': 'docs/es/docs/tutorial/first-steps.md',
      'fr/': 'docs/fr/docs/index.md',
      'tutorial/': 'docs/en/docs/tutorial/index.md',
      'tutorial/first-steps/': 'docs/en/docs/tutorial/first-steps.md',
    });
    expect(index.getPage('es/tutorial/first-steps/')).toMatchObject({
      language: 'es',
      translationKey: 'tutorial/first-steps/',
      title: 'Primeros pasos',
    });
  });

  it("titles by the language's own nav, never by a borrowed one; unnamed sections are no group", async () => {
    const index = await site();
    expect(index.getPage('')?.title).toBe('Kettle API');
    expect(index.getPage('fr/')).toMatchObject({ title: 'API Bouilloire', language: 'fr' });
    expect(index.getPage('tutorial/first-steps/')?.navigation).toBeUndefined();
  });

  it('inlines {!path!} and {* path *} includes from the configuration folder, lines as asked', async () => {
    const page = (await site()).getPage('tutorial/first-steps/')!;
    const body = markdownBody(page.content);
    expect(body).toContain('app = Kettle()\n@app.boil("/tea")');
    expect(body).toContain('```Python\n@app.boil("/tea")\ndef boil_for_tea():');
    expect(body).not.toContain('{!');
    expect(body).toContain(
      'variants:\n\n```python\n@app.boil("/tea")\ndef boil_for_tea():\n    return',
    );
    expect(body).not.toContain('{*');
    expect(page.includes).toEqual(['docs_src/first_steps/tutorial001.py']);
    // attr_list ids are anchors, not heading text.
    expect(body).toContain('## Start the kettle\n');
  });

  it('answers a Spanish question from the Spanish page', async () => {
    const index = await site();
    expect(index.search('¿Cómo enciendo el hervidor?')[0]?.path).toBe('es/tutorial/first-steps/');
  });

  it('reads a repository whose mkdocs.yml is in docs/, detected or named', async () => {
    const root = await writeSite({
      'README.md': '# A library',
      'docs/mkdocs.yml': 'site_name: S\ndocs_dir: pages\n',
      'docs/pages/index.md': '# Home',
      'docs/pages/guide.md': '# Guide',
    });
    const expected = { '': 'docs/pages/index.md', 'guide/': 'docs/pages/guide.md' };
    expect(pathsOf(await indexSite(root))).toEqual(expected);
    expect(pathsOf(await indexSite(root, 'mkdocs'))).toEqual(expected);
  });
});
