import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the end (px) still counts as "at the bottom". */
const SLACK = 32;

/**
 * Keeps a scroller pinned to its end while content grows (streamed text, late
 * highlighting), but only while the reader is at the bottom: scrolling up to read
 * unpins it, scrolling back down re-pins it.
 */
export class ScrollFollowController implements ReactiveController {
  /** Whether the view follows new content. */
  pinned = true;
  private readonly host: ReactiveControllerHost;
  private readonly scroller: () => HTMLElement | null;
  private observed: Element | undefined;
  private readonly resize = new ResizeObserver(() => this.follow());

  constructor(host: ReactiveControllerHost, scroller: () => HTMLElement | null) {
    this.host = host;
    this.scroller = scroller;
    host.addController(this);
  }

  hostUpdated(): void {
    const content = this.scroller()?.firstElementChild ?? undefined;
    if (content !== this.observed) {
      if (this.observed) this.resize.unobserve(this.observed);
      if (content) this.resize.observe(content);
      this.observed = content;
    }
    this.follow();
  }

  hostDisconnected(): void {
    this.resize.disconnect();
    this.observed = undefined;
  }

  /** Scroll handler for the scroller: the reader's position decides whether to follow. */
  onScroll = (): void => {
    const el = this.scroller();
    if (!el) return;
    const pinned = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK;
    if (pinned !== this.pinned) {
      this.pinned = pinned;
      this.host.requestUpdate();
    }
  };

  /** Jumps to the end and follows again (after sending a question). */
  pin(): void {
    if (!this.pinned) this.host.requestUpdate();
    this.pinned = true;
    this.follow();
  }

  private follow(): void {
    const el = this.scroller();
    if (this.pinned && el) el.scrollTop = el.scrollHeight;
  }
}
