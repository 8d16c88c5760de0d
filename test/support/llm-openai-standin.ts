/**
 * A stand-in for an OpenAI-compatible chat-completions server on loopback, speaking the real
 * streaming wire format (SSE `chat.completion.chunk` events, then `data: [DONE]`). It records
 * every request so tests can assert what the prompt contained.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInBehaviour =
  /** Stream `chunks` as content deltas, then finish. */
  | { kind: 'answer'; chunks: string[]; delayMs?: number }
  /** Refuse the request with an HTTP error before any stream starts (with `headers`). */
  | { kind: 'refuse'; status: number; message: string; headers?: Record<string, string> }
  /** Stream `chunks`, then drop the connection without finishing. */
  | { kind: 'break'; chunks: string[] }
  /** Stream `chunks`, then send nothing more, holding the connection open until the client leaves. */
  | { kind: 'stall'; chunks: string[] };

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream: boolean;
    messages: { role: string; content: string }[];
    [key: string]: unknown;
  };
}

export interface StandInServer {
  /** Base URL to give `--model-base-url` (ends in `/v1`). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Set what the next requests get. */
  behave(behaviour: StandInBehaviour): void;
  /** Resolves when a streaming response was closed by the client before it finished. */
  clientClosed(): Promise<void>;
  close(): Promise<void>;
}

export async function startOpenAIStandIn(
  initial: StandInBehaviour = { kind: 'answer', chunks: ['Hello'] },
): Promise<StandInServer> {
  let behaviour = initial;
  const requests: RecordedRequest[] = [];
  let closedByClient: () => void = () => {};
  let closed = new Promise<void>((resolve) => {
    closedByClient = resolve;
  });

  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({ path: req.url ?? '', headers: req.headers, body: raw ? JSON.parse(raw) : {} });
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    await respond(res, behaviour, requests.at(-1)!.body.model, () => closedByClient());
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    behave(next) {
      behaviour = next;
      closed = new Promise<void>((resolve) => {
        closedByClient = resolve;
      });
    },
    clientClosed: () => closed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function respond(
  res: ServerResponse,
  behaviour: StandInBehaviour,
  model: string,
  onClientClose: () => void,
): Promise<void> {
  if (behaviour.kind === 'refuse') {
    res.writeHead(behaviour.status, { 'Content-Type': 'application/json', ...behaviour.headers });
    res.end(
      JSON.stringify({ error: { message: behaviour.message, type: 'invalid_request_error' } }),
    );
    return;
  }
  let finished = false;
  res.on('close', () => {
    if (!finished) onClientClose();
  });
  res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
  const created = Math.floor(Date.now() / 1000);
  const event = (delta: object, finishReason: string | null = null, extra: object = {}) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-standin',
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
      ...extra,
    })}\n\n`;

  res.write(event({ role: 'assistant', content: '' }));
  for (const content of behaviour.chunks) {
    if (res.destroyed) return;
    if (behaviour.kind === 'answer' && behaviour.delayMs) await sleep(behaviour.delayMs);
    res.write(event({ content }));
  }
  if (behaviour.kind === 'stall') return;
  if (behaviour.kind === 'break') {
    // Give the deltas time to reach the client, then drop the connection mid-stream.
    await sleep(20);
    finished = true;
    res.destroy();
    return;
  }
  res.write(
    event({}, 'stop', { usage: { prompt_tokens: 42, completion_tokens: behaviour.chunks.length } }),
  );
  res.write('data: [DONE]\n\n');
  finished = true;
  res.end();
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
