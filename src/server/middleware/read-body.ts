/**
 * A request body read as text piece by piece, for a reader that may stop before the end.
 *
 * Under @hono/node-server it is read from Node's IncomingMessage itself: `c.req.raw.body`
 * would wrap it in a web stream (`Readable.toWeb`) that copies every chunk and, once its
 * reader stops, pauses the request again each time a chunk comes, so the rest of the body
 * could not be discarded. Stopping leaves the request paused and unread. Elsewhere
 * (`app.request()` in tests, other runtimes) the web stream is read and cancelled.
 *
 * What becomes of the unread rest is not decided here: closeOnUnreadBody (unread-body.ts)
 * closes the connection after the response rather than have the server read it to drop it.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/**
 * Calls `onPiece` with each piece of text and the bytes read so far; it answers false to stop.
 * Resolves to the whole text (UTF-8, a byte order mark dropped, as `c.req.text()`), or
 * undefined when the reading stopped.
 */
export async function readBodyText(
  c: Context,
  onPiece: (text: string, bytesRead: number) => boolean,
): Promise<string | undefined> {
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let bytesRead = 0;
  const take = (chunk: Uint8Array): boolean => {
    bytesRead += chunk.byteLength;
    const text = decoder.decode(chunk, { stream: true });
    pieces.push(text);
    return onPiece(text, bytesRead);
  };

  const incoming = nodeRequest(c);
  if (incoming && !incoming.readableDidRead) {
    if (!(await readIncoming(incoming, take))) return undefined;
  } else {
    const reader = c.req.raw.body?.getReader();
    for (;;) {
      const next = await reader?.read();
      if (!next || next.done) break;
      if (!take(next.value)) {
        await reader?.cancel();
        return undefined;
      }
    }
  }
  const last = decoder.decode();
  if (last) pieces.push(last);
  if (last && !onPiece(last, bytesRead)) return undefined;
  return pieces.join('');
}

/** Node's IncomingMessage under @hono/node-server; undefined elsewhere (`app.request()`). */
export function nodeRequest(c: Context): IncomingMessage | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === 'function' ? incoming : undefined;
}

/** Reads until the end (true), or until `take` answers false (false; the request is paused). */
function readIncoming(
  incoming: IncomingMessage,
  take: (chunk: Uint8Array) => boolean,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const settle = (finish: () => void) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
      incoming.off('close', onClose);
      finish();
    };
    const onData = (chunk: Buffer) => {
      if (take(chunk)) return;
      incoming.pause();
      settle(() => resolve(false));
    };
    const onEnd = () => settle(() => resolve(true));
    const onError = (error: Error) => settle(() => reject(error));
    const onClose = () =>
      settle(() => reject(new Error('The connection closed before the request body was read')));
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
    incoming.on('close', onClose);
  });
}
