/**
 * `docs-assistant/server`: the companion server as a library, the same server the CLI runs.
 * `loadConfig(argv)` reads the CLI's flags (or a config file); `startServer(config)` listens;
 * `createServer(config)` gives the app and a Node request handler to mount in a server of your
 * own. Threads go to the configured store (SQLite in the data folder, PostgreSQL with a database
 * URL) or a `ThreadStore` of your choice, feedback from
 * readers and agents to a `FeedbackStore` (default: `MemoryFeedbackStore`).
 */
export {
  type FeedbackEntry,
  type FeedbackInput,
  type FeedbackQuery,
  type FeedbackStore,
  MemoryFeedbackStore,
  type MemoryFeedbackStoreOptions,
} from './agents/feedback-store.ts';
export {
  MemoryThreadStore,
  type MemoryThreadStoreOptions,
  type OpenThreadOptions,
  type Thread,
  type ThreadMessage,
  type ThreadStore,
} from './assistant/thread-store.ts';
export {
  ConfigError,
  loadConfig,
  type OrganizationConfig,
  type ServerConfig,
  type SiteConfig,
} from './config.ts';
export {
  createServer,
  type DocsAssistantServer,
  type RunningServer,
  type ServerOptions,
  type StartOptions,
  startServer,
} from './serve.ts';
export {
  PostgresThreadStore,
  type PostgresThreadStoreOptions,
} from './stores/postgres-threads.ts';
export { SqliteThreadStore, type SqliteThreadStoreOptions } from './stores/sqlite-threads.ts';
export type { Limits } from './types.ts';
