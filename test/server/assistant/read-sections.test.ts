import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import {
  COVERED_MIN,
  coverageMargin,
  isCovered,
  lengthAllowance,
  QUOTABLE_MIN,
  readSections,
  sectionMargin,
  writtenUncased,
} from '../../../src/server/assistant/read-sections.ts';

const result = (
  path: string,
  content: string,
  metadata: Partial<SearchResult['metadata']> = {},
): SearchResult => ({ path, content, metadata: { title: path, score: 1, ...metadata } });

describe('sectionMargin', () => {
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
    expect(sectionMargin(first)).toBeCloseTo(held - COVERED_MIN, 10);
    expect(sectionMargin(first)).toBeGreaterThan(0);
    // Each place search puts the page lower asks the same more of it: fourth, it falls short.
    const [m0, m1, m2] = [0, 1, 2].map((before) => sectionMargin(read(before)));
    expect(m0! - m1!).toBeGreaterThan(0);
    expect(m1! - m2!).toBeCloseTo(m0! - m1!, 10);
    expect(sectionMargin(read(3))).toBeLessThan(0);
  });

  it("is the decision's margin less what the question's length moves it by", () => {
    for (const before of [0, 1, 2, 3, 4]) {
      const reading = read(before);
      expect(coverageMargin(reading)).toBeCloseTo(
        sectionMargin(reading) + lengthAllowance(reading),
        10,
      );
    }
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
    expect(sectionMargin(named)).toBeCloseTo(coverage - QUOTABLE_MIN, 10);
    // A heading with a word the question lacks names something else: the page's threshold.
    const unnamed = readSections(question, [section('Renewing client certificates')], {
      rarity: flat,
    });
    expect(sectionMargin(unnamed)).toBeCloseTo(unnamed.sections[0]!.pageCoverage - COVERED_MIN);
  });

  it('is minus infinity when nothing was retrieved', () => {
    expect(coverageMargin(readSections('How do I rotate secrets?', [], { rarity }))).toBe(
      Number.NEGATIVE_INFINITY,
    );
  });
});

