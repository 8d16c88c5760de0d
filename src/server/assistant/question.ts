/**
 * What the reader asked, as the embedded model's answer needs it: the question's terms, the
 * code-like names it mentions, what kind of answer it wants, and (for a question about a
 * selection) the selection's own names.
 */
import type { ContextItem } from '../../api/types.ts';
import { askingTermsOf, FILLER_WORDS_IN, FILLER_WORDS_TEXT } from '../text/asking-words.ts';
import { languageForScript } from '../text/languages.ts';
import { foldCase, languageOf, primaryTag, scriptOf, tokenize } from '../text/terms.ts';

/**
 * The one place the answer turns text into terms: the shared tokenizer (src/server/text), so
 * that question, sections and the index's rarity figures meet. `language` is the text's own
 * (BCP-47); without it each word is read as its script's default.
 */
export function termsOf(text: string, language?: string): string[] {
  return tokenize(text, language);
}

/**
 * English's `words` and, for a question in another language, that language's own of `byLanguage`
 * (as its terms), worked out once a language.
 */
function withLanguageWords(
  words: Set<string>,
  byLanguage: Record<string, string>,
): (language: string | undefined) => Set<string> {
  const merged = new Map<string, Set<string>>();
  return (language) => {
    const primary = primaryTag(language);
    const own = primary && byLanguage[primary];
    if (!own) return words;
    let found = merged.get(primary);
    if (!found) {
      found = new Set([...words, ...termsOf(own, primary)]);
      merged.set(primary, found);
    }
    return found;
  };
}

/**
 * `how`: steps, commands and code answer it. `what`: a definition or a table row (which, what,
 * where, when). `why`: an explanation. `other`: anything else (a bare topic, an imperative).
 */
export type QuestionKind = 'how' | 'what' | 'why' | 'other';

export interface Question {
  /** Unique terms, in the order they appear. */
  terms: string[];
  /** The question's words: a term each, or an identifier's whole term and its parts. */
  words: QuestionWord[];
  kind: QuestionKind;
  /** Terms of the code-like names the reader typed (`useChat`, `server.port`, `--host`). */
  named: Set<string>;
  /** Written in Chinese, Japanese or Korean: quotes are taken from text written so too. */
  unspaced: boolean;
}

export interface QuestionWord {
  terms: string[];
  /** camelCase or snake_case: the whole names the thing, a part alone does not. */
  identifier: boolean;
  /**
   * A verb of asking ("show", "make", "add") or a number: it says what to do or which value,
   * not what about.
   */
  filler: boolean;
  /**
   * Written as a name: capitalised inside a sentence ("Netlify", "JWT") or as an identifier
   * (`getServerSideProps`). A name the site never uses says the question is about something else.
   */
  name?: boolean;
  /**
   * A Korean word written with its particles or endings (사이드바를, 보여주고): its terms are
   * its overlapping syllable pairs, from the word's start to its end. One word of the question,
   * however many pairs it has.
   */
  pieces?: boolean;
  /**
   * With `pieces`: the pieces are whole words joined by hyphens ("PDF-Dateien"), not a word
   * and its ending: no piece is left out.
   */
  joined?: boolean;
}

/**
 * How questions are asked, in the languages docs are most often translated into: a question
 * in Spanish or Japanese wants steps as much as one in English. Latin-script patterns open the
 * asking sentence (after a `¿`); Chinese, Japanese and Korean ones may stand anywhere in it.
 */
const CJK_HOW =
  '如何|怎么|怎樣|怎样|怎麼|方法|どうすれば|どうやって|どうしたら|どのように|にはどう|には[？?]?$|できますか|られますか|어떻게|방법';
const CJK_WHY = 'なぜ|どうして|为什么|為什麼|왜';
const CJK_WHAT = '什么|什麼|哪|とは|何|どこ|どれ|いつ|무엇|어디|언제';
/**
 * The words of asking in Chinese, Japanese and Korean (어떻게 "how", 방법 "the way to"): no stop
 * word list holds them all, and the docs seldom write them, so they would weigh as the rarest.
 */
const CJK_ASKING = new RegExp(`${CJK_HOW}|${CJK_WHY}|${CJK_WHAT}`, 'gu');

