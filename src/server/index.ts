/**
 * `docs-assistant/server`: the companion server as a library. Build an app from organizations
 * and indexes (`createApp`), or load a configuration and listen (`loadConfig` + `startServer`).
 */
export { type AppOptions, createApp } from './app.ts';
export {
  ConfigError,
  generateKey,
  loadConfig,
  type OrganizationConfig,
  type ServerConfig,
  type SiteConfig,
  serveFlags,
} from './config.ts';
export { SiteIndex } from './docs-index/docs-index.ts';
export { type BuildIndexOptions, type BuiltIndex, buildDocsIndex } from './docs-index/load.ts';
export type { DocsIndex, Page, SearchOptions, Section } from './docs-index/types.ts';
export { watchDocs } from './docs-index/watch.ts';
export { validateJson } from './middleware/validate-json.ts';
export { type RunningServer, type StartOptions, startServer } from './serve.ts';
export type { AppEnv, Limits, Organization, Site } from './types.ts';
