import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ChatError, ChatOptions } from '../chat/types.ts';
import type { PageResult } from './page-client.ts';

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
  | { status: 'loaded'; target: PageTarget; content: string; language?: string | undefined }
  | { status: 'failed'; target: PageTarget; error: ChatError };

/**
 * Loads a cited page for the in-panel page view. Only the latest request counts: opening
 * another page or going back drops whatever an earlier request returns.
 * No answer needs a page, so the page client's code, and the view's (`loadView`), load with the
 * first page opened; while they do, the page is `loading`, and if they cannot be loaded
 * (offline, blocked) it has `failed` with a network error, so Retry fetches them again.
 */
export class PageViewController implements ReactiveController {
  /** What the page view shows. */
  state: PageViewState = { status: 'closed' };
  private readonly host: ReactiveControllerHost;
  private readonly options: () => ChatOptions;
  private readonly onError: (error: ChatError) => void;
  private readonly loadView: () => Promise<unknown>;
  private run = 0;
  private abort: AbortController | undefined;

  constructor(
    host: ReactiveControllerHost,
    options: () => ChatOptions,
    onError: (error: ChatError) => void = () => {},
    loadView: () => Promise<unknown> = async () => {},
  ) {
    this.host = host;
    this.options = options;
    this.onError = onError;
    this.loadView = loadView;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.cancel();
  }

  /** Shows `target`, fetching its content; resolves once it has loaded or failed. */
  async open(target: PageTarget): Promise<void> {
    this.cancel();
    const run = this.run;
    const abort = new AbortController();
    this.abort = abort;
    this.set({ status: 'loading', target });
    let result: PageResult;
    try {
      const [{ fetchPage }] = await Promise.all([import('./page-client.ts'), this.loadView()]);
      result = await fetchPage(this.options(), target.path, abort.signal);
    } catch (error) {
      if (run !== this.run) return; // aborted: a newer request or Back took over
      result = { ok: false, error: { kind: 'network', detail: String(error) } };
    }
    if (run !== this.run) return;
    if (result.ok) {
      const { content, language } = result.page;
      this.set({ status: 'loaded', target, content, language });
    } else {
      this.set({ status: 'failed', target, error: result.error });
      this.onError(result.error);
    }
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
