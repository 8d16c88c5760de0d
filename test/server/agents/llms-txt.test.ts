import { describe, expect, it } from 'vitest';
import { llmsLinks } from '../../../src/server/agents/agent-files.ts';
import { listedPages, markdownFileOf } from '../../../src/server/agents/agent-pages.ts';
import { llmsFullTxt, llmsTxt } from '../../../src/server/agents/llms-txt.ts';
import { siteAbout } from '../../../src/server/agents/site-about.ts';
import { buildDocsIndex } from '../../../src/server/docs-index/load.ts';
import { AI_SDK_DOCS, STARLIGHT_DOCS, VITE_DOCS } from '../../support/corpora.ts';
import { writeSite } from '../../support/docs-sites.ts';
import { indexOf } from '../../support/server.ts';

const BASE = 'https://docs.example.com/md/docs/';

interface ParsedLlmsTxt {
  title: string;
  summary?: string;
  notes: string[];
  sections: { name: string; links: { title: string; url: string; description?: string }[] }[];
}

/**
 * Reads a file as the llms.txt proposal defines it, failing on anything out of place: one H1,
 * an optional blockquote, paragraphs without headings, then H2 sections of file lists.
 */
function parseLlmsTxt(text: string): ParsedLlmsTxt {
  const lines = text.split('\n');
  const h1 = /^# (.+)$/.exec(lines[0] ?? '');
  if (!h1) throw new Error(`the first line is not an H1: ${lines[0]}`);
  const parsed: ParsedLlmsTxt = { title: h1[1]!, notes: [], sections: [] };
  let position = 1;
  while (lines[position] === '') position++;
  if (lines[position]?.startsWith('> ')) parsed.summary = lines[position++]!.slice(2);
  for (; position < lines.length; position++) {
    const line = lines[position]!;
    if (line === '') continue;
    const h2 = /^## (.+)$/.exec(line);
    if (h2) {
      parsed.sections.push({ name: h2[1]!, links: [] });
      continue;
    }
    if (/^#/.test(line)) throw new Error(`a heading other than H2: ${line}`);
    const section = parsed.sections.at(-1);
    if (!section) {
      parsed.notes.push(line);
      continue;
    }
    const item = /^- \[((?:\\.|[^\]\\])+)\]\(([^)\s]+)\)(?:: (.+))?$/.exec(line);
    if (!item) throw new Error(`not a file list item: ${line}`);
    section.links.push({
      title: item[1]!.replace(/\\(.)/g, '$1'),
      url: item[2]!,
      ...(item[3] && { description: item[3] }),
    });
  }
  return parsed;
}

async function filesOf(folder: string, options: { maxBytes?: number; fullMaxBytes?: number } = {}) {
  const built = await buildDocsIndex(folder);
  const about = siteAbout({
    domain: 'docs',
    docs: folder,
    framework: built.framework,
    home: built.index.getPage(''),
  });
  const pages = listedPages(built.index);
  const input = { about, pages, links: llmsLinks('https://example.com/', BASE), ...options };
  return { index: built.index, pages, about, txt: llmsTxt(input), full: llmsFullTxt(input) };
}

