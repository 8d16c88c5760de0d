/**
 * Retrieval for an answer: what the reader asked, helped by what they selected and where they
 * are. The index answers in the reader's language and version: the filter's, else those of
 * the page they are reading, else (language) the one the question is written in.
 */
import type { ContextItem, SearchFilter, SearchResult } from '../../api/types.ts';
import type { DocsIndex, SearchOptions } from '../docs-index/types.ts';
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
  const query = searchQuery(request.question, context);
  const options: SearchOptions = {
    pageSize: request.pageSize,
    filter: request.filter,
    boostPath: request.currentPath,
  };
  const results = index.search(query, options);
  const language = index.scope?.(query, options).language;
  return { query, results, ...(language && { language }), ...(context.length > 0 && { context }) };
}

/** The selection when the question asks about it; none when it asks about something else. */
function selectionAskedAbout(question: string, context: ContextItem[] = []): ContextItem[] {
  return asksAboutSelection(question, selectionOf(context)) ? context : [];
}
