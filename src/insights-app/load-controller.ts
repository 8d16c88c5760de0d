import type { ReactiveController, ReactiveControllerHost } from 'lit';

export type LoadState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous?: T }
  | { status: 'ready'; value: T }
  | { status: 'error'; error: Error };

/**
 * One async load a view shows (as `@lit/task` does it): each run gets its own AbortController
 * and aborts the one before, a stale result is dropped, the host re-renders on every change,
 * and leaving the page aborts the run.
 */
export class LoadController<T> implements ReactiveController {
  state: LoadState<T> = { status: 'idle' };
  private readonly host: ReactiveControllerHost;
  private abort: AbortController | undefined;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  /** The last value loaded, also while the next one loads. */
  get value(): T | undefined {
    if (this.state.status === 'ready') return this.state.value;
    if (this.state.status === 'loading') return this.state.previous;
    return undefined;
  }

  /** Starts `load`; resolves once it settled (or was replaced by a newer run). */
  async run(load: (signal: AbortSignal) => Promise<T>): Promise<void> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    const previous = this.value;
    this.state = previous === undefined ? { status: 'loading' } : { status: 'loading', previous };
    this.host.requestUpdate();
    try {
      const value = await load(abort.signal);
      if (abort.signal.aborted) return;
      this.state = { status: 'ready', value };
    } catch (error) {
      if (abort.signal.aborted) return;
      this.state = {
        status: 'error',
        error: error instanceof Error ? error : new Error(String(error)),
      };
    }
    this.host.requestUpdate();
  }

  /** Back to nothing loaded (e.g. on sign-out). */
  reset(): void {
    this.abort?.abort();
    this.abort = undefined;
    this.state = { status: 'idle' };
    this.host.requestUpdate();
  }

  hostDisconnected(): void {
    this.abort?.abort();
  }
}
