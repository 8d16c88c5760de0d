/**
 * The first questions a newcomer asks of any doc site: "How do I get started?", "How do I install
 * it?", "What is this?", "Where do I begin?", "quickstart". Every word of them is a word of asking,
 * a pronoun or a word for beginning, so weighing the question's words finds nothing to weigh;
 * what they ask for is the page every doc site has for it: its getting-started, installation or
 * introduction page. Read in English only: other languages' readers ask in their own words.
 */
import { askingTermsOf } from './asking-words.ts';
import { primaryTag, tokenize } from './terms.ts';

/** What a first question asks for: to install, to begin, or what the site is about. */
export type FirstQuestionKind = 'install' | 'start' | 'about';

/** Words (as the English stemmer makes them) that ask how to install or set up. */
const INSTALL_TERMS = new Set(tokenize('install installation installing setup', 'en'));
/** "Set it up", "set this up": to install ("set" alone is a setting, "What is this setting for?"). */
const SET_UP = /\bset\s+(?:(?:it|this|everything|things)\s+)?up\b/i;
const SET = tokenize('set', 'en')[0]!;
const INSTALL_TERM = tokenize('install', 'en')[0]!;
/** Words that ask where to begin. */
const START_TERMS = new Set(
  tokenize(
    'start started begin beginning beginner quickstart quick tutorial basics first steps new newcomer onboarding',
    'en',
  ),
);
/** Words that ask what the site's subject is. */
const ABOUT_TERMS = new Set(tokenize('introduction intro overview explain work', 'en'));

/**
 * The kind of first question a text asks, or undefined when it names anything else ("How do I
 * install the CLI?" is about the CLI). A question with no word left ("What is this?", "What does
 * it do?") asks what the site is about when it asks "what".
 */
export function firstQuestionOf(text: string, language?: string): FirstQuestionKind | undefined {
  const primary = language ? primaryTag(language) : undefined;
  if (primary && primary !== 'en') return undefined;
  if (/[`/@<>{}()[\]=]|\d/.test(text) || text.split(/\s+/).length > FIRST_QUESTION_WORDS_MAX) {
    return undefined;
  }
  const asking = askingTermsOf('en');
  const setUp = SET_UP.test(text);
  const terms = tokenize(text, 'en')
    .filter((t) => !asking.has(t))
    .map((t) => (setUp && t === SET ? INSTALL_TERM : t));
  if (terms.length === 0) return /\bwhat\b/i.test(text) ? 'about' : undefined;
  const known = (t: string) => INSTALL_TERMS.has(t) || START_TERMS.has(t) || ABOUT_TERMS.has(t);
  if (!terms.every(known)) return undefined;
  if (terms.some((t) => INSTALL_TERMS.has(t))) return 'install';
  if (terms.some((t) => START_TERMS.has(t))) return 'start';
  return 'about';
}

/** Words a first question runs to at most ("How should I go about getting started here?"). */
const FIRST_QUESTION_WORDS_MAX = 10;

/** What search looks up for a first question: the names doc sites give those pages. */
export const FIRST_QUESTION_QUERY: Record<FirstQuestionKind, string> = {
  install: 'installation install setup getting started quickstart',
  start: 'getting started quickstart introduction tutorial installation',
  about: 'introduction overview getting started',
};

/**
 * The words of a page's title or headings (as the stemmer makes them) naming the page that
 * answers each kind, the best first.
 */
export const FIRST_QUESTION_TOPICS: Record<FirstQuestionKind, string[][]> = {
  install: [tokenize('install installation setup', 'en'), tokenize('quickstart started', 'en')],
  start: [
    tokenize('started quickstart begin beginner', 'en'),
    tokenize('tutorial install installation setup', 'en'),
    tokenize('introduction intro overview', 'en'),
  ],
  about: [tokenize('introduction intro overview about welcome', 'en')],
};

/**
 * Which of the names a first question's answer goes by (FIRST_QUESTION_TOPICS, the best first) a
 * title or heading holds, if any.
 */
export function firstTopicRank(kind: FirstQuestionKind, name: string): number | undefined {
  const terms = new Set(tokenize(name, 'en'));
  const rank = FIRST_QUESTION_TOPICS[kind].findIndex((topic) => topic.some((t) => terms.has(t)));
  return rank < 0 ? undefined : rank;
}
