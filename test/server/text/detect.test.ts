import { describe, expect, it } from 'vitest';
import { detectLanguage } from '../../../src/server/text/detect.ts';

describe('detectLanguage', () => {
  it('tells languages written in their own script by the script', () => {
    expect(detectLanguage('如何在侧边栏中添加链接？')).toBe('zh');
    expect(detectLanguage('サイドバーにリンクを追加するには？')).toBe('ja');
    expect(detectLanguage('사이드바에 링크를 추가하려면?')).toBe('ko');
    expect(detectLanguage('ฉันจะเพิ่มลิงก์ได้อย่างไร')).toBe('th');
    expect(detectLanguage('Πώς προσθέτω πλευρική μπάρα;')).toBe('el');
    // Identifiers in a Chinese question do not make it English.
    expect(detectLanguage('如何使用 useChat 和 streamText？')).toBe('zh');
    // Nor one written without spaces around it: it is not the whole sentence.
    expect(detectLanguage('ドキュメントを多言語対応にするi18nの設定方法を教えてください')).toBe(
      'ja',
    );
    expect(detectLanguage('怎样配置i18n的语言')).toBe('zh');
  });

  it('tells Latin-script and Cyrillic languages apart from a question', () => {
    expect(detectLanguage('How do I add a link to the sidebar?')).toBe('en');
    expect(detectLanguage('Wie füge ich der Seitenleiste einen Link hinzu?')).toBe('de');
    expect(detectLanguage('¿Cómo agrego un enlace a la barra lateral?')).toBe('es');
    expect(detectLanguage('Comment ajouter un lien à la barre latérale ?')).toBe('fr');
    expect(detectLanguage('Come aggiungo un link alla barra laterale?')).toBe('it');
    expect(detectLanguage('Como adiciono um link à barra lateral?')).toBe('pt');
    expect(detectLanguage('Как добавить ссылку на боковую панель?')).toBe('ru');
    expect(detectLanguage('Як додати посилання на бічну панель?')).toBe('uk');
  });

  it('cannot tell from a keyword, an identifier or code', () => {
    expect(detectLanguage('useChat')).toBeUndefined();
    expect(detectLanguage('sidebar')).toBeUndefined();
    expect(detectLanguage('`generateText({ model })`')).toBeUndefined();
    expect(detectLanguage('')).toBeUndefined();
    expect(detectLanguage('42?')).toBeUndefined();
  });

  it('answers only with one of the candidates, matched by primary tag', () => {
    expect(detectLanguage('如何在侧边栏中添加链接？', ['en', 'zh-cn'])).toBe('zh');
    expect(detectLanguage('Como adiciono um link à barra lateral?', ['en', 'pt-br'])).toBe('pt');
    expect(detectLanguage('How do I add a link to the sidebar?', ['de', 'fr'])).toBeUndefined();
    // A Russian question on a site in Ukrainian and English is not Ukrainian.
    expect(detectLanguage('Как добавить ссылку на боковую панель?', ['uk', 'en'])).toBeUndefined();
    // Malay and Indonesian share a stemmer: eld's Malay on a site in Indonesian is Indonesian.
    expect(
      detectLanguage('Bagaimana cara menambahkan file CSS sendiri ke situs Starlight?', [
        'en',
        'id',
      ]),
    ).toBe('id');
    // Kanji alone are Chinese, unless the site has Japanese and no Chinese.
    expect(detectLanguage('追加', ['ja', 'en'])).toBe('ja');
    expect(detectLanguage('追加', ['zh-cn', 'ja'])).toBe('zh');
  });

  it('tells a short query of names by its function words when eld cannot', () => {
    // Two Spanish function words ("usar", "con") among two names.
    expect(detectLanguage('usar tailwind con starlight', ['en', 'es', 'de'])).toBe('es');
    expect(detectLanguage('usar tailwind con starlight')).toBe('es');
    // Italian writes "con" too: one word each is a tie, and too few.
    expect(detectLanguage('tailwind con starlight', ['en', 'es', 'it'])).toBeUndefined();
  });
});