describe.each([
  ['ai-sdk-docs', AI_SDK_DOCS],
  ['starlight-docs', STARLIGHT_DOCS],
  ['vite-docs', VITE_DOCS],
])('llms.txt of %s', (_name, folder) => {
  it('follows the proposal and lists every listed page once, as Markdown', async () => {
    const { pages, about, txt } = await filesOf(folder);
    const parsed = parseLlmsTxt(txt);
    expect(parsed.title).toBe(about.title);
    expect(parsed.summary).toBe(about.description);
    expect(parsed.notes.join(' ')).toContain('[llms-full.txt](llms-full.txt)');
    expect(parsed.sections.length).toBeGreaterThan(1);
    const links = parsed.sections.flatMap((section) => section.links);
    expect(links.map((link) => link.url)).toEqual(
      // grouped by section, each page once
      expect.arrayContaining(pages.map((page) => `${BASE}${encodeURI(markdownFileOf(page.path))}`)),
    );
    expect(links).toHaveLength(pages.length);
    const byUrl = new Map(
      pages.map((page) => [`${BASE}${encodeURI(markdownFileOf(page.path))}`, page]),
    );
    for (const link of links) {
      const page = byUrl.get(link.url)!;
      expect(link.title).toBe(page.title.replace(/\s+/g, ' ').trim());
      if (page.description)
        expect(link.description).toBe(page.description.replace(/\s+/g, ' ').trim());
    }
    // a group listed once, after its parent when the parent is a group too
    const names = parsed.sections.map((section) => section.name);
    expect(new Set(names).size).toBe(names.length);
    for (const [position, name] of names.entries()) {
      const parent = name.split(' > ').slice(0, -1).join(' > ');
      if (names.includes(parent)) expect(names.indexOf(parent), name).toBeLessThan(position);
    }
  });

  it('has llms-full.txt with every listed page and its source', async () => {
    const { pages, full } = await filesOf(folder);
    expect(full.startsWith('# ')).toBe(true);
    for (const page of pages)
      expect(full).toContain(`\nSource: https://example.com/${page.path}\n`);
  });
});

