import { css } from 'lit';

/**
 * The panel's own styles: tokens, the dialog and the buttons every part uses. Each part's
 * template module has its styles beside it. Colors, fonts and sizes come from the tokens
 * `<docs-assistant>` sets on its host (`--_bg`, `--_fg`, …), so themes and dark mode reach
 * the panel by inheritance.
 */
export const styles = css`
  :host {
    --_space: 16px;
    --_panel-width: var(--docs-assistant-panel-width, 440px);
    --_font-size: var(--docs-assistant-font-size, 15px);
    --_accent-soft: color-mix(in srgb, var(--_accent) 12%, transparent);
    --_user-bg: color-mix(in srgb, var(--_accent) 10%, var(--_bg));
    --_right: 12px;
    --_left: auto;
    --_slide: 16px;
  }
  /* On a page laid out right to left (its dir attribute, or CSS direction alone) the side panel
     is on the left, by the launcher, and slides in from there. */
  dialog.rtl-page {
    --_right: auto;
    --_left: 12px;
    --_slide: -16px;
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
    inset: 12px var(--_right) 12px var(--_left);
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
    /* The family is inherited: the site's, or --docs-assistant-font. */
    font-size: var(--_font-size);
    font-weight: 400;
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
    text-align: start;
    transition:
      opacity 0.18s ease,
      transform 0.22s var(--_ease),
      display 0.22s allow-discrete,
      overlay 0.22s allow-discrete;
    opacity: 0;
    transform: translateX(var(--_slide));
  }
  dialog[open] {
    display: flex;
    opacity: 1;
    transform: none;
  }
  @starting-style {
    dialog[open] {
      opacity: 0;
      transform: translateX(var(--_slide));
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
`;

/**
 * Forced colors and reduced motion, after every part's own styles so they win.
 */
export const adaptationStyles = css`
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
