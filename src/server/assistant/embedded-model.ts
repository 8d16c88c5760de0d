/**
 * The embedded, offline model: an AI SDK language model (provider spec v4) so its replies take
 * the same `streamText` path a real LLM does. It answers by quoting the retrieved sections, which
 * the route hands over in `providerOptions.docsAssistant` next to the usual system prompt.
 */
import type {
  JSONObject,
  LanguageModelV4,
  LanguageModelV4CallOptions,
  LanguageModelV4Content,
  LanguageModelV4GenerateResult,
  LanguageModelV4Prompt,
  LanguageModelV4Source,
  LanguageModelV4StreamPart,
  LanguageModelV4Usage,
} from '@ai-sdk/provider';
import type { ContextItem, SearchResult } from '../../api/types.ts';
import type { DocsIndex } from '../docs-index/types.ts';
import { NEUTRAL, words } from '../text/terms.ts';
import { type ComposedAnswer, composeAnswer } from './compose-answer.ts';
import { type DocsLookup, docsLookup, groundingSections } from './grounding.ts';
import { looksLikeCode, type Selection, selectionOf } from './question.ts';
import type { ReadOptions } from './read-sections.ts';
import { failureParts } from './stream-failures.ts';

export const EMBEDDED_PROVIDER = 'docs-assistant';

/** What the route passes to the embedded model under `providerOptions.docsAssistant`. */
export interface EmbeddedModelInput {
  passages: SearchResult[];
  siteUrl?: string;
  /**
   * The retrieval query: the question plus the first words of what the reader selected. The
   * question itself is the conversation's last user message; the rest is the selection.
   */
  question?: string;
  /** What the reader selected (the request's `context`), when the route passes it on. */
  context?: ContextItem[];
  /** The site's index: the answer quotes any section of a retrieved page, weighs rare words. */
  index?: DocsIndex;
  /** The reader's language (retrieval's), when the site publishes several. */
  language?: string;
}

/**
 * What the model reads: the input, with the index as closures (see DocsLookup). A streamed
 * call lets go of the sections and the lookup once its answer is composed (see `doStream`).
 */
interface EmbeddedModelOptionsJson
  extends Omit<EmbeddedModelInput, 'index' | 'passages' | 'context'> {
  passages?: SearchResult[] | undefined;
  context?: ContextItem[] | undefined;
  docs?: DocsLookup | undefined;
}

export interface EmbeddedModelOptions {
  /** Pause between text chunks, for demos (0: as fast as the consumer reads). */
  streamDelayMs?: number;
}

/** Roughly three words per chunk: small enough to look streamed, large enough to be cheap. */
const WORDS_PER_CHUNK = 3;

export function embeddedProviderOptions(input: EmbeddedModelInput): Record<string, JSONObject> {
  const { index, ...rest } = input;
  const options: EmbeddedModelOptionsJson = { ...rest, ...(index && { docs: docsLookup(index) }) };
  return { docsAssistant: options as unknown as JSONObject };
}

export function createEmbeddedModel(options: EmbeddedModelOptions = {}): LanguageModelV4 {
  const delay = options.streamDelayMs ?? 0;
  return {
    specificationVersion: 'v4',
    provider: EMBEDDED_PROVIDER,
    modelId: 'embedded',
    supportedUrls: {},
    async doGenerate(call): Promise<LanguageModelV4GenerateResult> {
      const answer = answerFor(call);
      const content: LanguageModelV4Content[] = [
        ...answer.sources.map((s) => sourcePart(s)),
        { type: 'text', text: answer.text },
      ];
      return {
        content,
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(call, answer),
        warnings: [],
      };
    },
    async doStream(call) {
      const answer = answerFor(call);
      // `streamText` keeps the call's provider options until the reply ends, minutes when
      // paced: what the answer was composed from need not live as long.
      releaseInput(call);
      // Everything before the text, then the text one small chunk at a time, cut as it is
      // pulled: a paced reply holds its answer once, not as a list of pieces.
      const lead: LanguageModelV4StreamPart[] = [
        { type: 'stream-start', warnings: [] },
        { type: 'response-metadata', modelId: 'embedded' },
        ...answer.sources.map((s) => sourcePart(s)),
        { type: 'text-start', id: 'answer' },
      ];
      const end: LanguageModelV4StreamPart[] = [
        { type: 'text-end', id: 'answer' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: usage(call, answer),
        },
      ];
      const text = textChunker(answer.text);
      const signal = call.abortSignal;
      const stream = new ReadableStream<LanguageModelV4StreamPart>({
        async pull(controller) {
          const piece = lead.length > 0 ? undefined : text.next();
          if (piece !== undefined && delay > 0) await sleep(delay, signal);
          // Stop generating as soon as the caller gives up (client disconnect), and say so as
          // stream-failures.ts has other models say it: the reply needs no stage around this one.
          if (signal?.aborted) {
            for (const part of failureParts(signal.reason)) controller.enqueue(part);
            return controller.close();
          }
          const part =
            lead.shift() ??
            (piece === undefined
              ? end.shift()
              : { type: 'text-delta', id: 'answer', delta: piece });
          if (part) controller.enqueue(part);
          else controller.close();
        },
      });
      return { stream };
    },
  };
}

