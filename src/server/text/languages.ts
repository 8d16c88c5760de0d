/**
 * What the tokenizer knows of each language: the scripts it is written in, its stemmer and its
 * stop words. Stemmers are the Snowball project's (`@orama/stemmers` ports them all, and
 * `stemmer`, Porter's original, for English: same output as Orama's English port, four times
 * faster, and the stems the index was tuned with). Stop words are `@orama/stopwords`: Snowball's
 * lists where Snowball has one, stopwords-iso's for the rest.
 */

import { stemmer as arabic } from '@orama/stemmers/arabic';
import { stemmer as armenian } from '@orama/stemmers/armenian';
import { stemmer as bulgarian } from '@orama/stemmers/bulgarian';
import { stemmer as danish } from '@orama/stemmers/danish';
import { stemmer as dutch } from '@orama/stemmers/dutch';
import { stemmer as finnish } from '@orama/stemmers/finnish';
import { stemmer as french } from '@orama/stemmers/french';
import { stemmer as german } from '@orama/stemmers/german';
import { stemmer as greek } from '@orama/stemmers/greek';
import { stemmer as hungarian } from '@orama/stemmers/hungarian';
import { stemmer as hindi } from '@orama/stemmers/indian';
import { stemmer as indonesian } from '@orama/stemmers/indonesian';
import { stemmer as irish } from '@orama/stemmers/irish';
import { stemmer as italian } from '@orama/stemmers/italian';
import { stemmer as lithuanian } from '@orama/stemmers/lithuanian';
import { stemmer as nepali } from '@orama/stemmers/nepali';
import { stemmer as norwegian } from '@orama/stemmers/norwegian';
import { stemmer as portuguese } from '@orama/stemmers/portuguese';
import { stemmer as romanian } from '@orama/stemmers/romanian';
import { stemmer as russian } from '@orama/stemmers/russian';
import { stemmer as serbian } from '@orama/stemmers/serbian';
import { stemmer as spanish } from '@orama/stemmers/spanish';
import { stemmer as swedish } from '@orama/stemmers/swedish';
import { stemmer as tamil } from '@orama/stemmers/tamil';
import { stemmer as turkish } from '@orama/stemmers/turkish';
import { stemmer as ukrainian } from '@orama/stemmers/ukrainian';
import { stopwords as arabicStop } from '@orama/stopwords/arabic';
import { stopwords as armenianStop } from '@orama/stopwords/armenian';
import { stopwords as bulgarianStop } from '@orama/stopwords/bulgarian';
import { stopwords as danishStop } from '@orama/stopwords/danish';
import { stopwords as dutchStop } from '@orama/stopwords/dutch';
import { stopwords as englishStop } from '@orama/stopwords/english';
import { stopwords as finnishStop } from '@orama/stopwords/finnish';
import { stopwords as frenchStop } from '@orama/stopwords/french';
import { stopwords as germanStop } from '@orama/stopwords/german';
import { stopwords as greekStop } from '@orama/stopwords/greek';
import { stopwords as hungarianStop } from '@orama/stopwords/hungarian';
import { stopwords as hindiStop } from '@orama/stopwords/indian';
import { stopwords as indonesianStop } from '@orama/stopwords/indonesian';
import { stopwords as irishStop } from '@orama/stopwords/irish';
import { stopwords as italianStop } from '@orama/stopwords/italian';
import { stopwords as japaneseStop } from '@orama/stopwords/japanese';
import { stopwords as lithuanianStop } from '@orama/stopwords/lithuanian';
import { stopwords as chineseStop } from '@orama/stopwords/mandarin';
import { stopwords as nepaliStop } from '@orama/stopwords/nepali';
import { stopwords as norwegianStop } from '@orama/stopwords/norwegian';
import { stopwords as portugueseStop } from '@orama/stopwords/portuguese';
import { stopwords as romanianStop } from '@orama/stopwords/romanian';
import { stopwords as russianStop } from '@orama/stopwords/russian';
import { stopwords as serbianStop } from '@orama/stopwords/serbian';
import { stopwords as spanishStop } from '@orama/stopwords/spanish';
import { stopwords as swedishStop } from '@orama/stopwords/swedish';
import { stopwords as tamilStop } from '@orama/stopwords/tamil';
import { stopwords as turkishStop } from '@orama/stopwords/turkish';
import { stemmer as porter } from 'stemmer';

