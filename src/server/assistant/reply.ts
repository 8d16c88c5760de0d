/**
 * One assistant reply, independent of the wire version. The model runs through `streamText`,
 * and the SDK's `toUIMessageChunk` turns each part of its `stream` into a UI message chunk (the
 * converter `toUIMessageStream` applies, without that helper's three extra stream stages per
 * reply: the server holds replies open by the thousand, and each stage costs about 7 kB of
 * heap). The reply adds what the contract streams around the model's output: the `search` tool
 * call with the retrieved sections right after the step starts, and the thread id on `finish`.
 * It is held back until the model produced its first output, so that a model that fails
 * outright becomes a 502 instead of a stream that starts and then breaks.
 */
import {
  APICallError,
  type FinishReason,
  generateId,
  type LanguageModel,
  RetryError,
  streamText,
  toUIMessageChunk,
  type UIMessageChunk,
  wrapLanguageModel,
} from 'ai';
import type { ContextItem, SearchToolInput } from '../../api/types.ts';
import type { DocsIndex } from '../docs-index/types.ts';
import { INTERRUPTED_MESSAGE } from '../lifecycle.ts';
import { embeddedProviderOptions } from './embedded-model.ts';
import type { AssistantModel } from './models.ts';
import { promptSources, toModelMessages } from './prompt.ts';
import { fitPromptBudget } from './prompt-budget.ts';
import type { ConversationMessage, Retrieval } from './retrieval.ts';
import { streamFailuresAsParts } from './stream-failures.ts';

export interface ReplyRequest {
  model: AssistantModel;
  retrieval: Retrieval;
  messages: ConversationMessage[];
  currentPath?: string;
  context?: ContextItem[];
  siteUrl?: string;
  /** The site's index: the embedded model quotes any section of a retrieved page. */
  index?: DocsIndex;
  /** Aborted when the client goes away; the model sees it and stops. */
  abortSignal?: AbortSignal;
  /** Most bytes a real model is sent (prompt-budget.ts); default 96 KiB. */
  promptBudget?: number;
  /** Aborted when the server stops: the reply ends at once with an "interrupted" error chunk. */
  interrupt?: AbortSignal;
}

export interface ReplyOutcome {
  /** The answer text as far as it was streamed. */
  text: string;
  finishReason: FinishReason;
  /** The URLs of the `source-url` chunks streamed (the model's own, or the retrieved pages). */
  sources: string[];
  /** Why the answer ended in an `error` chunk, as the provider said it (for the logs). */
  error?: string;
}

export interface Reply {
  /** The id of the assistant message (`start` chunk, v1 `f:` part). */
  messageId: string;
  /**
   * The whole reply as UI message chunks in the contract's order, its `finish` carrying the
   * thread id (as `messageMetadata.threadId` and at the top level). Read it once.
   */
  stream(threadId: string): ReadableStream<UIMessageChunk>;
  /** Settles once the stream ended, failed or was cancelled (the client left). */
  done: Promise<ReplyOutcome>;
}

/**
 * The model failed before producing anything: the route answers 502 with `message`, what the
 * reader is told, and logs `detail`, what the provider said.
 */
export class ModelFailure extends Error {
  override readonly name = 'ModelFailure';
  readonly detail: string;
  constructor(message: string, detail: string = message) {
    super(message);
    this.detail = detail;
  }
}

/** The v2 `finish` chunk with the contract's top-level `threadId` beside the SDK's fields. */
type ThreadFinishChunk = Extract<UIMessageChunk, { type: 'finish' }> & { threadId: string };

