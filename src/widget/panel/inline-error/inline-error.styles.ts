import { css } from 'lit';

/** An error shown in place (conversation or page view) with its action. */
export const inlineErrorStyles = css`
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
`;
