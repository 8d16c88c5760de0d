/**
 * How much of the question a line or a section holds, each word weighted by how rare it is on
 * the site (a rare word such as `streamText` says more about what was asked than `text`), and
 * whether the retrieved sections answer the question at all: the docs cover it when one
 * section holds enough of the question's weight. A word the section lacks counts against it;
 * the rarer the word, the more, and a word the whole site never uses the most.
 */
import type { LanguageRarity } from '../docs-index/types.ts';

/** One word of the question: its term, or an identifier's whole term followed by its parts. */
export interface TermGroup {
  terms: string[];
  /** The rarity of each term (same order). */
  rarities: number[];
  /** A verb of asking ("show", "make"), weighed lightly. */
  filler: boolean;
  /**
   * A word of what the reader selected. The selection's words are alternatives: an answer
   * about a selection explains one of its names, not all of them at once.
   */
  selected?: boolean;
  /** `useChat`, `server_port`: the whole term names the thing; a part alone does not. */
  identifier: boolean;
  /** A name the question writes that the whole site never uses ("Netlify"). */
  absentName?: boolean;
  /**
   * The terms are pieces of one word (Korean syllable pairs, the words of a German compound
   * joined by hyphens): each held counts its share.
   */
  pieces?: boolean;
  weight: number;
}

export interface WeightedQuestion {
  groups: TermGroup[];
  /** Every term of every group. */
  terms: string[];
  total: number;
}

/** How rare terms are: the site's whole index when known, else the retrieved snippets. */
export interface Rarity {
  termFrequency?: (term: string) => number;
  /** The term of the site a word it never uses is a typo of, if any (see readTypos). */
  readingOf?: (term: string) => string | undefined;
  sectionCount: number;
  /** The language the site is written in first (BCP-47), when it publishes several. */
  defaultLanguage?: string;
  /** How rare terms are within one language's pages, when the site publishes several. */
  rarityIn?: (language: string) => LanguageRarity;
}

/**
 * A hyphenated word counts by its parts when the docs spell it otherwise ("re-bundle" and
 * "bundle"); an identifier's parts count for half (`chat` is not `useChat`).
 */
const IDENTIFIER_PART_SHARE = 0.5;
/** A verb of asking ("show", "make") weighs this share of its rarity. */
const FILLER_SHARE = 0.3;
/**
 * A word the whole site never uses weighs this many times the rarest word it does use: it names
 * what the site is not about ("Django", "autumn"), where a word the site uses once or twice
 * ("twice", "pictures") is still of its vocabulary, however the reader happens to put it.
 */
const ABSENT_SHARE = 1.5;

/**
 * Whether a word the whole site never uses says the question is about something else: in the
 * language the site is written in first, yes (its authors' own vocabulary, every page); in a
 * language it is translated into, only when the word is a name. A translation says the same
 * things in one translator's words, and readers asking in that language use everyday words of
 * their own ("vient", "suffit") that no page happens to hold; a name ("Django") is written the
 * same in any language and still names what the site is not about.
 */
export function absentWordsTell(rarity: Rarity | undefined, language: string | undefined): boolean {
  const site = rarity?.defaultLanguage;
  return !site || !language || language.toLowerCase() === site.toLowerCase();
}
/**
 * Whether, in a question written without a capital letter ("celery task retry with exponential
 * backoff"), a word the site never uses is read as a name: no capital tells a product's name
 * from a word of the reader's there, and a search-style query's words are all what it asks
 * about. Only in the language the site is written in first, as any absent word (see
 * absentWordsTell); a closed compound of the site's words stays a word of its vocabulary.
 */
function uncasedNames(rarity: Rarity | undefined, language: string | undefined): boolean {
  return rarity?.termFrequency !== undefined && absentWordsTell(rarity, language);
}
/**
 * A name the question writes (a product, a tool, an API: "Netlify", `getServerSideProps`) that
 * the whole site never uses weighs this many times the rarest word it does use: a question about
 * a neighbouring product shares most of its other words with the site (React, deploy, config).
 */
const ABSENT_NAME_SHARE = 2.5;

