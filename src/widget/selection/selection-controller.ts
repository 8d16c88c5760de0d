import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { ContextItem } from '../../api/types.ts';
import { contextFromSelection, selectionAnchor } from './context-from-selection.ts';

/** What the selection button needs to render: the item it would add and where to sit. */
export interface SelectionOffer {
  item: ContextItem;
  x: number;
  y: number;
  below: boolean;
}

/**
 * Watches text selections on the host page and offers them as context. Evaluates on
 * pointer/key release (not while the reader is still dragging), follows scrolling, and
 * withdraws the offer as soon as the selection collapses.
 */
export class SelectionController implements ReactiveController {
  /** The current offer, or undefined when no button should show. */
  offer: SelectionOffer | undefined;
  private readonly host: ReactiveControllerHost & HTMLElement;
  private readonly path: () => string;
  private readonly onOffer: () => void;
  private frame = 0;
  /** A selection the reader waved away (Escape): not offered again until it changes. */
  private dismissed: string | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, path: () => string, onOffer: () => void) {
    this.host = host;
    this.path = path;
    this.onOffer = onOffer;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('pointerup', this.schedule);
    document.addEventListener('keyup', this.schedule);
    document.addEventListener('selectionchange', this.withdrawIfCollapsed);
    window.addEventListener('scroll', this.follow, { passive: true, capture: true });
  }

  hostDisconnected(): void {
    document.removeEventListener('pointerup', this.schedule);
    document.removeEventListener('keyup', this.schedule);
    document.removeEventListener('selectionchange', this.withdrawIfCollapsed);
    window.removeEventListener('scroll', this.follow, { capture: true });
    cancelAnimationFrame(this.frame);
  }

  /** Drops the offer (after it was taken, or on Escape: `dismiss` keeps it away). */
  clear(dismiss = false): void {
    if (dismiss) this.dismissed = this.offer?.item.value;
    if (!this.offer) return;
    this.offer = undefined;
    this.host.requestUpdate();
  }

  /** Re-reads the selection now (also used by tests and after programmatic selections). */
  evaluate = (): void => {
    const selection = document.getSelection();
    const item = contextFromSelection(selection, this.path(), this.host);
    if (!item || !selection || item.value === this.dismissed) {
      this.clear();
      return;
    }
    const isNew = !this.offer;
    this.offer = { item, ...selectionAnchor(selection) };
    this.host.requestUpdate();
    if (isNew) this.onOffer();
  };

  private schedule = (event: Event): void => {
    // Interactions inside the assistant never change what is offered.
    if (event.composedPath().includes(this.host)) return;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.evaluate);
  };

  private withdrawIfCollapsed = (): void => {
    if (document.getSelection()?.isCollapsed === false) return;
    this.dismissed = undefined;
    this.clear();
  };

  private follow = (): void => {
    if (!this.offer) return;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.evaluate);
  };
}
