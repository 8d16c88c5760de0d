/**
 * One assistant reply as the eval sees it, read from the v2 UI message stream the way an AI SDK
 * client reads it: the `search` tool's output is the retrieval, `source-url` parts are the pages
 * offered for citation, the text parts are the answer.
 */

import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { EventSourceParserStream } from 'eventsource-parser/stream';
import type { SearchResult } from '../../api/types.ts';

export interface ObservedSource {
  id: string;
  url: string;
  title?: string;
}

export interface ObservedReply {
  /** Page paths of the search results, best first. */
  retrieved: string[];
  sources: ObservedSource[];
  text: string;
  /** Set when the request failed or the stream reported an error. */
  error?: string;
}

export async function readAssistantReply(response: Response): Promise<ObservedReply> {
  if (response.status !== 200 || !response.body) {
    const body = await response.text().catch(() => '');
    let message = body.slice(0, 300);
    try {
      message = (JSON.parse(body) as { message?: string }).message ?? message;
    } catch {}
    return { retrieved: [], sources: [], text: '', error: `HTTP ${response.status}: ${message}` };
  }
  const errors: string[] = [];
  const chunks = response.body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream())
    .pipeThrough(
      new TransformStream<{ data: string }, UIMessageChunk>({
        transform(event, controller) {
          if (event.data === '[DONE]') return;
          controller.enqueue(JSON.parse(event.data) as UIMessageChunk);
        },
      }),
    );
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream({
    stream: chunks,
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
  })) {
    message = snapshot;
  }
  const observed = observe(message);
  return errors.length > 0 ? { ...observed, error: errors.join('; ') } : observed;
}

function observe(message: UIMessage | undefined): ObservedReply {
  const retrieved: string[] = [];
  const sources: ObservedSource[] = [];
  let text = '';
  for (const part of message?.parts ?? []) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'source-url') {
      sources.push({ id: part.sourceId, url: part.url, ...(part.title && { title: part.title }) });
    } else if (
      (part.type === 'tool-search' ||
        (part.type === 'dynamic-tool' && part.toolName === 'search')) &&
      part.state === 'output-available' &&
      Array.isArray(part.output)
    ) {
      retrieved.push(...(part.output as SearchResult[]).map((result) => result.path));
    }
  }
  return { retrieved, sources, text };
}
