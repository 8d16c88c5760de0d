/**
 * The assistant routes mounted on a bare Hono app over a tiny index, for tests that exercise the
 * routes without the rest of the server.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { Hono } from 'hono';
import { type AssistantModel, resolveModel } from '../../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../../src/server/assistant/thread-store.ts';
import type { DocsIndex } from '../../src/server/index/types.ts';
import { assistantRoutes } from '../../src/server/routes/assistant.ts';
import { TinyIndex } from './assistant-index.ts';

export interface AssistantAppOptions {
  index?: DocsIndex;
  domain?: string;
  siteUrl?: string;
  /** A stand-in model; the embedded one otherwise. */
  model?: LanguageModelV4;
  citesSources?: boolean;
  streamDelayMs?: number;
}

export function assistantApp(options: AssistantAppOptions = {}) {
  const index = options.index ?? new TinyIndex();
  const threads = new MemoryThreadStore();
  const model: AssistantModel = options.model
    ? { model: options.model, citesSources: options.citesSources ?? false, description: 'test' }
    : resolveModel({ streamDelayMs: options.streamDelayMs });
  const app = new Hono<{
    Variables: { site: { domain: string; siteUrl?: string; index: DocsIndex } };
  }>();
  app.use('/:version/assistant/:domain/*', async (c, next) => {
    c.set('site', { domain: c.req.param('domain'), siteUrl: options.siteUrl, index });
    await next();
  });
  app.route('/', assistantRoutes({ model, threads }));
  return { app, threads, index };
}
