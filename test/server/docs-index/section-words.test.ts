import { describe, expect, it } from 'vitest';
import {
  countedWords,
  fieldText,
  type IndexedSection,
  searchableText,
  sectionWords,
} from '../../../src/server/docs-index/section-words.ts';
import { languageOf, words } from '../../../src/server/text/terms.ts';

describe('searchableText', () => {
  it('keeps prose without JSX tags and link targets, and each code block once per word', () => {
    const content = [
      'Call <Tab label="x">streamText</Tab> as [shown](./a.md).',
      '```ts',
      'const result = streamText({ model });',
      'await result.text; // result',
      '```',
      'Then again:',
      '```',
      'streamText(x)',
      '```',
    ].join('\n');
    expect(searchableText(content, languageOf('en'))).toBe(
      [
        'Call  streamText  as [shown].',
        'ts const result streamText model await text',
        'Then again:',
        'streamText',
      ].join('\n'),
    );
  });

  it('tokenizes a code block as its lines, also in unspaced scripts', () => {
    const chinese = languageOf('zh-cn');
    const lines = ['```', '// 设置侧边栏：', 'sidebar() // 侧边栏', '```'];
    const lineWords = lines.flatMap((line) => words(line, chinese));
    expect(searchableText(lines.join('\n'), chinese)).toBe(
      [...new Set(lineWords.filter((word) => word.length > 1))].join(' '),
    );
  });
});

describe('sectionWords', () => {
  const content = [
    'Call <Tab label="x">streamText</Tab> as [shown](./a.md), then streamText again.',
    '```ts',
    'const result = streamText({ model });',
    'await result.text; // result x',
    '```',
    'Then result:',
    '```',
    'streamText(result)',
    '```',
    'done',
  ].join('\n');
  const section = (language: string, text: string, lead: boolean): IndexedSection => ({
    id: 'a#b',
    pagePath: 'a',
    pageTitle: 'Streaming text',
    heading: 'Streaming',
    headings: ['Streaming text', 'Streaming'],
    anchor: 'streaming',
    content: text,
    lead,
    meta: {
      title: 'Streaming text',
      description: 'How result streams',
      language,
      tags: [],
      groups: [],
    },
  });
  const summary = ({ words, counts }: ReturnType<typeof countedWords>) =>
    words.map((word, i) => `${word.word}:${counts[i]}`);

  it.each([
    ['English, first section', 'en', content, true],
    ['English', 'en', content, false],
    ['Chinese', 'zh-cn', `设置侧边栏 ${content}\n侧边栏`, true],
  ])('counts the text as its searchable text is counted (%s)', (_, language, text, lead) => {
    const indexed = section(language, text, lead);
    const [, , counted] = sectionWords(indexed);
    const expected = countedWords(fieldText(indexed, 'text'), languageOf(language));
    expect(summary(counted!)).toEqual(summary(expected));
  });

  it("counts a code block's words once per block, and words of one character only in prose", () => {
    const [, , counted] = sectionWords(section('en', content, false));
    const counts = new Map(summary(counted!).map((entry) => entry.split(':') as [string, string]));
    expect(counts.get('streamText')).toBe('4');
    expect(counts.get('result')).toBe('3');
    expect(counts.get('x')).toBe(undefined);
  });
});
