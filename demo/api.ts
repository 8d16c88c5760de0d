/**
 * The demo's companion server: the real `startServer` on demo/docs-assistant.config.json (the
 * config-file feature: the demo organization, and a tiny one limited to 3 requests an hour),
 * answering with the embedded model and serving the built widget at /widget/.
 */

import { resolveModel } from '../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../src/server/assistant/thread-store.ts';
import { loadConfig, startServer } from '../src/server/index.ts';

export interface DemoApiOptions {
  configFile: string;
  host: string;
  port: number;
  widgetDir: string;
  /** Pace of the embedded model's stream, so readers see it arrive. */
  streamDelayMs: number;
}

export async function startDemoApi(options: DemoApiOptions) {
  const config = await loadConfig([
    '--config',
    options.configFile,
    '--host',
    options.host,
    '--port',
    String(options.port),
  ]);
  return startServer(config, {
    log: (line) => console.log(`  [server] ${line}`),
    app: {
      widgetDir: options.widgetDir,
      assistant: {
        model: resolveModel({ streamDelayMs: options.streamDelayMs }),
        threads: new MemoryThreadStore(),
      },
    },
  });
}
