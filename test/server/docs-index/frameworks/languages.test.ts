import { describe, expect, it } from 'vitest';
import {
  isLanguageCode,
  matchLanguage,
  normalizeLanguage,
} from '../../../../src/server/docs-index/frameworks/languages.ts';

describe('languages', () => {
  it('normalises the codes doc sites write', () => {
    expect(normalizeLanguage('zh-cn')).toBe('zh-CN');
    expect(normalizeLanguage('pt_br')).toBe('pt-BR');
    expect(normalizeLanguage('jp')).toBe('ja');
    expect(normalizeLanguage('cn')).toBe('zh');
    expect(normalizeLanguage('not a tag')).toBeUndefined();
  });

  it('tells language codes from other short folder names', () => {
    for (const code of ['fr', 'ja', 'zh-cn', 'pt-BR', 'fa', 'id'])
      expect(isLanguageCode(code), code).toBe(true);
    for (const name of ['go', 'ui', 'api', 'docs', 'js', 'v1'])
      expect(isLanguageCode(name), name).toBe(false);
  });

  it('finds the site language of a reader: the same tag, else the same language', () => {
    const site = ['en', 'zh-CN', 'pt-BR', 'pt-PT'];
    expect(matchLanguage('zh-cn', site)).toBe('zh-CN');
    expect(matchLanguage('zh', site)).toBe('zh-CN');
    expect(matchLanguage('zh-TW', site)).toBe('zh-CN');
    expect(matchLanguage('pt-PT', site)).toBe('pt-PT');
    expect(matchLanguage('pt', site)).toBe('pt-BR');
    expect(matchLanguage('en-US', site)).toBe('en');
    expect(matchLanguage('de', site)).toBeUndefined();
    expect(matchLanguage(undefined, site)).toBeUndefined();
  });
});
