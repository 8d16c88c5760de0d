/**
 * Retrieval for an answer: what the reader asked, helped by what they selected and where they
 * are. The index answers in the reader's language and version: the filter's, else those of
 * the page they are reading, else (language) the one the question is written in.
 */
import type { ContextItem, SearchFilter, SearchResult } from '../../api/types.ts';
import type { DocsIndex, Page, SearchOptions } from '../docs-index/types.ts';
import {
  FIRST_QUESTION_QUERY,
  type FirstQuestionKind,
  firstQuestionOf,
  firstTopicRank,
} from '../text/first-questions.ts';
import { asksAboutSelection, selectionOf } from './question.ts';

/** A request message as the assistant endpoints accept it (v2 `parts`, v1 `content`). */
export interface ConversationMessage {
  role: 'system' | 'user' | 'assistant';
  parts?: { type: string; text?: string }[];
  content?: string;
}

export interface RetrievalRequest {
  question: string;
  context?: ContextItem[];
  currentPath?: string;
  pageSize: number;
  filter?: SearchFilter | null;
}

export interface Retrieval {
  /** What was searched: the `search` tool call's input. */
  query: string;
  results: SearchResult[];
  /** The reader's language, when the site publishes several (answer in it). */
  language?: string;
  /** What the reader selected, when the question asks about it (else it was not searched). */
  context?: ContextItem[];
}

/** Selected text can be long; its first words carry enough of the topic to steer search. */
const CONTEXT_WORDS = 40;

export function messageText(message: ConversationMessage): string {
  if (message.parts) {
    return message.parts
      .filter((part) => part.type === 'text' && typeof part.text === 'string')
      .map((part) => part.text)
      .join('\n');
  }
  return message.content ?? '';
}

/** The question is the last user message's text ('' when there is none). */
export function lastUserQuestion(messages: ConversationMessage[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') return messageText(messages[i]!).trim();
  }
  return '';
}

export function searchQuery(question: string, context: ContextItem[] = []): string {
  const extra = context.map((item) =>
    searchedText(item).split(/\s+/).slice(0, CONTEXT_WORDS).join(' '),
  );
  return [question, ...extra].filter(Boolean).join('\n');
}

const CODE_STRING = /(['"`])(?:\\.|(?!\1)[^\n\\])*\1/g;

/**
 * What a selection adds to the search: selected code without the strings in words (a message,
 * a prompt, a label), which say what the example is about, not what the code is; its keys and
 * names stay ('Content-Encoding', './src').
 */
function searchedText(item: ContextItem): string {
  if (item.type !== 'code') return item.value;
  return item.value.replace(CODE_STRING, (string) => (/\s/.test(string) ? ' ' : string));
}

export function retrievePassages(index: DocsIndex, request: RetrievalRequest): Retrieval {
  const context = selectionAskedAbout(request.question, request.context);
  const first = context.length === 0 ? firstQuestionOf(request.question) : undefined;
  // A newcomer's first question names nothing to look up: search looks up what doc sites call
  // the page that answers it, in the reader's language and version as any search.
  const query = first ? FIRST_QUESTION_QUERY[first] : searchQuery(request.question, context);
  const options: SearchOptions = {
    pageSize: request.pageSize,
    filter: request.filter,
    boostPath: request.currentPath,
  };
  const results = index.search(query, options);
  const language = index.scope?.(query, options).language;
  if (first) withOpening(index, results, first, language);
  return { query, results, ...(language && { language }), ...(context.length > 0 && { context }) };
}

/**
 * For a first question, the opening of the page that answers it, which search may have passed
 * over for a section further down holding more of the looked-up words: the first page whose
 * title names what was asked, else the site's home page, which introduces it, else search's first.
 */
function withOpening(
  index: DocsIndex,
  results: SearchResult[],
  kind: FirstQuestionKind,
  language: string | undefined,
): void {
  const named = results.findIndex((r) => firstTopicRank(kind, r.metadata.title) !== undefined);
  const chosen = named >= 0 ? results[named]!.path : undefined;
  let page = chosen !== undefined ? index.getPage(chosen) : homePage(index, language);
  // A page found by a result's path is served at it (`fr/docs/x`, an untranslated page).
  let servedAt = page && chosen;
  if (!page && results[0]) {
    page = index.getPage(results[0].path);
    servedAt = results[0].path;
  }
  if (!page || page.unlisted) return;
  const path =
    servedAt === undefined ? page.path : (index.servedPath?.(page, servedAt) ?? page.path);
  if (results.some((r) => r.path === path && !r.metadata.anchor)) return;
  const opening = openingResult(page, path);
  if (opening.content) results.splice(Math.max(named, 0), 0, opening);
}

/** The site's home page in the reader's language, if it publishes one (and lists it). */
function homePage(index: DocsIndex, language: string | undefined): Page | undefined {
  const paths = language ? [`${language.toLowerCase()}/`, language.toLowerCase(), ''] : [''];
  for (const path of paths) {
    const page = index.getPage(path);
    if (!page || page.unlisted) continue;
    if (language && page.language && page.language.toLowerCase() !== language.toLowerCase()) {
      continue;
    }
    return page;
  }
  return undefined;
}

/** A page's opening, before its first heading below the title, as search returns it. */
function openingResult(page: Page, path: string): SearchResult {
  const body = page.content.replace(/^\s*#\s[^\n]*\n/, '');
  const opening = body.split(/^#{1,6}\s/m)[0]!.trim();
  return {
    content: opening,
    path,
    metadata: {
      title: page.title,
      headings: [page.title],
      ...(page.language && { language: page.language }),
      ...(page.version && { version: page.version }),
      score: 0,
    },
  };
}

/** The selection when the question asks about it; none when it asks about something else. */
function selectionAskedAbout(question: string, context: ContextItem[] = []): ContextItem[] {
  return asksAboutSelection(question, selectionOf(context)) ? context : [];
}