const HOW = new RegExp(
  [
    String.raw`^\s*¿?\s*(?:how\b|can\s+i\b|could\s+i\b|is\s+there\s+(?:a|any)\s+way\b|what(?:'s|\s+is)\s+the\s+(?:best\s+|right\s+|recommended\s+)?way\b|(?:show|tell)\s+me\s+how\b|i\s+(?:want|need|would\s+like)\s+to\b|what\s+(?:should|can|could|do)\s+i\s+(?:do|change|try)\b|what(?:'s|\s+(?:is|am\s+i\s+doing|did\s+i\s+do|went))\s+wrong\b)`,
    // Spanish, Portuguese, Italian, French, German: "how", "can I", "is there a way".
    String.raw`^\s*¿?\s*(?:c[oó]mo|come|comment|wie|puedo|posso|puis-je|kann\s+ich|hay\s+(?:alguna\s+)?(?:forma|manera))(?![\p{L}])`,
    // Russian, Ukrainian, Polish, Dutch, Indonesian, Arabic: "how", "can I", "is it possible".
    String.raw`^\s*(?:как|каким\s+образом|можно\s+ли|могу\s+ли|як|яким\s+чином|чи\s+можна|чи\s+можу|jak|czy\s+mog[eę]|czy\s+mo[zż]na|hoe|kan\s+ik|bagaimana|gimana|cara|bisakah|dapatkah|كيف|كيفية)(?![\p{L}])`,
    // Turkish, Hindi and Vietnamese ask "how" inside the sentence, before the verb.
    String.raw`(?<![\p{L}\p{M}])(?:nas[ıi]l|कैसे|làm\s+(?:sao|thế\s+nào))(?![\p{L}\p{M}])`,
    // Chinese, Japanese, Korean: "how", "the way to", "can I".
    CJK_HOW,
  ].join('|'),
  'iu',
);
const WHY = new RegExp(
  [
    String.raw`^\s*¿?\s*(?:why\b|what\s+(?:causes|happens)\b|por\s+qu[eé]|pourquoi|warum|wieso|perch[eé]|почему|зачем|чому|навіщо|dlaczego|czemu|waarom|mengapa|kenapa|لماذا)(?![\p{L}])`,
    String.raw`(?<![\p{L}\p{M}])(?:neden|niçin|niye|क्यों|tại\s+sao|vì\s+sao)(?![\p{L}\p{M}])`,
    CJK_WHY,
  ].join('|'),
  'iu',
);
const WHAT = new RegExp(
  [
    String.raw`^\s*¿?\s*(?:what|which|where|when|who|is|are|does|do|qu[eé]|cu[aá]l(?:es)?|d[oó]nde|cu[aá]ndo|qual|quais|onde|quando|quel(?:le)?s?|o[uù]|qu'est-ce|cosa|quale|quali|dove|was|welche[rsnm]?|wo|wann|что|какой|какая|какое|какие|где|когда|який|яка|яке|які|що|де|коли|co|jaki|jaka|jakie|gdzie|kiedy|kt[oó]r[ya]|wat|welke?|waar|wanneer|apa|apakah|kapan|mana|hangi|nerede|ne|ما|ماذا|أين|متى|هل)(?![\p{L}'])`,
    // Hindi: "which", "what", "where", "when", inside the sentence.
    String.raw`(?<![\p{L}\p{M}])(?:कौन|क्या|कहाँ|कहां|कब)(?![\p{L}\p{M}])`,
    CJK_WHAT,
  ].join('|'),
  'iu',
);
/** camelCase, dotted.names, --flags, snake_case, `code`, calls(). */
const CODE_WORD =
  /`[^`]+`|(?<![\w-])--?[a-z][\w-]*|\b[\w$]+(?:\.[\w$]+)+\b|\b[a-z]+[A-Z][\w$]*\b|\b\w+_\w+\b|\b\w+\(\)/g;
const QUESTION_WORD = /[\p{L}\p{M}\p{N}]+(?:[-_]+[\p{L}\p{M}\p{N}]+)*/gu;
const IDENTIFIER = /_|[\p{Ll}\p{N}]\p{Lu}/u;
/** Verbs of asking (text/asking-words.ts), weighed lightly. */
const FILLER = new Set(termsOf(FILLER_WORDS_TEXT));

/** The verbs of asking of a question in `language`: English's, and the language's own. */
const fillerWords = withLanguageWords(FILLER, FILLER_WORDS_IN);

export function analyzeQuestion(text: string, language?: string): Question {
  // A question in several sentences ("Streaming works locally. How do I…?"): its kind is
  // that of the sentence that asks.
  const asking =
    text.split(/(?<=[.!?])\s+|(?<=[。！？])/).find((s) => /[?？]$/.test(s.trim())) ?? text;
  // A text that asks nothing reports the reader's problem ("My tests fail with …"): it wants
  // the fix.
  const kind = /[?？]/.test(text) ? kindOf(asking) : orFix(kindOf(text));
  // The words of asking (text/asking-words.ts), on top of the tokenizer's stop words: the set
  // search leaves out too, English's and the language's own.
  const stopWords = askingTermsOf(language);
  const asked = wordsOf(text, language).filter(
    (w) => !(w.terms.length === 1 && stopWords.has(w.terms[0]!)),
  );
  const content = asked.filter(
    (w) =>
      !(
        w.terms.length === 1 &&
        (HIRAGANA_ONLY.test(w.terms[0]!) || ofStopHan(w.terms[0]!, language, stopWords))
      ),
  );
  const words = content.length > 0 ? content : asked;
  return {
    terms: [...new Set(words.flatMap((w) => w.terms))],
    words,
    kind,
    named: namesIn(text, language),
    unspaced: writtenUnspaced(text),
  };
}

/**
 * The question with each word the site never uses read as the site's word it is a typo of
 * (`readingOf`: "serach" as "search", "colour" as "color"), so that coverage, lookup and quote
 * scoring all weigh the word the reader meant. Only a plain word: never a name (capitalised,
 * code-like, an identifier), a verb of asking or a piece of a Korean or German compound.
 */
export function readTypos(
  question: Question,
  readingOf: (term: string) => string | undefined,
): Question {
  let changed = false;
  const words = question.words.map((word) => {
    const [term] = word.terms;
    if (word.terms.length !== 1 || word.identifier || word.name || word.filler || word.pieces)
      return word;
    if (question.named.has(term!)) return word;
    const reading = readingOf(term!);
    if (reading === undefined) return word;
    changed = true;
    return { ...word, terms: [reading] };
  });
  if (!changed) return question;
  return { ...question, words, terms: [...new Set(words.flatMap((w) => w.terms))] };
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Whether a text is written mostly in Chinese, Japanese or Korean: an English question is not
 * answered with a Japanese line, nor the other way round. A Chinese character or a Hangul
 * syllable is a word or most of one, so it counts against the words of other scripts, not
 * their letters: a Chinese line naming `starlight-llms-txt` is still Chinese. Code and the
 * targets of links are nobody's language.
 */
export function writtenUnspaced(text: string): boolean {
  const prose = text
    .replace(/`[^`]*`/g, ' ')
    .replace(LINK_TARGET, ']')
    .replace(URL, ' ');
  const characters = prose.match(CJK)?.length ?? 0;
  const words = prose.replace(CJK, ' ').match(/\p{L}+/gu)?.length ?? 0;
  return characters > 0 && characters >= words;
}
/** Whether Chinese, Japanese or Korean letters are a third of a text's letters or more. */
function lettersMostlyUnspaced(text: string): boolean {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters > 0 && (text.match(CJK)?.length ?? 0) * 3 >= letters;
}
/** `](https://…)` of a Markdown link, and a bare address. */
const LINK_TARGET = /\]\([^)\s]*\)/g;
const URL = /\bhttps?:\/\/\S+/g;

