import { describe, expect, it } from 'vitest';
import { heldShare, weighQuestion } from '../../../src/server/assistant/coverage.ts';

const word = (
  terms: string[],
  extra: { identifier?: boolean; filler?: boolean; name?: boolean; selected?: boolean } = {},
) => ({
  terms,
  identifier: extra.identifier ?? false,
  filler: extra.filler ?? false,
  ...(extra.name && { name: true }),
  ...(extra.selected && { selected: true }),
});
const site = (frequency: Record<string, number>) => ({
  sectionCount: 1000,
  termFrequency: (term: string) => frequency[term] ?? 0,
});
const holding =
  (...terms: string[]) =>
  (t: string) =>
    terms.includes(t);

describe('coverage', () => {
  it('weighs a word by its rarity on the site, and a verb of asking lightly', () => {
    const q = weighQuestion(
      [word(['cache']), word(['model']), word(['make'], { filler: true })],
      site({ cache: 10, model: 900, make: 10 }),
      [],
    );
    const [cache, model, make] = q.groups;
    expect(cache!.weight).toBeGreaterThan(model!.weight * 3);
    expect(make!.weight).toBeCloseTo(cache!.weight * 0.3);
    expect(heldShare(q, holding('cache'))).toBeGreaterThan(0.6);
    expect(heldShare(q, holding('model'))).toBeLessThan(0.2);
  });

  it('credits a compound by what its parts held are worth', () => {
    const q = weighQuestion([word(['manytomany', 'mani'])], site({ manytomany: 0, mani: 300 }), []);
    const byPart = heldShare(q, holding('mani'));
    expect(byPart).toBeGreaterThan(0);
    expect(byPart).toBeLessThan(0.5);
    expect(heldShare(q, holding('manytomany'))).toBe(1);
    const id = weighQuestion(
      [word(['usechat', 'chat'], { identifier: true })],
      site({ chat: 1 }),
      [],
    );
    expect(heldShare(id, holding('chat'))).toBeLessThanOrEqual(0.5);
  });

  it('weighs a word the site never uses above the rarest word it does use', () => {
    const q = weighQuestion(
      [word(['django']), word(['memori']), word(['wrote'], { filler: true })],
      site({ memori: 1 }),
      [],
    );
    const [absent, rarest, filler] = q.groups;
    expect(absent!.weight).toBeGreaterThan(rarest!.weight * 1.2);
    // A verb of asking is no topic, used by the site or not.
    expect(filler!.weight).toBeCloseTo(rarest!.weight * 0.3);
  });

  it('weighs words by their rarity within the reader’s language on a site in several', () => {
    // A site whose French pages are a ninth of its sections: "bloc" is in 20 of 100 of them.
    const all = { bloc: 20, code: 300, markdown: 400 };
    const french = { bloc: 20, code: 40, markdown: 50 };
    const multilingual = {
      ...site(all),
      defaultLanguage: 'en',
      rarityIn: (language: string) =>
        language === 'fr'
          ? {
              sectionCount: 100,
              termFrequency: (t: string) => french[t as keyof typeof french] ?? 0,
            }
          : { sectionCount: 900, termFrequency: () => 0 },
    };
    // "... du code qui vient d'une API, là où un bloc de code Markdown ne suffit pas ?"
    const words = [word(['bloc']), word(['cod']), word(['vient']), word(['suff'])];
    const q = weighQuestion(words, multilingual, [], 'fr');
    const [bloc, , vient, suff] = q.groups;
    // The reader's everyday words no page happens to hold weigh as words held once among the
    // French pages, not as topics the site is not about.
    const once = Math.log(1 + 101 / 1.5);
    expect(vient!.weight).toBeCloseTo(once);
    expect(suff!.weight).toBeCloseTo(once);
    expect(bloc!.weight).toBeCloseTo(Math.log(1 + 101 / 20.5));
    // In the site's own language, or on a site in one, such a word still weighs as absent.
    const english = weighQuestion(words, multilingual, [], 'en');
    expect(english.groups[2]!.weight).toBeGreaterThan(Math.log(1 + 1001 / 1.5) * 1.2);
    const single = weighQuestion(words, site(all), [], 'fr');
    expect(single.groups[2]!.weight).toBeGreaterThan(Math.log(1 + 1001 / 1.5) * 1.2);
    // A name the site never uses is still one, in any language.
    const named = weighQuestion([word(['django'], { name: true })], multilingual, [], 'fr');
    expect(named.groups[0]!.weight).toBeGreaterThan(once * 2);
  });

  it('weighs a name the site never uses above a plain word it never uses', () => {
    // "How do I point a custom domain at my Netlify site?" on a site that never names Netlify.
    const frequency = { point: 60, custom: 600, domain: 30, site: 6 };
    const q = weighQuestion(
      [
        word(['point']),
        word(['custom']),
        word(['domain']),
        word(['netlifi'], { name: true }),
        word(['site']),
      ],
      site(frequency),
      [],
    );
    const plain = weighQuestion([word(['netlifi'])], site(frequency), []);
    expect(q.groups[3]!.weight).toBeGreaterThan(plain.groups[0]!.weight * 1.5);
    // The section holding every other word but the name no longer holds enough.
    expect(heldShare(q, holding('point', 'custom', 'site'))).toBeLessThan(0.38);
    // A name the site uses weighs as any word of its rarity; a name split into a compound's
    // parts would stop being one thing.
    const used = weighQuestion([word(['vite'], { name: true })], site({ vite: 5 }), []);
    expect(used.groups[0]!.weight).toBeCloseTo(
      weighQuestion([word(['vite'])], site({ vite: 5 }), []).groups[0]!.weight,
    );
    expect(
      weighQuestion([word(['dockerfil'], { name: true })], site({ dock: 3, erfil: 3 }), []).terms,
    ).toEqual(['dockerfil']);
  });

  it('weighs a word the site never uses as a name when the question writes no capital', () => {
    const frequency = { task: 40, retri: 20 };
    const words = [word(['celeri']), word(['task']), word(['retri'])];
    const uncased = weighQuestion(words, site(frequency), [], undefined, true);
    const plain = weighQuestion(words, site(frequency), []);
    expect(uncased.groups[0]!.absentName).toBe(true);
    expect(plain.groups[0]!.absentName).toBeUndefined();
    expect(uncased.groups[0]!.weight).toBeGreaterThan(plain.groups[0]!.weight * 1.5);
    // Words the site uses stay as they are; a closed compound of its words still counts by them.
    expect(uncased.groups[1]!.weight).toBeCloseTo(plain.groups[1]!.weight, 10);
    const compound = weighQuestion([word(['taskretri'])], site(frequency), [], undefined, true);
    expect(compound.terms).toEqual(['taskretri', 'task', 'retri']);
    expect(compound.groups[0]!.absentName).toBeUndefined();
    // In a language the site is translated into, a reader's word the pages lack is no name.
    const multilingual = { ...site(frequency), defaultLanguage: 'en' };
    expect(
      weighQuestion(words, multilingual, [], 'fr', true).groups[0]!.absentName,
    ).toBeUndefined();
  });

  it('does not take a hyphenated name made of words the site writes for one it never uses', () => {
    // "Since upgrading to the Rolldown-based Vite": the site writes "Rolldown" and "based".
    const frequency = { rolldown: 12, base: 80 };
    const hyphenated = weighQuestion(
      [word(['rolldown-bas', 'rolldown', 'base'], { name: true })],
      site(frequency),
      [],
    );
    expect(hyphenated.groups[0]!.absentName).toBeUndefined();
    // A part the site never writes ("Turbopack-based") leaves it a name the site never uses,
    // and so does an identifier, whose parts are the site's words anyway.
    expect(
      weighQuestion(
        [word(['turbopack-bas', 'turbopack', 'base'], { name: true })],
        site(frequency),
        [],
      ).groups[0]!.absentName,
    ).toBe(true);
    expect(
      weighQuestion(
        [word(['rolldownbas', 'rolldown', 'base'], { name: true, identifier: true })],
        site(frequency),
        [],
      ).groups[0]!.absentName,
    ).toBe(true);
  });

  it('reads a closed compound the site never writes by the words it is made of', () => {
    const frequency = { style: 50, sheet: 5 };
    const q = weighQuestion([word(['stylesheet']), word(['chang'])], site(frequency), []);
    expect(q.groups[0]!.terms).toEqual(['stylesheet', 'style', 'sheet']);
    expect(q.terms).toContain('sheet');
    expect(heldShare(q, holding('style', 'sheet'))).toBeGreaterThan(heldShare(q, holding('style')));
    expect(heldShare(q, holding('style'))).toBeGreaterThan(0);
    // Not from parts shorter than four letters, nor for a word the site uses.
    expect(weighQuestion([word(['contraid'])], site({ contr: 9, aid: 9 }), []).terms).toEqual([
      'contraid',
    ]);
    expect(
      weighQuestion([word(['checkout'])], site({ checkout: 1, check: 9, out: 9 }), []).terms,
    ).toEqual(['checkout']);
  });

  it('reads a Korean word by the stem the site writes, its particle left out', () => {
    // 사이드바를 ("the sidebar" with its object particle): pairs 사이, 이드, 드바, 바를.
    const pairs = ['사이', '이드', '드바', '바를'];
    const korean = site({ 사이: 40, 이드: 30, 드바: 30, 바를: 2, 바에: 5, 푸터: 0 });
    const q = weighQuestion([{ ...word(pairs), pieces: true }], korean, []);
    expect(q.groups[0]!.terms).toEqual(['사이', '이드', '드바']);
    // A section that writes the sidebar with another particle (사이드바에) holds the word.
    expect(heldShare(q, holding('사이', '이드', '드바', '바에'))).toBe(1);
    expect(heldShare(q, holding('사이'))).toBeGreaterThan(0);
    expect(heldShare(q, holding('사이'))).toBeLessThan(0.5);
    // A word whose stem no page holds stays whole (푸터를: 푸터, 터를).
    const absent = weighQuestion([{ ...word(['푸터', '터를']), pieces: true }], korean, []);
    expect(absent.groups[0]!.terms).toEqual(['푸터', '터를']);
    // Two forms of one word (사이드바를, 사이드바에) are one word of the question.
    const twice = weighQuestion(
      [
        { ...word(pairs), pieces: true },
        { ...word(['사이', '이드', '드바', '바에']), pieces: true },
      ],
      korean,
      [],
    );
    expect(twice.groups.length).toBe(1);
    // Without the site's vocabulary, nothing is left out.
    expect(weighQuestion([{ ...word(pairs), pieces: true }], undefined, []).terms).toEqual(pairs);
  });

  it('holds words joined by a hyphen by the share of them a section holds, none left out', () => {
    // "PDF-Dateien": a German compound of two words, the last one held by every page.
    const joined = { ...word(['pdf', 'datei']), pieces: true, joined: true };
    const q = weighQuestion([joined], site({ pdf: 2, datei: 40 }), []);
    expect(q.groups[0]!.terms).toEqual(['pdf', 'datei']);
    expect(heldShare(q, holding('pdf', 'datei'))).toBe(1);
    // The rarer word is most of it.
    expect(heldShare(q, holding('pdf'))).toBeGreaterThan(heldShare(q, holding('datei')));
    expect(heldShare(q, holding('datei'))).toBeGreaterThan(0);
  });

  it('counts the words of a selection by the best of them', () => {
    const q = weighQuestion(
      [word(['maxretries'], { selected: true }), word(['generatetext'], { selected: true })],
      site({ maxretries: 5, generatetext: 5 }),
      [],
    );
    expect(heldShare(q, holding('maxretries'))).toBe(1);
    expect(heldShare(q, holding('generatetext'))).toBe(1);
  });

  it('falls back to rarity among the retrieved lines without the site', () => {
    const q = weighQuestion([word(['stream']), word(['usechat'])], undefined, [
      new Set(['stream']),
      new Set(['stream', 'usechat']),
      new Set(['stream']),
    ]);
    const [stream, usechat] = q.groups;
    expect(usechat!.weight).toBeGreaterThan(stream!.weight);
  });
});
