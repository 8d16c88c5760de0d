/**
 * Which language model writes the answers: the embedded one (offline, default), an AI Gateway
 * model id (`openai/gpt-5-mini`, key from `AI_GATEWAY_API_KEY`), or any OpenAI-compatible server
 * (`--model-base-url`: Ollama, vLLM, llama.cpp, LM Studio, OpenAI; key from `MODEL_API_KEY`).
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { gateway } from 'ai';
import { createEmbeddedModel } from './embedded-model.ts';

export interface ModelOptions {
  /** A gateway model id, or with `baseUrl` the server's model name; unset: embedded. */
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  streamDelayMs?: number;
}

export interface AssistantModel {
  model: LanguageModelV4;
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
      description: `${options.model} at ${options.baseUrl}`,
    };
  }
  if (options.model && options.model !== 'embedded') {
    return {
      model: gateway(options.model),
      citesSources: false,
      description: `${options.model} through the AI Gateway`,
    };
  }
  return {
    model: createEmbeddedModel({ streamDelayMs: options.streamDelayMs }),
    citesSources: true,
    ignoresPrompt: true,
    description: 'embedded (offline, quotes the docs)',
  };
}