/** Terms of the code-like names in a text (`useChat`, `server.port`, `--host`). */
function namesIn(text: string, language?: string): Set<string> {
  const named = new Set<string>();
  for (const match of text.matchAll(CODE_WORD)) {
    for (const term of termsOf(match[0], language)) named.add(term);
  }
  return named;
}

/**
 * Japanese writes what a sentence is about in kanji and katakana; a word in hiragana alone is
 * its grammar (a particle, an auxiliary, an inflection: ませる, ください) or an everyday verb
 * or adjective (いい), said the reader's way rather than the docs'. Japanese stop word lists
 * hold a few of them; the script tells them all. A question of such words alone keeps them.
 */
const HIRAGANA_ONLY = /^[\p{sc=Hiragana}ー]+$/u;

/**
 * A Chinese word ICU joins from characters that are each a stop word (某一 "a certain", 只在
 * "only in", 一下 "a bit", 我在 "I am"): grammar, however the dictionary groups it. The index
 * keeps such words (search may still meet them); the question is not weighed by them.
 */
function ofStopHan(
  term: string,
  language: string | undefined,
  asking: ReadonlySet<string>,
): boolean {
  if (term.length < 2 || !HAN_ONLY.test(term)) return false;
  const { stopWords } = languageForScript(languageOf(language), 'Han');
  for (const char of term) if (!stopWords.has(char) && !asking.has(char)) return false;
  return true;
}
const HAN_ONLY = /^\p{sc=Han}+$/u;