/** The scripts the tokenizer tells apart (Unicode script names). */
export type Script =
  | 'Latin'
  | 'Cyrillic'
  | 'Greek'
  | 'Armenian'
  | 'Arabic'
  | 'Hebrew'
  | 'Devanagari'
  | 'Tamil'
  | 'Han'
  | 'Hiragana'
  | 'Katakana'
  | 'Hangul'
  | 'Thai'
  | 'Lao'
  | 'Khmer'
  | 'Myanmar'
  | 'Other';

export interface Language {
  /** BCP-47 primary language subtag (`pt` for `pt-BR`). */
  tag: string;
  /** Words in other scripts (code, product names) are processed as their script's default. */
  scripts: readonly Script[];
  stem?: (word: string) => string;
  stopWords: ReadonlySet<string>;
}

const language = (
  tag: string,
  scripts: Script[],
  stem: ((word: string) => string) | undefined,
  stopWords: readonly string[] = [],
): Language => ({ tag, scripts, ...(stem && { stem }), stopWords: withContractions(stopWords) });

/**
 * Words are split at apostrophes, so a listed contraction ("doesn't", "isn't") reaches the list
 * as its first part ("doesn"): that part is a stop word too. A negation is often typed without
 * its apostrophe ("dont", "doesnt"): that spelling is one too. Other contractions are not, as
 * they would make words of their own ("we'll", "she'll": "well", "shell").
 */
