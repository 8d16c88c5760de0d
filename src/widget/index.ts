/**
 * npm entry of the element: `import 'docs-assistant'` defines `<docs-assistant>`.
 * Only the launcher and the selection helper load with it; the chat panel (AI SDK client,
 * Markdown, sanitizer) is a separate chunk fetched on the reader's first intent.
 */
export type { ContextItem } from '../api/types.ts';
export type { ChatErrorKind, Citation } from './chat/types.ts';
export { DocsAssistant } from './docs-assistant/docs-assistant.ts';
export type {
  DocsAssistantEventDetails,
  DocsAssistantEventName,
} from './docs-assistant/events.ts';
export type { DocsAssistantI18n } from './i18n/i18n.ts';