export async function startReply(request: ReplyRequest): Promise<Reply> {
  const { model, retrieval } = request;
  const messageId = generateId();
  let threadId: string | undefined;
  const turns = toModelMessages(request.messages);
  // A real model gets the prompt cut to the budget; the embedded one reads its provider options.
  const prompt = model.ignoresPrompt
    ? { messages: turns }
    : fitPromptBudget(
        {
          passages: retrieval.results,
          currentPath: request.currentPath,
          context: request.context,
          siteUrl: request.siteUrl,
        },
        turns,
        request.promptBudget,
      );
  const result = streamText({
    model: model.reportsStreamFailures ? model.model : withFailuresAsParts(model.model),
    ...('system' in prompt && { system: prompt.system }),
    messages: prompt.messages,
    providerOptions: embeddedProviderOptions({
      passages: retrieval.results,
      siteUrl: request.siteUrl,
      question: retrieval.query,
      // The embedded model answers about the selection only when the question asks about it.
      context: retrieval.context,
      index: request.index,
      language: retrieval.language,
    }),
    abortSignal: anySignal(request.abortSignal, request.interrupt),
    // A real model that stays silent, before its first chunk or between two, fails the answer.
    ...(model.timeoutMs && {
      timeout: { firstChunkMs: model.timeoutMs, chunkMs: model.timeoutMs },
    }),
    // A failed call is tried again this often (429, 5xx) before the reader is told.
    ...(model.maxRetries !== undefined && { maxRetries: model.maxRetries }),
    // Failures surface as an `error` chunk (or a 502); the default handler would log a stack.
    onError: () => {},
  });
  const parts = result.stream.getReader();
  // `streamText` ends a stream whose model stayed silent past `timeout` with an `abort` chunk,
  // as if the reader had left: one that neither the reader nor the server asked for is that.
  const { abortSignal: left, interrupt } = request;
  const timedOut = (chunk: UIMessageChunk): chunk is Extract<UIMessageChunk, { type: 'abort' }> =>
    chunk.type === 'abort' && !left?.aborted && !interrupt?.aborted;
  // The provider's own words for the latest failure: the log has them, the reader does not.
  let failureDetail: string | undefined;
  const describe = (error: unknown): string => {
    const failure = describeModelError(error);
    failureDetail = failure.detail;
    return failure.reader;
  };
  const chunks = {
    /** The next UI message chunk (parts without one, such as `raw`, are skipped). */
    async read(): Promise<ReadableStreamReadResult<UIMessageChunk>> {
      for (;;) {
        const next = await parts.read();
        if (next.done) return { done: true, value: undefined };
        const chunk = toUIMessageChunk(next.value, {
          sendSources: true,
          onError: describe,
          responseMessageId: messageId,
          // The thread's id, in `finish` only: the thread exists by the time the reply ends.
          ...(next.value.type === 'finish' && { messageMetadata: { threadId } }),
        });
        if (chunk) return { done: false, value: chunk };
      }
    },
    cancel: (reason?: unknown) => parts.cancel(reason),
    releaseLock: () => parts.releaseLock(),
  };
  // Everything up to the model's first output: `start`, `start-step`, then text or an error.
  const held: UIMessageChunk[] = [];
  let retrieved = false;
  for (;;) {
    const next = await chunks.read().catch((error: unknown) => {
      const failure = describeModelError(error);
      throw new ModelFailure(failure.reader, failure.detail);
    });
    if (next.done) break;
    if (next.value.type === 'error') {
      chunks.cancel().catch(() => {});
      throw new ModelFailure(next.value.errorText, failureDetail);
    }
    if (timedOut(next.value)) {
      chunks.cancel().catch(() => {});
      throw new ModelFailure(TIMEOUT_MESSAGE, next.value.reason);
    }
    if (next.value.type === 'start' || next.value.type === 'start-step') {
      held.push(next.value);
      continue;
    }
    held.push(...retrievalChunks(retrieval, request), next.value);
    retrieved = true;
    break;
  }
  if (!retrieved) held.push(...retrievalChunks(retrieval, request));

  let settle!: (outcome: ReplyOutcome) => void;
  const done = new Promise<ReplyOutcome>((resolve) => {
    settle = resolve;
  });
  // The stream below keeps only what it reads: not the request and its retrieved sections.
  let text = '';
  let finishReason: FinishReason = 'other';
  const sources: string[] = [];
  let error: string | undefined;
  const end = () => {
    chunks.releaseLock();
    settle({ text, finishReason, sources, ...(error !== undefined && { error }) });
  };
  const forward = (
    controller: ReadableStreamDefaultController<UIMessageChunk>,
    chunk: UIMessageChunk,
  ) => {
    if (chunk.type === 'text-delta') text += chunk.delta;
    else if (chunk.type === 'source-url') sources.push(chunk.url);
    else if (chunk.type === 'error') error = failureDetail ?? chunk.errorText;
    if (chunk.type !== 'finish') return controller.enqueue(chunk);
    finishReason = chunk.finishReason ?? finishReason;
    const finish: ThreadFinishChunk = { ...chunk, threadId: threadId! };
    controller.enqueue(finish);
  };

  return {
    messageId,
    done,
    stream(id) {
      threadId = id;
      return new ReadableStream<UIMessageChunk>({
        start(controller) {
          for (const chunk of held.splice(0)) forward(controller, chunk);
        },
        async pull(controller) {
          try {
            const next = await chunks.read();
            if (interrupt?.aborted) {
              // The server is stopping: one clean last chunk, never a stream cut mid-way.
              forward(controller, { type: 'error', errorText: INTERRUPTED_MESSAGE });
              finishReason = 'error';
              chunks.cancel().catch(() => {});
              end();
              controller.close();
            } else if (!next.done && timedOut(next.value)) {
              // The model went silent mid-answer: reported like a broken stream.
              failureDetail = next.value.reason;
              forward(controller, { type: 'error', errorText: TIMEOUT_MESSAGE });
              forward(controller, { type: 'finish-step' });
              forward(controller, { type: 'finish', finishReason: 'error' });
              chunks.cancel().catch(() => {});
              end();
              controller.close();
            } else if (next.done) {
              end();
              controller.close();
            } else forward(controller, next.value);
          } catch (error) {
            // Only the SDK's own failures land here; the model's arrive as `error` chunks.
            forward(controller, { type: 'error', errorText: describe(error) });
            finishReason = 'error';
            end();
            controller.close();
          }
        },
        async cancel(reason) {
          await chunks.cancel(reason).catch(() => {});
          end();
        },
      });
    },
  };
}

