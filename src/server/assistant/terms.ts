/**
 * Word normalisation for matching a question against quotable snippets. Deliberately small:
 * ranking is the search index's job; this only decides which retrieved lines answer the question.
 */

const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be because been before being below
  between both but by can could did do does doing don down during each few for from further get
  had has have having he her here hers how i if in into is it its itself just let like me more
  most my no nor not now of off on once only or other our out over own same she should so some
  such than that the their them then there these they this those through to too under until up
  use used using very want was way we were what when where which while who whom why will with
  would you your yours docs doc documentation example examples work works need`.split(/\s+/),
);

/** A word that `contentTerms` splits: hyphens, underscores or a lower-to-upper case step. */
const COMPOUND = /[-_]|[a-z0-9][A-Z]/;

/** Lower-cased, lightly stemmed content words of a text, in order (duplicates kept). */
export function contentTerms(text: string): string[] {
  const words = text.match(/[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*/g);
  if (!words) return [];
  const terms: string[] = [];
  const add = (word: string) => {
    if (!STOPWORDS.has(word) && word.length >= 2) terms.push(stem(word));
  };
  for (const word of words) {
    // `useChat`, `use-chat` and `use_chat` all meet as `usechat`; `embedMany` also as `embed`
    // and `many`, so a question in plain words still meets the identifier.
    if (!COMPOUND.test(word)) {
      // most words: no parts to split off (and no array for them; every answer reads thousands)
      add(word.toLowerCase());
      continue;
    }
    add(word.replace(/[-_]/g, '').toLowerCase());
    for (const part of word.split(/[-_]|(?<=[a-z0-9])(?=[A-Z])/)) add(part.toLowerCase());
  }
  return terms;
}

/** Strips common English inflections so `streaming`, `streams` and `streamed` meet. */
export function stem(word: string): string {
  if (word.length <= 4) return word;
  let base = word;
  if (base.endsWith('ies')) base = `${base.slice(0, -3)}y`;
  else if (base.endsWith('ions') && base.length > 7) base = base.slice(0, -4);
  else if (base.endsWith('ion') && base.length > 6) base = base.slice(0, -3);
  else if (base.endsWith('ing') && base.length > 6) base = base.slice(0, -3);
  else if (base.endsWith('ed') && base.length > 5) base = base.slice(0, -2);
  else if (base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1);
  // `cache`/`caching`, `generate`/`generation`: drop the silent e both ways
  return base.endsWith('e') && base.length > 4 ? base.slice(0, -1) : base;
}
