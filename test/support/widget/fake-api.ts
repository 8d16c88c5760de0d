/**
 * The network edge for element tests: a `fetch` that answers like the companion server.
 * Stream bodies are real wire format: recorded server bodies, or chunks encoded by the AI
 * SDK's own `JsonToSseTransformStream` (what the server uses), never hand-written SSE.
 */
import { JsonToSseTransformStream, type UIMessageChunk } from 'ai';

export interface RecordedRequest {
  url: string;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface Answer {
  text: string;
  query?: string;
  /** Search results: `[path, title]`. */
  results?: [string, string][];
  /** `source-url` parts: `[url, title]`. */
  sources?: [string, string][];
  threadId?: string;
  /** Sent as `X-Thread-Key` (the server sends it on the response that created the thread). */
  threadKey?: string;
}

type Reply =
  | { kind: 'sse'; body: string; headers?: Record<string, string>; cutAt?: number }
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'network' }
  | { kind: 'hang' }
  | { kind: 'live'; stream: LiveStream };

/** The chunks the server streams for one answer, in the order shared/API.md gives. */
export function answerChunks(answer: Answer): UIMessageChunk[] {
  const results = (answer.results ?? []).map(([path, title]) => ({
    content: `About ${title}.`,
    path,
    metadata: { title, score: 0.9 },
  }));
  const deltas = answer.text.match(/[\s\S]{1,12}/g) ?? [];
  return [
    { type: 'start', messageId: `msg-${Math.random().toString(36).slice(2)}` },
    { type: 'start-step' },
    {
      type: 'tool-input-available',
      toolCallId: 'call-1',
      toolName: 'search',
      input: { query: answer.query ?? 'question' },
    },
    { type: 'tool-output-available', toolCallId: 'call-1', output: results },
    ...(answer.sources ?? []).map(
      ([url, title], i): UIMessageChunk => ({ type: 'source-url', sourceId: `s${i}`, url, title }),
    ),
    { type: 'text-start', id: 't1' },
    ...deltas.map((delta): UIMessageChunk => ({ type: 'text-delta', id: 't1', delta })),
    { type: 'text-end', id: 't1' },
    { type: 'finish-step' },
    {
      type: 'finish',
      finishReason: 'stop',
      ...(answer.threadId ? { messageMetadata: { threadId: answer.threadId } } : {}),
    },
  ];
}

/** Encodes chunks exactly as the server does (`data: …` events, then `data: [DONE]`). */
export async function sse(chunks: readonly UIMessageChunk[]): Promise<string> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  }).pipeThrough(new JsonToSseTransformStream());
  let text = '';
  for await (const part of stream) text += part;
  return text;
}

const SSE_HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  'x-vercel-ai-ui-message-stream': 'v1',
};

/** A response stream the test feeds chunk by chunk. */
export class LiveStream {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private readonly encoder = new TextEncoder();
  readonly cancelled: Promise<void>;
  private onCancel: () => void = () => {};
  readonly body: ReadableStream<Uint8Array>;

  constructor() {
    this.cancelled = new Promise((resolve) => {
      this.onCancel = resolve;
    });
    this.body = new ReadableStream({
      start: (controller) => {
        this.controller = controller;
      },
      cancel: () => this.onCancel(),
    });
  }

  async push(...chunks: UIMessageChunk[]): Promise<void> {
    const text = (await sse(chunks)).replace(/data: \[DONE\]\n\n$/, '');
    this.controller?.enqueue(this.encoder.encode(text));
  }

  async end(): Promise<void> {
    this.controller?.enqueue(this.encoder.encode('data: [DONE]\n\n'));
    this.controller?.close();
  }
}

export class FakeApi {
  readonly requests: RecordedRequest[] = [];
  /** `POST /v1/assistant/{domain}/feedback` requests (answered 204). */
  readonly feedbackRequests: RecordedRequest[] = [];
  readonly pageRequests: RecordedRequest[] = [];
  readonly pages = new Map<string, string>();
  /** The `language` a page's response names (none when unset). */
  readonly pageLanguages = new Map<string, string>();
  private readonly replies: Reply[] = [];
  private feedbackHeld: Promise<void> | undefined;

