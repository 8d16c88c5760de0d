/**
 * The server's life after start: the answers streaming now, and a graceful stop. On SIGTERM
 * (a deploy) the server stops accepting, reports itself not ready, lets the answers in flight
 * finish within a grace period, then interrupts the rest cleanly: each ends with an error
 * chunk the widget shows as "interrupted, retry" (and `[DONE]` on v2), never cut mid-chunk.
 */

export class Lifecycle {
  private readonly interrupter = new AbortController();
  private readonly active = new Set<Promise<unknown>>();
  private stopping = false;

  /** Aborted when the grace period is over: answers still streaming end now. */
  get interrupt(): AbortSignal {
    return this.interrupter.signal;
  }

  /** True once a stop began: readiness answers 503 so balancers move readers elsewhere. */
  get draining(): boolean {
    return this.stopping;
  }

  /** Answers streaming now. */
  get streaming(): number {
    return this.active.size;
  }

  /** Follows an answer until it settles. */
  track(done: Promise<unknown>): void {
    this.active.add(done);
    const forget = () => this.active.delete(done);
    done.then(forget, forget);
  }

  /**
   * Lets the answers in flight finish for up to `graceMs`, then interrupts the others and
   * waits (briefly) for them to write their last chunk. Resolves with how many were cut.
   */
  async drain(graceMs: number): Promise<number> {
    this.stopping = true;
    const settled = () => Promise.allSettled([...this.active]);
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, graceMs);
    });
    await Promise.race([settled(), graceOver]);
    clearTimeout(timer);
    const cut = this.active.size;
    if (cut > 0) {
      this.interrupter.abort();
      // Interrupted answers end within a turn of the event loop; never wait on them for long.
      await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, 2000))]);
    }
    return cut;
  }
}

/** What an interrupted answer says, as its last (error) chunk. */
export const INTERRUPTED_MESSAGE =
  'The server is restarting and this answer was interrupted. Please retry.';
