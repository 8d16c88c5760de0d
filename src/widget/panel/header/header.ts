import { html } from 'lit';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { icon, iconButton } from '../icons.ts';

export interface HeaderView {
  t: DocsAssistantI18n;
  /** There is something to start over from (messages, or a page open). */
  canStartOver: boolean;
  onNewChat(): void;
  onClose(): void;
}

/** The title bar: the title (the dialog's accessible name), New chat, Close. */
export function header({ t, canStartOver, onNewChat, onClose }: HeaderView) {
  return html`
    <header part="header">
      <h2 id="title" part="title">${icon('sparkle')}<span>${t.title}</span></h2>
      <button
        part="button new-chat"
        type="button"
        class="ghost"
        ?disabled=${!canStartOver}
        @click=${onNewChat}
      >
        ${icon('newChat')}<span>${t.newChat}</span>
      </button>
      ${iconButton({ part: 'close', label: t.close, icon: 'close', onClick: onClose })}
    </header>
  `;
}
