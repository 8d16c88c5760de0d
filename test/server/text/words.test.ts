import { describe, expect, it } from 'vitest';
import { languageOf, NEUTRAL } from '../../../src/server/text/languages.ts';
import { scriptOf, withoutContractions, words } from '../../../src/server/text/words.ts';

describe('words', () => {
  it('splits at spaces, punctuation and symbols; keeps identifiers with - and _ whole', () => {
    expect(
      words('Call `streamText()` — see use-chat, use_chat & --flag_ (v1.2).', NEUTRAL),
    ).toEqual(['Call', 'streamText', 'see', 'use-chat', 'use_chat', 'flag', 'v1', '2']);
  });

  it('segments Chinese, Japanese and Thai runs, leaving the Latin words beside them whole', () => {
    expect(words('Starlight的文档', languageOf('zh-cn'))).toEqual([
      'Starlight',
      '的',
      '文',
      '档',
      '文档',
    ]);
    expect(words('Tailwindでサイドバーを使う', languageOf('ja'))).toEqual([
      'Tailwind',
      'で',
      'サイド',
      'バー',
      'を',
      '使う',
    ]);
    expect(words('เพิ่มลิงก์', languageOf('th'))).toEqual(['เพิ่ม', 'ลิงก์']);
  });

  it('also joins two Han characters the dictionary left apart (文|档), not across stop words', () => {
    expect(words('插件钩子', languageOf('zh-cn'))).toEqual(['插', '件', '插件', '钩子']);
    expect(words('的', languageOf('zh-cn'))).toEqual(['的']);
  });

  it('segments a run seen before in another language as that language does', () => {
    // Short runs' words are kept: Japanese has no Chinese stop words (的), so more bigrams.
    const ja = ['文', '档', '文档', '的', '档的', '插', '的插', '件', '插件'];
    const zh = ['文', '档', '文档', '的', '插', '件', '插件'];
    expect(words('文档的插件', languageOf('ja'))).toEqual(ja);
    expect(words('文档的插件', languageOf('zh-cn'))).toEqual(zh);
    expect(words('文档的插件', languageOf('ja'))).toEqual(ja);
  });

  it('keeps Korean words (spaced) whole', () => {
    expect(words('사이드바에 링크를 추가', languageOf('ko'))).toEqual([
      '사이드바에',
      '링크를',
      '추가',
    ]);
  });

  it('parts a name or a number from the Korean particle written after it (Starlight의)', () => {
    expect(words('Starlight의 사이드바를 Vercel에서 404를 봤어요', languageOf('ko'))).toEqual([
      'Starlight',
      '의',
      '사이드바를',
      'Vercel',
      '에서',
      '404',
      '를',
      '봤어요',
    ]);
    expect(words('use-chat의 옵션', languageOf('ko'))).toEqual(['use-chat', '의', '옵션']);
  });

  it('tells the script of a word by its first letter', () => {
    expect(scriptOf('useChat')).toBe('Latin');
    expect(scriptOf('42abc')).toBe('Latin');
    expect(scriptOf('компонент')).toBe('Cyrillic');
    expect(scriptOf('組件')).toBe('Han');
    expect(scriptOf('サイド')).toBe('Katakana');
    expect(scriptOf('ーー')).toBe('Katakana');
    expect(scriptOf('링크')).toBe('Hangul');
    expect(scriptOf('πλευρική')).toBe('Greek');
  });

  it('takes the endings of English contractions off a question, not the words they follow', () => {
    expect(
      withoutContractions(
        "I'd like it. We’re stuck, don't ask, you'll see, it's Vite's, I'm, can't",
      ),
    ).toBe('I like it. We stuck, do ask, you see, it Vite, I, can');
    // Not an ending: a word going on after the apostrophe, an elision, or a hyphenated word.
    expect(withoutContractions("l'API, d'un, o'clock, Los-geht's-Knopf, rock'n'roll")).toBe(
      "l'API, d'un, o'clock, Los-geht's-Knopf, rock'n'roll",
    );
  });
});
