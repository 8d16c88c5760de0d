import { css } from '@lit/reactive-element';

/**
 * Design tokens live on the host so the lazily loaded panel inherits them. Colors use
 * `light-dark()`, so `theme` only has to set `color-scheme`.
 */
export const styles = css`
  :host {
    all: initial;
    display: contents;
    /* The site's own font (the page around the element), unless the host names one. */
    font-family: var(--docs-assistant-font, inherit);
    color-scheme: light dark;
    --_accent: var(--docs-assistant-accent, light-dark(#4f46e5, #8b87ff));
    --_on-accent: var(--docs-assistant-accent-foreground, light-dark(#fff, #14141c));
    --_bg: var(--docs-assistant-background, light-dark(#fff, #16171d));
    --_fg: var(--docs-assistant-foreground, light-dark(#1b1c22, #e8e9ee));
    --_muted: var(--docs-assistant-muted, light-dark(#5d6170, #a2a6b4));
    --_surface: var(--docs-assistant-surface, light-dark(#f4f5f8, #22242c));
    --_border: var(--docs-assistant-border, light-dark(#e3e5ec, #30333d));
    --_mono: var(
      --docs-assistant-font-mono,
      ui-monospace,
      'SF Mono',
      'Cascadia Code',
      Menlo,
      Consolas,
      monospace
    );
    --_radius: var(--docs-assistant-radius, 12px);
    --_z: var(--docs-assistant-z-index, 45);
    --_shadow: var(
      --docs-assistant-shadow,
      0 1px 2px rgb(0 0 0 / 0.08),
      0 8px 28px rgb(0 0 0 / 0.16)
    );
    --_ease: cubic-bezier(0.2, 0.8, 0.2, 1);
  }
  :host([data-scheme='light']) {
    color-scheme: light;
  }
  :host([data-scheme='dark']) {
    color-scheme: dark;
  }
  button,
  kbd {
    font-family: inherit;
    font-size: 14px;
    font-weight: 500;
    line-height: 1;
  }
  button {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    position: fixed;
    z-index: var(--_z);
    border: 0;
    cursor: pointer;
    color: var(--_on-accent);
    background: var(--_accent);
    box-shadow: var(--_shadow);
    transition:
      transform 0.15s var(--_ease),
      opacity 0.15s;
  }
  [hidden],
  kbd:empty {
    display: none !important;
  }
  button:focus-visible {
    outline: 2px solid var(--_accent);
    outline-offset: 3px;
  }
  svg {
    width: 16px;
    height: 16px;
    fill: currentColor;
    flex: none;
  }
  /* At the page's end: bottom left on a right-to-left page. */
  [part='launcher'] {
    inset-inline-end: var(--docs-assistant-launcher-inset, 20px);
    bottom: var(--docs-assistant-launcher-inset, 20px);
    height: 44px;
    padding: 0 16px;
    border-radius: 22px;
  }
  [part='launcher']:hover {
    transform: translateY(-1px);
  }
  :host([open]) [part='launcher'] {
    opacity: 0;
    visibility: hidden;
  }
  kbd {
    font-size: 11px;
    padding: 3px 5px;
    border-radius: 5px;
    border: 1px solid color-mix(in srgb, currentColor 45%, transparent);
  }
  [part='load-error'] {
    position: fixed;
    z-index: var(--_z);
    inset-inline-end: var(--docs-assistant-launcher-inset, 20px);
    bottom: calc(var(--docs-assistant-launcher-inset, 20px) + 52px);
    max-width: min(320px, calc(100vw - 40px));
    margin: 0;
    padding: 10px 14px;
    font-size: 13px;
    line-height: 1.4;
    color: var(--_fg);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  [part='load-error']:empty {
    padding: 0;
    border: 0;
    box-shadow: none;
  }
  [part='selection-button'] {
    left: clamp(56px, var(--x), calc(100vw - 56px));
    top: var(--y);
    height: 32px;
    padding: 0 12px;
    border-radius: 16px;
    font-size: 13px;
    transform: translate(-50%, calc(-100% - 8px));
  }
  [part='selection-button'].below {
    transform: translate(-50%, 8px);
  }
  @media (pointer: coarse) {
    /* Clear of the selection handles that hang below the text. */
    [part='selection-button'].below {
      transform: translate(-50%, 28px);
    }
  }
  @media (max-width: 640px) {
    kbd {
      display: none;
    }
  }
  @media (forced-colors: active) {
    button {
      border: 1px solid ButtonText;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    button {
      transition: none;
    }
  }
`;
