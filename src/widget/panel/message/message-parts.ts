import type { UIMessage } from 'ai';

/** All text of a message, as the reader sees it (and copies it). */
export function textOf(message: UIMessage): string {
  let text = '';
  for (const part of message.parts) if (part.type === 'text') text += part.text;
  return text;
}

/** The query of the `search` tool call while it runs (for "Searching the docs…"). */
export function searchQueryOf(message: UIMessage): string | undefined {
  for (const part of message.parts) {
    const isSearch =
      part.type === 'tool-search' || (part.type === 'dynamic-tool' && part.toolName === 'search');
    if (!isSearch || !('input' in part)) continue;
    const query = (part.input as { query?: unknown } | undefined)?.query;
    if (typeof query === 'string') return query;
  }
  return undefined;
}
