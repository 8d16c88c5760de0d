import { describe, expect, it } from 'vitest';
import { knownLanguages } from '../../../src/server/text/languages.ts';
import { languageOf, primaryTag, tokenize, wordTerms } from '../../../src/server/text/terms.ts';

/** Whether two word forms become the same terms in a language. */
const meet = (a: string, b: string, language?: string) =>
  expect(tokenize(a, language), `${a} / ${b} (${language})`).toEqual(tokenize(b, language));

describe('tokenize: English and identifiers', () => {
  it('drops stop words and meets inflections and identifier spellings', () => {
    expect(tokenize('How do I use the useChat hook?')).toEqual(['usechat', 'chat', 'hook']);
    expect(tokenize('use-chat')).toEqual(['usechat', 'chat']);
    expect(tokenize('use_chat')).toEqual(['usechat', 'chat']);
    // An identifier counts whole, unstemmed, and by its parts as the words they are.
    expect(tokenize('embedMany')).toEqual(['embedmany', ...tokenize('embed many')]);
    meet('generation', 'generate');
    meet('streaming', 'streams');
    meet('messages', 'message');
    meet('caching', 'cache');
    meet('libraries', 'library');
  });

  it('keeps identifiers whole in every language, so code meets code across translations', () => {
    for (const language of [undefined, 'en', 'de', 'fr', 'ru', 'zh-cn', 'ja']) {
      expect(tokenize('streamText', language)[0]).toBe('streamtext');
      expect(tokenize('generateObject()', language)[0]).toBe('generateobject');
    }
  });

  it('drops contractions the stop lists name, split at their apostrophe', () => {
    expect(tokenize("Vite doesn't notice the file")).toEqual(tokenize('Vite notice the file'));
    expect(tokenize('it isn’t cached')).toEqual(tokenize('it cached'));
  });

  it('drops a negation typed without its apostrophe, and no other contraction so written', () => {
    expect(tokenize('dont copy the public folder')).toEqual(tokenize('copy the public folder'));
    expect(tokenize('it doesnt reload')).toEqual(tokenize('it reload'));
    // "we'll" and "she'll" are stop words; "well" and "shell" are words of their own.
    expect(tokenize('shell well')).toEqual(['shell', 'well']);
  });

  it('drops lone letters but keeps digits and versions', () => {
    expect(tokenize("e.g. it's AI SDK 5 and GPT-4o")).toEqual([
      'ai',
      'sdk',
      '5',
      'gpt4o',
      'gpt',
      '4o',
    ]);
  });

  it('folds case and width: full-width letters meet ASCII', () => {
    expect(tokenize('ＵｓｅＣｈａｔ')).toEqual(tokenize('UseChat'));
    expect(tokenize('STREAMING')).toEqual(tokenize('streaming'));
  });

  it('processes Latin words in a page of another script as English (code, product names)', () => {
    expect(tokenize('使用 streaming 组件', 'zh-cn')).toContain(tokenize('streaming')[0]);
    expect(tokenize('Используйте streaming', 'ru')).toContain(tokenize('streaming')[0]);
  });
});

