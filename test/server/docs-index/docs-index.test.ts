import { describe, expect, it } from 'vitest';
import { termsOf } from '../../../src/server/assistant/question.ts';
import { SiteIndex } from '../../../src/server/docs-index/docs-index.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { corpus, indexOf } from '../../support/server.ts';

describe('SiteIndex search', () => {
  const site = indexOf({
    'a.md': '---\ntitle: Streaming responses\n---\nHow answers arrive piece by piece.',
    'b.md':
      '---\ntitle: Configuration\n---\n## Options\nYou can enable streaming responses here, among many other settings and flags.',
    'c.md': '---\ntitle: useChat\n---\nThe `useChat` hook manages chat state.',
    'd.md': '---\ntitle: Embeddings\n---\n## embedMany\nEmbed several values at once.',
  });
  const top = (query: string) => site.search(query)[0]?.path;

  it('weighs titles over body text', () => {
    expect(top('streaming responses')).toBe('a');
  });

  it('still finds a page with a typo or a word prefix', () => {
    expect(top('streeming')).toBe('a');
    expect(top('configurat')).toBe('b');
    expect(top('embedd')).toBe('d');
  });

  it('matches identifiers by their parts and parts by the identifier', () => {
    expect(top('use chat')).toBe('c');
    expect(top('usechat')).toBe('c');
    expect(top('embed many')).toBe('d');
  });

  it('matches other word forms (stemming)', () => {
    expect(top('embedding values')).toBe('d');
    expect(top('configurations')).toBe('b');
  });

  it('returns one result per page, with its best section', () => {
    const results = site.search('streaming');
    expect(new Set(results.map((result) => result.path)).size).toBe(results.length);
  });

  it('ranks the reader’s current page higher', () => {
    const score = (options: { boostPath?: string }) =>
      site.search('streaming', options).find((result) => result.path === 'b')!.metadata.score!;
    expect(score({ boostPath: '/b#options' })).toBeGreaterThan(score({}));
  });

  it('updates in place: replaced and removed pages leave the results', () => {
    const index = indexOf({ 'x.md': '# Alpha\nplatypus' });
    index.upsert(parsePage('x.md', '# Beta\nechidna'));
    expect(index.search('platypus')).toEqual([]);
    expect(index.search('echidna')[0]?.metadata.title).toBe('Beta');
    index.remove('x');
    expect(index.search('echidna')).toEqual([]);
    expect(index.pageCount).toBe(0);
    expect(index.sectionCount).toBe(0);
  });
});

describe('search on the corpus', () => {
  it('finds reference pages by their identifier, with a typo, and by prefix', async () => {
    const index = await corpus();
    expect(index.search('streamText')[0]?.path).toBe('docs/reference/ai-sdk-core/stream-text');
    expect(index.search('streem text', { pageSize: 3 }).map((r) => r.path)).toContain(
      'docs/reference/ai-sdk-core/stream-text',
    );
    expect(index.search('embedd', { pageSize: 3 })[0]?.path).toMatch(/embed/);
    expect(index.search('AI_NoSuchToolError')[0]?.path).toBe(
      'docs/reference/ai-sdk-errors/ai-no-such-tool-error',
    );
  });

  it('links results to the section with its anchor', async () => {
    const index = await corpus();
    const [result] = index.search('smoothStream chunking option');
    expect(result?.metadata.anchor).toMatch(/^[a-z0-9-]+$/);
    expect(result?.metadata.headings).toEqual(expect.arrayContaining([result?.metadata.title]));
  });
});

