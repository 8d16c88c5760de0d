/**
 * A minimal client of V8's inspector protocol, for reading another process's live heap: a
 * full collection, then the heap in use. The process runs with `--inspect`, which leaves its
 * heap settings alone; nothing in the product exposes or forces a collection.
 */

export interface InspectorSession {
  /** The heap in use after two full collections (the second sweeps what the first freed). */
  liveHeapBytes(): Promise<number>;
  close(): void;
}

export async function inspect(address: string): Promise<InspectorSession> {
  const socket = new WebSocket(address);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  let lastId = 0;
  const pending = new Map<number, (message: { result?: unknown; error?: unknown }) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  });
  const call = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (message) =>
        message.error
          ? reject(new Error(JSON.stringify(message.error)))
          : resolve(message.result as T),
      );
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    async liveHeapBytes() {
      await call('HeapProfiler.collectGarbage');
      await call('HeapProfiler.collectGarbage');
      return (await call<{ usedSize: number }>('Runtime.getHeapUsage')).usedSize;
    },
    close: () => socket.close(),
  };
}
