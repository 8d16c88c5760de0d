import { describe, expect, it } from 'vitest';
import {
  analyzeQuestion,
  asksAboutSelection,
  looksLikeCode,
  readTypos,
  selectionNames,
  selectionWords,
  termsOf,
  writtenUnspaced,
} from '../../../src/server/assistant/question.ts';

describe('termsOf', () => {
  it('lower-cases, drops stop words, stems, and keeps identifiers whole and by their parts', () => {
    expect(termsOf('How do I use the useChat hook with streaming responses?')).toEqual([
      'usechat',
      'chat',
      'hook',
      'stream',
      'respons',
    ]);
    expect(termsOf('customization')).toEqual(termsOf('customize'));
  });

  it('segments Chinese and Japanese and drops Japanese particles', () => {
    expect(termsOf('サイドバーの項目')).toEqual(['サイド', 'バー', '項目']);
    expect(termsOf('侧边栏')).not.toEqual([]);
  });
});

describe('analyzeQuestion', () => {
  it('leaves out the words a question is put with, vague ones included', () => {
    expect(analyzeQuestion('I want a way to get rid of the little link icons').terms).toEqual([
      'link',
      'icon',
    ]);
  });

  it('tells what kind of answer is wanted', () => {
    expect(analyzeQuestion('How do I set the port?').kind).toBe('how');
    expect(analyzeQuestion('Can I use Tailwind?').kind).toBe('how');
    expect(analyzeQuestion('Which option sets the port?').kind).toBe('what');
    expect(analyzeQuestion('Why does the build succeed?').kind).toBe('why');
    expect(analyzeQuestion('It streams locally. How do I fix it behind a proxy?').kind).toBe('how');
    // Asking what is wrong asks for the fix.
    expect(analyzeQuestion('The build fails on CI. What am I doing wrong?').kind).toBe('how');
    expect(analyzeQuestion("What's wrong with my config?").kind).toBe('how');
    expect(analyzeQuestion('What is a wrong base?').kind).toBe('what');
    // A text that asks nothing reports a problem: it wants the fix.
    expect(analyzeQuestion("My tests fail with Cannot find module 'x'.").kind).toBe('how');
    expect(analyzeQuestion('My tests fail. Is the module missing?').kind).toBe('what');
  });

  it('tells the kind of a question that opens with what it is about', () => {
    expect(analyzeQuestion('For server-side rendering, how do I bundle a dependency?').kind).toBe(
      'how',
    );
    expect(analyzeQuestion('In a file tree, why is one file highlighted?').kind).toBe('why');
    expect(analyzeQuestion('En producción, ¿cómo configuro la base?').kind).toBe('how');
    expect(
      analyzeQuestion('Exporting my traces over OTLP — which header holds the key?').kind,
    ).toBe('what');
    expect(analyzeQuestion('On Windows: how do I set the port?').kind).toBe('how');
    expect(analyzeQuestion('The dev server - why is it slow?').kind).toBe('why');
    // A hyphen inside a word or a colon inside an address ends no clause.
    expect(analyzeQuestion('vite-plugin-foo which works?').kind).toBe('other');
    // A quoted phrase is not an opening clause.
    expect(analyzeQuestion("Translate 'good morning, how are you?' into German").kind).toBe(
      'other',
    );
  });

  it('tells the kind of a question asked in other languages', () => {
    expect(analyzeQuestion('¿Cómo configuro los idiomas?').kind).toBe('how');
    expect(analyzeQuestion('Comment ajouter un logo ?').kind).toBe('how');
    expect(analyzeQuestion('Wie ändere ich den Port?').kind).toBe('how');
    expect(analyzeQuestion('サイトのヘッダーにロゴを追加するには？').kind).toBe('how');
    expect(analyzeQuestion('設定方法を教えてください').kind).toBe('how');
    expect(analyzeQuestion('如何重写内置组件？').kind).toBe('how');
    expect(analyzeQuestion('¿Por qué falla la compilación?').kind).toBe('why');
    expect(analyzeQuestion('なぜビルドが失敗しますか？').kind).toBe('why');
    expect(analyzeQuestion('¿Qué opción define el puerto?').kind).toBe('what');
    expect(analyzeQuestion('侧边栏是什么？').kind).toBe('what');
    expect(analyzeQuestion('ビルドは速い。設定は何ですか？').kind).toBe('what');
  });

  it('tells the kind of a question in more of the languages docs are translated into', () => {
    expect(analyzeQuestion('Как поменять порядок страниц в меню?').kind).toBe('how');
    expect(analyzeQuestion('Можно ли отключить страницу 404?').kind).toBe('how');
    expect(analyzeQuestion('Як додати Starlight до проєкту?').kind).toBe('how');
    expect(analyzeQuestion('Jak dodać logo?').kind).toBe('how');
    expect(analyzeQuestion('Hoe voeg ik een logo toe?').kind).toBe('how');
    expect(analyzeQuestion('Bagaimana cara menambahkan file CSS?').kind).toBe('how');
    // Turkish, Hindi and Vietnamese ask "how" before the verb, not first.
    expect(analyzeQuestion('Bağlantının yanına rozet nasıl eklerim?').kind).toBe('how');
    expect(analyzeQuestion('मैं लोगो कैसे जोड़ूं?').kind).toBe('how');
    expect(analyzeQuestion('アイコンの色を変えるにはどう書けばいいですか？').kind).toBe('how');
    expect(analyzeQuestion('Почему сборка падает?').kind).toBe('why');
    expect(analyzeQuestion('Derleme neden başarısız oluyor?').kind).toBe('why');
    expect(analyzeQuestion('Что такое frontmatter?').kind).toBe('what');
    expect(analyzeQuestion('Який параметр задає порт?').kind).toBe('what');
    expect(analyzeQuestion('प्रोजेक्ट बनाने के लिए कौन सा कमांड चलाना होता है?').kind).toBe('what');
    // A word that only contains an asking word is not one ("kakao", "jakość").
    expect(analyzeQuestion('Jakość obrazu w dokumentacji?').kind).toBe('other');
  });

  it('reads "what should I do" as asking how', () => {
    expect(analyzeQuestion('The dev server breaks. What should I do?').kind).toBe('how');
    expect(analyzeQuestion('What can I do about slow builds?').kind).toBe('how');
    expect(analyzeQuestion('What can I configure?').kind).toBe('what');
  });

  it('leaves out the words that only phrase a question ("even though", "the whole")', () => {
    const { terms } = analyzeQuestion(
      'Why does the whole build actually succeed even though TypeScript has type errors?',
    );
    expect(terms).toEqual(
      analyzeQuestion('Why does the build succeed TypeScript type errors?').terms,
    );
    // "one of", "just one": a way of putting it, not a rare word of the docs.
    expect(analyzeQuestion('How do I override one of the built-in components?').terms).toEqual(
      analyzeQuestion('How do I override the built-in components?').terms,
    );
  });

  it('leaves out "I want", "I need" and "a way to" in the languages docs are translated into', () => {
    expect(analyzeQuestion('Quiero tarjetas lado a lado con CardGrid', 'es').terms).toEqual(
      analyzeQuestion('Tarjetas lado a lado con CardGrid', 'es').terms,
    );
    expect(analyzeQuestion('Ich brauche einen roten Hinweis', 'de').terms).toEqual(
      analyzeQuestion('Einen roten Hinweis', 'de').terms,
    );
    expect(analyzeQuestion('Хочу другую боковую панель', 'ru').terms).toEqual(
      analyzeQuestion('Другую боковую панель', 'ru').terms,
    );
    // A region's tag reads as its language (pt-br as pt); another language keeps the word.
    expect(analyzeQuestion('Preciso de um banner', 'pt-br').terms).toEqual(
      analyzeQuestion('Um banner', 'pt-br').terms,
    );
    expect(analyzeQuestion('Quiero un banner', 'en').terms.length).toBeGreaterThan(
      analyzeQuestion('Un banner', 'en').terms.length,
    );
  });

  it('leaves out the words of a Japanese question written in hiragana alone, its grammar', () => {
    // 読み込ませる: 読み, 込 and the auxiliary ませる; 書けばいいですか: 書, け, いい.
    const { terms } = analyzeQuestion(
      '自作のCSSファイルを読み込ませる設定はどこに書けばいいですか',
      'ja',
    );
    expect(terms).toContain('css');
    expect(terms).toContain('設定');
    expect(terms.filter((t) => /^\p{sc=Hiragana}+$/u.test(t))).toEqual([]);
    // Unless there is nothing else.
    expect(analyzeQuestion('いいですか', 'ja').terms.length).toBeGreaterThan(0);
  });

  it('leaves out the Chinese words made only of stop characters (某一, 一下), its grammar', () => {
    const { terms } = analyzeQuestion('某一页点一下就隐藏目录', 'zh-cn');
    expect(terms).toContain('隐藏');
    expect(terms).toContain('目录');
    expect(terms).not.toContain('某一');
    expect(terms).not.toContain('一下');
    // A word with one character that says something stays (很短: 短 "short").
    expect(analyzeQuestion('内容很短', 'zh-cn').terms).toContain('很短');
    // 没 "not", which the stop list lacks, with 什么: "of no use" says nothing of the docs.
    const noUse = analyzeQuestion('右侧的目录没什么用', 'zh-cn').terms;
    expect(noUse).toContain('目录');
    expect(noUse).not.toContain('没什么');
    // 想 "want" and 办法 "a way", as "I want" and "a way to" in English.
    const wanted = analyzeQuestion('想给图标加类名，有没有办法', 'zh-cn').terms;
    expect(wanted).toContain('类名');
    expect(wanted).not.toContain('想');
    expect(wanted).not.toContain('办法');
  });

  it('marks the words of asking of Chinese, Japanese and Korean as filler (어떻게, 方法)', () => {
    const filler = (text: string, language: string) =>
      analyzeQuestion(text, language)
        .words.filter((w) => w.filler)
        .flatMap((w) => w.terms);
    expect(filler('어떤 페이지를 검색에 안 나오게 하려면 어떻게 해요?', 'ko')).toEqual(
      termsOf('어떻게', 'ko'),
    );
    expect(filler('隐藏页面的方法', 'zh-cn')).toContain('方法');
    expect(filler('検索 ページ 除外', 'ja')).toEqual([]);
  });

  it('reads a Korean word and its particle as one word, and the verb closing it as asking', () => {
    const words = analyzeQuestion('사이드바 항목에 배지를 붙이고 싶어요', 'ko').words;
    // One word each, however many syllable pairs: 항목에 is 항목 with its particle.
    expect(words.map((w) => w.terms)).toEqual(
      ['사이드바', '항목에', '배지를', '붙이고', '싶어요'].map((w) => termsOf(w, 'ko')),
    );
    expect(words.every((w) => w.pieces)).toBe(true);
    // Korean puts the verb last: the word closing the question is how it is asked.
    expect(words.map((w) => w.filler)).toEqual([false, false, false, false, true]);
    const inside = analyzeQuestion('싶어요 배지를 붙이고?', 'ko').words;
    expect(inside.map((w) => w.filler)).toEqual([false, false, true]);
  });

  it('reads a French verb and the pronoun joined to it by a hyphen as words, not a compound', () => {
    const terms = (text: string, language: string) =>
      analyzeQuestion(text, language).words.map((w) => w.terms);
    expect(terms('Peut-on enlever le sommaire ?', 'fr')).toEqual(
      terms('Peut enlever le sommaire ?', 'fr'),
    );
    // A compound keeps its whole: in English, and where no part is a stop word.
    expect(terms('a built-in component', 'en')[0]).toEqual(['builtin', 'built']);
    expect(terms('un plug-in', 'fr')[0]!.length).toBeGreaterThan(1);
  });

  it('reads a German compound joined by hyphens as one word of its parts', () => {
    const [compound] = analyzeQuestion('Algolia-DocSearch-Programm einrichten', 'de').words;
    expect(compound).toEqual({
      terms: [...termsOf('Algolia', 'de'), 'docsearch', ...termsOf('Programm', 'de')],
      identifier: false,
      filler: false,
      pieces: true,
      joined: true,
    });
    expect(analyzeQuestion('Wo liegen PDF-Dateien?', 'de').words[1]!.terms).toEqual(
      termsOf('PDF Dateien', 'de'),
    );
    // Not an identifier or a lower-case compound, nor in a language that capitalises names only.
    expect(analyzeQuestion('Wie nutze ich use-chat?', 'de').words[1]!.joined).toBeUndefined();
    expect(analyzeQuestion('How do I set up a Cloudflare-Adapter?').words.at(-1)!.joined).toBe(
      undefined,
    );
  });

  it('marks the irregular forms of verbs of asking as filler too ("shown", "made")', () => {
    const { words } = analyzeQuestion('Can I change the title shown on a tip made by the docs?');
    const filler = words.filter((w) => w.filler).map((w) => w.terms[0]);
    expect(filler).toEqual([...termsOf('change'), ...termsOf('shown'), ...termsOf('made')]);
  });

  it('marks the verbs of asking of the languages docs are translated into as filler ("veo", "geht")', () => {
    const filler = (text: string, language: string) =>
      analyzeQuestion(text, language)
        .words.filter((w) => w.filler)
        .map((w) => w.terms[0]);
    expect(filler('¿Dónde veo los iconos que trae Starlight?', 'es')).toEqual([
      ...termsOf('veo', 'es'),
      ...termsOf('trae', 'es'),
    ]);
    expect(filler('Einen roten Warnkasten, wie geht das?', 'de')).toEqual(termsOf('geht', 'de'));
    expect(filler('Как поменять порядок страниц?', 'ru')).toEqual(termsOf('поменять', 'ru'));
    // Another language's verb is a word like any other: "veo" is no German verb.
    expect(filler('veo', 'de')).toEqual([]);
  });

  it('counts a compound word once and marks verbs of asking and numbers as filler', () => {
    const { words, named } = analyzeQuestion(
      'How do I make Vite re-bundle `useChat` on port 3000?',
    );
    expect(words).toEqual([
      { terms: ['make'], identifier: false, filler: true },
      { terms: ['vite'], identifier: false, filler: false, name: true },
      { terms: ['rebundle', 'bundl'], identifier: false, filler: false },
      { terms: ['usechat', 'chat'], identifier: true, filler: false, name: true },
      { terms: ['port'], identifier: false, filler: false },
      { terms: ['3000'], identifier: false, filler: true },
    ]);
    expect([...named]).toEqual(['usechat', 'chat']);
  });

  it('marks the names a question writes: capitalised inside a sentence, or identifiers', () => {
    const names = (text: string) =>
      analyzeQuestion(text)
        .words.filter((w) => w.name)
        .map((w) => w.terms[0]);
    expect(names('How do I point a custom domain at my Netlify site?')).toEqual(['netlifi']);
    expect(names('How do I fetch data with getServerSideProps?')).toEqual(['getserversideprops']);
    // A capital opening a sentence, or after a colon, says nothing.
    expect(names('Streaming stops. Deploying to Vercel: Timeouts happen, why?')).toEqual([
      'vercel',
    ]);
    expect(names('"Custom" domains: how?')).toEqual([]);
  });

  it('reads no name into a two-letter abbreviation: the shorthand of a common thing', () => {
    const names = (text: string) =>
      analyzeQuestion(text)
        .words.filter((w) => w.name)
        .map((w) => w.terms[0]);
    expect(names('We run the server on a plain Linux VM. Is there a service unit?')).toEqual([
      'linux',
    ]);
    expect(names('Something lighter than GA for visitor analytics?')).toEqual([]);
    // Three letters or more may be a product's or a standard's name.
    expect(names('How do I protect an Express API with JWT authentication?')).toEqual([
      'express',
      'api',
      'jwt',
    ]);
  });

  it('reads a word in Latin letters inside Chinese, Japanese or Korean as a name', () => {
    const names = (text: string, language: string) =>
      analyzeQuestion(text, language)
        .words.filter((w) => w.name)
        .map((w) => w.terms[0]);
    expect(names('Docusaurus에서 사이드바 순서를 바꾸는 방법', 'ko')).toEqual(['docusauru']);
    // Only the Latin word, not the Japanese written straight after it.
    expect(names('Firebase Hostingにデプロイする手順', 'ja')).toEqual(['firebas', 'host']);
    expect(names('How do I use docusaurus?', 'en')).toEqual([]);
  });

  it('reads no name into a capital in German, which capitalises every noun', () => {
    const names = (text: string, language: string) =>
      analyzeQuestion(text, language)
        .words.filter((w) => w.name)
        .map((w) => w.terms[0]);
    expect(names('Wie ändere ich die Farbe der Seitenleiste mit getConfig?', 'de')).toEqual([
      'getconfig',
    ]);
    expect(names('How do I style the Sidebar with getConfig?', 'en')).toEqual([
      'sidebar',
      'getconfig',
    ]);
  });

  it('knows a question written in Chinese, Japanese or Korean', () => {
    expect(analyzeQuestion('サイドバーのグループを折りたたむには？').unspaced).toBe(true);
    expect(analyzeQuestion('How do I collapse a sidebar group?').unspaced).toBe(false);
    expect(writtenUnspaced('`autogenerate` を使います')).toBe(true);
  });

  it('reads a Chinese line naming a package and linking to it as Chinese', () => {
    // A Chinese character is a word or most of one: it counts against words, not letters, and
    // a link's target is nobody's language.
    expect(
      writtenUnspaced(
        '[starlight-llms-txt](https://github.com/delucis/starlight-llms-txt): 基于 llmstxt.org 将 llms.txt 添加到你的文档站点。',
      ),
    ).toBe(true);
    expect(
      writtenUnspaced(
        '[starlight-llms-txt](https://github.com/delucis/starlight-llms-txt): Add llms.txt to your documentation site.',
      ),
    ).toBe(false);
    expect(writtenUnspaced('Chinese readers get the 简体中文 pages')).toBe(false);
  });

  it('reads Latin words as names only in a question whose letters are mostly CJK', () => {
    // Few Latin words among Chinese ones: a name.
    expect(analyzeQuestion('Docusaurus 怎么迁移到这里？', 'zh-cn').words[0]!.name).toBe(true);
    // A question naming several things in Latin letters mixes in words shared with English.
    const mixed = analyzeQuestion(
      '项目用了 Tailwind CSS，想把 Starlight 的强调色换成 Tailwind 的 emerald 色系，global.css 里要怎么写？',
      'zh-cn',
    );
    expect(mixed.unspaced).toBe(true);
    expect(mixed.words.find((w) => w.terms.includes('emerald'))?.name).toBeUndefined();
  });

  it('reads a line in Chinese, Japanese or Korean as such whatever its links point at', () => {
    expect(
      writtenUnspaced(
        '请参阅 [Astro 文档](https://docs.astro.build/zh-cn/guides/integrations-guide/sitemap/) 中的站点地图指南。',
      ),
    ).toBe(true);
    expect(writtenUnspaced('See [the guide](https://example.com/指南) for more.')).toBe(false);
  });
});

