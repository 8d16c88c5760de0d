/**
 * Where the eval sends its questions: a running server (`--url`), or the same app in this
 * process over a docs folder (`--docs`: `createApp` answered through `app.request()`, so the
 * route, retrieval and model are exactly the server's). This module is the eval's only coupling
 * to the server's composition.
 */

import { createApp } from '../app.ts';
import { resolveModel } from '../assistant/models.ts';
import { MemoryThreadStore } from '../assistant/thread-store.ts';
import { generateKey } from '../config.ts';
import { buildDocsIndex } from '../docs-index/load.ts';

export interface EvalTarget {
  /** For the report: the docs folder or the server address, and the model. */
  description: string;
  /** POSTs an assistant v2 request body; resolves with the response. */
  ask(body: unknown): Promise<Response>;
}

export interface InProcessOptions {
  docs: string;
  /** As `serve --model`: a gateway model id, or with `modelBaseUrl` the server's model name. */
  model?: string;
  modelBaseUrl?: string;
  log?: (line: string) => void;
}

const DOMAIN = 'docs';

export async function inProcessTarget(options: InProcessOptions): Promise<EvalTarget> {
  const model = resolveModel({ model: options.model, baseUrl: options.modelBaseUrl });
  const built = await buildDocsIndex(options.docs);
  for (const problem of built.problems)
    options.log?.(`Skipped ${problem.file}: ${problem.message}`);
  const key = generateKey();
  // No request limits: the eval is the only client, and a long set must not hit them.
  const limits = { orgPerHour: Number.MAX_SAFE_INTEGER, ipPerDay: Number.MAX_SAFE_INTEGER };
  const app = createApp({
    organizations: [
      { name: 'eval', keys: [key], limits, sites: [{ domain: DOMAIN, index: built.index }] },
    ],
    assistant: { model, threads: new MemoryThreadStore() },
    log: () => {},
  });
  const url = `http://eval.local${assistantPath(DOMAIN)}`;
  return {
    description: `${options.docs} (${built.index.pageCount} pages), ${model.description}`,
    ask: async (body) => app.request(url, request(body, key)),
  };
}

export interface RemoteOptions {
  /** Base address of the server, e.g. `http://127.0.0.1:8787`. */
  url: string;
  key: string;
  domain: string;
}

export function remoteTarget(options: RemoteOptions): EvalTarget {
  const url = `${options.url.replace(/\/+$/, '')}${assistantPath(options.domain)}`;
  return {
    description: `${options.url} (domain ${options.domain})`,
    ask: (body) => fetch(url, request(body, options.key)),
  };
}

/** API.md endpoint 3, the v2 assistant message. */
const assistantPath = (domain: string) => `/v2/assistant/${encodeURIComponent(domain)}/message`;

function request(body: unknown, key: string): RequestInit {
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  };
}
