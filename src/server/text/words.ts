/**
 * Word segmentation. Words are runs of letters, marks and digits, with hyphens and underscores
 * inside an identifier kept (`use-chat`, `use_chat`). Scripts written without spaces (Chinese,
 * Japanese, Thai, Lao, Khmer, Myanmar) are segmented by the platform's `Intl.Segmenter`, whose
 * ICU dictionaries know their words; only those runs pay for it.
 */
import { type Language, languageForScript, type Script } from './languages.ts';
import { WordCache } from './word-cache.ts';

/** Scripts without spaces, with the kana marks Unicode files under Common and Inherited. */
const UNSPACED_CLASS =
  '[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}ー々\\u3099\\u309a\\uff70\\uff9e\\uff9f]';
const UNSPACED = new RegExp(UNSPACED_CLASS, 'v');
const HAN = /\p{sc=Han}/u;
const HALF_WIDTH = /[\uff61-\uff9f]/;
/** A word: letters, marks and digits, with hyphens and underscores inside (`use-chat`). */
const WORD = /[\p{L}\p{M}\p{N}]+(?:[-_]+[\p{L}\p{M}\p{N}]+)*/gu;
const SPACED_CLASS = `[[\\p{L}\\p{M}\\p{N}]--${UNSPACED_CLASS}]`;
/**
 * For a text with an unspaced script: a run of it (segmented next), or a word of the other
 * letters. Built with RegExp: the `v` flag's class subtraction is newer than the language level
 * tsc checks literals against. About half as fast as WORD, so only such texts use it.
 */
const TOKEN = new RegExp(`${UNSPACED_CLASS}+|${SPACED_CLASS}+(?:[\\-_]+${SPACED_CLASS}+)*`, 'gv');

const SCRIPTS: [Script, RegExp][] = [
  ['Latin', /\p{sc=Latin}/u],
  ['Han', /\p{sc=Han}/u],
  ['Hiragana', /\p{sc=Hiragana}/u],
  ['Katakana', /\p{sc=Katakana}/u],
  ['Hangul', /\p{sc=Hangul}/u],
  ['Cyrillic', /\p{sc=Cyrillic}/u],
  ['Greek', /\p{sc=Greek}/u],
  ['Arabic', /\p{sc=Arabic}/u],
  ['Hebrew', /\p{sc=Hebrew}/u],
  ['Devanagari', /\p{sc=Devanagari}/u],
  ['Thai', /\p{sc=Thai}/u],
  ['Tamil', /\p{sc=Tamil}/u],
  ['Armenian', /\p{sc=Armenian}/u],
  ['Lao', /\p{sc=Lao}/u],
  ['Khmer', /\p{sc=Khmer}/u],
  ['Myanmar', /\p{sc=Myanmar}/u],
];

/** The script of a character (the first letter of a word decides the word's). */
export function scriptOfChar(char: string): Script {
  const code = char.charCodeAt(0);
  if (code < 0x80) return 'Latin';
  // The prolonged sound mark and iteration marks are "Common" but belong to Japanese words.
  if (char === 'ー' || char === '々') return code === 0x30fc ? 'Katakana' : 'Han';
  for (const [script, pattern] of SCRIPTS) if (pattern.test(char)) return script;
  return 'Other';
}

/** The script of a word: of its first letter (digits and marks are shared by all). */
export function scriptOf(word: string): Script {
  for (const char of word) {
    if (char.charCodeAt(0) < 0x80) {
      if (/[A-Za-z]/.test(char)) return 'Latin';
      continue;
    }
    if (/\p{L}/u.test(char)) return scriptOfChar(char);
  }
  return 'Latin';
}

/** Whether a script writes words without spaces between them. */
export function isUnspaced(script: Script): boolean {
  return (
    script === 'Han' ||
    script === 'Hiragana' ||
    script === 'Katakana' ||
    script === 'Thai' ||
    script === 'Lao' ||
    script === 'Khmer' ||
    script === 'Myanmar'
  );
}

const SEGMENTER_LOCALES: Partial<Record<Script, string>> = {
  Han: 'zh',
  Hiragana: 'ja',
  Katakana: 'ja',
  Thai: 'th',
  Lao: 'lo',
  Khmer: 'km',
  Myanmar: 'my',
};
const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(run: string, language: Language): Intl.Segmenter {
  // Japanese text mixes Han with kana: the page's language decides, else the script.
  const script = scriptOf(run);
  const locale =
    languageForScript(language, script) === language && language.tag !== 'und'
      ? language.tag
      : (SEGMENTER_LOCALES[script] ?? 'und');
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  return segmenter;
}

