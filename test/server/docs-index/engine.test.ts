import { describe, expect, it } from 'vitest';
import { type IndexedSection, SectionEngine } from '../../../src/server/docs-index/engine.ts';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { splitSections } from '../../../src/server/docs-index/sections.ts';

function sectionsOf(file: string, source: string): IndexedSection[] {
  const page = parsePage(file, source);
  return splitSections(page).map((section) => ({ ...section, meta: page }));
}

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

  it('classifies a stem stemmed again by its own frequency ("embedding" -> "embed" -> "emb")', () => {
    const engine = new SectionEngine();
    // "emb" (the stem of the word "embed") is common; "embed" (of "embedding") is rare.
    for (let page = 0; page < 600; page++) {
      engine.add(sectionsOf(`p${page}.md`, `# Page ${page}\nThis page can embed a widget.`));
    }
    engine.add(sectionsOf('vectors.md', '# Vectors\nCompute an embedding of the text.'));
    engine.add(sectionsOf('setup.md', '# Setup\n## Embed options\nSchemas.'));
    const ids = engine.search('embedding').map((hit) => String(hit.id));
    expect(ids.some((id) => id.startsWith('vectors'))).toBe(true);
    // The common stem is looked up too, in titles and headings only...
    expect(ids.some((id) => id.startsWith('setup'))).toBe(true);
    // ...not in the text of the 600 sections that use the word in passing.
    expect(ids.filter((id) => id.startsWith('p'))).toEqual([]);
  });
});
