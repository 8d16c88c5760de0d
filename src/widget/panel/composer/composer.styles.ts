import { css } from 'lit';

/** The input area: context chips, textarea, send/stop, disclaimer. */
export const composerStyles = css`
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
`;
