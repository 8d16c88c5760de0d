/**
 * POST /v{1,2}/assistant/{domain}/message (API.md endpoints 3 and 4). Both versions share
 * retrieval, threads and the model run (`startReply`); v2 sends the reply's UI message stream
 * as server-sent events with the SDK's `createUIMessageStreamResponse`, v1 encodes the same
 * chunks in AI SDK 4's data stream protocol.
 */
import { createUIMessageStreamResponse } from 'ai';
import type { Context, Hono } from 'hono';
import { QUESTION_MAX_CHARS } from '../../api/limits.ts';
import { assistantRequestSchema, feedbackRequestSchema } from '../../api/schemas.ts';
import type { AssistantRequest } from '../../api/types.ts';
import type { FeedbackStore } from '../agents/feedback-store.ts';
import { DATA_STREAM_HEADERS, toDataStreamV1 } from '../assistant/data-stream-v1.ts';
import type { AssistantModel } from '../assistant/models.ts';
import { ModelFailure, type Reply, startReply } from '../assistant/reply.ts';
import { assistantRequestCheck, questionTooLong } from '../assistant/request-limits.ts';
import { lastUserQuestion, retrievePassages } from '../assistant/retrieval.ts';
import type { Thread, ThreadStore } from '../assistant/thread-store.ts';
import type { Insights } from '../insights/insights.ts';
import type { Lifecycle } from '../lifecycle.ts';
import { errorResponse } from '../middleware/errors.ts';
import { validateJson } from '../middleware/validate-json.ts';
import { storedFingerprint } from '../stores/thread-rules.ts';
import { detectLanguage } from '../text/detect.ts';
import type { AppEnv } from '../types.ts';
import { type SiteRouteOptions, siteRouter } from './site-router.ts';

export interface AssistantOptions {
  model: AssistantModel;
  threads: ThreadStore;
  /** Most bytes a real model is sent per answer; default 96 KiB (assistant/prompt-budget.ts). */
  promptBudget?: number;
  /** Follows the answers in flight, for a graceful stop. */
  lifecycle?: Lifecycle;
  /** Where answers are recorded once they end (insights). */
  insights?: Insights;
  /** Where readers' thumbs go (`POST /v1/assistant/{domain}/feedback`). */
  feedback?: FeedbackStore;
  /** Where a failure after the answer is reported; default console.error. */
  log?: (message: string, error: unknown) => void;
}

export interface AssistantRouteOptions extends AssistantOptions, SiteRouteOptions {
  /** The wire version: 2 is the AI SDK 5+ UI message stream, 1 the AI SDK 4 data stream. */
  version: 1 | 2;
}

/** A reply that is sure to stream, and the thread it belongs to. */
interface StartedReply {
  reply: Reply;
  thread: Thread;
  /** True when this request created the thread (its key is sent once, now). */
  created: boolean;
}

export function assistantRoutes(options: AssistantRouteOptions): Hono<AppEnv> {
  const validBody = validateJson(assistantRequestSchema, {
    ...options,
    check: assistantRequestCheck,
  });
  const router = siteRouter(options.guards);
  const { feedback } = options;
  if (options.version === 1 && feedback) {
    // A reader's thumbs on an answer, with the thread's key: 204, or 404 for a wrong key.
    router.post('/:domain/feedback', validateJson(feedbackRequestSchema, options), async (c) => {
      // Without the client's version, votes are ordered by when they reached a replica (not
      // when each was written: checking the thread first takes its own time).
      const received = Date.now();
      const body = c.req.valid('json');
      const { domain } = c.get('site');
      const thread = await options.threads.open(domain, body.threadId, body.threadKey, {
        messages: false,
      });
      if (!thread) return errorResponse(c, 404, 'Thread not found');
      await feedback.add({
        domain,
        source: 'reader',
        helpful: body.helpful,
        threadId: body.threadId,
        messageId: body.messageId,
        version: body.version ?? received,
        ...(body.reason && { reason: body.reason }),
        ...(body.comment && { comment: body.comment }),
      });
      return c.body(null, 204);
    });
  }
  return router.post('/:domain/message', validBody, async (c) => {
    const started = await start(c, c.req.valid('json'), options);
    if (started instanceof Response) return started;
    const stream = started.reply.stream(started.thread.id);
    if (options.version === 2) {
      return createUIMessageStreamResponse({ stream, headers: threadHeaders(started) });
    }
    return c.body(toDataStreamV1(stream), 200, {
      ...DATA_STREAM_HEADERS,
      ...threadHeaders(started),
    });
  });
}

