import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import {
  COVERED_MIN,
  coverageMargin,
  isCovered,
  QUOTABLE_MIN,
  readSections,
} from '../../../src/server/assistant/read-sections.ts';

const result = (
  path: string,
  content: string,
  metadata: Partial<SearchResult['metadata']> = {},
): SearchResult => ({ path, content, metadata: { title: path, score: 1, ...metadata } });

describe('coverageMargin', () => {
  // "rotate" is an uncommon word of the site, "secrets" a rare one: the section holding
  // "rotate" alone holds 0.445 of the question.
  const rarity = {
    sectionCount: 1000,
    termFrequency: (term: string) => (term.startsWith('rotat') ? 5 : 1),
  };
  const holder = result('guides/keys', 'Rotate them every month.', { title: 'Keys' });
  const other = (n: number) => result(`guides/other-${n}`, 'Nothing of it.', { title: 'Other' });
  const read = (before: number) =>
    readSections(
      'How do I rotate secrets?',
      [...Array.from({ length: before }, (_, n) => other(n)), holder],
      { rarity },
    );

  it('is what the best section holds beyond what the decision asks of its page', () => {
    const first = read(0);
    const held = first.sections.find((s) => s.text.path === 'guides/keys')!.pageCoverage;
    expect(coverageMargin(first)).toBeCloseTo(held - COVERED_MIN, 10);
    expect(coverageMargin(first)).toBeGreaterThan(0);
    // Each place search puts the page lower asks the same more of it: fourth, it falls short.
    const [m0, m1, m2] = [0, 1, 2].map((before) => coverageMargin(read(before)));
    expect(m0! - m1!).toBeGreaterThan(0);
    expect(m1! - m2!).toBeCloseTo(m0! - m1!, 10);
    expect(coverageMargin(read(3))).toBeLessThan(0);
  });

  it('decides as isCovered does: covered exactly when the margin is not negative', () => {
    for (const before of [0, 1, 2, 3, 4]) {
      const reading = read(before);
      expect(isCovered(reading)).toBe(coverageMargin(reading) >= 0);
    }
  });

  it("counts a heading that names the question from the quoting threshold, not the page's", () => {
    const section = (heading: string) =>
      result('guides/tls', 'Run the renew command from the project root.', {
        title: 'TLS',
        heading,
        anchor: heading.toLowerCase().replaceAll(' ', '-'),
      });
    const question = 'How do I renew certificates to the latest version quickly and safely?';
    const flat = { sectionCount: 1000, termFrequency: () => 10 };
    const named = readSections(question, [section('Renewing certificates')], { rarity: flat });
    const coverage = named.sections[0]!.coverage;
    expect(coverage).toBeLessThan(COVERED_MIN);
    expect(coverageMargin(named)).toBeCloseTo(coverage - QUOTABLE_MIN, 10);
    // A heading with a word the question lacks names something else: the page's threshold.
    const unnamed = readSections(question, [section('Renewing client certificates')], {
      rarity: flat,
    });
    expect(coverageMargin(unnamed)).toBeCloseTo(unnamed.sections[0]!.pageCoverage - COVERED_MIN);
  });

  it('is minus infinity when nothing was retrieved', () => {
    expect(coverageMargin(readSections('How do I rotate secrets?', [], { rarity }))).toBe(
      Number.NEGATIVE_INFINITY,
    );
  });
});
