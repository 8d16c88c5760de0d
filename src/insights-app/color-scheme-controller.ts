import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Calls back when the reader's color scheme flips (a canvas must be redrawn in the new colors). */
export class ColorSchemeController implements ReactiveController {
  private readonly query = matchMedia('(prefers-color-scheme: dark)');
  private readonly onChange: () => void;

  constructor(host: ReactiveControllerHost, onChange: () => void) {
    this.onChange = onChange;
    host.addController(this);
  }

  hostConnected(): void {
    this.query.addEventListener('change', this.onChange);
  }

  hostDisconnected(): void {
    this.query.removeEventListener('change', this.onChange);
  }
}
