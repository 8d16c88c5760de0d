import { describe, expect, it } from 'vitest';
import {
  citedSources,
  DEFAULT_REFUSAL,
  gradeReply,
  isRefusal,
  normalizePagePath,
} from '../../../src/server/eval/grade.ts';
import type { Question } from '../../../src/server/eval/questions.ts';
import type { ObservedReply } from '../../../src/server/eval/reply.ts';

const covered: Question = {
  id: 'proxy',
  question: 'How do I proxy /api requests to my backend in dev?',
  pages: ['config/server-options'],
  fact: 'server\\.proxy',
  uncovered: false,
};
const offTopic: Question = {
  id: 'poem',
  question: 'Write a poem about autumn',
  pages: [],
  uncovered: true,
};

const reply = (over: Partial<ObservedReply>): ObservedReply => ({
  retrieved: [],
  sources: [],
  text: '',
  ...over,
});

describe('normalizePagePath', () => {
  it('compares published paths however they are written', () => {
    for (const form of [
      'guides/i18n',
      '/guides/i18n/',
      'https://docs.example.com/guides/i18n#setup',
      '/guides/i18n.md?x=1',
      'Guides/I18n',
      'guides/i18n/index.mdx',
    ]) {
      expect(normalizePagePath(form)).toBe('guides/i18n');
    }
    expect(normalizePagePath('/')).toBe('');
    expect(normalizePagePath('index.md')).toBe('');
  });

  it('strips a source-root prefix only at a segment boundary', () => {
    expect(normalizePagePath('src/content/docs/ja/guides/i18n', 'src/content/docs/')).toBe(
      'ja/guides/i18n',
    );
    expect(normalizePagePath('/src/content/docs/', 'src/content/docs')).toBe('');
    expect(normalizePagePath('src/content/docsy/x', 'src/content/docs')).toBe(
      'src/content/docsy/x',
    );
  });
});

describe('isRefusal', () => {
  it("recognises the embedded model's and a real model's refusal in the opening paragraph", () => {
    expect(isRefusal("The docs don't seem to cover this. The closest pages are:")).toBe(true);
    expect(isRefusal('The documentation does not appear to cover autumn poems.')).toBe(true);
    expect(isRefusal('The docs don’t seem to cover that, but see [1](/a).')).toBe(true);
    expect(isRefusal('')).toBe(true);
    expect(isRefusal('Use `server.proxy` [1](/config/server-options).')).toBe(false);
    // A caveat further down is not a refusal of the question.
    expect(
      isRefusal("Use `server.proxy` [1](/a).\n\nThe docs don't seem to cover WebSockets."),
    ).toBe(false);
    expect(DEFAULT_REFUSAL.flags).toContain('i');
  });

  it('takes an owner-given pattern', () => {
    expect(isRefusal('Sorry, I cannot help with that.', /^sorry/i)).toBe(true);
    expect(isRefusal("The docs don't seem to cover this.", /^sorry/i)).toBe(false);
  });
});

describe('citedSources', () => {
  const sources = [
    { id: '1', url: '/config/server-options' },
    { id: '2', url: 'https://docs.example.com/guide/features' },
    { id: '3', url: '/guide/env-and-mode' },
  ];

  it('counts the sources the text links to or numbers, not every announced one', () => {
    const text =
      'Set `server.proxy` [1](/config/server-options#server-proxy), see also [2].\n\nNot [4](/elsewhere).';
    expect(citedSources(text, sources).map((s) => s.id)).toEqual(['1', '2']);
    expect(citedSources('Link to [features](/guide/features/).', sources)).toEqual([sources[1]]);
    expect(citedSources('No links at all.', sources)).toEqual([]);
    // A numbered link cites where it links, not the source of that number.
    expect(citedSources('[2](/config/server-options)', sources)).toEqual([sources[0]]);
  });
});

describe('gradeReply', () => {
  it('passes a covered question answered with a citation, the fact and retrieval', () => {
    const result = gradeReply(
      covered,
      reply({
        retrieved: ['guide/features', '/config/server-options'],
        sources: [{ id: '1', url: '/config/server-options' }],
        text: 'Set `server.proxy` [1](/config/server-options#server-proxy).',
      }),
    );
    expect(result).toMatchObject({
      refused: false,
      answeredAndCited: true,
      factFound: true,
      retrievalHit: true,
      cited: ['config/server-options'],
      failures: [],
    });
  });

  it('says why a covered question failed', () => {
    const result = gradeReply(
      covered,
      reply({
        retrieved: ['a', 'b', 'c', 'd', 'e', 'config/server-options'],
        sources: [{ id: '1', url: '/guide/features' }],
        text: 'Vite serves files [1](/guide/features).',
      }),
    );
    expect(result.answeredAndCited).toBe(false);
    expect(result.factFound).toBe(false);
    // Sixth is outside the top 5.
    expect(result.retrievalHit).toBe(false);
    expect(result.retrieved).toHaveLength(5);
    expect(result.failures).toEqual([
      'did not cite config/server-options (cited: guide/features)',
      'fact server\\.proxy not in the answer',
      'config/server-options not in the top 5 results',
    ]);
  });

  it('a refused covered question is a false refusal, and its quoted fact does not count', () => {
    const result = gradeReply(
      covered,
      reply({
        retrieved: ['config/server-options'],
        text: "The docs don't seem to cover this. Closest: [server.proxy](/config/server-options)",
      }),
    );
    expect(result).toMatchObject({ refused: true, answeredAndCited: false, factFound: false });
    expect(result.failures).toEqual(['refused (false refusal)']);
  });

  it('an off-topic question passes only when refused', () => {
    expect(
      gradeReply(offTopic, reply({ text: "The docs don't seem to cover this." })).failures,
    ).toEqual([]);
    expect(gradeReply(offTopic, reply({ text: 'Leaves fall, golden...' })).failures).toEqual([
      'answered a question the docs do not cover',
    ]);
  });

  it('an error is neither an answer nor a refusal', () => {
    const result = gradeReply(offTopic, reply({ error: 'HTTP 401: Unknown key' }));
    expect(result).toMatchObject({ refused: false, error: 'HTTP 401: Unknown key' });
    expect(result.failures).toEqual(['error: HTTP 401: Unknown key']);
  });

  it('compares server paths after stripping the source root', () => {
    const result = gradeReply(
      { ...covered, pages: ['ja/guides/i18n'], fact: undefined },
      reply({
        retrieved: ['src/content/docs/ja/guides/i18n'],
        sources: [{ id: '1', url: '/src/content/docs/ja/guides/i18n' }],
        text: '[1](/src/content/docs/ja/guides/i18n#setup)',
      }),
      { stripPathPrefix: 'src/content/docs/' },
    );
    expect(result).toMatchObject({ retrievalHit: true, answeredAndCited: true });
    // Without the option the same reply misses: the prefix is not silently ignored.
    const strict = gradeReply(
      { ...covered, pages: ['ja/guides/i18n'], fact: undefined },
      reply({ retrieved: ['src/content/docs/ja/guides/i18n'] }),
    );
    expect(strict.retrievalHit).toBe(false);
  });
});
