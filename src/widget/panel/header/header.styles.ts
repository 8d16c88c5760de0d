import { css } from 'lit';

/** The title bar: title, New chat, Close. */
export const headerStyles = css`
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
`;
