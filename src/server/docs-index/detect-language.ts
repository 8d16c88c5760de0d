/**
 * STAND-IN until the shared tokenizer module (`src/server/text/`) ships `detectLanguage`:
 * the language a question is written in, told by its script (kana, Hangul, Han, Cyrillic,
 * Arabic, Devanagari, Thai...) and, for Latin text, by its common words. Undefined when the
 * text does not say clearly, and the caller falls back to the site's default language.
 */

/** Scripts that name a language (or nearly: Cyrillic and Arabic are told apart below). */
const SCRIPTS: [RegExp, string][] = [
  [/\p{Script=Hangul}/gu, 'ko'],
  [/\p{Script=Han}/gu, 'zh'],
  [/\p{Script=Thai}/gu, 'th'],
  [/\p{Script=Devanagari}/gu, 'hi'],
  [/\p{Script=Hebrew}/gu, 'he'],
  [/\p{Script=Greek}/gu, 'el'],
  [/\p{Script=Cyrillic}/gu, 'ru'],
  [/\p{Script=Arabic}/gu, 'ar'],
];
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/gu;
/** A script names the language when this share of the letters is written in it. */
const SCRIPT_SHARE = 0.3;

/** Common words that tell Latin-script languages apart. */
const COMMON_WORDS: Record<string, string[]> = {
  en: 'the a an is are how do does i to of in for with what why can my this that use when where which you your it and or not'.split(
    ' ',
  ),
  es: 'el la los las es son cómo como qué que por para con una un de del al en mi mis puedo se usar dónde cuál cuándo cuando hay tengo no y o'.split(
    ' ',
  ),
  fr: 'le la les est sont comment quoi que pour avec une un de des du au aux dans sur mon mes je puis peux utiliser où quel quelle quand faut pas et ou ce'.split(
    ' ',
  ),
  de: 'der die das den dem des ist sind wie was warum wann für mit auf ein eine einen im in mein ich kann verwenden wo welche nicht und oder zu'.split(
    ' ',
  ),
  pt: 'o a os as é são como que por para com uma um de do da ao na no em meu eu posso usar onde qual quando tem não e ou'.split(
    ' ',
  ),
  it: 'il lo la gli le è sono come cosa perché per con una un di del della nel mio io posso usare dove quale quando non e o'.split(
    ' ',
  ),
};
const WORDS = new Map<string, string[]>();
for (const [language, words] of Object.entries(COMMON_WORDS)) {
  for (const word of words) WORDS.set(word, [...(WORDS.get(word) ?? []), language]);
}

/** BCP 47 primary tag of the text's language, or undefined when it cannot be told. */
export function detectLanguage(text: string): string | undefined {
  const sample = text.slice(0, 500);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  const count = (script: RegExp) => sample.match(script)?.length ?? 0;
  const kana = count(KANA);
  // Japanese mixes kana with kanji (Han): kana anywhere in CJK text make it Japanese.
  if (kana > 0 && kana + count(SCRIPTS[1]![0]) >= letters * SCRIPT_SHARE) return 'ja';
  for (const [script, language] of SCRIPTS) {
    if (count(script) < letters * SCRIPT_SHARE || letters === 0) continue;
    if (language === 'ru') return /[іїєґ]/iu.test(sample) ? 'uk' : 'ru';
    if (language === 'ar') return /[پچژگ]/u.test(sample) ? 'fa' : 'ar';
    return language;
  }
  const votes = new Map<string, number>();
  for (const word of sample.toLowerCase().split(/[^\p{L}]+/u)) {
    for (const language of WORDS.get(word) ?? [])
      votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  const [best, second] = [...votes].sort((a, b) => b[1] - a[1]);
  if (!best || best[1] < 2 || (second && second[1] * 2 > best[1])) return undefined;
  return best[0];
}
