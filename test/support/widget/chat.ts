/**
 * The network edge for chat tests: v2 stream bodies produced by the AI SDK's own server helpers
 * (createUIMessageStream + JsonToSseTransformStream, the same wire format the companion server
 * writes), and a fake `fetch` that records requests and plays responses back.
 */
import { createUIMessageStream, JsonToSseTransformStream, type UIMessageChunk } from 'ai';

/** A complete answer in the order of shared/API.md, endpoint 3. */
export function answerChunks(options: {
  text: string;
  threadId?: string;
  results?: { path: string; title: string; anchor?: string }[];
  sources?: { url: string; title: string }[];
}): UIMessageChunk[] {
  const results = options.results ?? [];
  const chunks: UIMessageChunk[] = [
    { type: 'start', messageId: `msg-${Math.random().toString(36).slice(2)}` },
    { type: 'start-step' },
    {
      type: 'tool-input-available',
      toolCallId: 'call-1',
      toolName: 'search',
      input: { query: 'q' },
    },
    {
      type: 'tool-output-available',
      toolCallId: 'call-1',
      output: results.map((r) => ({
        content: `Passage of ${r.title}`,
        path: r.path,
        metadata: { title: r.title, ...(r.anchor ? { anchor: r.anchor } : {}), score: 0.9 },
      })),
    },
    ...(options.sources ?? []).map(
      (s, i): UIMessageChunk => ({
        type: 'source-url',
        sourceId: String(i + 1),
        url: s.url,
        title: s.title,
      }),
    ),
    { type: 'text-start', id: 'text-1' },
    ...splitText(options.text).map(
      (delta): UIMessageChunk => ({ type: 'text-delta', id: 'text-1', delta }),
    ),
    { type: 'text-end', id: 'text-1' },
    { type: 'finish-step' },
  ];
  const finish = {
    type: 'finish',
    finishReason: 'stop',
    ...(options.threadId
      ? { messageMetadata: { threadId: options.threadId }, threadId: options.threadId }
      : {}),
  };
  chunks.push(finish as UIMessageChunk);
  return chunks;
}

function splitText(text: string): string[] {
  const parts = text.match(/[\s\S]{1,12}/g);
  return parts ?? [];
}

/** Encodes chunks as the server does: an SSE body (`data: …` per chunk, then `data: [DONE]`). */
export async function sseBody(chunks: UIMessageChunk[]): Promise<string> {
  const stream = createUIMessageStream({
    execute: ({ writer }) => {
      for (const chunk of chunks) writer.write(chunk);
    },
  }).pipeThrough(new JsonToSseTransformStream());
  let body = '';
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return body;
    body += value;
  }
}

export const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'x-vercel-ai-ui-message-stream': 'v1',
};

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
  signal: AbortSignal | undefined;
}

type Responder = (request: RecordedRequest) => Response | Promise<Response>;

/** A `fetch` that records each request and answers with the next queued responder. */
export class FakeNetwork {
  readonly requests: RecordedRequest[] = [];
  #queue: Responder[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const request: RecordedRequest = {
      url: String(input instanceof Request ? input.url : input),
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
      signal: init?.signal ?? undefined,
    };
    this.requests.push(request);
    const responder = this.#queue.shift();
    if (!responder) throw new Error(`unexpected request ${request.url}`);
    return responder(request);
  };

  /** Queues a response: an SSE text body, or any Response. */
  respond(responder: Responder): this {
    this.#queue.push(responder);
    return this;
  }

  respondSse(body: string, headers: Record<string, string> = {}): this {
    return this.respond(
      () => new Response(body, { status: 200, headers: { ...SSE_HEADERS, ...headers } }),
    );
  }

  respondJson(status: number, json: unknown, headers: Record<string, string> = {}): this {
    return this.respond(
      () =>
        new Response(JSON.stringify(json), {
          status,
          headers: { 'Content-Type': 'application/json', ...headers },
        }),
    );
  }

  /** A request that fails like fetch does without a network. */
  respondNetworkError(): this {
    return this.respond(() => {
      throw new TypeError('Failed to fetch');
    });
  }

  /** Headers arrive, then the body streams only what `controlled.push()` sends. */
  respondControlled(headers: Record<string, string> = {}): ControlledBody {
    const controlled = new ControlledBody();
    this.respond((request) => {
      request.signal?.addEventListener('abort', () => controlled.abort());
      return new Response(controlled.stream, {
        status: 200,
        headers: { ...SSE_HEADERS, ...headers },
      });
    });
    return controlled;
  }

  /** A response that never arrives until the request is aborted (status stays `submitted`). */
  respondNever(): this {
    return this.respond(
      (request) =>
        new Promise<Response>((_, reject) => {
          request.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
  }
}

/** A response body fed by hand: push SSE text, then close or fail. */
export class ControlledBody {
  #controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly stream = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.#controller = controller;
    },
  });
  #encoder = new TextEncoder();
  #closed = false;

  push(text: string): void {
    if (!this.#closed) this.#controller.enqueue(this.#encoder.encode(text));
  }
  pushChunks(chunks: unknown[]): void {
    for (const chunk of chunks) this.push(`data: ${JSON.stringify(chunk)}\n\n`);
  }
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#controller.close();
  }
  fail(error: Error): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#controller.error(error);
  }
  abort(): void {
    this.fail(new DOMException('The operation was aborted.', 'AbortError'));
  }
}

export interface RecordedStream {
  /** The SSE body exactly as the server sent it. */
  body: string;
  status: number;
  headers: Record<string, string>;
}

// Vite's `?raw` imports keep the recorded bytes as they are
const bodies = import.meta.glob<string>('../../fixtures/streams/*.sse', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const metas = import.meta.glob<string>('../../fixtures/streams/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** A real server response recorded by test/fixtures/record-streams.ts (`v2-answer`, `v2-error`…). */
export function recordedStream(name: string): RecordedStream {
  const body = bodies[`../../fixtures/streams/${name}.sse`];
  const meta = metas[`../../fixtures/streams/${name}.json`];
  if (body === undefined || meta === undefined) throw new Error(`no recorded stream ${name}`);
  const { status, headers } = JSON.parse(meta) as {
    status: number;
    headers: Record<string, string>;
  };
  return { body, status, headers };
}
