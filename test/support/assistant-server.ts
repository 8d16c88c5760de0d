/**
 * The real server (`loadConfig` + `startServer`) on a loopback port, with the assistant, for
 * tests and scripts where the network matters: real AI SDK clients, disconnects, recorded
 * fixtures, benchmarks.
 */
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { type AssistantModel, resolveModel } from '../../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../../src/server/assistant/thread-store.ts';
import { loadConfig } from '../../src/server/config.ts';
import { startServer } from '../../src/server/serve.ts';

export interface AssistantServerOptions {
  /** The docs folder to index. */
  docs: string;
  domain?: string;
  model?: string;
  modelBaseUrl?: string;
  /** A stand-in or wrapped language model (overrides `model`). */
  languageModel?: LanguageModelV4;
  /** Whether `languageModel` announces its own sources (as the embedded model does). */
  citesSources?: boolean;
  streamDelayMs?: number;
  /** How long a real model may stay silent (`--model-timeout`, in milliseconds). */
  modelTimeoutMs?: number;
}

export interface AssistantServer {
  url: string;
  key: string;
  domain: string;
  close(): Promise<void>;
}

const KEY = 'da_dsc_assistantserver0123456';

export async function startAssistantServer(
  options: AssistantServerOptions,
): Promise<AssistantServer> {
  const domain = options.domain ?? 'docs';
  const config = await loadConfig([
    '--docs',
    options.docs,
    '--domain',
    domain,
    '--key',
    KEY,
    '--port',
    '0',
  ]);
  const model: AssistantModel = options.languageModel
    ? {
        model: options.languageModel,
        citesSources: options.citesSources ?? false,
        description: 'stand-in',
      }
    : resolveModel({
        model: options.model,
        baseUrl: options.modelBaseUrl,
        streamDelayMs: options.streamDelayMs,
        timeoutMs: options.modelTimeoutMs,
      });
  const server = await startServer(config, {
    log: () => {},
    app: { assistant: { model, threads: new MemoryThreadStore() }, log: () => {} },
  });
  return { url: server.url, key: KEY, domain, close: () => server.close() };
}