/** The words of a text, each once: a compound counts once, by its whole term and its parts. */
function wordsOf(text: string, language?: string): QuestionWord[] {
  const words: QuestionWord[] = [];
  const seen = new Set<string>();
  const add = (
    terms: string[],
    identifier: boolean,
    name: boolean,
    pieces = false,
    predicate = false,
    joined = false,
  ) => {
    const key = terms.join(' ');
    if (terms.length === 0 || seen.has(key)) return;
    seen.add(key);
    // A number is the reader's value ("port 3000"); the docs seldom hold that very value.
    const filler = pieces
      ? predicate || terms.every((t) => asking.has(t))
      : terms.length === 1 &&
        (verbs.has(terms[0]!) || /^\d+$/.test(terms[0]!) || asking.has(terms[0]!));
    words.push({
      terms,
      identifier,
      filler,
      ...(name && !filler && { name }),
      ...(pieces && { pieces }),
      ...(joined && { joined }),
    });
  };
  const asking = new Set([...text.matchAll(CJK_ASKING)].flatMap((m) => termsOf(m[0], language)));
  const verbs = fillerWords(language);
  // German and Luxembourgish capitalise every noun: a capital says nothing of a name there.
  const casedNames = !/^(de|lb)\b/i.test(language ?? '');
  // In a question written in Chinese, Japanese or Korean, a word in Latin letters is a name
  // (`Docusaurus`, `Firebase`): those languages write their own words in their own scripts.
  // Only where its letters are mostly theirs: a question naming several things in Latin letters
  // mixes in the words the reader shares with English ("emerald", "global").
  const latinNames = writtenUnspaced(text) && lettersMostlyUnspaced(text);
  for (const match of text.matchAll(QUESTION_WORD)) {
    let at = match.index;
    for (const word of match[0].split(SCRIPT_EDGE)) {
      readWord(word, at);
      at += word.length;
    }
  }
  function readWord(word: string, at: number) {
    const terms = termsOf(word, language);
    const name =
      (casedNames && NAME_START.test(word) && !ACRONYM.test(word) && !opensSentence(text, at)) ||
      (latinNames && LATIN_START.test(word));
    if (joinsPronoun(word, language)) {
      for (const part of word.split('-'))
        for (const term of termsOf(part, language)) add([term], false, false);
    } else if (!casedNames && JOINED_NOUN.test(word)) {
      // German joins a name, an abbreviation or a noun to the noun it qualifies with a hyphen
      // ("PDF-Dateien", "Algolia-DocSearch-Programm"): a compound made for the sentence, which
      // the pages seldom write whole, so it is held by the share of its parts a page holds.
      const parts = word.split('-').flatMap((part) => termsOf(part, language).slice(0, 1));
      add(parts, false, false, true, false, true);
    } else if (/[-_]|[\p{Ll}\p{N}]\p{Lu}/u.test(word)) {
      // Parts of three letters or more (`re` of "re-bundle" says nothing).
      const [whole, ...parts] = terms;
      const identifier = IDENTIFIER.test(word);
      if (whole) {
        add(
          [whole, ...parts.filter((p) => p.length >= 3 && p !== whole)],
          identifier,
          name || identifier,
        );
      }
    } else if (terms.length > 1 && scriptOf(word) === 'Hangul') {
      add(terms, false, name, true, closesSentence(text, at + word.length));
    } else {
      for (const term of terms) add([term], false, name);
    }
  }
  return words;
}

/**
 * Whether the word ending at `at` closes its sentence. Korean puts the verb last: the word that
 * closes a question is how it asks (해요, 있나요, 싶습니다), as "how do I" is in English.
 */