export function weighQuestion(
  words: {
    terms: string[];
    identifier: boolean;
    filler: boolean;
    name?: boolean;
    selected?: boolean;
    pieces?: boolean;
    joined?: boolean;
  }[],
  rarity: Rarity | undefined,
  snippetTerms: Set<string>[],
  /** The reader's language (BCP-47), when the site publishes several. */
  language?: string,
  /** Written without a capital letter (see uncasedNames). */
  uncased = false,
): WeightedQuestion {
  const terms = [...new Set(words.flatMap((w) => w.terms))];
  const frequency = rarity?.termFrequency
    ? rarity.termFrequency
    : localFrequency(terms, snippetTerms);
  // On a site in several languages, rarity within the reader's: a translation's words are
  // rare or common among its own pages, not among every language's.
  const own = rarity?.termFrequency && language ? rarity.rarityIn?.(language) : undefined;
  const inLanguage = own && own.sectionCount > 0 ? own : undefined;
  const count = inLanguage
    ? inLanguage.sectionCount
    : rarity?.termFrequency
      ? rarity.sectionCount
      : snippetTerms.length;
  // Inverse document frequency. Among the retrieved snippets, a term none holds weighs as one
  // held by a single snippet: the reader's own word for something the docs may name otherwise.
  // A term only other languages' pages hold weighs as one held once in the reader's.
  const known = rarity?.termFrequency !== undefined;
  const absentShare = absentWordsTell(rarity, language) ? ABSENT_SHARE : 1;
  // Sections of the reader's language holding the term (the whole site's when rarity is not
  // known per language); 0 when no page holds it.
  const heldByReaders = (term: string, anywhere = frequency(term)) =>
    inLanguage && anywhere > 0 ? inLanguage.termFrequency(term) : anywhere;
  const idf = (term: string, filler: boolean, name: boolean) => {
    const anywhere = frequency(term);
    const held = heldByReaders(term, anywhere);
    const share = anywhere > 0 || filler || !known ? 1 : name ? ABSENT_NAME_SHARE : absentShare;
    return Math.log(1 + (count + 1) / (Math.max(held, 1) + 0.5)) * share;
  };
  // A Korean word counts by its stem; two forms of one (테마를, 테마로) count once. Words joined
  // by hyphens have no ending to leave out.
  const stems = new Set<string>();
  const read = words.flatMap((w) => {
    if (!w.pieces || w.joined || !known) return [w];
    const terms = stemPieces(w.terms, (term) => heldByReaders(term) > 0);
    const key = terms.join(' ');
    if (stems.has(key)) return [];
    stems.add(key);
    return [{ ...w, terms }];
  });
  const namesUnmarked = uncased && uncasedNames(rarity, language);
  const groups = read.map(({ terms: own, identifier, filler, name = false, selected, pieces }) => {
    // A closed compound the site never writes ("stylesheet") counts by the parts it does write
    // ("style", "sheet"), as a hyphenated word does: it is of the site's vocabulary after all.
    // A name is one thing, not its parts ("Dockerfile").
    const parts =
      known && own.length === 1 && !filler && !name && !pieces
        ? compoundParts(own[0]!, frequency)
        : undefined;
    const named = name || (namesUnmarked && !filler && !selected && !pieces && !parts);
    const terms = parts ? [own[0]!, ...parts] : own;
    // An identifier's parts are words of the site: only the whole is the name.
    const rarities = terms.map((term, i) =>
      idf(term, filler || parts !== undefined, named && i === 0),
    );
    // A name written with a hyphen whose parts the site writes ("Rolldown-based", "Astro-powered")
    // is the site's own name in the reader's phrasing, not one it never uses.
    const absentName =
      named &&
      known &&
      !filler &&
      frequency(terms[0]!) === 0 &&
      !(!identifier && terms.length > 2 && terms.slice(1).every((t) => frequency(t) > 0));
    return {
      terms,
      rarities,
      identifier,
      filler,
      ...(absentName && { absentName }),
      ...(selected && { selected }),
      ...(pieces && { pieces }),
      weight: Math.max(...rarities) * (filler ? FILLER_SHARE : 1),
    };
  });
  const all = [...new Set(groups.flatMap((g) => g.terms))];
  const question: WeightedQuestion = { groups, terms: all, total: 0 };
  question.total = combine(question, (g) => g.weight);
  return question;
}

/**
 * The question with the names the site never uses weighed as any word it never uses: for a
 * section that holds every other word of the question, such a name is the reader's own (their
 * company, their machine: "the Globex brand", "on my MacBook"), not what they ask about.
 * Undefined when the question writes no such name.
 */
export function withIncidentalNames(question: WeightedQuestion): WeightedQuestion | undefined {
  if (!question.groups.some((g) => g.absentName)) return undefined;
  const scale = ABSENT_SHARE / ABSENT_NAME_SHARE;
  const groups = question.groups.map((g) =>
    g.absentName
      ? {
          ...g,
          rarities: g.rarities.map((r, i) => (i === 0 ? r * scale : r)),
          weight: Math.max(g.rarities[0]! * scale, ...g.rarities.slice(1)),
        }
      : g,
  );
  const plain: WeightedQuestion = { groups, terms: question.terms, total: 0 };
  plain.total = combine(plain, (g) => g.weight);
  return plain;
}

/**
 * Whether every word of the question but its absent names and verbs of asking is held whole,
 * and there are enough of them for the name to be incidental: in "the capital of Australia"
 * or "Django models" the name is half of what is asked, however common the rest.
 */