/**
 * The words of a run of an unspaced script. Short runs (a word or a phrase between punctuation
 * and Latin words) recur across pages, and segmenting is the costly part of such a text, so
 * their words are kept; long runs are sentences that seldom recur.
 */
const MAX_KEPT_RUN = 12;
const runWords = new WordCache(20_000, segmentRun);

function segmentRun(token: string, language: Language): string[] {
  // Half-width kana are composed first: the segmenter's dictionary knows the full forms.
  const run = HALF_WIDTH.test(token) ? token.normalize('NFKC') : token;
  const stopWords = languageForScript(language, 'Han').stopWords;
  const found: string[] = [];
  let single: string | undefined;
  for (const segment of segmenterFor(run, language).segment(run)) {
    if (!segment.isWordLike) continue;
    const word = segment.segment;
    found.push(word);
    // ICU's dictionary lacks many modern words (文档, 组件, 链接, 插件) and cuts them into
    // characters: two such characters in a row also count as one word, as a bigram index has it.
    const isSingle = word.length === 1 && HAN.test(word) && !stopWords.has(word);
    if (isSingle && single !== undefined) found.push(single + word);
    single = isSingle ? word : undefined;
  }
  return found;
}

/**
 * Whether a text has a run of an unspaced script. A text without one has words that never span
 * a space or a line break, so its parts may be split apart (`spacedWords`).
 */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED.test(text);
}

/** `words` of a text that has no unspaced script (`hasUnspacedScript`). */
export function spacedWords(text: string): string[] {
  const found = text.match(WORD) ?? [];
  return HANGUL.test(text) ? apartFromHangul(found) : found;
}

const HANGUL = /\p{sc=Hangul}/u;
/** Between a Hangul syllable and a Latin letter or digit, either way round. */
const HANGUL_EDGE =
  /(?<=\p{sc=Hangul})(?=[\p{sc=Latin}\p{N}])|(?<=[\p{sc=Latin}\p{N}])(?=\p{sc=Hangul})/u;

/**
 * Korean writes its particles straight after a name or a number (`Starlight의`, `Vercel에`,
 * `404를`): the name is a word of its own, as the same name is in the text around it.
 */
export function apartFromHangul(found: string[]): string[] {
  const apart: string[] = [];
  for (const word of found) {
    if (HANGUL_EDGE.test(word)) for (const part of word.split(HANGUL_EDGE)) apart.push(part);
    else apart.push(word);
  }
  return apart;
}

/** The words of a text in order, as written (case kept: it tells identifiers apart). */
export function words(text: string, language: Language): string[] {
  if (!hasUnspacedScript(text)) return spacedWords(text);
  const found: string[] = [];
  for (const token of text.match(TOKEN) ?? []) {
    // A run of an unspaced script starts with one (and no other token contains one).
    if (token.charCodeAt(0) < 0x0e00 || !UNSPACED.test(token[0]!)) {
      if (HANGUL.test(token)) for (const part of apartFromHangul([token])) found.push(part);
      else found.push(token);
      continue;
    }
    const segmented =
      token.length <= MAX_KEPT_RUN ? runWords.get(token, language) : segmentRun(token, language);
    for (const word of segmented) found.push(word);
  }
  return found;
}

/**
 * An English contraction's ending after a word (`I'd`, `you'll`, `we're`, `don't`, `Vite's`),
 * straight or curly apostrophe: not a word of the question. Split off, it would be one (`re`,
 * `ll`), and joined back to the word before as an identifier would be another (`id` of `I'd`,
 * a common name in code).
 */
const CONTRACTION = /(?<=\p{L})(?:n['’]t|['’](?:d|ll|re|ve|m|s))(?![\p{L}\p{M}\p{N}_-])/giu;

/** A question's text without the endings of English contractions (`I'd like` → `I like`). */
export function withoutContractions(text: string): string {
  // "can't" is "can" and its ending, where the others drop "n't" ("don't": "do").
  return text.replace(CONTRACTION, (ending, at: number) =>
    ending[0] === 'n' && text.slice(at - 2, at).toLowerCase() === 'ca' ? 'n' : '',
  );
}
