import { css } from 'lit';

/** The scrolling message list, its empty state, the pending line and the jump button. */
export const conversationStyles = css`
  /* Messages */
  .messages {
    /* The containing block of the visually hidden headings inside: without it they are placed
       against the dialog, below its edge, and a screen reader or find-in-page reaching one
       scrolls the whole panel up (header out of view, a gap under the composer). */
    position: relative;
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
`;