describe('llms.txt', () => {
  it('lists only public, listed pages in the default language and version', async () => {
    const index = indexOf({
      'guides/a.md': '---\ntitle: A\n---\nText',
      'guides/secret.md': '---\ntitle: Secret\ngroups: [staff]\n---\nText',
    });
    const pages = listedPages(index);
    expect(pages.map((page) => page.path)).toEqual(['guides/a']);
  });

  it('groups pages by their navigation group (here their folder), in the site’s order', () => {
    const index = indexOf({
      'index.md': '---\ntitle: Home\n---\nHi',
      'guides/setup.md': '---\ntitle: Setup\ndescription: Install it\n---\nText',
      'guides/deep/more.md': '---\ntitle: More [beta]\n---\nText',
    });
    const txt = llmsTxt({
      about: { title: 'Acme', description: 'Rockets' },
      pages: listedPages(index),
      links: llmsLinks(undefined, ''),
    });
    expect(txt).toBe(
      [
        '# Acme',
        '',
        '> Rockets',
        '',
        'Each link below is a page of these docs as Markdown. Every page in one file: [llms-full.txt](llms-full.txt).',
        '',
        '## Pages',
        '',
        '- [Home](index.md)',
        '',
        '## Guides',
        '',
        '- [Setup](guides/setup.md): Install it',
        '',
        '## Guides > Deep',
        '',
        '- [More \\[beta\\]](guides/deep/more.md)',
        '',
      ].join('\n'),
    );
  });

  it('lists a parent group before its children, where the site first shows any of them', () => {
    const index = indexOf({
      'cookbook/guides/rag.md': '---\ntitle: RAG\n---\nText',
      'cookbook/overview.md': '---\ntitle: Overview\n---\nText',
      'api/reference.md': '---\ntitle: Reference\n---\nText',
      'cookbook/guides/agents.md': '---\ntitle: Agents\n---\nText',
      'cookbook/more/misc.md': '---\ntitle: Misc\n---\nText',
    });
    const byPath = new Map(listedPages(index).map((page) => [page.path, page]));
    // the site's order, as its navigation gives it
    const pages = ['cookbook/guides/rag', 'cookbook/overview', 'api/reference']
      .concat(['cookbook/guides/agents', 'cookbook/more/misc'])
      .map((path) => byPath.get(path)!);
    const txt = llmsTxt({ about: { title: 'Acme' }, pages, links: llmsLinks(undefined, '') });
    const groups = [...txt.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
    expect(groups).toEqual(['Cookbook', 'Cookbook > Guides', 'Cookbook > More', 'Api']);
    // each group's pages in the site's order
    expect(txt).toContain('## Cookbook > Guides\n\n- [RAG](cookbook/guides/rag.md)\n- [Agents]');
  });

  it('names no group after the folders every page sits in (a language or docs prefix)', () => {
    const index = indexOf({
      'en/docs/index.md': '---\ntitle: Introduction\n---\nHi',
      'en/docs/installation.md': '---\ntitle: Installation\n---\nText',
      'en/docs/brewing/green-tea.md': '---\ntitle: Green tea\n---\nText',
    });
    const txt = llmsTxt({
      about: { title: 'Kettle' },
      pages: listedPages(index),
      links: llmsLinks(undefined, ''),
    });
    const groups = [...txt.matchAll(/^## (.*)$/gm)].map((match) => match[1]);
    expect(groups).toEqual(['Pages', 'Brewing']);
    expect(txt).toContain(
      '## Pages\n\n- [Introduction](en/docs.md)\n- [Installation](en/docs/installation.md)',
    );
  });

  it('is cut at its size limit on a line, with a note of what was left out', async () => {
    const { txt, full, pages } = await filesOf(AI_SDK_DOCS, {
      maxBytes: 8 * 1024,
      fullMaxBytes: 64 * 1024,
    });
    expect(Buffer.byteLength(txt)).toBeLessThanOrEqual(8 * 1024);
    expect(Buffer.byteLength(full)).toBeLessThanOrEqual(64 * 1024);
    const listed = parseLlmsTxt(txt.replace(/\n> Cut at .*\n$/, '\n')).sections.flatMap(
      (s) => s.links,
    );
    expect(txt).toMatch(
      new RegExp(
        `\\n> Cut at 8 KiB: ${pages.length - listed.length} more pages are not included\\.\\n$`,
      ),
    );
    expect(full).toMatch(/\n> Cut at 64 KiB: \d+ more pages are not included\.\n$/);
  });
});

describe('siteAbout', () => {
  it.each([
    [STARLIGHT_DOCS, 'Starlight'],
    [VITE_DOCS, 'Vite'],
  ])('reads the framework configuration or the home page of %s', async (folder, title) => {
    const { about } = await filesOf(folder);
    expect(about.title).toBe(title);
  });

  it('prefers the configured title and falls back to the domain', () => {
    expect(siteAbout({ domain: 'acme', title: 'Acme', description: 'D' })).toEqual({
      title: 'Acme',
      description: 'D',
    });
    expect(siteAbout({ domain: 'acme' })).toEqual({ title: 'acme' });
  });

  it('names a site without a name or a home page after its published host, not its domain', () => {
    // The AI SDK docs have no home page at their root: llms.txt's H1 and the MCP server's
    // title were "docs" (the default domain).
    expect(siteAbout({ domain: 'docs', siteUrl: 'https://ai-sdk.dev/' })).toEqual({
      title: 'ai-sdk.dev',
    });
    expect(siteAbout({ domain: 'docs', siteUrl: 'not a url' })).toEqual({ title: 'docs' });
    expect(
      siteAbout({ domain: 'docs', siteUrl: 'https://ai-sdk.dev', home: { title: 'AI SDK' } }),
    ).toEqual({ title: 'AI SDK' });
  });

  it('reads the configuration of a site served from a subfolder of the folder named', async () => {
    const repo = await writeSite({
      'website/docusaurus.config.js':
        "export default { title: 'Jesty', tagline: 'Delightful testing', presets: [['classic', {}]] };",
      'website/docs/intro.md': '# Intro',
    });
    const { index, framework } = await buildDocsIndex(repo);
    const about = siteAbout({
      domain: 'docs',
      docs: repo,
      framework,
      siteDir: index.profile.siteDir,
    });
    expect(about).toEqual({ title: 'Jesty', description: 'Delightful testing' });
  });
});
