import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createRef } from 'lit/directives/ref.js';
import { lockScroll, pushPage } from './host-page.ts';
import { MediaQueryController } from './media-query.ts';

/** Below this width the panel covers the screen and becomes modal. */
const NARROW = '(max-width: 640px)';

/**
 * Keeps the native `<dialog>` in step with the panel's `open`: shown non-modally beside the page
 * on wide screens (moving the page aside when the host asks to push it), modally when it fills a
 * narrow one (the page behind becomes inert and stops scrolling).
 */
export class DialogController implements ReactiveController {
  /** The dialog element. */
  readonly element = createRef<HTMLDialogElement>();
  private readonly narrow: MediaQueryController;
  private readonly isOpen: () => boolean;
  private readonly pushes: () => boolean;
  private shownModal: boolean | undefined;
  /** Undoes what the open dialog did to the page (scroll lock or push). */
  private undoPage: (() => void) | undefined;

  constructor(host: ReactiveControllerHost, isOpen: () => boolean, pushes: () => boolean) {
    this.isOpen = isOpen;
    this.pushes = pushes;
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
      this.restorePage();
      return;
    }
    if (dialog.open && this.shownModal === modal) return;
    if (dialog.open) dialog.close();
    this.restorePage();
    // show() moves focus into the dialog; focus is the opener's call (`focus()`), so put it
    // back. A modal dialog makes the page inert, so there focus stays inside.
    const previous = document.activeElement;
    if (modal) dialog.showModal();
    else dialog.show();
    if (!modal && previous instanceof HTMLElement) previous.focus({ preventScroll: true });
    this.shownModal = modal;
    if (modal) this.undoPage = lockScroll();
    else if (this.pushes()) this.undoPage = pushBy(dialog);
  }

  hostDisconnected(): void {
    this.restorePage();
  }

  private restorePage(): void {
    this.undoPage?.();
    this.undoPage = undefined;
  }
}

/**
 * Pushes the page by the room the panel takes, on the side it is on: from its inner edge to the
 * viewport's edge (the left one on a right-to-left page, where the panel is on the left).
 */
function pushBy(dialog: HTMLDialogElement): () => void {
  // offsets, not the bounding box: the box is still sliding in (its transform)
  const left = dialog.offsetLeft;
  const right = left + dialog.offsetWidth;
  const width = document.documentElement.clientWidth;
  return left + right < width ? pushPage(right, 'left') : pushPage(width - left);
}

/**
 * Whether a modal of the host page is showing (its search, a menu drawer): an open `<dialog>` or
 * an `aria-modal` element that is visible. The panel's own dialog lives in a shadow root, so it
 * is never one of them.
 */
export function siteModalOpen(): boolean {
  return [...document.querySelectorAll('dialog[open], [aria-modal="true"]')].some((element) =>
    element.checkVisibility(),
  );
}
