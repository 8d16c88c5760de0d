import { css } from 'lit';

/**
 * Panel styles. Colors, fonts and sizes come from the tokens `<docs-assistant>` sets on
 * its host (`--_bg`, `--_fg`, …), so themes and dark mode reach the panel by inheritance.
 */
export const styles = css`
  :host {
    --_space: 16px;
    --_panel-width: var(--docs-assistant-panel-width, 440px);
    --_font-size: var(--docs-assistant-font-size, 15px);
    --_accent-soft: color-mix(in srgb, var(--_accent) 12%, transparent);
    --_user-bg: color-mix(in srgb, var(--_accent) 10%, var(--_bg));
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  .icon {
    width: 16px;
    height: 16px;
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }

  /* The dialog: a floating side panel on wide screens, the whole screen on narrow ones. */
  dialog {
    position: fixed;
    inset: 12px 12px 12px auto;
    z-index: var(--_z);
    width: min(var(--_panel-width), calc(100vw - 24px));
    height: auto;
    max-width: none;
    max-height: none;
    margin: 0;
    padding: 0;
    display: none;
    flex-direction: column;
    overflow: hidden;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 4px);
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: var(--_shadow);
    font: 400 var(--_font-size) / 1.55 var(--_font);
    -webkit-font-smoothing: antialiased;
    text-align: start;
    transition:
      opacity 0.18s ease,
      transform 0.22s var(--_ease),
      display 0.22s allow-discrete,
      overlay 0.22s allow-discrete;
    opacity: 0;
    transform: translateX(16px);
  }
  dialog[open] {
    display: flex;
    opacity: 1;
    transform: none;
  }
  @starting-style {
    dialog[open] {
      opacity: 0;
      transform: translateX(16px);
    }
  }
  dialog::backdrop {
    background: transparent;
  }
  @media (max-width: 640px) {
    /* 16px keeps iOS from zooming into the page when the input gets focus. */
    textarea {
      font-size: 16px;
    }
    dialog {
      inset: 0;
      width: 100%;
      height: 100%;
      height: 100dvh;
      border: 0;
      border-radius: 0;
      transform: translateY(12px);
    }
    @starting-style {
      dialog[open] {
        transform: translateY(12px);
      }
    }
  }

  /* Buttons */
  :where(button) {
    font: inherit;
    color: inherit;
    cursor: pointer;
  }
  button:disabled {
    cursor: default;
    opacity: 0.45;
  }
  :focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: var(--_muted);
  }
  .icon-button:not(:disabled):hover {
    background: var(--_surface);
    color: var(--_fg);
  }
  .ghost {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    height: 32px;
    padding: 0 10px;
    border: 0;
    border-radius: 8px;
    background: transparent;
    color: var(--_muted);
    font-size: 13px;
    font-weight: 500;
    text-decoration: none;
  }
  .ghost:not(:disabled):hover {
    background: var(--_surface);
    color: var(--_fg);
  }

  /* Header */
  header {
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 10px 10px 10px 18px;
    border-bottom: 1px solid var(--_border);
  }
  h2 {
    display: flex;
    align-items: center;
    gap: 8px;
    margin: 0 auto 0 0;
    font-size: 15px;
    font-weight: 600;
    letter-spacing: -0.01em;
  }
  h2 .icon {
    color: var(--_accent);
    fill: var(--_accent);
    stroke-width: 1;
  }

  /* Messages */
  .messages {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    scrollbar-gutter: stable;
    outline: none;
  }
  .list {
    display: flex;
    flex-direction: column;
    gap: 22px;
    padding: 20px 18px 24px;
  }
  .user {
    align-self: flex-end;
    max-width: 85%;
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    gap: 6px;
  }
  .bubble {
    padding: 9px 14px;
    border-radius: 16px 16px 4px 16px;
    background: var(--_user-bg);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .sent-context {
    display: flex;
    flex-wrap: wrap;
    justify-content: flex-end;
    gap: 6px;
  }
  .sent-context .chip-label {
    padding: 3px 8px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    font-size: 12px;
    color: var(--_muted);
  }
  .assistant {
    display: flex;
    flex-direction: column;
    gap: 12px;
    min-width: 0;
  }
  .pending {
    display: flex;
    align-items: center;
    gap: 10px;
    color: var(--_muted);
    font-size: 14px;
  }
  .pending q {
    color: var(--_fg);
  }
  .dots {
    display: inline-flex;
    gap: 4px;
  }
  .dots i {
    width: 6px;
    height: 6px;
    border-radius: 50%;
    background: var(--_accent);
    animation: pulse 1.2s infinite ease-in-out;
  }
  .dots i:nth-child(2) {
    animation-delay: 0.15s;
  }
  .dots i:nth-child(3) {
    animation-delay: 0.3s;
  }
  @keyframes pulse {
    0%,
    80%,
    100% {
      opacity: 0.25;
      transform: scale(0.8);
    }
    40% {
      opacity: 1;
      transform: none;
    }
  }

  /* Citations under an answer and context chips above the input */
  .chip-row {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part='citation'] {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-width: 100%;
    height: 28px;
    padding: 0 10px 0 4px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    color: var(--_fg);
    font-size: 12.5px;
    text-decoration: none;
    transition:
      border-color 0.15s,
      background 0.15s;
  }
  [part='citation']:hover {
    border-color: color-mix(in srgb, var(--_accent) 50%, var(--_border));
    background: var(--_accent-soft);
  }
  [part='citation'] .num {
    display: inline-grid;
    place-items: center;
    min-width: 20px;
    height: 20px;
    padding: 0 5px;
    border-radius: 999px;
    background: var(--_accent-soft);
    color: var(--_accent);
    font-size: 11px;
    font-weight: 650;
  }
  [part='citation'] .label {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 22ch;
  }

  /* Answer actions */
  .actions {
    display: flex;
    align-items: center;
    gap: 2px;
    margin-top: -4px;
    margin-inline-start: -6px;
  }
  .actions .icon-button {
    width: 30px;
    height: 30px;
  }
  .actions [aria-pressed='true'] {
    color: var(--_accent);
    background: var(--_accent-soft);
  }
  .thanks {
    margin-inline-start: 6px;
    color: var(--_muted);
    font-size: 12.5px;
  }

  /* Empty state */
  .empty {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    padding: 28px 4px 0;
  }
  .empty-mark {
    display: grid;
    place-items: center;
    width: 40px;
    height: 40px;
    margin-bottom: 14px;
    border-radius: 12px;
    background: var(--_accent-soft);
    color: var(--_accent);
  }
  .empty-mark .icon {
    width: 20px;
    height: 20px;
    fill: currentColor;
    stroke-width: 1;
  }
  .empty-title {
    margin: 0 0 4px;
    font-size: 18px;
    font-weight: 650;
    letter-spacing: -0.015em;
  }
  .empty-body {
    margin: 0 0 20px;
    color: var(--_muted);
    font-size: 14px;
  }
  .suggestions {
    display: flex;
    flex-direction: column;
    gap: 8px;
    width: 100%;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  [part~='suggestion'] {
    width: 100%;
    padding: 10px 14px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    font-size: 14px;
    text-align: start;
    transition:
      border-color 0.15s,
      background 0.15s;
  }
  [part~='suggestion']:hover {
    border-color: color-mix(in srgb, var(--_accent) 50%, var(--_border));
    background: var(--_accent-soft);
  }

  /* Errors */
  .error {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px 10px;
    padding: 12px 14px;
    border: 1px solid light-dark(#f3c5c5, #5c2b2e);
    border-radius: var(--_radius);
    background: light-dark(#fdf2f2, #2a1a1c);
    color: light-dark(#8f1d1d, #ffb4b4);
    font-size: 14px;
  }
  .error p {
    flex: 1 1 200px;
    margin: 0;
  }
  .error button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    height: 30px;
    padding: 0 12px;
    border: 1px solid currentColor;
    border-radius: 8px;
    background: transparent;
    font-size: 13px;
    font-weight: 500;
  }

  /* Jump to the latest message (shown while the reader has scrolled up) */
  .jump {
    position: relative;
    height: 0;
  }
  [part~='jump'] {
    position: absolute;
    bottom: 10px;
    left: 50%;
    display: grid;
    place-items: center;
    width: 34px;
    height: 34px;
    padding: 0;
    border: 1px solid var(--_border);
    border-radius: 50%;
    background: var(--_bg);
    color: var(--_fg);
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.12);
    transform: translateX(-50%);
  }

  /* Composer */
  .composer {
    padding: 0 14px max(12px, env(safe-area-inset-bottom));
  }
  .box {
    display: grid;
    grid-template-columns: 1fr auto;
    align-items: end;
    gap: 6px;
    padding: 8px 8px 8px 14px;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 2px);
    background: var(--_bg);
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.04);
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  .box:focus-within {
    border-color: color-mix(in srgb, var(--_accent) 60%, var(--_border));
    box-shadow: 0 0 0 3px var(--_accent-soft);
  }
  .context {
    grid-column: 1 / -1;
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    max-width: 100%;
    padding-inline-start: 8px;
    border-radius: 8px;
    background: var(--_surface);
    font-size: 12.5px;
  }
  .chip .icon-button {
    width: 24px;
    height: 24px;
  }
  .chip .icon-button .icon {
    width: 13px;
    height: 13px;
  }
  .chip-label {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    min-width: 0;
  }
  .chip-label .icon {
    width: 13px;
    height: 13px;
    color: var(--_muted);
  }
  .chip-text {
    overflow: hidden;
    max-width: 28ch;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  textarea {
    outline: none !important;
    width: 100%;
    min-height: 32px;
    max-height: 40vh;
    padding: 5px 0;
    border: 0;
    outline: none;
    resize: none;
    background: transparent;
    color: inherit;
    font: inherit;
    line-height: 1.45;
  }
  textarea::placeholder {
    color: var(--_muted);
    opacity: 0.85;
  }
  .send {
    display: grid;
    place-items: center;
    width: 32px;
    height: 32px;
    padding: 0;
    border: 0;
    border-radius: 9px;
    background: var(--_accent);
    color: var(--_on-accent);
    transition: opacity 0.15s;
  }
  .send:disabled {
    opacity: 0.35;
  }
  .send .icon {
    width: 17px;
    height: 17px;
  }
  [part~='stop'] .icon {
    fill: currentColor;
  }
  .disclaimer {
    margin: 8px 4px 0;
    color: var(--_muted);
    font-size: 11.5px;
    line-height: 1.4;
    text-align: center;
  }

  /* Page view */
  .page {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
  }
  .page-bar {
    display: flex;
    justify-content: space-between;
    padding: 8px 10px;
    border-bottom: 1px solid var(--_border);
  }
  .page-scroll {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    overscroll-behavior: contain;
    padding: 18px 20px 28px;
    outline: none;
  }
  .page-path {
    margin: 0 0 10px;
    color: var(--_muted);
    font-size: 12px;
    overflow-wrap: anywhere;
  }
  .page-title,
  .prose h1 {
    margin: 0 0 14px;
    font-size: 21px;
    font-weight: 700;
    letter-spacing: -0.015em;
    line-height: 1.3;
  }
  .page-status {
    color: var(--_muted);
  }

  /* Windows high contrast: keep edges that colors alone were drawing. */
  @media (forced-colors: active) {
    dialog,
    .box,
    .bubble,
    .chip,
    .send,
    [part~='suggestion'],
    [part='citation'] {
      border: 1px solid CanvasText;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    dialog {
      transition: none !important;
      animation: none !important;
    }
  }
`;
