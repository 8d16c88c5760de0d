/**
 * Assistant messages (API.md endpoints 3 and 4). Both versions share retrieval, threads and the
 * model run; v2 frames the reply as an AI SDK UI message stream with the SDK's own helpers, v1
 * encodes the same chunks in AI SDK 4's data stream protocol.
 */
import { createUIMessageStreamResponse, generateId, type UIMessageChunk } from 'ai';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { assistantRequestSchema } from '../../api/schemas.ts';
import type { AssistantRequest, SearchResult } from '../../api/types.ts';
import {
  DATA_STREAM_HEADERS,
  encodeChunk,
  encodeFinish,
  encodeStartStep,
} from '../assistant/data-stream-v1.ts';
import type { AssistantModel } from '../assistant/models.ts';
import { ModelFailure, type Reply, startReply } from '../assistant/reply.ts';
import { lastUserQuestion, retrievePassages } from '../assistant/retrieval.ts';
import type { Thread, ThreadStore } from '../assistant/thread-store.ts';
import { errorResponse } from '../middleware/errors.ts';
import { validateJson } from '../middleware/validate-json.ts';
import type { AppEnv } from '../types.ts';

export interface AssistantRouteOptions {
  model: AssistantModel;
  threads: ThreadStore;
  /** Largest accepted JSON body in bytes; default 1 MB. */
  maxBytes?: number;
}

/** Everything both versions stream, decided before the first byte is sent. */
interface PreparedReply {
  messageId: string;
  toolCallId: string;
  query: string;
  results: SearchResult[];
  reply: Reply;
  thread: Thread;
  created: boolean;
}

export function assistantRoutes(options: AssistantRouteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const validBody = validateJson(assistantRequestSchema, { maxBytes: options.maxBytes });

  app.post('/v2/assistant/:domain/message', validBody, async (c) => {
    const outcome = await prepare(c, c.req.valid('json'), options);
    if (outcome instanceof Response) return outcome;
    const prepared = outcome;
    const { thread, reply } = prepared;
    // A pull stream over the reply's chunks: one stage per reply instead of
    // createUIMessageStream's writer, merge queue and finish handler (README, "Figures").
    async function* chunks(): AsyncGenerator<UIMessageChunk> {
      yield* leadChunks(prepared);
      yield* reply.chunks;
      const { finishReason } = await reply.done;
      yield { type: 'finish-step' };
      // `threadId` at the top level is part of the contract; the SDK schemas let it through.
      yield {
        type: 'finish',
        finishReason,
        messageMetadata: { threadId: thread.id },
        threadId: thread.id,
      } as UIMessageChunk;
    }
    const stream = readableFrom(chunks());
    const response = createUIMessageStreamResponse({ stream, headers: threadHeaders(prepared) });
    // Through c.body() so headers set by middleware with c.header() (CORS, RateLimit-*) apply.
    return c.body(response.body!, 200, Object.fromEntries(response.headers));
  });

  app.post('/v1/assistant/:domain/message', validBody, async (c) => {
    const outcome = await prepare(c, c.req.valid('json'), options);
    if (outcome instanceof Response) return outcome;
    const prepared = outcome;
    const { thread, reply } = prepared;
    async function* parts(): AsyncGenerator<string> {
      yield encodeStartStep(prepared.messageId);
      for (const chunk of leadChunks(prepared)) yield encodeChunk(chunk);
      for await (const chunk of reply.chunks) yield encodeChunk(chunk);
      const { finishReason } = await reply.done;
      yield encodeFinish(thread.id, finishReason);
    }
    const body = readableFrom(parts()).pipeThrough(new TextEncoderStream());
    return c.body(body, 200, { ...DATA_STREAM_HEADERS, ...threadHeaders(prepared) });
  });

  return app;
}

async function prepare(
  c: Context<AppEnv>,
  body: AssistantRequest,
  options: AssistantRouteOptions,
): Promise<PreparedReply | Response> {
  const site = c.get('site');
  const question = lastUserQuestion(body.messages);
  if (!question) {
    const message = 'The last user message has no text';
    return errorResponse(c, 400, message, [{ path: ['messages'], message }]);
  }

  let thread: Thread | undefined;
  if (body.threadId) {
    thread = await options.threads.open(site.domain, body.threadId, body.threadKey ?? '');
    // Same answer for unknown, foreign and wrong-key threads: nothing to probe.
    if (!thread) return errorResponse(c, 404, 'Thread not found');
  }

  const { query, results } = retrievePassages(site.index, {
    question,
    context: body.context,
    currentPath: body.currentPath,
    pageSize: body.retrievalPageSize,
    filter: body.filter,
  });
  let reply: Reply;
  try {
    reply = await startReply({
      model: options.model,
      retrieval: { query, results },
      messages: body.messages,
      currentPath: body.currentPath,
      context: body.context,
      siteUrl: site.siteUrl,
      abortSignal: c.req.raw.signal,
    });
  } catch (error) {
    if (error instanceof ModelFailure) return errorResponse(c, 502, error.message);
    throw error;
  }

  // A thread is created only once there is an answer to put in it.
  const created = !thread;
  thread ??= await options.threads.create(site.domain, body.fp);
  const at = Date.now();
  await options.threads.append(thread, [{ role: 'user', text: question, at }]);
  const recorded = thread;
  // Recorded after the answer ended; a store failure must not take the process down.
  reply.done
    .then(({ text }) =>
      options.threads.append(recorded, [{ role: 'assistant', text, at: Date.now() }]),
    )
    .catch((error: unknown) => console.error('Could not record the answer in its thread', error));

  return {
    messageId: generateId(),
    toolCallId: `search-${generateId()}`,
    query,
    results,
    reply,
    thread,
    created,
  };
}

/** start, the one step, the `search` tool call with its results, and announced sources. */
function leadChunks(p: PreparedReply): UIMessageChunk[] {
  return [
    { type: 'start', messageId: p.messageId },
    { type: 'start-step' },
    {
      type: 'tool-input-available',
      toolCallId: p.toolCallId,
      toolName: 'search',
      input: { query: p.query },
    },
    { type: 'tool-output-available', toolCallId: p.toolCallId, output: p.results },
    ...p.reply.sources.map(
      (s): UIMessageChunk => ({ type: 'source-url', sourceId: s.id, url: s.url, title: s.title }),
    ),
  ];
}

function threadHeaders(p: PreparedReply): Record<string, string> {
  return p.created
    ? { 'X-Thread-Id': p.thread.id, 'X-Thread-Key': p.thread.key }
    : { 'X-Thread-Id': p.thread.id };
}

/** A pull stream over a generator; cancelling it (client gone) closes the generator. */
function readableFrom<T>(parts: AsyncGenerator<T>): ReadableStream<T> {
  return new ReadableStream<T>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}