describe('lengthAllowance', () => {
  const flat = { sectionCount: 1000, termFrequency: () => 10 };
  const keys = result('guides/keys', 'Rotate the secrets every month.', { title: 'Keys' });
  const allowance = (question: string, options = {}) =>
    lengthAllowance(readSections(question, [keys], { rarity: flat, ...options }));

  it('asks less of a long question and more of a word or two', () => {
    const [one, two, four, eight] = [
      'Secrets?',
      'How do I rotate secrets?',
      'How do I rotate signing secrets safely?',
      'How do I rotate the signing secrets of my team when someone leaves for good?',
    ].map((q) => allowance(q));
    expect(one).toBeLessThan(two!);
    expect(two).toBeLessThan(0);
    expect(four).toBeGreaterThan(0);
    expect(eight).toBeGreaterThan(four!);
  });

  it('counts the words the decision weighs, not verbs of asking', () => {
    expect(allowance('How do I make and show rotated secrets?')).toBeCloseTo(
      allowance('How do I rotate secrets?'),
      10,
    );
  });

  it('is never in favour of a question writing a name the site never uses', () => {
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term.startsWith('netlif') ? 0 : 10),
    };
    const question = 'How do I deploy my site and all of its static files to Netlify?';
    // Written as a name, it is what the question is about; lower case, a word of the reader's.
    expect(allowance(question, { rarity })).toBe(0);
    expect(allowance(question.replace('Netlify', 'netlify'), { rarity })).toBeGreaterThan(0);
    expect(allowance('Netlify?', { rarity })).toBeLessThan(0);
  });

  it('reads a word the site never uses as a name in a question written without capitals', () => {
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (term.startsWith('netlif') ? 0 : 10),
    };
    // No capital marks a name, so none tells "netlify" from a word of the reader's.
    const query = 'deploy my site and all of its static files to netlify';
    expect(allowance(query, { rarity })).toBe(0);
    expect(allowance(query.replace('deploy', 'Deploy'), { rarity })).toBeGreaterThan(0);
    // A whole account written in lower case is no search-style query: its words are the reader's.
    const account = `${query} every night from the build server, with images and fonts too`;
    expect(allowance(account, { rarity })).toBeGreaterThan(0);
    // A question with letters of a script without capitals says nothing by its lower case.
    expect(writtenUncased(query)).toBe(true);
    expect(writtenUncased('如何启用 sitemap？')).toBe(false);
    expect(writtenUncased('сноски внизу страницы в markdown')).toBe(true);
    expect(writtenUncased('Сноски внизу страницы')).toBe(false);
    // English capitalises its pronoun wherever it stands: it marks no name.
    expect(writtenUncased("how do I get it out, I've tried everything")).toBe(true);
    expect(allowance('how do I deploy my site to netlify', { rarity })).toBe(0);
    expect(writtenUncased('how do I read the API key')).toBe(false);
    expect(writtenUncased('use I18n in my app')).toBe(false);
    // Every word the site uses: nothing read as a name.
    expect(allowance('deploy my site and all of its static files to the server')).toBeGreaterThan(
      0,
    );
  });

  it('reads a typo as the word of the site it is a typo of, never a name', () => {
    const site = new Set(['deploi', 'static', 'file', 'server']);
    const rarity = {
      sectionCount: 1000,
      termFrequency: (term: string) => (site.has(term) ? 10 : 0),
      readingOf: (term: string) => (term === 'statc' ? 'static' : undefined),
    };
    const query = 'deploy my statc files to the server';
    // Read as "static", the query holds no word the site never uses; unread, "statc" is a name.
    expect(allowance(query, { rarity })).toBeGreaterThan(0);
    const { readingOf: _, ...unread } = rarity;
    expect(allowance(query, { rarity: unread })).toBe(0);
    // Capitalised, it is a name as written.
    expect(allowance('How do I deploy my Statc files to the server?', { rarity })).toBe(0);
    const reading = readSections(query, [keys], { rarity });
    expect(reading.question.terms).toContain('static');
    expect(reading.weighted?.terms).not.toContain('statc');
  });

  it('leaves a question about a selection as it is', () => {
    const selection = [{ text: 'rotateSecrets({ every: "month" })', code: true }];
    expect(allowance('What does this do when the team is large and the keys are old?')).not.toBe(0);
    expect(
      allowance('What does this do when the team is large and the keys are old?', { selection }),
    ).toBe(0);
  });
});

describe("the reader's own names", () => {
  // The site documents variables prefixed `APP_` (its example is `APP_SOME_KEY`); the reader's
  // `APP_PAGE_SIZE` is one the whole site never writes.
  const site = new Set(['appsomekei', 'app', 'some', 'kei', 'page', 'size', 'env', 'variabl']);
  const rarity = {
    sectionCount: 1000,
    termFrequency: (term: string) => (site.has(term) ? 20 : 0),
  };
  const question = 'APP_PAGE_SIZE in my env variables reads wrong';
  const coverage = (content: string) =>
    readSections(question, [result('guide/env', content, { title: 'Env' })], { rarity })
      .sections[0]!.coverage;
  const plain = 'Env variables are read when the server starts.';

  it('counts a prefixed name the site never uses as held, in part, where a page shows one of its kind', () => {
    const shown = coverage(`${plain}\n\n\`\`\`\nAPP_SOME_KEY=123\n\`\`\``);
    expect(shown).toBeGreaterThan(coverage(plain));
    expect(shown).toBeLessThan(1);
  });

  it('needs the same prefix and form: another prefix or lower case is another kind', () => {
    expect(coverage(`${plain} Set OTHER_SOME_KEY=123.`)).toBeCloseTo(coverage(plain), 10);
    expect(coverage(`${plain} Set app_some_key=123.`)).toBeLessThan(
      coverage(`${plain} Set APP_SOME_KEY=123.`),
    );
    // The prefix alone is no variable of its kind.
    expect(coverage(`${plain} Names start with APP_.`)).toBeCloseTo(
      coverage(`${plain} Names start with app.`),
      10,
    );
  });
});

