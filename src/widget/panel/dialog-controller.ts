import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createRef } from 'lit/directives/ref.js';
import { MediaQueryController } from './media-query.ts';

/** Below this width the panel covers the screen and becomes modal. */
const NARROW = '(max-width: 640px)';

/**
 * Keeps the native `<dialog>` in step with the panel's `open`: shown non-modally beside the page
 * on wide screens, modally when it fills a narrow one (and the page behind becomes inert).
 */
export class DialogController implements ReactiveController {
  /** The dialog element. */
  readonly element = createRef<HTMLDialogElement>();
  private readonly narrow: MediaQueryController;
  private readonly isOpen: () => boolean;
  private shownModal: boolean | undefined;

  constructor(host: ReactiveControllerHost, isOpen: () => boolean) {
    this.isOpen = isOpen;
    this.narrow = new MediaQueryController(host, NARROW);
    host.addController(this);
  }

  /** Whether the dialog is (or opens) modal: on narrow screens. */
  get modal(): boolean {
    return this.narrow.matches;
  }

  hostUpdated(): void {
    const dialog = this.element.value;
    if (!dialog) return;
    const modal = this.modal;
    if (!this.isOpen()) {
      if (dialog.open) dialog.close();
      this.shownModal = undefined;
      return;
    }
    if (dialog.open && this.shownModal === modal) return;
    if (dialog.open) dialog.close();
    // show() moves focus into the dialog; focus is the opener's call (`focus()`), so put it
    // back. A modal dialog makes the page inert, so there focus stays inside.
    const previous = document.activeElement;
    if (modal) dialog.showModal();
    else dialog.show();
    if (!modal && previous instanceof HTMLElement) previous.focus({ preventScroll: true });
    this.shownModal = modal;
  }
}