/**
 * The retrieval as the `search` tool call the contract streams before the answer, then the
 * pages to cite when the model does not announce its own (the embedded model does).
 */
function retrievalChunks(retrieval: Retrieval, request: ReplyRequest): UIMessageChunk[] {
  const toolCallId = `search-${generateId()}`;
  const input: SearchToolInput = { query: retrieval.query };
  const sources = request.model.citesSources
    ? []
    : promptSources(retrieval.results, request.siteUrl);
  return [
    { type: 'tool-input-available', toolCallId, toolName: 'search', input },
    { type: 'tool-output-available', toolCallId, output: retrieval.results },
    ...sources.map(
      (s): UIMessageChunk => ({ type: 'source-url', sourceId: s.id, url: s.url, title: s.title }),
    ),
  ];
}

/**
 * What the reader is told when the model fails, and what the log says. The provider's own
 * message stays in the log: it can name the server's key (`Incorrect API key provided:
 * sk-…`), an internal address or the model's account, none of which a reader should see.
 */
export function describeModelError(failure: unknown): { reader: string; detail: string } {
  // A 429 or 5xx is tried again (the SDK's maxRetries); the last answer says why it failed.
  const error = RetryError.isInstance(failure) ? failure.lastError : failure;
  const reason = error instanceof Error ? error.message : String(error);
  const status = APICallError.isInstance(error) ? error.statusCode : undefined;
  const detail = `${status ? `${status} ` : ''}${reason.split('\n')[0]!.slice(0, 300)}`;
  return { reader: readerReason(error, status), detail };
}

const TIMEOUT_MESSAGE = 'The language model did not answer in time. Try again in a moment.';

function readerReason(error: unknown, status: number | undefined): string {
  if (error instanceof Error && error.name === 'TimeoutError') return TIMEOUT_MESSAGE;
  if (status === 401 || status === 403) {
    return 'The language model refused this server (its key or its access). The site owner can check the server log.';
  }
  if (status === 429) return 'The language model is busy right now. Try again in a moment.';
  if (status !== undefined && status >= 500) {
    return 'The language model had an error. Try again in a moment.';
  }
  if (status !== undefined) return `The language model failed (it answered ${status}).`;
  return 'The language model failed. Try again in a moment.';
}

/** Each model wrapped once, not per reply: `streamText` holds the wrapper while a reply streams. */
const wrappedModels = new WeakMap<AssistantModel['model'], LanguageModel>();

/** The model with `streamFailuresAsParts` around it. */
function withFailuresAsParts(model: AssistantModel['model']): LanguageModel {
  let wrapped = wrappedModels.get(model);
  if (!wrapped) {
    wrapped = wrapLanguageModel({ model, middleware: streamFailuresAsParts });
    wrappedModels.set(model, wrapped);
  }
  return wrapped;
}

/** One signal for several (undefined ones left out). */
function anySignal(...signals: (AbortSignal | undefined)[]): AbortSignal | undefined {
  const given = signals.filter((signal): signal is AbortSignal => signal !== undefined);
  return given.length <= 1 ? given[0] : AbortSignal.any(given);
}
