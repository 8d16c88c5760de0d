import { describe, expect, it } from 'vitest';
import { type IndexedSection, SectionEngine } from '../../../src/server/docs-index/engine.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { splitSections } from '../../../src/server/docs-index/sections.ts';

function sectionsOf(file: string, source: string, language?: string): IndexedSection[] {
  const page = { ...parsePage(file, source), ...(language && { language }) };
  return splitSections(page).map((section) => ({ ...section, meta: page }));
}

const ids = (hits: { section: { id: string } }[]) => hits.map((hit) => hit.section.id);

describe('SectionEngine', () => {
  it('counts in how many sections a term occurs, also across removals (--watch)', () => {
    const engine = new SectionEngine();
    const a = sectionsOf(
      'a.md',
      '---\ntitle: Wombats\ndescription: Burrows\n---\n# Wombats\nA wombat `streamText` wombat.\n## Diet\nGrass.',
    );
    const b = sectionsOf('b.md', '# Koalas\nNo wombat here? One wombat.');
    engine.add(a);
    engine.add(b);
    // Both sections of a.md carry its title; b.md mentions it in its text.
    expect(engine.frequencyOf('wombat')).toBe(3);
    expect(engine.frequencyOf('streamtext')).toBe(1);
    expect(engine.frequencyOf('burrow')).toBe(1);
    for (let edit = 0; edit < 5; edit++) {
      for (const section of a) engine.discard(section);
      engine.add(a);
    }
    expect(engine.frequencyOf('wombat')).toBe(3);
    for (const section of [...a, ...b]) engine.discard(section);
    expect(engine.frequencyOf('wombat')).toBe(0);
    expect(engine.frequencyOf('stream')).toBe(0);
    expect(engine.search('wombat')).toEqual([]);
  });

  it('reads a word the site never uses as the often used word of the site it is a typo of', () => {
    const engine = new SectionEngine();
    const pages = ['sidebar', 'search', 'entry', 'entries', 'sidebars'].flatMap((word, n) =>
      Array.from({ length: 4 }, (_, k) =>
        sectionsOf(`${word}-${n}-${k}.md`, `# Page ${k}\nThe ${word} of the site.`),
      ).flat(),
    );
    engine.add(pages);
    engine.add(sectionsOf('once.md', '# Once\nThe seach word, once.'));
    // A dropped, swapped or doubled letter (a swap is one typo); two edits in a long word.
    expect(engine.readingOf('sidbar')).toBe('sidebar');
    expect(engine.readingOf('serach')).toBe('search');
    expect(engine.readingOf('siddebarr')).toBe('sidebar');
    // The first letter as typed: a name such as "sentry" is not "entry".
    expect(engine.readingOf('sentry')).toBeUndefined();
    // A word the site uses, too short a word, a word met in too few sections: none.
    expect(engine.readingOf('search')).toBeUndefined();
    expect(engine.readingOf('serc')).toBeUndefined();
    expect(engine.readingOf('seachh')).toBeUndefined();
    expect(engine.readingOf('Sidbar')).toBeUndefined();
    expect(engine.readingOf('sidbar2')).toBeUndefined();
    // An ordinary word is no typo of its neighbour: a letter added, a far key.
    expect(engine.readingOf('sidebark')).toBeUndefined();
    expect(engine.readingOf('seaxch')).toBeUndefined();
  });

  it('classifies a stem stemmed again by its own frequency ("embedding" -> "embed" -> "emb")', () => {
    const engine = new SectionEngine();
    // "emb" (the stem of the word "embed") is common; "embed" (of "embedding") is rare.
    for (let page = 0; page < 600; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nThis page can embed a widget.`));
    }
    engine.add(sectionsOf('vectors.md', '# Vectors\nCompute an embedding of the text.'));
    engine.add(sectionsOf('setup.md', '# Setup\n## Embed options\nSchemas.'));
    const ids = engine.search('embedding').map((hit) => hit.section.id);
    expect(ids.some((id) => id.startsWith('vectors'))).toBe(true);
    // The common stem is looked up too, in titles and headings only...
    expect(ids.some((id) => id.startsWith('setup'))).toBe(true);
    // ...not in the text of the 600 sections that use the word in passing.
    expect(ids.filter((id) => id.startsWith('p'))).toEqual([]);
  });

  it('weighs a common word in the body text of the sections found, without looking it up there', () => {
    const engine = new SectionEngine();
    // "model" is common (in 300 sections); "quota" is not.
    for (let page = 0; page < 300; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nPick a model for this page.`));
    }
    engine.add(sectionsOf('short.md', '# Limits\nThe quota resets daily.'));
    engine.add(
      sectionsOf(
        'model.md',
        '# Usage\nThe quota of each model resets daily, counted per model and per key, for every project of the team.',
      ),
    );
    const hits = engine.search('What is the quota of a model?');
    // The longer section holds both words of the question: it ranks first.
    expect(ids(hits).slice(0, 2)).toEqual(['model#@0', 'short#@0']);
    // The 300 sections that only mention the common word are not found.
    expect(ids(hits).filter((id) => id.startsWith('p'))).toEqual([]);
  });

  it('weighs the words of a long question past its most specific ones in the sections found', () => {
    const engine = new SectionEngine();
    // "tool" is common (in half of the sections).
    for (let page = 0; page < 600; page++) {
      engine.add(
        sectionsOf(`p${page}.md`, `# Page ${page}\n${page % 2 ? 'A tool runs here.' : 'Nothing.'}`),
      );
    }
    engine.add(sectionsOf('a.md', '# Alpha\nSeveral widgets gadgets sprockets gizmos doodads.'));
    engine.add(
      sectionsOf('b.md', '# Beta\nSeveral widgets gadgets sprockets gizmos doodads, one tool.'),
    );
    // Six rare words and a common one: the common one is past QUERY_TERMS_MAX.
    const hits = engine.search('widgets gadgets sprockets gizmos doodads several tool');
    expect(ids(hits).slice(0, 2)).toEqual(['b#@0', 'a#@0']);
  });

  it("weighs a title word extending the reader's word: a compound or a derivation", () => {
    const engine = new SectionEngine();
    // The reader's words are words of the site (unknown ones are matched by prefix and typo).
    engine.add(sectionsOf('bots.md', '# Bots\nA bot replies in the chat and can transcribe.'));
    // The same text under two titles, the one extending a word of the question added last.
    engine.add(sectionsOf('b.md', '# Panels\nMessages appear in the window as they stream.'));
    engine.add(sectionsOf('a.md', '# Chatbot\nMessages appear in the window as they stream.'));
    engine.add(sectionsOf('d.md', '# Uploads\nUpload the recording and wait.'));
    engine.add(sectionsOf('c.md', '# Transcription\nUpload the recording and wait.'));
    engine.add(sectionsOf('f.md', '# Gallery\nSites that show the theme.'));
    engine.add(sectionsOf('e.md', '# Showcase\nSites that show the theme.'));
    const chat = engine.search('chat window messages');
    expect(ids(chat).slice(0, 2)).toEqual(['a#@0', 'b#@0']);
    expect(chat[0]!.score).toBeGreaterThan(chat[1]!.score);
    const heard = ids(engine.search('transcribe a recording'));
    expect(heard.indexOf('c#@0')).toBeLessThan(heard.indexOf('d#@0'));
    // "showcase" is "show" and "cas", which is no word of the site: not a compound of "show".
    const shown = engine.search('sites that show the theme');
    expect(shown[0]!.score).toBe(shown[1]!.score);
  });

  it('looks the words of a long question past its most specific ones up in page titles', () => {
    const engine = new SectionEngine();
    for (let page = 0; page < 30; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nNothing about it.`));
    }
    // Six words rarer than "status" and "show", none of them on the answering page.
    for (const word of ['reply', 'stays', 'away', 'right', 'spinner', 'arrives']) {
      engine.add(sectionsOf(`${word}.md`, `# Notes on ${word}\nThe ${word} paragraph.`));
    }
    for (let page = 0; page < 3; page++) {
      engine.add(sectionsOf(`s${page}.md`, `# Other ${page}\nThe status will show here.`));
    }
    engine.add(sectionsOf('answer.md', '# Status shows early\nCheck the last message instead.'));
    const found = ids(
      engine.search(
        'The reply stays away right until the spinner arrives. Why does the status show?',
      ),
    );
    expect(found[0]).toBe('answer#@0');
  });

  it("weighs a heading word that the site ties to the reader's words (its own vocabulary)", () => {
    const site = (providers: number) => {
      const engine = new SectionEngine();
      for (let page = 0; page < 500; page++) {
        engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nNothing about it.`));
      }
      // On each provider's page, the audio recordings are under "Transcription" headings.
      for (let provider = 0; provider < providers; provider++) {
        engine.add(
          sectionsOf(
            `provider${provider}.md`,
            `# Provider ${provider}\n## Transcription\nSend an audio recording.\n## Transcription options\nThe recording's audio format.\n## Transcription results\nWords of the audio recording.`,
          ),
        );
      }
      // The same text under two titles, the one the site ties to the question added last.
      engine.add(sectionsOf('d.md', '# Uploads\nKeep the audio recording short.'));
      engine.add(sectionsOf('c.md', '# Transcription\nKeep the audio recording short.'));
      const hits = engine.search('How do I turn an audio recording into text?');
      const score = (id: string) => hits.find((hit) => hit.section.id === id)!.score;
      return { ids: ids(hits), transcription: score('c#@0'), uploads: score('d#@0') };
    };
    const tied = site(4);
    expect(tied.ids.indexOf('c#@0')).toBeLessThan(tied.ids.indexOf('d#@0'));
    expect(tied.transcription).toBeGreaterThan(tied.uploads);
    // Met on two pages only, the heading word is those pages' vocabulary: it adds nothing.
    const once = site(1);
    expect(once.transcription).toBe(once.uploads);
  });

  it('weighs the commonest word only in the sections found once its titles run past the budget', () => {
    const engine = new SectionEngine();
    // "page" is in 1,100 titles, "limit" in 250: both common, together past COMMON_POSTINGS_MAX.
    for (let page = 0; page < 1100; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nNothing here.`));
    }
    for (let limit = 0; limit < 250; limit++) {
      engine.add(sectionsOf(`l${limit}.md`, `# Limit ${limit}\nNothing here.`));
    }
    engine.add(sectionsOf('both.md', '# Limit of a page\nNothing here.'));
    const hits = engine.search('limit page');
    // The rarer word is looked up, and the section holding both ranks first...
    expect(ids(hits)[0]).toBe('both#@0');
    expect(hits).toHaveLength(251);
    // ...the 1,100 titles holding only the commonest one are not walked.
    expect(ids(hits).filter((id) => id.startsWith('p'))).toEqual([]);
  });

  it('filters the best hits only until it has the limit', () => {
    const engine = new SectionEngine();
    for (let page = 0; page < 20; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\n${'Wombat. '.repeat(1 + page)}`));
    }
    const even = (section: IndexedSection) => Number(section.pagePath.slice(1)) % 2 === 0;
    const all = engine.search('wombat', { accept: even });
    expect(all).toHaveLength(10);
    let read = 0;
    const counted = (section: IndexedSection) => {
      read++;
      return even(section);
    };
    const limited = engine.search('wombat', { accept: counted, limit: 3 });
    expect(ids(limited)).toEqual(ids(all).slice(0, 3));
    expect(read).toBeLessThan(20);
    expect(ids(engine.search('wombat', { limit: 4 }))).toHaveLength(4);
  });

  it('indexes each page in its language and searches in the language of the query', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('de/komponenten.md', '# Komponenten\nDie Seitenleisten anpassen.', 'de'));
    engine.add(sectionsOf('en/components.md', '# Components\nCustomise the sidebars.', 'en'));
    engine.add(sectionsOf('zh/sidebar.md', '# 侧边栏\n如何配置侧边栏导航链接。', 'zh-cn'));
    // German word forms meet through the German stemmer...
    expect(ids(engine.search('Seitenleiste Komponente', { language: 'de' }))).toEqual([
      'de/komponenten#@0',
    ]);
    // ...and, without a language, through the index's own languages.
    expect(ids(engine.search('Seitenleiste Komponente'))).toEqual(['de/komponenten#@0']);
    expect(ids(engine.search('配置导航', { language: 'zh-cn' }))).toEqual(['zh/sidebar#@0']);
    expect(ids(engine.search('配置导航'))).toEqual(['zh/sidebar#@0']);
    // An English word in a German question still meets the English page.
    expect(ids(engine.search('Wie ändere ich sidebars?', { language: 'de' }))).toContain(
      'en/components#@0',
    );
    for (const section of sectionsOf(
      'zh/sidebar.md',
      '# 侧边栏\n如何配置侧边栏导航链接。',
      'zh-cn',
    )) {
      engine.discard(section);
    }
    expect(engine.frequencyOf('配置')).toBe(0);
    expect(engine.search('配置导航')).toEqual([]);
  });

  it('turns away pages in other languages than those asked for, before `accept`', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('de/sidebar.md', '# Sidebar\nDie Sidebar anpassen.', 'de'));
    engine.add(sectionsOf('en/sidebar.md', '# Sidebar\nCustomise the sidebar.', 'en'));
    engine.add(sectionsOf('sidebar.md', '# Sidebar\nThe sidebar, no language set.'));
    expect(ids(engine.search('sidebar')).sort()).toEqual([
      'de/sidebar#@0',
      'en/sidebar#@0',
      'sidebar#@0',
    ]);
    const accepted: string[] = [];
    const accept = (section: IndexedSection) => {
      accepted.push(section.id);
      return true;
    };
    const hits = engine.search('sidebar', { pageLanguages: ['en', undefined], accept });
    expect(ids(hits).sort()).toEqual(['en/sidebar#@0', 'sidebar#@0']);
    expect(accepted.sort()).toEqual(['en/sidebar#@0', 'sidebar#@0']);
    expect(ids(engine.search('sidebar', { pageLanguages: ['fr'] }))).toEqual([]);
  });

  it('refuses a section indexed already', () => {
    const engine = new SectionEngine();
    const sections = sectionsOf('twice.md', '# Twice\nAdded once.');
    engine.add(sections);
    expect(() => engine.add(sections)).toThrow('Section twice#@0 is indexed already');
  });

  it('gives a section added after a discard none of the link text of the one discarded', () => {
    const engine = new SectionEngine();
    const [old] = sectionsOf('old.md', '# Old\nFirst page.');
    engine.add([old!]);
    engine.setLinkText(old!.id, ['wombat burrows'], undefined);
    expect(ids(engine.search('wombat'))).toEqual(['old#@0']);
    engine.discard(old!);
    engine.add(sectionsOf('new.md', '# New\nSecond page.'));
    expect(engine.search('wombat')).toEqual([]);
    expect(ids(engine.search('second'))).toEqual(['new#@0']);
  });

  it('forgets a page once its last section is discarded, and tells the pages held apart', () => {
    const engine = new SectionEngine();
    const kept = sectionsOf('kept.md', '# Kept\nA wombat page.\n## More\nAnother wombat.');
    engine.add(kept);
    // A --watch server: pages created, saved again and deleted, under ever new paths.
    for (let edit = 0; edit < 50; edit++) {
      const page = sectionsOf(
        `draft-${edit}.md`,
        `# Draft ${edit}\nA wombat draft.\n## Notes\nMore.`,
      );
      engine.add(page);
      for (const section of page) engine.discard(section);
      engine.add(page);
      for (const section of page) engine.discard(section);
    }
    expect(engine.pageCount).toBe(1);
    for (const section of kept.slice(1)) engine.discard(section);
    expect(engine.pageCount).toBe(1);
    // A page added after others were forgotten gets a number of its own: its hits are grouped
    // apart from the kept page's.
    engine.add(sectionsOf('late.md', '# Late\nA wombat too.'));
    expect(engine.pageCount).toBe(2);
    const pages = new Set(engine.search('wombat').map((hit) => hit.page));
    expect(pages.size).toBe(2);
    for (const section of kept.slice(0, 1)) engine.discard(section);
    expect(engine.pageCount).toBe(1);
  });

  it('forgets the words no page holds any more (--watch), and matches new ones in their place', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('kept.md', '# Kept\nA wombat page.'));
    const held = engine.termCount;
    // A --watch server: a page saved again and again, each time with other words.
    const word = (edit: number) =>
      `zeta${String.fromCharCode(97 + (edit % 26))}${String.fromCharCode(97 + Math.floor(edit / 26))}`;
    for (let edit = 0; edit < 60; edit++) {
      const draft = sectionsOf('draft.md', `# Draft\nThe ${word(edit)} burrow.`);
      engine.add(draft);
      expect(ids(engine.search(word(edit)))).toEqual(['draft#@0']);
      for (const section of draft) engine.discard(section);
    }
    expect(engine.termCount).toBe(held);
    // The ids of forgotten words go to new ones: prefix and typo matching meet the new word only.
    const gone = sectionsOf('gone.md', '# Gone\nA numbat.');
    engine.add(gone);
    expect(ids(engine.search('numba'))).toEqual(['gone#@0']);
    for (const section of gone) engine.discard(section);
    engine.add(sectionsOf('new.md', '# New\nA quokka.'));
    expect(ids(engine.search('numba'))).toEqual([]);
    expect(ids(engine.search('quokk'))).toEqual(['new#@0']);
    expect(ids(engine.search('quakka'))).toEqual(['new#@0']);
    expect(ids(engine.search('wombat'))).toEqual(['kept#@0']);
  });

  it('meets identifiers across languages and spellings: useChat, use-chat, "use chat"', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('hooks.md', '# Hooks\nCall `useChat()` in a component.', 'en'));
    engine.add(sectionsOf('other.md', '# Other\nNothing about chats here.', 'en'));
    for (const [query, language] of [
      ['useChat', undefined],
      ['use-chat', undefined],
      ['use_chat', undefined],
      ['how to use chat', 'en'],
      ['如何使用 useChat', 'zh-cn'],
      ['Wie verwende ich useChat?', 'de'],
    ] as const) {
      expect(ids(engine.search(query, { language }))[0], query).toBe('hooks#@0');
    }
  });

  it('meets an identifier where an acronym runs into a word: "JSON parse" for JSONParseError', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('error.md', '# Errors\nCatch `JSONParseError` when it is thrown.', 'en'));
    engine.add(sectionsOf('guide.md', '# Guide\nParse the JSON file.', 'en'));
    expect(ids(engine.search('JSON parse'))).toContain('error#@0');
    // In lower case, two words are two words ("home page"), not one that runs them together.
    expect(ids(engine.search('json parse'))).not.toContain('error#@0');
  });

  it('joins no identifier across a contraction: "I\'d like" is not `id`', () => {
    const engine = new SectionEngine();
    engine.add(sectionsOf('records.md', '# Records\nEach record has an `id`.', 'en'));
    engine.add(sectionsOf('sidebar.md', '# Sidebar\nRename the sidebar label.', 'en'));
    const found = ids(engine.search("I'd like to rename the sidebar", { language: 'en' }));
    expect(found).toEqual(['sidebar#@0']);
  });

  it('looks the words of asking up last, however rare on the site', () => {
    const engine = new SectionEngine();
    // "want" and "way" are in one section, rarer than any word the question is about.
    engine.add(sectionsOf('why.md', '# Why\nWe want a simple way in.', 'en'));
    const topics = ['sidebar', 'badge', 'label', 'color', 'size', 'variant'];
    for (const [n, topic] of topics.entries()) {
      const others = topics.filter((other) => other !== topic).join(' ');
      engine.add(sectionsOf(`${topic}.md`, `# ${topic}\nThe ${others}.`, 'en'));
      engine.add(sectionsOf(`more-${n}.md`, `# More ${n}\nAbout the ${topic}.`, 'en'));
    }
    const found = ids(
      engine.search('I want a way to change the sidebar badge label color size variant', {
        language: 'en',
      }),
    );
    expect(found).not.toContain('why#@0');
    expect(found.slice(0, 6).sort()).toEqual(topics.map((topic) => `${topic}#@0`).sort());
  });
});
