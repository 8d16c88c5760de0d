/**
 * One assistant reply, independent of the wire version: the model runs through `streamText`, and
 * the reply is held back until the model produced its first chunk, so that a model that fails
 * outright becomes a 502 instead of a stream that starts and then breaks.
 */
import {
  experimental_streamTextLowMemory as streamTextLowMemory,
  type TextStreamPart,
  type ToolSet,
  toUIMessageChunk,
  type UIMessageChunk,
} from 'ai';
import type { ContextItem } from '../../api/types.ts';
import type { DocsIndex } from '../docs-index/types.ts';
import { embeddedProviderOptions } from './embedded-model.ts';
import type { AssistantModel } from './models.ts';
import { buildSystemPrompt, type PromptSource, promptSources, toModelMessages } from './prompt.ts';
import type { ConversationMessage, Retrieval } from './retrieval.ts';

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
}

export interface Reply {
  /** Pages to announce before the text (empty when the model announces its own). */
  sources: PromptSource[];
  /** The model's output as UI message chunks: sources, text, and at most one `error`. */
  chunks: AsyncIterable<UIMessageChunk>;
  /** Resolves once `chunks` is drained: the answer text and why it ended. */
  done: Promise<{ text: string; finishReason: 'stop' | 'length' | 'error' | 'other' }>;
}

/** The model failed before producing anything: the route answers 502. */
export class ModelFailure extends Error {
  override readonly name = 'ModelFailure';
}

export async function startReply(request: ReplyRequest): Promise<Reply> {
  const { model, retrieval } = request;
  // One consumer (this reply), so the low-memory variant: no replay buffer, no tee of the
  // model's stream kept for getters nobody calls. Each part becomes a UI message chunk with the
  // SDK's own converter (what `toUIMessageStream` does per part, without its three extra
  // stream stages per reply: the reply holds open streams by the thousand, see README).
  const result = streamTextLowMemory({
    model: model.model,
    ...(!model.ignoresPrompt && {
      system: buildSystemPrompt({
        passages: retrieval.results,
        currentPath: request.currentPath,
        context: request.context,
        siteUrl: request.siteUrl,
      }),
    }),
    messages: toModelMessages(request.messages),
    providerOptions: embeddedProviderOptions({
      passages: retrieval.results,
      siteUrl: request.siteUrl,
      question: retrieval.query,
      context: request.context,
      index: request.index,
    }),
    abortSignal: request.abortSignal,
    // Failures surface as an `error` chunk (or a 502); the default handler would log a stack.
    onError: () => {},
  });
  const reader = uiChunkReader(result.stream.getReader());

  // Wait for the model's first real output; steps are framed by the route itself.
  const held: UIMessageChunk[] = [];
  for (;;) {
    const next = await reader.read().catch((error: unknown) => {
      throw new ModelFailure(describeModelError(error));
    });
    if (next.done) break;
    if (next.value.type === 'start-step' || next.value.type === 'finish-step') continue;
    if (next.value.type === 'error') {
      reader.cancel().catch(() => {});
      throw new ModelFailure(next.value.errorText);
    }
    held.push(next.value);
    break;
  }

  let resolveDone!: Reply['done'] extends Promise<infer T> ? (value: T) => void : never;
  const done: Reply['done'] = new Promise((resolve) => {
    resolveDone = resolve;
  });
  async function* chunks(): AsyncGenerator<UIMessageChunk> {
    let text = '';
    let failed = false;
    const pass = (chunk: UIMessageChunk) => {
      if (chunk.type === 'text-delta') text += chunk.delta;
      if (chunk.type === 'error') failed = true;
    };
    try {
      for (const chunk of held) {
        pass(chunk);
        yield chunk;
      }
      for (;;) {
        let next: ReadableStreamReadResult<UIMessageChunk>;
        try {
          next = await reader.read();
        } catch (error) {
          // The SDK reports model errors as chunks; a broken stream itself ends the same way.
          const chunk: UIMessageChunk = { type: 'error', errorText: describeModelError(error) };
          pass(chunk);
          yield chunk;
          break;
        }
        if (next.done) break;
        const chunk = next.value;
        if (chunk.type === 'start-step' || chunk.type === 'finish-step') continue;
        pass(chunk);
        yield chunk;
      }
    } finally {
      reader.releaseLock();
      resolveDone({ text, finishReason: failed ? 'error' : 'stop' });
    }
  }

  return {
    sources: model.citesSources ? [] : promptSources(retrieval.results, request.siteUrl),
    chunks: chunks(),
    done,
  };
}

/** Reads the model's stream parts as UI message chunks (parts without one are skipped). */
function uiChunkReader(parts: ReadableStreamDefaultReader<TextStreamPart<ToolSet>>) {
  return {
    async read(): Promise<ReadableStreamReadResult<UIMessageChunk>> {
      for (;;) {
        const next = await parts.read();
        if (next.done) return { done: true, value: undefined };
        const chunk = toUIMessageChunk(next.value, {
          sendStart: false,
          sendFinish: false,
          sendSources: true,
          onError: describeModelError,
        });
        if (chunk) return { done: false, value: chunk };
      }
    },
    cancel: (reason?: unknown) => parts.cancel(reason),
    releaseLock: () => parts.releaseLock(),
  };
}

/** What the reader sees when the model fails: a sentence, never a stack trace. */
function describeModelError(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return `The language model failed: ${reason.split('\n')[0]!.slice(0, 300)}`;
}
