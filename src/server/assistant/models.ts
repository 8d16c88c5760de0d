/**
 * Which language model writes the answers: the embedded one (offline, default), an AI Gateway
 * model id (`openai/gpt-5-mini`, key from `AI_GATEWAY_API_KEY`), or any OpenAI-compatible server
 * (`--model-base-url`: Ollama, vLLM, llama.cpp, LM Studio, OpenAI; key from `MODEL_API_KEY`).
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { gateway, type LanguageModel } from 'ai';
import { ConfigError, type ServeFlags } from '../config.ts';
import { createEmbeddedModel } from './embedded-model.ts';

export interface ModelOptions {
  /** A gateway model id, or with `baseUrl` the server's model name; unset: embedded. */
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  streamDelayMs?: number;
  /** How long a real model may stay silent (milliseconds); default 60 s. */
  timeoutMs?: number;
  /** How many times a real model's failed call is tried again; default 1. */
  maxRetries?: number;
}

/** A real model silent this long, before its first chunk or between two, fails the answer. */
export const DEFAULT_MODEL_TIMEOUT_MS = 60_000;

/**
 * A real model's call that failed in a way worth trying again (429, 5xx, a dropped
 * connection) is tried once more, after 2 s or the provider's `Retry-After` when under 60 s
 * (the AI SDK's `maxRetries`): a reader waits a moment, not the SDK's default of two retries
 * (2 s, then 4 s), before being told the model is busy.
 */
export const DEFAULT_MODEL_RETRIES = 1;

export interface AssistantModel {
  /** Any AI SDK language model object (a gateway model id is resolved first). */
  model: Exclude<LanguageModel, string>;
  /**
   * True when the model announces the pages it cites itself (the embedded model knows them
   * before it writes). Otherwise the route announces every retrieved page as a source.
   */
  citesSources: boolean;
  /**
   * True when the model answers from the retrieved sections in its provider options and never
   * reads the system prompt (the embedded model): the prompt, about 10 kB that `streamText`
   * holds while a reply streams, is then not built.
   */
  ignoresPrompt?: boolean;
  /**
   * True when the model's stream never breaks: it reports a failure as an `error` part and a
   * `finish` itself (the embedded model, whose only failure mid-stream is the caller leaving).
   * Other models get `streamFailuresAsParts` around them, a stream stage more per reply.
   */
  reportsStreamFailures?: boolean;
  /**
   * How long the model may stay silent, before its first chunk or between two, before the
   * answer fails as "did not answer in time" (real models; the embedded one never waits).
   */
  timeoutMs?: number;
  /** How many times a failed call is tried again before the reader is told (real models). */
  maxRetries?: number;
  /** For the start-up banner. */
  description: string;
}

export function resolveModel(
  options: ModelOptions,
  env: Record<string, string | undefined> = process.env,
): AssistantModel {
  if (options.baseUrl) {
    if (!options.model) throw new Error('--model-base-url needs --model <name> as well');
    const provider = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: options.baseUrl,
      apiKey: options.apiKey ?? env['MODEL_API_KEY'],
      includeUsage: true,
    });
    return {
      model: provider.chatModel(options.model),
      citesSources: false,
      timeoutMs: options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MODEL_RETRIES,
      description: `${options.model} at ${options.baseUrl}`,
    };
  }
  if (options.model && options.model !== 'embedded') {
    return {
      model: gateway(options.model),
      citesSources: false,
      timeoutMs: options.timeoutMs ?? DEFAULT_MODEL_TIMEOUT_MS,
      maxRetries: options.maxRetries ?? DEFAULT_MODEL_RETRIES,
      description: `${options.model} through the AI Gateway`,
    };
  }
  return {
    model: createEmbeddedModel({ streamDelayMs: options.streamDelayMs }),
    citesSources: true,
    ignoresPrompt: true,
    reportsStreamFailures: true,
    description: 'embedded (offline, quotes the docs)',
  };
}

/**
 * The model of `docs-assistant serve`: --model, --model-base-url, --model-timeout,
 * --model-retries and --stream-delay-ms.
 */
export function modelFromFlags(flags: Partial<ServeFlags>): AssistantModel {
  const streamDelayMs = Number(flags['stream-delay-ms'] ?? 0);
  if (!Number.isInteger(streamDelayMs) || streamDelayMs < 0) {
    throw new ConfigError('--stream-delay-ms must be a whole number of milliseconds');
  }
  if (flags['model-base-url'] && !flags.model) {
    throw new ConfigError('--model-base-url needs --model <name> (the model the server runs)');
  }
  const timeout = Number(flags['model-timeout'] ?? DEFAULT_MODEL_TIMEOUT_MS / 1000);
  if (!(timeout > 0 && timeout <= 3600)) {
    throw new ConfigError('--model-timeout must be a number of seconds, above 0 and at most 3600');
  }
  // Digits only: Number('') and Number(' ') are 0, which would turn retries off unasked.
  const retriesFlag = flags['model-retries'] ?? String(DEFAULT_MODEL_RETRIES);
  const retries = Number(retriesFlag);
  if (!(/^\d+$/.test(retriesFlag) && retries <= 10)) {
    throw new ConfigError('--model-retries must be a whole number from 0 to 10');
  }
  return resolveModel({
    model: flags.model,
    baseUrl: flags['model-base-url'],
    streamDelayMs,
    timeoutMs: timeout * 1000,
    maxRetries: retries,
  });
}

/** A model given in code: any AI SDK language model, or an AI Gateway model id. */
export function assistantModelOf(model: LanguageModel): AssistantModel {
  if (typeof model === 'string') return resolveModel({ model });
  return {
    model,
    citesSources: false,
    timeoutMs: DEFAULT_MODEL_TIMEOUT_MS,
    maxRetries: DEFAULT_MODEL_RETRIES,
    description: `${model.modelId} (${model.provider})`,
  };
}
