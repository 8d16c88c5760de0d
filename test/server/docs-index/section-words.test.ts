import { describe, expect, it } from 'vitest';
import { searchableText } from '../../../src/server/docs-index/section-words.ts';
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
