import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How long a copy button says "Copied". */
const COPIED_MS = 1500;

/**
 * Copies answers and code blocks, and says so on the button for a moment. The Clipboard API
 * first; where it is refused (permissions, an insecure page) the select-and-copy fallback.
 */
export class ClipboardController implements ReactiveController {
  /** The message whose answer was just copied. */
  copied: string | undefined;
  private readonly host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment };
  private readonly timers = new Set<number>();
  private answerTimer = 0;

  constructor(host: ReactiveControllerHost & { renderRoot: HTMLElement | DocumentFragment }) {
    this.host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    clearTimeout(this.answerTimer);
  }

  /** Copies an answer's text; `copied` names it for a moment. */
  async copyAnswer(messageId: string, text: string): Promise<void> {
    await this.write(text);
    this.copied = messageId;
    this.host.requestUpdate();
    clearTimeout(this.answerTimer);
    this.answerTimer = window.setTimeout(() => {
      this.copied = undefined;
      this.host.requestUpdate();
    }, COPIED_MS);
  }

  /**
   * Copies a code block; its button (rendered Markdown, outside the templates) shows `label`
   * for a moment.
   */
  async copyCode(button: HTMLElement, code: string, label: string): Promise<void> {
    await this.write(code);
    const original = button.textContent;
    button.dataset.copied = '';
    button.textContent = label;
    const timer = window.setTimeout(() => {
      this.timers.delete(timer);
      delete button.dataset.copied;
      button.textContent = original;
    }, COPIED_MS);
    this.timers.add(timer);
  }

  private async write(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      this.host.renderRoot.appendChild(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
  }
}
