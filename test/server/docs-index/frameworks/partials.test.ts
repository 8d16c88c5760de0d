import { describe, expect, it } from 'vitest';
import { DocsFolder } from '../../../../src/server/docs-index/frameworks/docs-folder.ts';
import { inlinePartials } from '../../../../src/server/docs-index/frameworks/partials.ts';
import { writeSite } from '../../../support/docs-sites.ts';

describe('inlinePartials', () => {
  it('inlines MkDocs {!path!} includes from their base folder, in code blocks too', async () => {
    const root = await writeSite({
      'src/app.py': 'one\ntwo\nthree\nfour\n',
      'parts/note.md': 'A shared note.',
      'docs/page.md': '',
    });
    const body = [
      '{!parts/note.md!}',
      '```python',
      '{!src/app.py!lines=1 3-4}',
      '```',
      '{! src/app.py [ln:2-3] !}',
      '\\{!src/app.py!}',
      '{!missing.md!}',
    ].join('\n');
    const inlined = inlinePartials(new DocsFolder(root), 'docs/page.md', body, {
      mkdocsIncludes: () => '',
    });
    expect(inlined.body).toBe(
      [
        'A shared note.',
        '```python',
        'one\nthree\nfour',
        '```',
        'two\nthree',
        '\\{!src/app.py!}',
        '{!missing.md!}',
      ].join('\n'),
    );
    // markdown-include-variants: a code block in the file's language, on its own line only.
    const variants = inlinePartials(
      new DocsFolder(root),
      'docs/page.md',
      '- Step:\n\n    {* src/app.py ln[2:3] hl[2] *}\n\nSay {* src/app.py *} inline.',
      { mkdocsIncludes: () => '', mkdocsIncludeVariants: true },
    );
    expect(variants.body).toBe(
      '- Step:\n\n    ```python\n    two\n    three\n    ```\n\nSay {* src/app.py *} inline.',
    );
    // Without the extension enabled, the text stays.
    expect(inlinePartials(new DocsFolder(root), 'docs/page.md', body).body).toBe(body);
  });

  it('inlines imported Markdown where its component is used, nested partials too', async () => {
    const root = await writeSite({
      'snippets/outer.mdx': "import Inner from './inner.mdx';\n\nOuter text.\n\n<Inner />",
      'snippets/inner.mdx': '---\ntitle: ignored\n---\nInner text for {who}.',
      'guide/page.mdx': '',
    });
    const body = [
      "import Outer from '/snippets/outer.mdx';",
      "import Inner from '../snippets/inner.mdx';",
      "import { Tabs } from '@astrojs/starlight/components';",
      '',
      'Before.',
      '<Outer />',
      '<Inner who="readers"></Inner>',
      '```mdx',
      '<Outer />',
      '```',
    ].join('\n');
    const inlined = inlinePartials(new DocsFolder(root), 'guide/page.mdx', body);
    expect(inlined.body).toContain('Before.\nOuter text.');
    expect(inlined.body).toContain('Inner text for readers.');
    expect(inlined.body).not.toContain('title: ignored');
    // Code examples are left as written.
    expect(inlined.body).toContain('```mdx\n<Outer />\n```');
    expect(inlined.includes.sort()).toEqual(['snippets/inner.mdx', 'snippets/outer.mdx']);
  });

  it('leaves cycles, missing files and package imports alone', async () => {
    const root = await writeSite({
      'a.mdx': "import B from './b.mdx';\n\nA says hi.\n\n<B />",
      'b.mdx': "import A from './a.mdx';\n\nB says hi.\n\n<A />",
    });
    const folder = new DocsFolder(root);
    const inlined = inlinePartials(
      folder,
      'page.mdx',
      "import A from './a.mdx';\nimport Gone from './gone.mdx';\n\n<A />\n<Gone />",
    );
    expect(inlined.body.match(/A says hi/g)).toHaveLength(1);
    expect(inlined.body).toContain('B says hi.');
    expect(inlined.body).toContain('<Gone />');
    const aliased = inlinePartials(
      folder,
      'x.mdx',
      "import Pkg from 'some-package/readme.md';\n\n<Pkg />",
    );
    expect(aliased.body).toContain('<Pkg />');
  });

  it('resolves aliases and VitePress includes with line ranges', async () => {
    const root = await writeSite({ 'src/parts/steps.md': 'one\ntwo\nthree\nfour' });
    const folder = new DocsFolder(root);
    const inlined = inlinePartials(
      folder,
      'src/guide/page.md',
      'Steps:\n\n<!--@include: @/parts/steps.md{2,3}-->\n\nAll:\n\n<!--@include: ../parts/steps.md-->',
      { vitepressIncludes: true, aliases: { '@/': 'src' } },
    );
    expect(inlined.body).toBe('Steps:\n\ntwo\nthree\n\nAll:\n\none\ntwo\nthree\nfour');
  });

  it('inlines Fumadocs <include> elements: Markdown as text, code as a code block', async () => {
    const root = await writeSite({
      'content/docs/shared/note.mdx': '---\ntitle: ignored\n---\nThe shared note.',
      'content/docs/page.mdx': '',
      'snippets/example.ts': "import { a } from './a';\nexport const b = a;",
    });
    const body = [
      'Before.',
      '<include>./shared/note.mdx</include>',
      '<include cwd>snippets/example.ts</include>',
      '<include>./shared/note.mdx#part</include>',
      '<include>./missing.mdx</include>',
    ].join('\n');
    const folder = new DocsFolder(root);
    const inlined = inlinePartials(folder, 'content/docs/page.mdx', body, {
      fumadocsIncludes: true,
    });
    expect(inlined.body).toContain('Before.\nThe shared note.');
    expect(inlined.body).toContain("```ts\nimport { a } from './a';\nexport const b = a;\n```");
    // Sections of a file and missing files are left as written.
    expect(inlined.body).toContain('<include>./shared/note.mdx#part</include>');
    expect(inlined.body).toContain('<include>./missing.mdx</include>');
    expect(inlined.includes.sort()).toEqual([
      'content/docs/shared/note.mdx',
      'snippets/example.ts',
    ]);
    expect(inlinePartials(folder, 'content/docs/page.mdx', body).body).toBe(body);
  });

  it('fences included code longer than any backtick run inside it', async () => {
    const readme = 'Install:\n\n```sh\nnpm i\n```\n';
    const root = await writeSite({ 'page.md': '', 'readme.md': readme, 'readme.txt': readme });
    const folder = new DocsFolder(root);
    const inlined = inlinePartials(
      folder,
      'page.md',
      '{* readme.md *}\n\n<include>./readme.md</include>',
      {
        mkdocsIncludes: () => '',
        mkdocsIncludeVariants: true,
      },
    );
    expect(inlined.body).toBe(
      '````markdown\nInstall:\n\n```sh\nnpm i\n```\n````\n\n<include>./readme.md</include>',
    );
    const element = inlinePartials(folder, 'page.md', '<include lang="md">./readme.txt</include>', {
      fumadocsIncludes: true,
    });
    expect(element.body).toBe('````md\nInstall:\n\n```sh\nnpm i\n```\n````');
  });

  it('adds at most a few MB to a page, however deeply partials use partials', async () => {
    // Ten levels of ten uses each would be 10^9 copies of the last line.
    const files: Record<string, string> = { 'page.mdx': "import P0 from './p0.mdx';\n\n<P0 />" };
    for (let level = 0; level < 9; level++) {
      const next = `P${level + 1}`;
      files[`p${level}.mdx`] =
        `import ${next} from './p${level + 1}.mdx';\n\n${`<${next} />\n`.repeat(10)}`;
    }
    files['p9.mdx'] = 'The last line, repeated.';
    const folder = new DocsFolder(await writeSite(files));
    const { body } = inlinePartials(folder, 'page.mdx', files['page.mdx']!);
    expect(body.length).toBeLessThan(5 * 1024 * 1024);
    // A partial within the limit is still inlined.
    const small = inlinePartials(folder, 'p7.mdx', files['p7.mdx']!).body;
    expect(small.split('The last line, repeated.')).toHaveLength(101);
  });

  it('reads a long line without a closing mark in time linear in its length', async () => {
    const folder = new DocsFolder(await writeSite({ 'page.mdx': '', 'x.mdx': 'X.' }));
    const spaces = ' '.repeat(200_000);
    const body = `import X from './x.mdx';\n\n{!a${spaces}\n<include>a${spaces}\n<X${spaces}`;
    const started = performance.now();
    const inlined = inlinePartials(folder, 'page.mdx', body, {
      fumadocsIncludes: true,
      mkdocsIncludes: () => '',
    });
    expect(inlined.body).toBe(body);
    // Quadratic (cubic for the tag), these took minutes.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