describe('SiteIndex paths', () => {
  it('finds a page by its published path with or without a trailing slash, .html or index', () => {
    const index = new SiteIndex();
    const page = (file: string, path: string) => ({ ...parsePage(file, `# ${path}\ntext`), path });
    index.upsert(page('guides/setup.mdx', 'guides/setup/'));
    index.upsert(page('guide/cli.md', 'guide/cli.html'));
    index.upsert(page('guide/index.md', 'guide/'));
    expect(index.getPage('guides/setup/')?.path).toBe('guides/setup/');
    expect(index.getPage('/guides/setup')?.path).toBe('guides/setup/');
    expect(index.getPage('guides/setup#install')?.path).toBe('guides/setup/');
    expect(index.getPage('guide/cli')?.path).toBe('guide/cli.html');
    expect(index.getPage('/guide/cli.html')?.path).toBe('guide/cli.html');
    expect(index.getPage('guide/index.html')?.path).toBe('guide/');
    expect(index.getPage('guide')?.path).toBe('guide/');
    expect(index.getPage('guides/setup/../../etc/passwd')).toBeUndefined();
  });

  it('serves an unlisted page by its path but never returns it from search', () => {
    const index = indexOf({ 'listed.md': '# Listed\nmarmot' });
    index.upsert({ ...parsePage('quiet.md', '# Quiet\nmarmot burrow'), unlisted: true });
    expect(index.getPage('quiet')?.title).toBe('Quiet');
    expect(index.search('marmot').map((result) => result.path)).toEqual(['listed']);
    expect(index.search('burrow')).toEqual([]);
    index.remove('quiet');
    expect(index.getPage('quiet')).toBeUndefined();
  });

  it('shows each page in one language: the reader’s, else the default', () => {
    const index = new SiteIndex();
    index.upsert(parsePage('a.md', '# Alpha\nflamingo'));
    index.upsert(parsePage('b.md', '# Beta\nflamingo'));
    index.upsert(parsePage('c.md', '# Gamma\nother birds'));
    // The French copy says which page it translates, as the framework adapters set it.
    const french = parsePage('fr/a.md', '---\nlang: fr\n---\n# Alpha FR\nflamingo rose');
    index.upsert({ ...french, translationKey: 'a' });
    const paths = (language?: string) =>
      index
        .search('flamingo', language ? { filter: { language } } : {})
        .map((result) => result.path)
        .sort();
    expect(paths()).toEqual(['a', 'b']);
    expect(paths('fr')).toEqual(['b', 'fr/a']);
    expect(paths('de')).toEqual(['a', 'b']);
  });

  it('finds the default-language page a partly translated language falls back to through a fuller translation', () => {
    // Portuguese has one page of four: its readers are served the English pages, which hold
    // none of their words; the Spanish copies do.
    const index = new SiteIndex();
    const english = ['Sidebar\nHide a page from the sidebar.', 'Colors\nChange the theme colors.'];
    const spanish = [
      'Barra lateral\nOcultar una página de la barra lateral.',
      'Colores\nCambiar colores.',
    ];
    for (const [n, body] of english.entries()) index.upsert(parsePage(`p${n}.md`, `# ${body}`));
    index.upsert(parsePage('p2.md', '# Search\nFind pages.'));
    index.upsert(parsePage('p3.md', '# Links\nLink to other pages.'));
    for (const [n, body] of spanish.entries()) {
      const page = parsePage(`es/p${n}.md`, `---\nlang: es\n---\n# ${body}`);
      index.upsert({ ...page, translationKey: `p${n}` });
    }
    const portuguese = parsePage('pt/p3.md', '---\nlang: pt\n---\n# Ligações\nLigar páginas.');
    index.upsert({ ...portuguese, translationKey: 'p3' });
    const paths = (question: string, language: string) =>
      index.search(question, { filter: { language } }).map((result) => result.path);
    expect(paths('Como escondo uma página da barra lateral?', 'pt')[0]).toBe('p0');
    expect(paths('Como escondo uma página da barra lateral?', 'pt')).not.toContain('es/p0');
    // A fully translated language is searched in its own pages only.
    expect(paths('barra lateral', 'es')).toEqual(['es/p0']);
    // A page the reader has in their language is that copy, found by its own words.
    expect(paths('ligar páginas', 'pt')[0]).toBe('pt/p3');
  });

  it('counts how rare a term is within one language, kept right as pages change', () => {
    const index = new SiteIndex();
    index.upsert(parsePage('a.md', '# Alpha\nflamingo'));
    index.upsert(parsePage('b.md', '# Beta\nflamingo'));
    const french = (file: string, body: string) =>
      parsePage(file, `---\nlang: FR\n---\n# Titre\n${body}`);
    index.upsert(french('fr/a.md', 'flamingo rose'));
    const rarity = index.rarityIn('fr');
    const fr = () => ({
      sectionCount: index.rarityIn('fr').sectionCount,
      termFrequency: (word: string) => index.rarityIn('fr').termFrequency(termsOf(word, 'fr')[0]!),
    });
    expect(rarity.sectionCount).toBe(1);
    // Default-language pages that name no language count as the default's.
    expect(index.rarityIn('en').termFrequency('flamingo')).toBe(2);
    expect(fr().termFrequency('flamingo')).toBe(1);
    expect(fr().termFrequency('rose')).toBe(1);
    expect(index.termFrequency('flamingo')).toBe(3);
    index.upsert(french('fr/b.md', 'rose'));
    expect(fr().termFrequency('rose')).toBe(2);
    expect(fr().sectionCount).toBe(2);
    index.upsert(french('fr/a.md', 'flamant'));
    expect(fr().termFrequency('flamingo')).toBe(0);
    index.remove('fr/b');
    expect(fr().termFrequency('rose')).toBe(0);
    expect(fr().sectionCount).toBe(1);
    expect(index.rarityIn('de').sectionCount).toBe(0);
    // The reader's language in any case, and pages labelled with the default language by name.
    index.upsert({ ...parsePage('c.md', '# Gamma\nflamingo'), language: 'EN' });
    expect(index.rarityIn('En').termFrequency('flamingo')).toBe(3);
    expect(index.rarityIn('En').sectionCount).toBe(3);
  });

  it("counts the site's vocabulary within the reader's language, unlabelled default pages included", () => {
    // Three English pages head their audio recordings "Transcription": too little evidence
    // among the English sections to tie the heading to the words. Counted across the whole
    // site, the Japanese pages (which hold none of them) would make it look significant.
    const index = new SiteIndex();
    for (let page = 0; page < 20; page++) {
      index.upsert(parsePage(`p${page}.md`, `# Page ${page}\nNothing about it.`));
    }
    for (let provider = 0; provider < 3; provider++) {
      index.upsert(
        parsePage(
          `provider${provider}.md`,
          `# Provider ${provider}\n## Transcription\nSend an audio recording.`,
        ),
      );
    }
    index.upsert(parsePage('d.md', '# Uploads\nKeep the audio recording short.'));
    index.upsert(parsePage('c.md', '# Transcription\nKeep the audio recording short.'));
    for (let page = 0; page < 2000; page++) {
      index.upsert(parsePage(`ja/p${page}.md`, `---\nlang: ja\n---\n# ページ ${page}\n何もない。`));
    }
    const scores = Object.fromEntries(
      index
        .search('How do I turn an audio recording into text?')
        .map((result) => [result.path, result.metadata.score]),
    );
    expect(scores.d).toBeGreaterThan(0);
    expect(scores.c).toBe(scores.d);
  });
});