describe('tokenize: languages', () => {
  it('takes BCP-47 tags of any case and region', () => {
    expect(primaryTag('zh-CN')).toBe('zh');
    expect(primaryTag('pt_BR')).toBe('pt');
    expect(languageOf('pt-br')).toBe(languageOf('pt'));
    expect(languageOf('zh-Hans-CN')).toBe(languageOf('zh'));
    expect(languageOf('nb').tag).toBe('no');
    expect(languageOf(undefined).tag).toBe('und');
    expect(languageOf('tlh').tag).toBe('und');
    for (const tag of ['en', 'de', 'es', 'fr', 'pt', 'it', 'ru', 'zh', 'ja', 'ko']) {
      expect(knownLanguages()).toContain(tag);
    }
  });

  it('German: stems join word forms, stop words go', () => {
    meet('Seitenleiste', 'Seitenleisten', 'de');
    meet('Komponente', 'Komponenten', 'de');
    meet('Größe', 'Größen', 'de');
    expect(tokenize('Wie kann ich die Seitenleiste anpassen?', 'de')).toEqual([
      ...tokenize('Seitenleiste', 'de'),
      ...tokenize('anpassen', 'de'),
    ]);
  });

  it('Spanish: stems join word forms, stop words go', () => {
    meet('componente', 'componentes', 'es');
    meet('configuración', 'configuraciones', 'es');
    meet('traducir', 'traducido', 'es');
    expect(tokenize('¿Cómo puedo personalizar la barra lateral?', 'es')).toEqual(
      tokenize('personalizar barra lateral', 'es'),
    );
  });

  it('French: stems join word forms, stop words and elisions go', () => {
    meet('traduction', 'traductions', 'fr');
    meet('composant', 'composants', 'fr');
    meet('configurer', 'configuration', 'fr');
    expect(tokenize("Le thème de l'interface", 'fr')).toEqual(tokenize('thème interface', 'fr'));
  });

  it('Portuguese (pt-br, pt-pt): stems join word forms, stop words go', () => {
    meet('componente', 'componentes', 'pt-br');
    meet('configurar', 'configuração', 'pt-pt');
    meet('página', 'páginas', 'pt');
    expect(tokenize('Como adicionar uma página à barra lateral', 'pt-br')).toEqual(
      tokenize('adicionar página barra lateral', 'pt-br'),
    );
  });

  it('Italian: stems join word forms, stop words go', () => {
    meet('traduzione', 'traduzioni', 'it');
    meet('componente', 'componenti', 'it');
    meet('personalizzare', 'personalizzato', 'it');
    expect(tokenize('Come posso aggiungere una pagina alla barra', 'it')).toEqual(
      tokenize('posso aggiungere pagina barra', 'it'),
    );
  });

  it('Russian: stems join word forms, stop words go', () => {
    meet('компонент', 'компоненты', 'ru');
    meet('боковая', 'боковую', 'ru');
    meet('страница', 'страницы', 'ru');
    expect(tokenize('Как мне настроить боковую панель?', 'ru')).toEqual(
      tokenize('настроить боковая панели', 'ru'),
    );
  });

  it('Ukrainian: stop words go, і, ї and є included ("із", "від", "їх", "є")', () => {
    expect(tokenize('Як додати іконку поруч із назвою вкладки?', 'uk')).toEqual(
      tokenize('додати іконку поруч назвою вкладки', 'uk'),
    );
    expect(tokenize('від їх є він', 'uk')).toEqual([]);
  });

  it('Turkish: a possessive before a case ending goes too, so the forms of a noun meet', () => {
    // Snowball strips one chain of suffixes: "tarayıcıda" is `tarayıcı`, "tarayıcında" `tarayıç`.
    meet('tarayıcıda', 'tarayıcında', 'tr');
    meet('tarayıcı', 'tarayıcınızın', 'tr');
    meet('bileşeni', 'bileşenleri', 'tr');
    meet('deneme', 'denemenin', 'tr');
    meet('dene', 'deneme', 'tr');
    // A stem of two letters is not taken ("dene" is not `de`), and a second pass stops short of
    // four letters ("bağlantı", link, is `bağla`, never `bak` of "bakın", look).
    expect(tokenize('dene', 'tr')).toEqual(['dene']);
    expect(tokenize('bağlantı', 'tr')).not.toEqual(tokenize('bakın', 'tr'));
    // "önce" (before, first) is a stop word, as "sonra" (after) is.
    expect(tokenize('önce sonra', 'tr')).toEqual([]);
  });

  it('stems only in the language given: the same word stays whole elsewhere', () => {
    expect(tokenize('Komponenten', 'de')).not.toEqual(tokenize('Komponenten', 'en'));
    expect(wordTerms('die', languageOf('de'))).toEqual([]);
    expect(wordTerms('die', languageOf('en'))).toEqual(['die']);
  });
});

describe('tokenize: scripts without spaces', () => {
  it('Chinese: words come apart and meet the same words elsewhere', () => {
    const terms = tokenize('如何在侧边栏中添加链接？', 'zh-cn');
    expect(terms.length).toBeGreaterThan(3);
    expect(terms).toContain('添加');
    // The same words in another sentence give the same terms.
    for (const term of tokenize('添加侧边栏', 'zh-cn')) expect(terms).toContain(term);
    // Stop words (的, 在) go.
    expect(tokenize('的', 'zh')).toEqual([]);
  });

  it('Japanese: kana and kanji words come apart; half-width kana meet full-width', () => {
    const terms = tokenize('サイドバーにリンクを追加するには？', 'ja');
    expect(terms).toContain('追加');
    expect(terms).toEqual(expect.arrayContaining(tokenize('サイドバー', 'ja')));
    expect(tokenize('ｻｲﾄﾞﾊﾞｰ', 'ja')).toEqual(tokenize('サイドバー', 'ja'));
  });

  it('Thai: words come apart', () => {
    const terms = tokenize('ฉันจะเพิ่มลิงก์ในแถบด้านข้างได้อย่างไร', 'th');
    expect(terms).toContain('ลิงก์');
    expect(terms).toContain('เพิ่ม');
  });

  it('Korean: syllable pairs, so a word meets its forms with other particles', () => {
    const withObject = new Set(tokenize('사이드바를', 'ko'));
    const withLocative = tokenize('사이드바에서', 'ko');
    expect(withLocative.filter((term) => withObject.has(term)).length).toBeGreaterThanOrEqual(3);
    expect(tokenize('링크', 'ko')).toEqual(['링크']);
  });

  it('segments unspaced scripts without a language too (a page whose language is unknown)', () => {
    expect(tokenize('如何在侧边栏中添加链接')).toEqual(tokenize('如何在侧边栏中添加链接', 'zh'));
    expect(tokenize('サイドバーにリンクを追加')).toEqual(
      tokenize('サイドバーにリンクを追加', 'ja'),
    );
  });
});