describe('a page the reader reads in the default language', () => {
  // A Ukrainian reader; the Tabs page has no Ukrainian copy and is served in English.
  const rarity = {
    sectionCount: 1000,
    termFrequency: (term: string) => (term === 'wordpress' ? 0 : 5),
  };
  const page = 'Add an icon beside a tab label with the `icon` attribute of `TabItem`.';
  const coverage = (question: string, language: string, pageLanguage = 'en') =>
    readSections(
      question,
      [result('components/tabs', page, { title: 'Tabs', language: pageLanguage })],
      {
        rarity,
        language,
      },
    ).sections[0]!.coverage;
  const asked = 'Як додати іконку поруч із назвою вкладки TabItem?';

  it("weighs the reader's words in their own script less, where it holds every word in its script", () => {
    const fallback = coverage(asked, 'uk');
    // Held: TabItem, one word of six; the five Ukrainian words weigh less.
    expect(fallback).toBeGreaterThan(1 / 6 + 0.05);
    expect(fallback).toBeLessThan(0.5);
  });

  it("not where a word in its script is not held, nor on a page in the reader's script", () => {
    const withName = 'Як додати іконку поруч із назвою вкладки TabItem у WordPress?';
    expect(coverage(withName, 'uk')).toBeLessThan(coverage(asked, 'uk'));
    expect(coverage(withName, 'uk')).toBeLessThan(1 / 6);
    // A Russian copy's words are Cyrillic as the reader's: they count in full.
    expect(coverage(asked, 'uk', 'ru')).toBeCloseTo(1 / 6, 1);
  });
});

describe('reading a question about a selection', () => {
  const selection = [{ text: 'useChat({ id: chatId, resume: true })', code: true }];
  const passages = [
    result('reference/use-chat', 'The `resume` option reconnects to an ongoing stream.'),
    result('reference/chat-id', 'The `id` option names the chat; `chatId` is yours.'),
  ];
  const groups = (question: string) =>
    Object.fromEntries(
      readSections(question, passages, { selection }).weighted!.groups.map((g) => [
        g.terms[0],
        g.filler,
      ]),
    );

  it("weighs the selection's names, not the question's words, when the question points at it", () => {
    const weighed = groups('What does this do?');
    expect(weighed['resum']).toBe(false);
    expect(weighed['usechat']).toBe(false);
  });

  it('weighs the one name the question asks about, and the rest of the selection lightly', () => {
    const weighed = groups('what does resume do?');
    expect(weighed['resum']).toBe(false);
    expect(weighed['usechat']).toBe(true);
    expect(weighed['chatid']).toBe(true);
  });

  it('does not take a word that is only part of a selected name for the one asked about', () => {
    const weighed = groups('what does this chat do?');
    expect(weighed['chat']).toBe(true);
    expect(weighed['resum']).toBe(false);
  });
});

describe('readSections: what is read', () => {
  const text = (path: string, title: string, content: string, heading?: string) => ({
    path,
    title,
    content,
    ...(heading && { heading, headings: [heading], anchor: heading.toLowerCase() }),
  });
  // Search returned the error page's last section and a long reference of another page, which
  // takes the whole reading budget.
  const checking = text(
    'errors/quota',
    'QuotaExceededError',
    'You can check if an error is an instance of `QuotaExceededError`.',
    'Checking',
  );
  const properties = text(
    'errors/quota',
    'QuotaExceededError',
    '- `resetAt`: The date the quota is renewed\n- `message`: The error message',
    'Properties',
  );
  const intro = text('errors/quota', 'QuotaExceededError', 'This error occurs on quota renewal.');
  const reference = text(
    'reference/options',
    'Options',
    Array.from({ length: 2000 }, (_, i) => `- \`option${i}\`: An option of the quota.`).join('\n'),
    'Parameters',
  );
  const rarity = { sectionCount: 1000, termFrequency: () => 10 };
  const passages = [
    result('errors/quota', checking.content, { title: 'QuotaExceededError', heading: 'Checking' }),
    result('reference/options', reference.content, { title: 'Options', heading: 'Parameters' }),
  ];
  const read = () =>
    readSections('Which field of QuotaExceededError says when the quota renews?', passages, {
      sections: [properties, intro, checking, reference],
      matched: new Set([checking, reference]),
      rarity,
    }).sections.map((s) => s.text);

  it("reads the reference lists of search's first page however long the others are", () => {
    expect(read()).toContain(properties);
  });

  it('leaves its other sections to the shared budget', () => {
    expect(read()).not.toContain(intro);
  });
});
