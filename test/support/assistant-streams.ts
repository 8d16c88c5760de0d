/** Reading assistant responses the way a test wants to look at them. */

// biome-ignore lint/suspicious/noExplicitAny: assertions read whatever fields a chunk carries
export type StreamChunk = { type: string } & Record<string, any>;

/** The JSON chunks of a UI message stream (SSE), and whether it ended with `[DONE]`. */
export async function readSse(
  response: Response,
): Promise<{ chunks: StreamChunk[]; done: boolean }> {
  const body = await response.text();
  const events = body
    .split('\n\n')
    .map((event) => event.trim())
    .filter(Boolean)
    .map((event) => {
      if (!event.startsWith('data: ')) throw new Error(`not an SSE data event: ${event}`);
      return event.slice('data: '.length);
    });
  const done = events.at(-1) === '[DONE]';
  return { chunks: events.filter((e) => e !== '[DONE]').map((e) => JSON.parse(e)), done };
}

/** The chunk types in order, with runs of `text-delta` collapsed to one. */
export function chunkTypes(chunks: { type: string }[]): string[] {
  const types: string[] = [];
  for (const { type } of chunks)
    if (!(type === 'text-delta' && types.at(-1) === type)) types.push(type);
  return types;
}

export function userMessage(text: string, id = crypto.randomUUID()) {
  return { id, role: 'user' as const, parts: [{ type: 'text', text }] };
}

export function assistantBody(text: string, extra: Record<string, unknown> = {}) {
  return { fp: 'anonymous', messages: [userMessage(text)], ...extra };
}
