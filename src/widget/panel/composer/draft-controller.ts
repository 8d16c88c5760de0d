import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { createRef } from 'lit/directives/ref.js';

/** The question being typed: its text, and the textarea growing with it. */
export class DraftController implements ReactiveController {
  /** The text in the input. */
  text = '';
  /** The question input. */
  readonly input = createRef<HTMLTextAreaElement>();
  private readonly host: ReactiveControllerHost;
  /** What the textarea was last sized for: streamed updates do not measure it again. */
  private sized: { input: HTMLTextAreaElement; text: string } | undefined;

  constructor(host: ReactiveControllerHost) {
    this.host = host;
    host.addController(this);
  }

  hostUpdated(): void {
    const input = this.input.value;
    if (input && (input !== this.sized?.input || this.text !== this.sized.text)) this.resize(input);
  }

  /** Input handler for the textarea. */
  onInput = (event: InputEvent): void => {
    this.text = (event.target as HTMLTextAreaElement).value;
    this.host.requestUpdate();
  };

  /** Empties the input (the question was sent). */
  clear(): void {
    this.text = '';
    this.host.requestUpdate();
  }

  /** Grows the textarea with its content (CSSOM, so it works under a strict CSP). */
  private resize(input: HTMLTextAreaElement): void {
    this.sized = { input, text: this.text };
    input.style.height = 'auto';
    if (this.text) input.style.height = `${input.scrollHeight}px`;
  }
}
