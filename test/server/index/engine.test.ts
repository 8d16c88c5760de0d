import { describe, expect, it } from 'vitest';
import { type IndexedSection, SectionEngine } from '../../../src/server/index/engine.ts';
import { parsePage } from '../../../src/server/index/page.ts';
import { splitSections } from '../../../src/server/index/sections.ts';

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
});