/** Retrieval, the model's first output, then the thread; or the error response. */
async function start(
  c: Context<AppEnv>,
  body: AssistantRequest,
  options: AssistantOptions,
): Promise<StartedReply | Response> {
  const site = c.get('site');
  const startedAt = performance.now();
  const question = lastUserQuestion(body.messages);
  if (!question) {
    const message = 'The last user message has no text';
    return errorResponse(c, 400, message, [{ path: ['messages'], message }]);
  }
  if (question.length > QUESTION_MAX_CHARS) {
    const { message, issues } = questionTooLong();
    return errorResponse(c, 400, message, issues);
  }

  let thread: Thread | undefined;
  if (body.threadId) {
    // The model is sent the history the client sends: the stored messages are not read.
    thread = await options.threads.open(site.domain, body.threadId, body.threadKey ?? '', {
      messages: false,
    });
    // Same answer for unknown, foreign and wrong-key threads: nothing to probe.
    if (!thread) return errorResponse(c, 404, 'Thread not found');
  }

  const retrieval = retrievePassages(site.index, {
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
      retrieval,
      messages: body.messages,
      currentPath: body.currentPath,
      context: body.context,
      siteUrl: site.siteUrl,
      index: site.index,
      abortSignal: c.req.raw.signal,
      ...(options.promptBudget && { promptBudget: options.promptBudget }),
      ...(options.lifecycle && { interrupt: options.lifecycle.interrupt }),
    });
  } catch (error) {
    if (error instanceof ModelFailure) {
      c.set('modelError', error.detail);
      return errorResponse(c, 502, error.message);
    }
    throw error;
  }

  const firstChunkMs = performance.now() - startedAt;
  options.lifecycle?.track(reply.done);
  c.set('answer', { question, done: reply.done });
  // A thread is created only once there is an answer to put in it.
  const created = !thread;
  const at = Date.now();
  try {
    thread ??= await options.threads.create(site.domain, storedFingerprint(body.fp));
    await options.threads.append(thread, [{ role: 'user', text: question, at }]);
  } catch (error) {
    // The store failed (500): end the started answer, or it stays in flight and its model
    // request open, and the answer's log line never comes.
    await reply
      .stream('')
      .cancel(error)
      .catch(() => {});
    throw error;
  }
  const recorded = thread;
  const { signal } = c.req.raw;
  // What the record needs, and no more: the closure below lives as long as the answer streams,
  // and the request's body and the retrieved sections' text would live as long with it.
  const { insights } = options;
  const { currentPath, fp } = body;
  const { language } = retrieval;
  const retrieved = insights
    ? retrieval.results.map(({ path, metadata }) => ({ path, score: metadata.score ?? 0 }))
    : [];
  // Recorded after the answer ended; a store failure must not take the process down.
  reply.done
    .then((outcome) => {
      insights?.recordAnswer({
        site,
        at,
        threadId: recorded.id,
        messageId: reply.messageId,
        question,
        language: language ?? detectLanguage(question),
        ...(currentPath && { currentPath }),
        retrieved,
        text: outcome.text,
        sources: outcome.sources,
        modelCites: options.model.citesSources,
        model: options.model.model.modelId,
        firstChunkMs,
        totalMs: performance.now() - startedAt,
        stopped: signal.aborted,
        fp,
      });
      return options.threads.append(recorded, [
        { role: 'assistant', text: outcome.text, at: Date.now() },
      ]);
    })
    .catch((error: unknown) =>
      (options.log ?? console.error)('Could not record the answer in its thread', error),
    );
  return { reply, thread, created };
}

function threadHeaders({ thread, created }: StartedReply): Record<string, string> {
  return created
    ? { 'X-Thread-Id': thread.id, 'X-Thread-Key': thread.key }
    : { 'X-Thread-Id': thread.id };
}