function answerFor(call: LanguageModelV4CallOptions): ComposedAnswer {
  const input = call.providerOptions?.docsAssistant as unknown as
    | EmbeddedModelOptionsJson
    | undefined;
  const asked = lastUserText(call.prompt).trim();
  const query = input?.question ?? '';
  // A question about a selection is answered about the selection: where the docs explain it.
  const selected = query.slice(asked.length).trim();
  const selection = input?.context
    ? selectionOf(input.context)
    : asked && query.startsWith(asked) && selected
      ? [{ text: selected, code: looksLikeCode(selected) }]
      : [];
  const passages = input?.passages ?? [];
  return composeAnswer(asked || query, passages, {
    siteUrl: input?.siteUrl,
    ...readingOptions(passages, { selection, language: input?.language, docs: input?.docs }),
  });
}

/**
 * How the embedded model reads the retrieved passages: every section of their pages and the
 * site's rarity when it has the index, in the reader's language. Tools that study its decisions
 * (bench/coverage-curve.ts) read them the same way.
 */
export function readingOptions(
  passages: SearchResult[],
  { selection, language, docs }: { selection: Selection[]; language?: string; docs?: DocsLookup },
): ReadOptions {
  return {
    selection,
    ...(language && { language }),
    ...(docs && { ...groundingSections(passages, docs.getPage), rarity: docs }),
  };
}

/** Drops what a streamed answer was composed from; a later call reads no sections. */
function releaseInput(call: LanguageModelV4CallOptions): void {
  const input = call.providerOptions?.docsAssistant as unknown as
    | EmbeddedModelOptionsJson
    | undefined;
  if (!input) return;
  // Emptied, not deleted: deleting a property turns the object into a dictionary of its own.
  input.passages = undefined;
  input.context = undefined;
  input.docs = undefined;
}

function lastUserText(prompt: LanguageModelV4Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i--) {
    const message = prompt[i]!;
    if (message.role !== 'user') continue;
    return message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  }
  return '';
}

function sourcePart(source: { id: string; url: string; title: string }): LanguageModelV4Source {
  return { type: 'source', sourceType: 'url', id: source.id, url: source.url, title: source.title };
}

/** Roughly three words, with the white space around them. */
const CHUNK = new RegExp(`(?:\\s*\\S+\\s*){1,${WORDS_PER_CHUNK}}`, 'y');

/** Cuts text at word boundaries into small pieces, one per call; together they are the text. */
export function textChunker(text: string): { next(): string | undefined } {
  const pattern = new RegExp(CHUNK);
  let done = false;
  return {
    next() {
      // A failed sticky match starts over at 0: stop for good at the first one.
      const match = done ? null : pattern.exec(text);
      done = !match;
      return match?.[0];
    },
  };
}

function usage(call: LanguageModelV4CallOptions, answer: ComposedAnswer): LanguageModelV4Usage {
  // Words, not model tokens: a rough size beats none (segmented, so Chinese counts too).
  const promptWords = words(JSON.stringify(call.prompt), NEUTRAL).length;
  const answerWords = words(answer.text, NEUTRAL).length;
  return {
    inputTokens: { total: promptWords, noCache: promptWords, cacheRead: 0, cacheWrite: 0 },
    outputTokens: { total: answerWords, text: answerWords, reasoning: 0 },
  };
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}
