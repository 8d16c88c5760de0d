import { html } from 'lit';
import type { DocsAssistantI18n } from '../i18n.ts';

// Interim: plain text until src/widget/markdown lands.
export function answerMarkdown(
  _key: string,
  text: string,
  _streaming: boolean,
  _t: DocsAssistantI18n,
) {
  return html`<p>${text}</p>`;
}

export function pageMarkdown(content: string, _t: DocsAssistantI18n) {
  return html`<p>${content}</p>`;
}
