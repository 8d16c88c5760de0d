#!/usr/bin/env node
/**
 * `docs-assistant serve …`: parses the flags, starts the server, prints where it listens.
 * Everything else lives in config.ts (flags and file) and serve.ts (indexing, listening).
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { resolveModel } from './assistant/models.ts';
import { MemoryThreadStore } from './assistant/thread-store.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { releaseStartupMemory } from './memory.ts';
import { restartWithStreamingFlags } from './node-flags.ts';
import type { AssistantOptions } from './routes/assistant.ts';
import { builtWidgetDir } from './routes/widget.ts';
import { type RunningServer, type StartOptions, startServer } from './serve.ts';

export const USAGE = `Usage: docs-assistant serve --docs <folder> [options]

  --docs <folder>        Markdown/MDX pages to answer from
  --domain <name>        the {domain} of the site (default: docs)
  --key <key>            public key da_dsc_…; repeatable (default: one generated per run)
  --port <n>             default 8787 (0 picks a free port)
  --host <address>       default 127.0.0.1
  --site-url <url>       published address of the docs, for absolute links
  --cors-origin <origin> allowed browser origin; repeatable (default: any)
  --config <file>        several organizations, sites and keys (see README)
  --watch                re-index changed, added and removed files
  --trust-proxy          take the client IP from X-Forwarded-For
  --model <id>           AI Gateway model id such as openai/gpt-5-mini (key: AI_GATEWAY_API_KEY);
                         default: the embedded offline model, which quotes the docs
  --model-base-url <url> any OpenAI-compatible server (Ollama, vLLM, llama.cpp, LM Studio);
                         --model names its model (key, if needed: MODEL_API_KEY)
  --stream-delay-ms <n>  pause between the embedded model's chunks, for demos (default 0)
`;

/** App options that other features derive from the flags. */
async function appOptionsFor(config: ServerConfig): Promise<StartOptions['app']> {
  return { assistant: assistantOptions(config) };
}

/** The assistant's model from --model, --model-base-url and --stream-delay-ms. */
function assistantOptions(config: ServerConfig): AssistantOptions {
  const { flags } = config;
  const streamDelayMs = Number(flags['stream-delay-ms']);
  if (!Number.isInteger(streamDelayMs) || streamDelayMs < 0) {
    throw new ConfigError(`--stream-delay-ms must be a whole number of milliseconds`);
  }
  if (flags['model-base-url'] && !flags.model) {
    throw new ConfigError('--model-base-url needs --model <name> (the model the server runs)');
  }
  const model = resolveModel({
    model: flags.model,
    baseUrl: flags['model-base-url'],
    streamDelayMs,
  });
  console.log(`Answering with ${model.description}`);
  return { model, threads: new MemoryThreadStore() };
}

export async function main(argv: string[]): Promise<RunningServer | undefined> {
  const [command, ...args] = argv;
  if (command !== 'serve' || args.includes('--help') || args.includes('-h')) {
    (command === 'serve' || command === '--help' || command === '-h' ? console.log : console.error)(
      USAGE,
    );
    if (command !== 'serve' && command !== '--help' && command !== '-h') process.exitCode = 1;
    return undefined;
  }
  const config = await loadConfig(args);
  // The one-line script tag points at this server's /widget/docs-assistant.js.
  const widgetDir = builtWidgetDir();
  const server = await startServer(config, {
    app: { ...(widgetDir && { widgetDir }), ...(await appOptionsFor(config)) },
  });
  // What the build left behind goes back to the OS. Here, not in startServer: the process is
  // the CLI's (as are its V8 flags), not that of an app that embeds the server.
  releaseStartupMemory();
  if (config.generatedKey) {
    console.log(`No --key given; this run's key is ${config.generatedKey}`);
  }
  const domains = config.organizations.flatMap((o) => o.sites.map((site) => site.domain));
  console.log(`docs-assistant listening on ${server.url} (domains: ${domains.join(', ')})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return server;
}

/** True when this file is the program (also through the npm bin symlink). */
function isEntryPoint(): boolean {
  try {
    return import.meta.url === pathToFileURL(realpathSync(process.argv[1] ?? '')).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  if (process.argv[2] === 'serve') restartWithStreamingFlags();
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || (error as NodeJS.ErrnoException).code;
    console.error(`docs-assistant: ${known ? (error as Error).message : error}`);
    process.exit(1);
  });
}