function closesSentence(text: string, at: number): boolean {
  return /^[\s"'”’)]*(?:[.!?。！？]|$)/u.test(text.slice(at));
}

/**
 * Whether a hyphenated word of prose joins a stop word to a word, as French joins a pronoun
 * to its verb ("peut-on", "dois-je", "faut-il"): two words of the sentence, not a compound or
 * a name the docs would write whole. Not in English, where a hyphen joins a compound whose
 * parts may be stop words ("built-in", "add-on").
 */
function joinsPronoun(word: string, tag: string | undefined): boolean {
  const own = languageOf(tag);
  if (own.tag === 'en' || own.stopWords.size === 0 || !PROSE_HYPHENATED.test(word)) return false;
  return word.split('-').some((part) => own.stopWords.has(foldCase(part)));
}

const PROSE_HYPHENATED = /^\p{Ll}*[\p{L}\p{M}]+(?:-\p{Ll}[\p{L}\p{M}]*)+$/u;

/** Words joined by hyphens, the last a capitalised noun ("PDF-Dateien", "woff2-Dateien"). */
const JOINED_NOUN = /^[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*-\p{Lu}\p{Ll}[\p{L}\p{M}]*$/u;

/**
 * The kind a sentence asks for; a sentence that opens with what it is about ("For server-side
 * rendering, how do I…", "En producción, ¿cómo…") asks in the clause after the comma.
 */
function kindOf(asking: string): QuestionKind {
  const kind = kindOfClause(asking);
  if (kind !== 'other') return kind;
  const rest = LEADING_CLAUSE.exec(asking);
  return rest ? kindOfClause(asking.slice(rest[0].length)) : kind;
}

const orFix = (kind: QuestionKind): QuestionKind => (kind === 'other' ? 'how' : kind);

/**
 * A short opening phrase ended by a comma, a dash or a colon, quoting nothing ("For server-side
 * rendering, ", "Exporting traces over OTLP — ", "On Windows: "). A hyphen counts only spaced
 * (" - "), a colon only before a space: `vite-plugin` and `http://` end nothing.
 */
const LEADING_CLAUSE = /^[^,?？、，'"‘“]{3,80}?(?:[,，、]|\s*[—–]|\s-\s|[:：]\s)\s*/u;

function kindOfClause(clause: string): QuestionKind {
  if (WHY.test(clause)) return 'why';
  if (HOW.test(clause)) return 'how';
  if (WHAT.test(clause)) return 'what';
  return 'other';
}

/** Where a word of Latin letters or digits meets Chinese, Japanese or Korean (`Vercel에`). */
const SCRIPT_EDGE =
  /(?<=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}ー])(?=[\p{sc=Latin}\p{N}])|(?<=[\p{sc=Latin}\p{N}])(?=[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}ー])/u;
const LATIN_START = /^\p{sc=Latin}/u;

/**
 * A two-letter abbreviation ("VM", "GA", "DB", "CI"): the shorthand of a common thing of the
 * reader's field, not a product's name, whatever its capitals. Three letters or more ("AWS",
 * "JWT", "SQL") often name a product or a standard. Checked on every set (bench/HISTORY.md,
 * session 22): two readers' settings ("a plain Linux VM", "heavy like GA") were refused for it.
 */
const ACRONYM = /^\p{Lu}{2}$/u;

/** A capital letter opens the word (Latin, Greek or Cyrillic scripts: those that have case). */
const NAME_START = /^\p{Lu}/u;