function withContractions(stopWords: readonly string[]): Set<string> {
  const set = new Set(stopWords);
  for (const word of stopWords) {
    const [first, ...rest] = word.split(/['’]/);
    if (rest.length > 0 && first) set.add(first);
    if (first && rest.length === 1 && rest[0] === 't' && first.endsWith('n')) set.add(`${first}t`);
  }
  return set;
}

/**
 * Orama's Ukrainian stop list (stopwords-iso's), read right: it ships with і, ї and є written
 * as box-drawing characters (`в╡д` for "від", `╞х` for "їх") and lower-case і as capital
 * (`вІн` for "він"), so that most of its words never matched a word of a page or a question.
 */
const UKRAINIAN_STOP = [
  ...`з й що та із але цей коли як чого хоча нам якої чи це від про і їх є інших ти він вона
    воно ми ви вони`.split(/\s+/),
];

/**
 * Snowball's Turkish stemmer strips one chain of suffixes: a case ending goes, the possessive
 * before it stays, so "tarayıcıda" ("in the browser") is `tarayıcı` while "tarayıcı" and
 * "tarayıcında" ("in your browser") are `tarayıç`; "bileşenleri" is `bileşen`, "bileşeni"
 * `bileşe`. Stemming the stem again, while what is left keeps `minLength` letters or more, lets
 * the forms of one word meet. It also cuts short words to their first syllable ("dene", "try",
 * is `de`, while "deneme" is `dene`): a stem of fewer than three letters is not taken, the word
 * stays whole.
 */
export function settled(stem: (word: string) => string, minLength = 4): (word: string) => string {
  const once = (word: string): string => {
    const result = stem(word);
    return result.length < 3 ? word : result;
  };
  return (word) => {
    let result = once(word);
    for (let pass = 0; pass < 4; pass++) {
      const next = once(result);
      if (next === result || next.length < minLength) break;
      result = next;
    }
    return result;
  };
}

/**
 * Snowball's Turkish list has "sonra" (after) but not its pair "önce" (before, first), which
 * opens as many sentences; the stemmer makes it `ö`.
 */
const TURKISH_STOP = [...turkishStop, 'önce'];

const LATIN: Script[] = ['Latin'];
const CYRILLIC: Script[] = ['Cyrillic'];

const LANGUAGES: Language[] = [
  // Orama's English list (Snowball's) lacks "a"; "use" and "using" open most questions and
  // most lines of docs, and were stop words of the index before this module.
  language('en', LATIN, porter, [...englishStop, 'a', 'use', 'using']),
  language('ar', ['Arabic'], arabic, arabicStop),
  language('bg', CYRILLIC, bulgarian, bulgarianStop),
  language('da', LATIN, danish, danishStop),
  language('de', LATIN, german, germanStop),
  language('el', ['Greek'], greek, greekStop),
  language('es', LATIN, spanish, spanishStop),
  language('fa', ['Arabic'], undefined),
  language('fi', LATIN, finnish, finnishStop),
  language('fr', LATIN, french, frenchStop),
  language('ga', LATIN, irish, irishStop),
  language('he', ['Hebrew'], undefined),
  language('hi', ['Devanagari'], hindi, hindiStop),
  language('hu', LATIN, hungarian, hungarianStop),
  language('hy', ['Armenian'], armenian, armenianStop),
  language('id', LATIN, indonesian, indonesianStop),
  language('it', LATIN, italian, italianStop),
  language('ja', ['Han', 'Hiragana', 'Katakana'], undefined, japaneseStop),
  language('ko', ['Hangul', 'Han'], undefined),
  language('lt', LATIN, lithuanian, lithuanianStop),
  language('ne', ['Devanagari'], nepali, nepaliStop),
  language('nl', LATIN, dutch, dutchStop),
  language('no', LATIN, norwegian, norwegianStop),
  language('pt', LATIN, portuguese, portugueseStop),
  language('ro', LATIN, romanian, romanianStop),
  language('ru', CYRILLIC, russian, russianStop),
  language('sr', ['Cyrillic', 'Latin'], serbian, serbianStop),
  language('sv', LATIN, swedish, swedishStop),
  language('ta', ['Tamil'], tamil, tamilStop),
  language('th', ['Thai'], undefined),
  language('tr', LATIN, settled(turkish), TURKISH_STOP),
  language('uk', CYRILLIC, ukrainian, UKRAINIAN_STOP),
  language('zh', ['Han'], undefined, chineseStop),
];

const BY_TAG = new Map(LANGUAGES.map((entry) => [entry.tag, entry]));
// Macrolanguages and their members that share a stemmer.
for (const [alias, tag] of [
  ['nb', 'no'],
  ['nn', 'no'],
  ['ms', 'id'],
  ['zsm', 'id'],
  ['cmn', 'zh'],
  ['yue', 'zh'],
  ['pes', 'fa'],
] as const) {
  BY_TAG.set(alias, BY_TAG.get(tag)!);
}

/**
 * The language of a word whose own language is unknown or written in another script: English
 * for Latin script (the language of code and of most docs), else the main language of the script.
 */
const SCRIPT_DEFAULTS: Partial<Record<Script, Language>> = {
  Latin: BY_TAG.get('en')!,
  Cyrillic: BY_TAG.get('ru')!,
  Greek: BY_TAG.get('el')!,
  Armenian: BY_TAG.get('hy')!,
  Devanagari: BY_TAG.get('hi')!,
  Tamil: BY_TAG.get('ta')!,
  Han: BY_TAG.get('zh')!,
  Hiragana: BY_TAG.get('ja')!,
  Katakana: BY_TAG.get('ja')!,
  Hangul: BY_TAG.get('ko')!,
  Thai: BY_TAG.get('th')!,
};

/** No stemming, no stop words: for scripts no language here is written in. */
const PLAIN: Language = { tag: 'und', scripts: [], stopWords: new Set() };

/** Neither given nor known: every word is processed as its script's default. */
export const NEUTRAL: Language = { tag: 'und', scripts: [], stopWords: new Set() };

/** The primary subtag of a BCP-47 tag, lower-cased (`zh-Hans-CN` -> `zh`); undefined for none. */
export function primaryTag(tag: string | undefined): string | undefined {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return primary ? primary : undefined;
}

/**
 * The last tag `languageOf` was given and its language: indexing asks for each section's (a
 * page's sections, and a site's pages in runs, share one) several times.
 */
let lastTag: string | undefined;
let lastLanguage: Language = NEUTRAL;

/** The language of a BCP-47 tag (`pt-br`, `zh-CN`, `ja`); NEUTRAL when unknown or missing. */
export function languageOf(tag: string | undefined): Language {
  if (tag === lastTag) return lastLanguage;
  const primary = primaryTag(tag);
  lastLanguage = (primary && BY_TAG.get(primary)) || NEUTRAL;
  lastTag = tag;
  return lastLanguage;
}

/** How a word in `script` is processed on a page (or in a question) in `language`. */
export function languageForScript(language: Language, script: Script): Language {
  if (language.scripts.includes(script)) return language;
  return SCRIPT_DEFAULTS[script] ?? PLAIN;
}

/** The tags of every language with a stemmer or stop words, for documentation and tests. */
export function knownLanguages(): string[] {
  return LANGUAGES.map((entry) => entry.tag);
}
