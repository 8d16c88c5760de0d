/**
 * The language of a short text (a reader's question). Scripts that one language writes decide by
 * themselves (kana: Japanese, Hangul: Korean, Thai...); the others go to eld (Nito-ELD, the
 * `extrasmall` data set). Measured on 54 short questions in nine Latin-script languages: eld
 * 47 right, 1 wrong, 6 undecided, against 40 right and 14 wrong for tinyld and franc-min; on the
 * page descriptions of starlight-docs, 98% against 93% and 91%. Its data costs about 30 MB of
 * heap, loaded with this module (only what detects a language imports it).
 */
import { eld } from 'eld/extrasmall';
import { knownLanguages, languageOf, NEUTRAL, primaryTag, type Script } from './languages.ts';
import { scriptOfChar } from './words.ts';

/** Scripts written by one language (for this purpose), and the language. */
const SCRIPT_LANGUAGE: Partial<Record<Script, string>> = {
  Hiragana: 'ja',
  Katakana: 'ja',
  Hangul: 'ko',
  Thai: 'th',
  Lao: 'lo',
  Khmer: 'km',
  Myanmar: 'my',
  Greek: 'el',
  Hebrew: 'he',
  Armenian: 'hy',
  Tamil: 'ta',
};

/** Scripts of several languages: eld chooses among them. */
const SCRIPT_LANGUAGES: Partial<Record<Script, readonly string[]>> = {
  Cyrillic: ['ru', 'uk', 'bg', 'sr', 'be', 'mk', 'kk'],
  Arabic: ['ar', 'fa', 'ur', 'ku'],
  Devanagari: ['hi', 'mr', 'ne'],
};

/** A character of these scripts carries about a word: it outweighs a few Latin letters. */
const DENSE_SCRIPTS = new Set<Script>(['Han', 'Hiragana', 'Katakana', 'Hangul']);
const DENSE_WEIGHT = 3;
/** Fewer words than this, in a script eld decides, is too little to tell (a keyword, a name). */
const WORDS_MIN = 2;

/**
 * Inline code, links and identifiers say nothing of the reader's language. An identifier ends
 * where spaces or Chinese, Japanese and Korean characters begin: those scripts write no spaces,
 * so `i18n` inside a Japanese sentence must not take the whole sentence with it.
 */
const TOKEN = String.raw`[^\s\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]*`;
const NOT_PROSE = new RegExp(
  String.raw`\x60[^\x60]*\x60|https?:\/\/\S+|${TOKEN}[\p{Ll}\p{N}]\p{Lu}${TOKEN}|${TOKEN}[_/.@#]${TOKEN}|${TOKEN}\p{L}\p{N}${TOKEN}|${TOKEN}\p{N}\p{L}${TOKEN}`,
  'gu',
);

/**
 * The BCP-47 primary tag of the language `text` is written in (`zh`, `ja`, `pt`), or undefined
 * when it cannot tell (a keyword, an identifier, a question of one word). With `candidates`
 * (tags such as a site's languages, `zh-cn`, `pt-br`), only one of their primary tags is returned.
 */
export function detectLanguage(text: string, candidates?: readonly string[]): string | undefined {
  const prose = text.slice(0, 1000).replace(NOT_PROSE, ' ');
  const allowed = candidates && new Set(candidates.map(primaryTag).filter((tag) => tag));
  const allows = (tag: string) => !allowed || allowed.has(tag);
  const script = mainScript(prose);
  if (script === undefined) return undefined;
  if (script === 'Han' || script === 'Hiragana' || script === 'Katakana') {
    // Japanese is never written without kana for long; Chinese never uses it.
    if (/[\p{sc=Hiragana}\p{sc=Katakana}]/u.test(prose)) return allows('ja') ? 'ja' : undefined;
    // Han alone: Chinese, or a few kanji of Japanese where the candidates say so.
    return ['zh', 'ja'].find(allows);
  }
  const single = SCRIPT_LANGUAGE[script];
  if (single) return allows(single) ? single : undefined;
  if (prose.split(/[\s\p{P}]+/u).filter((word) => /\p{L}/u.test(word)).length < WORDS_MIN) {
    return undefined;
  }
  // Candidates do not narrow the choice: a Russian question on a site in Ukrainian and English
  // is Russian (undefined here), not Ukrainian.
  const detected = ask(prose, SCRIPT_LANGUAGES[script]) ?? byFunctionWords(prose, script);
  if (!detected) return undefined;
  return allows(detected) ? detected : sameLanguageAllowed(detected, allowed);
}

/**
 * The candidate that is the detected language under another tag, if any: the members of a
 * macrolanguage that share a stemmer (Malay and Indonesian, Bokmål and Norwegian), which eld
 * tells apart less surely than it tells them from the rest.
 */
function sameLanguageAllowed(
  detected: string,
  allowed: ReadonlySet<string | undefined> | undefined,
): string | undefined {
  const own = languageOf(detected);
  if (!allowed || own === NEUTRAL) return undefined;
  return [...allowed].find((tag) => tag !== undefined && languageOf(tag) === own);
}

/** The script most of the letters are in (dense scripts weighted), if there are letters. */
function mainScript(text: string): Script | undefined {
  const weights = new Map<Script, number>();
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    const script = scriptOfChar(char);
    weights.set(
      script,
      (weights.get(script) ?? 0) + (DENSE_SCRIPTS.has(script) ? DENSE_WEIGHT : 1),
    );
  }
  let main: Script | undefined;
  for (const [script, weight] of weights) if (!main || weight > weights.get(main)!) main = script;
  return main === 'Other' ? undefined : main;
}

/**
 * The language whose function words the text writes most ("usar tailwind con starlight":
 * Spanish's "usar" and "con"), when eld cannot tell: a short question is mostly names, which
 * weigh on eld's letter statistics as much as the reader's words. At least FUNCTION_WORDS_MIN
 * of them, and more than any other language of the script writes (Italian writes "con" too).
 */
function byFunctionWords(text: string, script: Script): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{M}'’]+/gu) ?? [];
  let best: string | undefined;
  let bestCount = 0;
  let tie = false;
  for (const tag of knownLanguages()) {
    const language = languageOf(tag);
    if (!language.scripts.includes(script)) continue;
    const count = words.filter((word) => language.stopWords.has(word)).length;
    if (count > bestCount) [best, bestCount, tie] = [tag, count, false];
    else if (count === bestCount) tie = true;
  }
  return bestCount >= FUNCTION_WORDS_MIN && !tie ? best : undefined;
}

/** Function words a text needs for them to tell its language. */
const FUNCTION_WORDS_MIN = 2;

/** eld's answer among `languages` (all it knows when undefined), if it is reliable. */
function ask(text: string, languages: readonly string[] | undefined): string | undefined {
  // The subset is eld's own state: set and cleared within this synchronous call.
  if (languages) eld.setLanguageSubset([...languages]);
  try {
    const result = eld.detect(text);
    return result.language && result.isReliable() ? result.language : undefined;
  } finally {
    if (languages) eld.setLanguageSubset(false);
  }
}
