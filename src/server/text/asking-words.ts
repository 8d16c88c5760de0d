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
  // "Not" and "have not", which the Chinese stop list lacks (没什么用 "of no use"); "want" and
  // "a way" (想给…加上, 有没有办法).
  zh: `没 没有 想 想要 办法`,
};

/**
 * Verbs of asking: how a question is put, seldom what it is about. Irregular forms are listed
 * too: the stemmer leaves "shown" and "made" apart from "show" and "make".
 */
export const FILLER_WORDS_TEXT = `show make add set change put keep give tell find know see try go
  take turn look happen write create start run shown made kept given gave told found known seen
  saw gone went taken took written wrote ran`;

/**
 * The same verbs in the languages docs are most often translated into, in the forms readers
 * write them (infinitive, first and third person, imperative; stemmers leave irregular forms
 * apart): a translation seldom says "I see" or "it brings", so each would weigh as the rarest
 * word of the question.
 */
export const FILLER_WORDS_IN: Record<string, string> = {
  de: `zeigen zeige zeigt anzeigen machen mache macht gemacht hinzufügen füge fügt setzen setze
    setzt ändern ändere ändert stellen stelle stellt legen lege legt behalten geben gebe gibt
    sagen finden finde findet gefunden wissen weiß sehen sehe sieht versuchen versuche gehen
    geht nehmen nehme nimmt kommen komme kommt schauen schaue schreiben schreibe erstellen
    erstelle starten bekommen bekomme kriegen bringen bringe passiert`,
  es: `mostrar muestro muestra muestre hacer hago hace haga hecho añadir añado añade agregar
    agrego agrega poner pongo pone ponga puesto cambiar cambio cambia mantener dar doy da decir
    digo dice encontrar encuentro encuentra saber sé sabe ver veo ve visto probar pruebo prueba
    ir voy va tomar tomo sacar saco saca mirar miro pasar pasa escribir escribo escrito crear
    creo crea empezar empiezo ejecutar ejecuto traer trae traen obtener obtengo conseguir
    consigo`,
  fr: `montrer montre afficher affiche faire fais fait ajouter ajoute mettre mets met mis changer
    change modifier modifie garder garde donner donne dire dit trouver trouve savoir sais voir
    vois vu essayer essaie aller va prendre prends prend regarder arriver arrive passer passe
    écrire écrit créer crée commencer lancer lance obtenir obtiens`,
  it: `mostrare mostra fare faccio fa aggiungere aggiungo aggiunge mettere metto mette cambiare
    cambio cambia tenere dare do dà dire dico dice trovare trovo trova sapere so vedere vedo
    vede provare provo andare vado va prendere prendo guardare scrivere creare creo crea
    iniziare avviare eseguire ottenere lanciare`,
  pt: `mostrar mostro mostra fazer faço faz adicionar adiciono colocar coloco coloca pôr ponho
    põe mudar mudo muda alterar manter dar dou dá dizer digo diz encontrar encontro achar acho
    saber sei sabe ver vejo vê tentar ir vou vai pegar pego olhar escrever criar crio cria
    começar rodar executar obter conseguir`,
  ru: `показать показывать покажи сделать делать сделай добавить добавлять добавь поставить
    ставить поменять менять изменить сохранить дать давать сказать найти найди нашёл нашел
    знать видеть вижу увидеть попробовать пойти взять брать смотреть посмотреть написать
    писать создать создавать запустить получить происходит`,
  uk: `показати покажи зробити робити зроби додати додавати додай поставити змінити поміняти
    зберегти дати сказати знайти знайшов знати бачити бачу спробувати піти взяти дивитися
    написати створити запустити отримати відбувається`,
};

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