  /** Queues an answer streamed like the server streams it. */
  /**
   * Queues an answer. `cutAfter`: the connection drops right after the text delta that
   * completes this string (no `text-end`, no `finish`, no `[DONE]`).
   */
  async answer(answer: Answer, options: { cutAfter?: string } = {}): Promise<void> {
    let chunks = answerChunks(answer);
    let cut = false;
    if (options.cutAfter) {
      let text = '';
      const end = chunks.findIndex((c) => {
        if (c.type === 'text-delta') text += c.delta;
        return text.includes(options.cutAfter!);
      });
      chunks = chunks.slice(0, end + 1);
      cut = true;
    }
    let body = await sse(chunks);
    if (cut) body = body.replace(/data: \[DONE\]\n\n$/, '');
    const headers: Record<string, string> = {};
    if (answer.threadId) headers['X-Thread-Id'] = answer.threadId;
    if (answer.threadKey) headers['X-Thread-Key'] = answer.threadKey;
    this.replies.push({ kind: 'sse', body, headers, ...(cut ? { cutAt: body.length } : {}) });
  }

  /** Queues a recorded server body as it is. */
  recorded(body: string, headers: Record<string, string> = {}): void {
    this.replies.push({ kind: 'sse', body, headers });
  }

  /** Queues chunks (e.g. one ending in an `error` chunk). */
  async chunks(chunks: UIMessageChunk[]): Promise<void> {
    this.replies.push({ kind: 'sse', body: await sse(chunks) });
  }

  status(status: number, message: string, headers: Record<string, string> = {}): void {
    this.replies.push({ kind: 'status', status, body: { message }, headers });
  }

  networkFailure(): void {
    this.replies.push({ kind: 'network' });
  }

  /** Queues a request that never answers (until aborted). */
  hang(): void {
    this.replies.push({ kind: 'hang' });
  }

  /**
   * Feedback requests are recorded as they are made but answered only once the returned
   * function is called (a slow server): what the widget sends while one is in flight shows.
   */
  holdFeedback(): () => void {
    let release = () => {};
    this.feedbackHeld = new Promise((resolve) => {
      release = resolve;
    });
    return () => {
      this.feedbackHeld = undefined;
      release();
    };
  }

  live(): LiveStream {
    const stream = new LiveStream();
    this.replies.push({ kind: 'live', stream });
    return stream;
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input instanceof Request ? input.url : input);
    const recorded: RecordedRequest = {
      url,
      headers: new Headers(init.headers),
      body: JSON.parse(String(init.body ?? '{}')),
    };
    if (url.includes('/feedback')) {
      // The server's answer to a reader's thumbs: 204, no body.
      this.feedbackRequests.push(recorded);
      await this.feedbackHeld;
      return new Response(null, { status: 204 });
    }
    if (url.includes('/v1/page/')) {
      this.pageRequests.push(recorded);
      const content = this.pages.get(String(recorded.body.path));
      return content === undefined
        ? Response.json({ message: `No page at ${recorded.body.path}.` }, { status: 404 })
        : Response.json({
            path: recorded.body.path,
            content,
            ...(this.pageLanguages.has(String(recorded.body.path))
              ? { language: this.pageLanguages.get(String(recorded.body.path)) }
              : {}),
          });
    }
    this.requests.push(recorded);
    const reply = this.replies.shift();
    if (!reply) throw new Error(`FakeApi: no reply queued for ${url}`);
    const signal = init.signal;
    switch (reply.kind) {
      case 'network':
        throw new TypeError('Failed to fetch');
      case 'hang':
        return new Promise((_, reject) => {
          signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        });
      case 'status':
        return Response.json(reply.body, { status: reply.status, headers: reply.headers ?? {} });
      case 'live':
        return new Response(reply.stream.body, { headers: SSE_HEADERS });
      case 'sse': {
        const bytes = new TextEncoder().encode(reply.body.slice(0, reply.cutAt));
        const cut = reply.cutAt !== undefined;
        let sent = false;
        // Pull-based, so a cut connection fails only after the bytes before it were read
        // (erroring a stream discards what is still queued).
        const body = new ReadableStream<Uint8Array>({
          pull(controller): Promise<void> | undefined {
            if (!sent) {
              sent = true;
              controller.enqueue(bytes);
            } else if (cut) {
              // The connection drops a moment later, as a real one does.
              return new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
                controller.error(new TypeError('network error')),
              );
            } else controller.close();
            return undefined;
          },
        });
        return new Response(body, { headers: { ...SSE_HEADERS, ...reply.headers } });
      }
    }
  };
}
