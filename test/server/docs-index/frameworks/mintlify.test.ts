import { describe, expect, it } from 'vitest';
import { indexSite, MINTLIFY_SITE, pathsOf, writeSite } from '../../../support/docs-sites.ts';

describe('the Mintlify fixture', () => {
  const site = () => indexSite(MINTLIFY_SITE);

  it('publishes pages at their docs.json paths, index as its folder', async () => {
    expect(pathsOf(await site())).toEqual({
      '': 'index.mdx',
      'api/internal': 'api/internal.mdx',
      'api/launch': 'api/launch.mdx',
      'editing/install': 'editing/install.mdx',
      'editing/noindex-page': 'editing/noindex-page.mdx',
      'editing/secret-page': 'editing/secret-page.mdx',
      es: 'es/index.mdx',
      'es/quickstart': 'es/quickstart.mdx',
      'hidden-page': 'hidden-page.mdx',
      quickstart: 'quickstart.mdx',
      v1: 'v1/index.mdx',
      'v1/quickstart': 'v1/quickstart.mdx',
      zh: 'zh/index.mdx',
    });
  });

  it('never publishes what .mintignore, its defaults or snippets/ hold', async () => {
    const files = Object.values(pathsOf(await site()));
    for (const excluded of [
      'internal-notes.mdx',
      'drafts/plan.mdx',
      'roadmap.draft.mdx',
      'README.md',
      'snippets/install-snippet.mdx',
    ]) {
      expect(files).not.toContain(excluded);
    }
  });

  it('serves hidden and noindex pages by path but never searches them', async () => {
    const index = await site();
    for (const [path, word] of [
      ['hidden-page', 'theodolite'],
      ['editing/secret-page', 'astrolabe'],
      ['api/internal', 'sextant'],
      ['editing/noindex-page', 'periscope'],
    ] as const) {
      expect(index.getPage(path)?.content, path).toContain(word);
      expect(index.search(word), word).toEqual([]);
    }
  });

  it('indexes hidden pages when seo.indexing is "all", noindex pages still not', async () => {
    const root = await writeSite({
      'docs.json': JSON.stringify({
        navigation: { groups: [{ group: 'Start', pages: ['index', 'private'] }] },
        seo: { indexing: 'all' },
      }),
      'index.mdx': '---\ntitle: Home\n---\nWelcome.',
      'private.mdx': '---\ntitle: Private\nnoindex: true\n---\nNot for search: walrus.',
      'orphan.mdx': '---\ntitle: Orphan\n---\nIn no group, still searched: narwhal.',
    });
    const index = await indexSite(root);
    expect(index.search('narwhal')[0]?.path).toBe('orphan');
    expect(index.search('walrus')).toEqual([]);
  });

  it('inlines snippets with their variables', async () => {
    const page = (await site()).getPage('quickstart')!;
    expect(page.content).toContain('npm install @acme/rockets');
    expect(page.content).toContain('ACME_API_KEY');
    expect(page.content).not.toContain('InstallSnippet');
    expect((await site()).search('ACME_API_KEY environment variable')[0]?.path).toBe('quickstart');
  });

  it('titles a page without one by its sidebar title, and groups pages by navigation', async () => {
    const index = await site();
    expect(index.getPage('editing/install')).toMatchObject({
      title: 'Install the CLI',
      navigation: ['Documentation', 'Getting started', 'Editing'],
    });
    const endpoints = index.search('payload orbit', { filter: { group: 'Endpoints' } });
    expect(endpoints.map((result) => result.path)).toEqual(['api/launch']);
    expect(endpoints[0]?.metadata.group).toBe('Endpoints');
  });

  it('answers from the default version; filter.version and the current page pick another', async () => {
    const index = await site();
    const top = (options: Parameters<typeof index.search>[1]) =>
      index.search('install the SDK', options).map((result) => result.path);
    expect(top({})).toContain('quickstart');
    expect(top({})).not.toContain('v1/quickstart');
    expect(top({ filter: { version: 'v1' } })).toEqual(['v1/quickstart']);
    expect(top({ boostPath: '/v1' })).toEqual(['v1/quickstart']);
    expect(index.getPage('v1/quickstart')?.version).toBe('v1');
  });

  it('knows the language of each page and answers each reader in theirs', async () => {
    const index = await site();
    expect(index.getPage('es/quickstart')).toMatchObject({
      language: 'es',
      translationKey: 'quickstart',
    });
    expect(index.getPage('zh')).toMatchObject({ language: 'zh', translationKey: '' });
    const spanish = index.search('¿Cómo reservo un lanzamiento con el SDK?');
    expect(spanish[0]?.path).toBe('es/quickstart');
    expect(spanish.every((result) => result.metadata.language === 'es')).toBe(true);
    const english = index.search('How do I book a launch with the SDK?');
    expect(english.map((result) => result.path)).toContain('quickstart');
    expect(english.some((result) => result.metadata.language !== 'en')).toBe(false);
    // No Spanish copy of the API page: a Spanish reader gets the English one.
    expect(index.search('payload_kg orbit', { filter: { language: 'es' } })[0]?.path).toBe(
      'api/launch',
    );
  });
});