export function holdsAllButNames(question: WeightedQuestion, held: number[]): boolean {
  let context = 0;
  for (let i = 0; i < question.groups.length; i++) {
    const g = question.groups[i]!;
    if (g.absentName || g.filler || g.selected) continue;
    if (held[i] !== 1) return false;
    context++;
  }
  return context >= INCIDENTAL_NAME_CONTEXT;
}

/** Words of the question besides a name that a section must hold whole for it to be incidental. */
const INCIDENTAL_NAME_CONTEXT = 2;

/**
 * The pieces of a Korean word its stem is written with. A word carries its particle or ending
 * at its end, one or two syllables (사이드바를, 순서대로, 보여주고), and the pair that joins it to
 * the stem is one no page need hold: the stem is the word without them, as long as the pages of
 * the reader's language hold all of its pairs. A word whose stem they do not hold stays whole:
 * it may name what the site is not about.
 */
function stemPieces(pairs: string[], held: (term: string) => boolean): string[] {
  // n syllables make n - 1 pairs; a stem keeps two syllables (one pair) at least.
  for (let drop = 1; drop <= ENDING_SYLLABLES_MAX; drop++) {
    const stem = pairs.slice(0, pairs.length - drop);
    if (stem.length === 0) break;
    if (stem.every(held)) return stem;
  }
  return pairs;
}

/** Syllables a Korean particle or ending takes at a word's end, at most (에서, 대로). */
const ENDING_SYLLABLES_MAX = 2;

/** Parts of a closed compound are this long at least. */
const COMPOUND_PART_MIN = 4;

/** The two words of the site a word the site never uses is written of, if any. */
function compoundParts(
  term: string,
  frequency: (term: string) => number,
): [string, string] | undefined {
  if (!/^\p{Ll}+$/u.test(term) || frequency(term) > 0) return undefined;
  for (let i = COMPOUND_PART_MIN; i <= term.length - COMPOUND_PART_MIN; i++) {
    const left = term.slice(0, i);
    const right = term.slice(i);
    if (frequency(left) > 0 && frequency(right) > 0) return [left, right];
  }
  return undefined;
}

/**
 * The question's weight held, given what each word holds (its weight times 0..1): the words
 * of the question add up; those of a selection count by the best of them.
 */
export function combine(
  question: WeightedQuestion,
  held: (group: TermGroup, index: number) => number,
): number {
  let asked = 0;
  let selected = 0;
  const { groups } = question;
  for (let index = 0; index < groups.length; index++) {
    const group = groups[index]!;
    const value = held(group, index);
    if (group.selected) selected = Math.max(selected, value);
    else asked += value;
  }
  return asked + selected;
}

function localFrequency(terms: string[], snippetTerms: Set<string>[]): (term: string) => number {
  const counts = new Map(terms.map((t) => [t, 0]));
  for (const set of snippetTerms) {
    for (const term of terms) if (set.has(term)) counts.set(term, counts.get(term)! + 1);
  }
  return (term) => counts.get(term) ?? 0;
}

/** Share of the question's weight held by what `has` accepts (0..1). */
export function heldShare(question: WeightedQuestion, has: (term: string) => boolean): number {
  return shareOf(question, heldByWord(question, has));
}

/** How much of each word of the question (same order as its groups) `has` accepts (0..1). */
export function heldByWord(question: WeightedQuestion, has: (term: string) => boolean): number[] {
  return question.groups.map((group) => groupHeld(group, has));
}

/** Share of the question's weight held, given how much of each word is held (0..1). */
export function shareOf(question: WeightedQuestion, held: number[]): number {
  if (question.total === 0) return 0;
  return combine(question, (group, index) => group.weight * held[index]!) / question.total;
}

/**
 * How much of one word is held (0..1): all of it, or what its parts held are worth. A part is
 * worth its own rarity (the `many` of "many-to-many" is a common word), shared among the parts.
 */
export function groupHeld(group: TermGroup, has: (term: string) => boolean): number {
  const { terms, rarities } = group;
  if (group.pieces) {
    let worth = 0;
    let all = 0;
    for (let i = 0; i < terms.length; i++) {
      all += rarities[i]!;
      if (has(terms[i]!)) worth += rarities[i]!;
    }
    return all === 0 ? 0 : worth / all;
  }
  if (has(terms[0]!)) return 1;
  if (terms.length === 1) return 0;
  let worth = 0;
  for (let i = 1; i < terms.length; i++) if (has(terms[i]!)) worth += rarities[i]!;
  const share = Math.min(1, worth / (terms.length - 1) / Math.max(...rarities));
  return group.identifier ? share * IDENTIFIER_PART_SHARE : share;
}
