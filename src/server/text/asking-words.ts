/**
 * The words a reader puts a question with, not what the question is about: the answer's
 * question reading (assistant/question.ts) drops or lightly weighs them, and search looks the
 * question's other words up first (docs-index/engine.ts). Docs seldom write "I want" or "a way
 * to", so on a site's figures each of these is among the rarest words of a question, which
 * rarity alone would take for its most specific.
 */
import { type Language, languageOf, primaryTag, tokenize } from './terms.ts';

/**
 * A reader's vague words: amounts, sizes and placeholders ("a bit", "the little
 * icons", "some stuff", "get rid of"), which no page holds as what it is about.
 */
const VAGUE_WORDS_TEXT = `little bit lot lots stuff thing things something
  anything somewhere anywhere rid`;

/**
 * Words of questions about docs that name nothing the docs could hold ("how do I use…", "is
 * there a way to…", "the docs"), on top of the tokenizer's stop words.
 */
export const QUESTION_STOP_WORDS_TEXT = `use used using uses want wants need needs way like get gets
  docs doc documentation example examples let also may might must shall instead rather even
  though although actually really just anyway somehow already whole entire one ones
  ${VAGUE_WORDS_TEXT}`;

/**
 * The same words of asking ("I want", "I need", "a way to") in the languages docs are most
 * often translated into, as readers write them: the translated pages seldom say "I want", so
 * each would weigh as the rarest word of the question.
 */
export const QUESTION_STOP_WORDS_IN: Record<string, string> = {
  de: `will willst wollen möchte möchtest möchten hätte hätten gern gerne brauche brauchst
    brauchen benötige benötigen weg`,
  es: `quiero quieres quiere queremos quisiera quisiéramos necesito necesitas necesita necesitamos
    forma manera`,
  fr: `veux voudrais voulons voudrions souhaite souhaitons souhaiterais besoin faut moyen façon
    manière`,
  it: `voglio vorrei vogliamo vorremmo bisogno serve servirebbe devo dobbiamo maniera`,
  pt: `quero queria queremos gostaria gostaríamos preciso precisamos precisaria forma maneira
    jeito`,
  ru: `хочу хочется хотел хотела хотелось хотим нужно нужен нужна нужны надо способ`,
  uk: `хочу хочеться хотів хотіла хотілося хочемо потрібно потрібен потрібна треба спосіб`,
  // "Not" and "have not", which the Chinese stop list lacks: 没什么用 "of no use".
  zh: `没 没有`,
};

/**
 * Verbs of asking: how a question is put, seldom what it is about. Irregular forms are listed
 * too: the stemmer leaves "shown" and "made" apart from "show" and "make".
 */
export const FILLER_WORDS_TEXT = `show make add set change put keep give tell find know see try go
  take turn look happen write create start run shown made kept given gave told found known seen
  saw gone went taken took written wrote ran`;

const askingTerms = new Map<string, ReadonlySet<string>>();

/**
 * The terms of the words of asking in a language (English's, and the language's own), as the
 * language's stemmer makes them: the stop words above. Not the verbs of asking, which search
 * keeps in their place: "keep", "write" or "show" is often what a search is about ("keeps
 * resending", "stop writing").
 */
export function askingTermsOf(language: Language | string | undefined): ReadonlySet<string> {
  const resolved = typeof language === 'object' ? language : languageOf(language);
  const primary = primaryTag(resolved.tag) ?? 'und';
  let terms = askingTerms.get(primary);
  if (!terms) {
    const own = QUESTION_STOP_WORDS_IN[primary];
    terms = new Set([
      ...tokenize(QUESTION_STOP_WORDS_TEXT, 'en'),
      ...(own ? tokenize(own, resolved) : []),
    ]);
    askingTerms.set(primary, terms);
  }
  return terms;
}
