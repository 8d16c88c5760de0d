import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Tracks a media query (e.g. the narrow layout) and re-renders the host when it flips. */
export class MediaQueryController implements ReactiveController {
  matches = false;
  private readonly host: ReactiveControllerHost;
  private readonly query: MediaQueryList;

  constructor(host: ReactiveControllerHost, query: string) {
    this.host = host;
    this.query = matchMedia(query);
    this.matches = this.query.matches;
    host.addController(this);
  }

  hostConnected(): void {
    this.query.addEventListener('change', this.onChange);
    this.matches = this.query.matches;
  }

  hostDisconnected(): void {
    this.query.removeEventListener('change', this.onChange);
  }

  private onChange = (): void => {
    this.matches = this.query.matches;
    this.host.requestUpdate();
  };
}
