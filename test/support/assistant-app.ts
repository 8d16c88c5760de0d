/**
 * The real app (`createApp`: auth, limits, validation) with the assistant over a tiny index,
 * for route tests through `app.request()`.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { createApp } from '../../src/server/app.ts';
import { type AssistantModel, resolveModel } from '../../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../../src/server/assistant/thread-store.ts';
import type { DocsIndex } from '../../src/server/docs-index/types.ts';
import { TinyIndex } from './assistant-index.ts';

export const ASSISTANT_KEY = 'da_dsc_assistant0123456789ab';
export const OUTSIDER_KEY = 'da_dsc_outsider0123456789ab';

/** A JSON POST with the assistant key, for `app.request(path, assistantPost(body))`. */
export function assistantPost(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${ASSISTANT_KEY}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
}

export interface AssistantAppOptions {
  index?: DocsIndex;
  siteUrl?: string;
  /** A stand-in model; the embedded one otherwise. */
  model?: LanguageModelV4;
  citesSources?: boolean;
  streamDelayMs?: number;
  ipPerDay?: number;
}

/** One organization owning the sites `docs` and `other`; another owning `elsewhere`. */
export function assistantApp(options: AssistantAppOptions = {}) {
  const index = options.index ?? new TinyIndex();
  const threads = new MemoryThreadStore();
  const model: AssistantModel = options.model
    ? { model: options.model, citesSources: options.citesSources ?? false, description: 'test' }
    : resolveModel({ streamDelayMs: options.streamDelayMs });
  const limits = { orgPerHour: 10_000, ipPerDay: options.ipPerDay ?? 10_000 };
  const app = createApp({
    organizations: [
      {
        name: 'acme',
        keys: [ASSISTANT_KEY],
        limits,
        sites: [
          { domain: 'docs', index, ...(options.siteUrl && { siteUrl: options.siteUrl }) },
          { domain: 'other', index },
        ],
      },
      {
        name: 'outsider',
        keys: [OUTSIDER_KEY],
        limits,
        sites: [{ domain: 'elsewhere', index: new TinyIndex([]) }],
      },
    ],
    assistant: { model, threads },
    log: () => {},
  });
  return { app, threads, index };
}
