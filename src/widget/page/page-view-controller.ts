import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fetchPage, type PageResult } from '../chat/page-client.ts';
import type { ChatOptions } from '../chat/types.ts';

/** A page to show in full: from a citation chip or a doc link in an answer. */
export interface PageTarget {
  path: string;
  title?: string;
  /** Published address of the page, when the source said so. */
  url?: string;
  anchor?: string;
}

export type PageViewState =
  | { status: 'closed' }
  | { status: 'loading'; target: PageTarget }
  | { status: 'loaded'; target: PageTarget; content: string }
  | { status: 'failed'; target: PageTarget; message: string; notFound: boolean };

/**
 * Loads a cited page for the in-panel page view. Only the latest request counts: opening
 * another page or going back drops whatever an earlier request returns.
 */
export class PageViewController implements ReactiveController {
  state: PageViewState = { status: 'closed' };
  private readonly host: ReactiveControllerHost;
  private readonly options: () => ChatOptions;
  private run = 0;
  private abort: AbortController | undefined;

  constructor(host: ReactiveControllerHost, options: () => ChatOptions) {
    this.host = host;
    this.options = options;
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.cancel();
  }

  /** Shows `target`, fetching its content. */
  async open(target: PageTarget): Promise<void> {
    this.cancel();
    const run = this.run;
    const abort = new AbortController();
    this.abort = abort;
    this.set({ status: 'loading', target });
    let result: PageResult;
    try {
      result = await fetchPage(this.options(), target.path, abort.signal);
    } catch {
      return; // aborted: a newer request or Back took over
    }
    if (run !== this.run) return;
    this.set(
      result.ok
        ? { status: 'loaded', target, content: result.page.content }
        : { status: 'failed', target, message: result.message, notFound: result.status === 404 },
    );
  }

  /** Back to the conversation. */
  close(): void {
    this.cancel();
    if (this.state.status !== 'closed') this.set({ status: 'closed' });
  }

  private cancel(): void {
    this.run++;
    this.abort?.abort();
    this.abort = undefined;
  }

  private set(state: PageViewState): void {
    this.state = state;
    this.host.requestUpdate();
  }
}