describe('readTypos', () => {
  // Every unknown word has a reading here: what is read is what readTypos lets through.
  const readingOf = (term: string) => `${term}-read`;
  const read = (text: string) => readTypos(analyzeQuestion(text), readingOf).words;

  it('reads a plain word as the site word it is a typo of, in its words and its terms', () => {
    const question = readTypos(analyzeQuestion('how do i add a sidbar link'), (term) =>
      term === 'sidbar' ? 'sidebar' : undefined,
    );
    expect(question.terms).toEqual(['add', 'sidebar', 'link']);
    expect(question.words.map((w) => w.terms)).toEqual([['add'], ['sidebar'], ['link']]);
  });

  it('leaves names, code, identifiers and verbs of asking as written', () => {
    const words = read('How do I add Netlify to `base` with getStaticPaths and server_port?');
    expect(words.map((w) => w.terms[0])).toEqual([
      'add',
      'netlifi',
      'base',
      'getstaticpaths',
      'serverport',
    ]);
    const plain = analyzeQuestion('why is the build slow');
    expect(readTypos(plain, () => undefined)).toBe(plain);
  });
});

describe('selections', () => {
  it('looks for the names in code, not its keywords or the values of its strings', () => {
    const code = {
      text: "export default defineConfig({ server: { proxy: { '/api': 'http://localhost:4567' } } })",
      code: true,
    };
    const names = [...selectionNames([code])];
    expect(names).toEqual(expect.arrayContaining(['defineconfig', 'server', 'proxi']));
    expect(names).not.toContain('localhost');
    expect(names).not.toContain('export');
    expect(selectionWords([code]).every((w) => !w.filler)).toBe(true);
  });

  it('keeps the quoted keys of selected code (JSON, headers): they name options', () => {
    const json = {
      text: '{ "domain": "docs", "logging": true, "logQuestions": false }',
      code: true,
    };
    expect([...selectionNames([json])]).toEqual(expect.arrayContaining(['domain', 'logquestions']));
    expect([...selectionNames([json])]).not.toContain('doc');
    const headers = { text: "headers: { 'Content-Encoding': 'none' }", code: true };
    expect([...selectionNames([headers])]).toEqual(expect.arrayContaining(['content', 'encod']));
    expect([...selectionNames([headers])]).not.toContain('none');
  });

  it('weighs the plain words of selected text lightly and its code-like names fully', () => {
    const words = selectionWords([
      { text: 'Set `maxRetries` to zero to turn retries off.', code: false },
    ]);
    expect(words.find((w) => w.terms[0] === 'maxretries')?.filler).toBe(false);
    expect(words.find((w) => w.terms[0] === 'zero')?.filler).toBe(true);
  });

  it('tells code from prose', () => {
    expect(looksLikeCode('const result = streamText({ model });')).toBe(true);
    expect(looksLikeCode('server: {\n  port: 3000,\n}')).toBe(true);
    expect(looksLikeCode('Streaming sends the answer in small chunks.')).toBe(false);
  });

  it('reads a question as asking about the selection when it points at it, names what it holds, or says too little alone', () => {
    const card = [{ text: '<Card title="Check this out">Interesting content.</Card>', code: true }];
    expect(asksAboutSelection('What does this do?', card)).toBe(true);
    expect(asksAboutSelection('explain', card)).toBe(true);
    expect(asksAboutSelection('How do I add a sidebar link to it?', card)).toBe(true);
    expect(asksAboutSelection('How do I change the card title?', card)).toBe(true);
    expect(asksAboutSelection('what is the second attribute for?', card)).toBe(true);
    expect(asksAboutSelection('How do I add a sidebar link?', card)).toBe(false);
    expect(asksAboutSelection('How do I change the favicon?', card)).toBe(false);
    expect(asksAboutSelection('Which port does the preview server listen on?', card)).toBe(false);
    expect(asksAboutSelection('How do I add a sidebar link?', [])).toBe(false);
  });
});
