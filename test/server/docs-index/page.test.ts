import { describe, expect, it } from 'vitest';
import { buildPage, parsePage } from '../../../src/server/docs-index/page.ts';

describe('parsePage', () => {
  it('reads frontmatter metadata', () => {
    const page = parsePage(
      'docs/01-guides/02-setup.mdx',
      '---\ntitle: Setup\ndescription: Install it\nversion: 2\nlanguage: en\ntags: [install, cli]\ngroups: [admins]\n---\n\nBody',
    );
    expect(page).toMatchObject({
      path: 'docs/guides/setup',
      file: 'docs/01-guides/02-setup.mdx',
      title: 'Setup',
      description: 'Install it',
      version: '2',
      language: 'en',
      tags: ['install', 'cli'],
      groups: ['admins'],
      content: 'Body',
    });
  });

  it('accepts a single tag and a slug override', () => {
    const page = parsePage('a/b.md', '---\ntitle: B\ntag: api\nslug: /reference/b\n---\nx');
    expect(page.tags).toEqual(['api']);
    expect(page.path).toBe('reference/b');
  });

  it('takes the first heading when there is no title, ignoring code', () => {
    const page = parsePage('x.mdx', '```sh\n# comment\n```\n\n## Real `title`\ntext');
    expect(page.title).toBe('Real title');
  });

  it('falls back to the file name when there is no heading either', () => {
    expect(parsePage('docs/getting-started.md', 'just text').title).toBe('Getting started');
  });

  it('leaves a commented-out section out of the content, its headings with it', () => {
    const page = parsePage(
      'start.mdx',
      '# Start\nInstall it.\n\n{/*\n\n## Theme config\n\n```js\nexport default {}\n```\n*/}\n\n## Next\nMore.',
    );
    expect(page.content).toBe('# Start\nInstall it.\n\n\n\n## Next\nMore.');
  });

  it('leaves MDX imports out of the content', () => {
    const page = parsePage('x.mdx', "---\ntitle: X\n---\nimport { Note } from 'c';\n\n# X\n");
    expect(page.content).toBe('# X\n');
  });

  it('throws on invalid YAML and refuses executable frontmatter', () => {
    expect(() => parsePage('bad.md', '---\ntitle: [unclosed\n---\n')).toThrow();
    expect(() => parsePage('evil.md', '---js\n{ title: process.exit(1) }\n---\n')).toThrow(
      /executable/,
    );
  });
});

describe('buildPage titles', () => {
  const source = (data: Record<string, unknown>, body: string) => ({ data, body });
  it('takes the frontmatter title, else the H1, else the navigation label, else any heading', () => {
    const placement = { path: 'p', translationKey: 'p', navTitle: 'From the sidebar' };
    expect(buildPage('p.md', source({ title: 'Own' }, '# H1'), placement).title).toBe('Own');
    expect(buildPage('p.md', source({}, '## Sub\n# H1'), placement).title).toBe('H1');
    expect(buildPage('p.md', source({}, '## Sub'), placement).title).toBe('From the sidebar');
    expect(buildPage('p.md', source({}, '## Sub'), { path: 'p', translationKey: 'p' }).title).toBe(
      'Sub',
    );
    // MkDocs: the nav title wins.
    expect(
      buildPage('p.md', source({ title: 'Own' }, '# H1'), { ...placement, navTitleFirst: true })
        .title,
    ).toBe('From the sidebar');
  });
});
