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

/** How long a selection must rest before it is offered when no pointer or key release says so. */
const SETTLE_MS = 250;

/**
 * Watches text selections on the host page and offers them as context. Evaluates on
 * pointer/key release (not while the reader is still dragging with a mouse), and once the
 * selection itself has rested (touch handles, a long press, a script: no release follows);
 * follows scrolling, and withdraws the offer as soon as the selection collapses.
 */
export class SelectionController implements ReactiveController {
  /** The current offer, or undefined when no button should show. */
  offer: SelectionOffer | undefined;
  private readonly host: ReactiveControllerHost & HTMLElement;
  private readonly path: () => string;
  private readonly onOffer: () => void;
  private frame = 0;
  private settle: ReturnType<typeof setTimeout> | undefined;
  /** A mouse button is down on the page, or a press began inside the assistant: wait for its release. */
  private held = false;
  /** A selection the reader waved away (Escape): not offered again until it changes. */
  private dismissed: string | undefined;

  constructor(host: ReactiveControllerHost & HTMLElement, path: () => string, onOffer: () => void) {
    this.host = host;
    this.path = path;
    this.onOffer = onOffer;
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('pointerdown', this.press);
    document.addEventListener('pointerup', this.schedule);
    document.addEventListener('keyup', this.schedule);
    document.addEventListener('selectionchange', this.onSelectionChange);
    window.addEventListener('scroll', this.follow, { passive: true, capture: true });
  }

  hostDisconnected(): void {
    document.removeEventListener('pointerdown', this.press);
    document.removeEventListener('pointerup', this.schedule);
    document.removeEventListener('keyup', this.schedule);
    document.removeEventListener('selectionchange', this.onSelectionChange);
    window.removeEventListener('scroll', this.follow, { capture: true });
    cancelAnimationFrame(this.frame);
    clearTimeout(this.settle);
  }

  /** Drops the offer (after it was taken, or on Escape: `dismiss` keeps it away). */
  clear(dismiss = false): void {
    if (dismiss) this.dismissed = this.offer?.item.value;
    if (!this.offer) return;
    this.offer = undefined;
    this.host.requestUpdate();
  }

  /**
   * What the reader has selected on the page now, offered or not (an offer waved away with
   * Escape included): opening with the shortcut asks about it as the button would.
   */
  selected(): ContextItem | undefined {
    return (
      this.offer?.item ?? contextFromSelection(document.getSelection(), this.path(), this.host)
    );
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

  private press = (event: PointerEvent): void => {
    this.held = event.pointerType === 'mouse' || event.composedPath().includes(this.host);
  };

  private schedule = (event: Event): void => {
    if (event.type === 'pointerup') this.held = false;
    // Interactions inside the assistant never change what is offered.
    if (event.composedPath().includes(this.host)) return;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.evaluate);
  };

  private onSelectionChange = (): void => {
    clearTimeout(this.settle);
    if (document.getSelection()?.isCollapsed === false) {
      // Text selected in the assistant itself (it has focus) is not offered.
      if (!this.held && document.activeElement !== this.host) {
        this.settle = setTimeout(this.evaluate, SETTLE_MS);
      }
      return;
    }
    this.dismissed = undefined;
    this.clear();
  };

  private follow = (): void => {
    if (!this.offer) return;
    cancelAnimationFrame(this.frame);
    this.frame = requestAnimationFrame(this.evaluate);
  };
}