describe('docs.json split with $ref', () => {
  // As the Mintlify docs repository keeps its languages: one file per language, referenced
  // from navigation.languages; nested references read relative to the file holding them.
  const files = {
    'docs.json': JSON.stringify({
      name: 'Split',
      navigation: {
        languages: [
          {
            language: 'en',
            tabs: [{ tab: 'Guides', groups: [{ group: 'Start', pages: ['index', 'setup'] }] }],
          },
          { $ref: './fr.json' },
          { $ref: './missing.json' },
          { $ref: '../outside.json' },
        ],
      },
    }),
    'fr.json': JSON.stringify({ language: 'fr', tabs: [{ $ref: './nav/fr-tab.json' }] }),
    'nav/fr-tab.json': JSON.stringify({
      tab: 'Guides FR',
      groups: [{ $ref: '../fr-group.json', group: 'Démarrer' }],
    }),
    'fr-group.json': JSON.stringify({ group: 'Start', pages: ['fr/index', 'fr/setup'] }),
    'loop.json': JSON.stringify({ $ref: './loop.json' }),
    'index.mdx': '---\ntitle: Home\n---\nWelcome aboard the airship.',
    'setup.mdx': '---\ntitle: Setup\n---\nInflate the envelope with helium before the flight.',
    'fr/index.mdx': '---\ntitle: Accueil\n---\nBienvenue à bord du dirigeable.',
    'fr/setup.mdx': "---\ntitle: Installation\n---\nGonflez l'enveloppe à l'hélium avant le vol.",
  };

  it('reads languages and groups from referenced files, siblings of $ref on top', async () => {
    const index = await indexSite(await writeSite(files));
    expect(index.profile.languages).toEqual(['en', 'fr']);
    expect(index.getPage('fr/setup')).toMatchObject({
      language: 'fr',
      translationKey: 'setup',
      navigation: ['Guides FR', 'Démarrer'],
    });
    // Listed in the referenced navigation, so searched (unlisted pages are not).
    expect(
      index.search('Comment gonfler l’enveloppe ?', { filter: { language: 'fr' } })[0]?.path,
    ).toBe('fr/setup');
    expect(index.layout?.configFiles).toEqual(
      expect.arrayContaining(['docs.json', 'fr.json', 'nav/fr-tab.json', 'fr-group.json']),
    );
  });

  it('leaves out a circular reference and still reads the rest', async () => {
    const index = await indexSite(
      await writeSite({
        ...files,
        'docs.json': JSON.stringify({
          navigation: { groups: [{ group: 'Start', pages: ['setup'] }, { $ref: './loop.json' }] },
        }),
      }),
    );
    expect(index.getPage('setup')).toMatchObject({ navigation: ['Start'] });
    expect(index.search('helium envelope')[0]?.path).toBe('setup');
  });
});

describe('mint.json (the older configuration)', () => {
  it('reads its groups and versions', async () => {
    const root = await writeSite({
      'mint.json': JSON.stringify({
        name: 'Old',
        versions: ['v2', 'v1'],
        navigation: [
          { group: 'Start', pages: ['introduction'] },
          { group: 'Legacy', version: 'v1', pages: ['v1/introduction'] },
        ],
      }),
      'introduction.mdx': '---\ntitle: Introduction\n---\nThe current cormorant.',
      'v1/introduction.mdx': '---\ntitle: Introduction\n---\nThe old cormorant.',
    });
    const index = await indexSite(root);
    expect(index.profile.versions.map((version) => version.name)).toEqual(['v2', 'v1']);
    expect(index.getPage('v1/introduction')).toMatchObject({
      version: 'v1',
      navigation: ['Legacy'],
    });
    const paths = (version?: string) =>
      index
        .search('cormorant', { filter: version ? { version } : {} })
        .map((r) => r.path)
        .sort();
    // Pages outside any version belong to all of them.
    expect(paths('v1')).toEqual(['introduction', 'v1/introduction']);
    expect(paths()).toEqual(['introduction']);
  });
});
