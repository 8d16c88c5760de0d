#!/usr/bin/env node
/**
 * `docs-assistant serve …`: parses the arguments, starts the server (serve.ts, the same one
 * the library API gives) and prints where it answers. Flags and config files are read by
 * config.ts; what only the CLI prints lives in cli/.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { exportCommand } from './agents/export-command.ts';
import { startupBanner } from './cli/banner.ts';
import { checkDocsFolders } from './cli/docs-folders.ts';
import { rememberKey } from './cli/remembered-key.ts';
import { packageVersion, USAGE } from './cli/usage.ts';
import { ConfigError, loadConfig } from './config.ts';
import { evalCommand } from './eval/command.ts';
import { gapsCommand } from './insights/gaps-command.ts';
import { type RunningServer, startServer } from './serve.ts';

export async function main(argv: string[]): Promise<RunningServer | undefined> {
  const [command, ...args] = argv;
  if (command === '--version' || command === '-v') {
    console.log(packageVersion());
    return undefined;
  }
  if (command === 'eval') {
    process.exitCode = await evalCommand(args);
    return undefined;
  }
  if (command === 'gaps') {
    process.exitCode = await gapsCommand(args);
    return undefined;
  }
  if (command === 'export') {
    process.exitCode = await exportCommand(args);
    return undefined;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return undefined;
  }
  if (command !== 'serve') {
    console.error(command ? `docs-assistant: unknown command ${command}\n` : '', USAGE);
    process.exitCode = 1;
    return undefined;
  }
  if (args.includes('--help') || args.includes('-h')) {
    console.log(USAGE);
    return undefined;
  }
  const loaded = await loadConfig(args);
  await checkDocsFolders(loaded);
  const { config, key } = await rememberKey(loaded);
  const server = await startServer(config);
  await key?.keep();
  // One write, so that a reader waiting for the address gets the key and script tag with it.
  console.log(startupBanner(config, server.url, Boolean(server.widgetDir), key).join('\n'));
  // A deploy's SIGTERM: answers in flight finish (or end cleanly), then exit 0. A second
  // signal exits at once.
  const stop = (signal: NodeJS.Signals) => {
    console.log(
      `${signal}: stopping; ${server.lifecycle.streaming} answers in flight get ${config.shutdownGraceSeconds} s to finish`,
    );
    process.once(signal, () => process.exit(1));
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('docs-assistant: could not stop cleanly', error);
        process.exit(1);
      },
    );
  };
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
  main(process.argv.slice(2)).catch((error: unknown) => {
    const known = error instanceof ConfigError || (error as NodeJS.ErrnoException).code;
    console.error(`docs-assistant: ${known ? (error as Error).message : error}`);
    process.exit(1);
  });
}