/** Whether the word at `at` opens a sentence (or the text): its capital says nothing then. */
function opensSentence(text: string, at: number): boolean {
  const before = text.slice(0, at).replace(/[\s"'“‘(¿¡*_`]+$/u, '');
  return before === '' || /[.!?:;。！？]$/u.test(before);
}

/** Words every program has; they say nothing about what a selected snippet does. */
const CODE_KEYWORDS = new Set(
  termsOf(
    `const let var function return await async import export from default new class extends
    true false null undefined this typeof instanceof if else for while switch case break try
    catch finally throw type interface string number boolean void any unknown console log
    require module exports props div span never`,
  ),
);

/** What the reader selected: text, or code (every name in code is worth looking up). */
export interface Selection {
  text: string;
  code: boolean;
}

/** Brackets, calls, assignments, arrows: text with these on most lines is code. */
const CODE_LINE = /[{}();=]|=>|^\s*[\w.$-]+:\s|^\s*(?:import|export|const|let|function)\b/;

/** For a selection of unknown kind: whether most of its lines look like code. */
export function looksLikeCode(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim());
  return lines.length > 0 && lines.filter((l) => CODE_LINE.test(l)).length * 2 >= lines.length;
}

/**
 * What the reader selected, as words to look for: the names in it (every word of code but its
 * keywords; the code-like names of text) count fully, its other words lightly (a question
 * about a selection is about what it names).
 */
export function selectionWords(
  selection: Selection[],
  language?: string,
  limit = 12,
): SelectedWord[] {
  const named = selectionNames(selection, language);
  const code = selection.some((s) => s.code);
  return wordsOf(selection.map(namesText).join('\n'), language)
    .filter((w) => !CODE_KEYWORDS.has(w.terms[0]!) && !/^\d+$/.test(w.terms[0]!))
    .map((w) => ({ ...w, filler: !w.terms.some((t) => named.has(t)), alternative: code }))
    .sort((a, b) => Number(a.filler) - Number(b.filler))
    .slice(0, limit);
}

export interface SelectedWord extends QuestionWord {
  /**
   * A name in selected code: the names of code are alternatives (an answer explains one of
   * them); the words of selected text are read together, like a question's.
   */
  alternative: boolean;
}

/**
 * Words that point at what the reader has in view ("this", "these", "here"), in the languages
 * docs are most often translated into: a question that has one asks about the selection.
 */
const POINTING = new RegExp(
  [
    String.raw`(?<![\p{L}\p{M}])(?:this|these|that|those|it|its|here|above|selected|selection|dies(?:e[rsnm]?)?|das|hier|esto|este|esta|estos|estas|eso|esa|ese|aquí|ceci|cela|ça|ce|cet|cette|ces|ici|isto|isso|aqui|questo|questa|queste|questi|qui|это|этот|эта|эти|здесь|це|цей|ця|ці|тут)(?![\p{L}\p{M}])`,
    'これ|この|ここ|それ|その|这|這|此|이것|이거|여기',
  ].join('|'),
  'iu',
);

/**
 * Whether a question asks about what the reader selected: it points at it ("what does this
 * do?"), names something in it, or says too little to stand alone ("explain"). A question that
 * names things of its own (a task, or three words of another question), none of them in the
 * selection, asks about something else (the reader selected text, then asked another
 * question): it is answered alone.
 */
export function asksAboutSelection(
  question: string,
  selection: Selection[],
  language?: string,
): boolean {
  if (selection.length === 0) return false;
  if (POINTING.test(question)) return true;
  const asked = analyzeQuestion(question, language);
  const own = asked.words.filter((w) => !w.filler);
  // "How do I…?" names the task it asks about; "what is the third argument for?" may name a
  // part of the selection without pointing at it, and a bare "explain" asks about it.
  const task = asked.kind === 'how' && /[?？]/.test(question);
  if (own.length < (task ? 1 : 3)) return true;
  const selected = new Set(selection.flatMap((s) => termsOf(s.text, language)));
  return own.some((w) => w.terms.some((t) => selected.has(t)));
}

/** What the reader selected, as the answer reads it. */
export function selectionOf(context: ContextItem[]): Selection[] {
  return context.map((item) => ({ text: item.value, code: item.type === 'code' }));
}

const KEY_COLON = /\s*:/y;

/**
 * A selection without what names nothing: addresses, and the values in code's strings. A quoted
 * key (JSON's, `'Content-Encoding':`) names an option: it stays.
 */
function namesText({ text, code }: Selection): string {
  const plain = text.replace(/https?:\/\/\S+/g, ' ');
  if (!code) return plain;
  return plain.replace(/(['"`])(?:\\.|(?!\1).)*\1/g, (string, _quote, at: number) => {
    KEY_COLON.lastIndex = at + string.length;
    return KEY_COLON.test(plain) ? string : ' ';
  });
}

/** Terms of the names in what the reader selected: code that holds them may be quoted. */
export function selectionNames(selection: Selection[], language?: string): Set<string> {
  const named = new Set<string>();
  for (const item of selection) {
    const text = namesText(item);
    const terms = item.code
      ? termsOf(text, language).filter((t) => !CODE_KEYWORDS.has(t))
      : namesIn(text, language);
    for (const term of terms) if (!/^\d+$/.test(term)) named.add(term);
  }
  return named;
}
