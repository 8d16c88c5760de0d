import { css } from 'lit';

/** The thumbs-down form: reason chips (radios), comment, Skip and Send; its thanks line. */
export const feedbackFormStyles = css`
  .feedback {
    display: flex;
    flex-direction: column;
    gap: 10px;
    padding: 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    font-size: 13px;
  }
  .feedback fieldset {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    border: 0;
  }
  .feedback legend {
    margin-bottom: 8px;
    padding: 0;
    font-weight: 600;
  }
  .reason {
    position: relative;
    padding: 4px 12px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    cursor: pointer;
  }
  .reason:hover,
  .reason:has(:checked) {
    border-color: var(--_accent);
    background: var(--_accent-soft);
  }
  /* The radio itself is invisible but keeps its focus and arrow keys; its chip shows both. */
  .reason input {
    position: absolute;
    inset: 0;
    margin: 0;
    opacity: 0;
    cursor: pointer;
  }
  .reason:has(:focus-visible) {
    outline: 2px solid var(--_accent);
    outline-offset: 2px;
  }
  .feedback textarea {
    resize: vertical;
    padding: 8px 10px;
    border: 1px solid var(--_border);
    border-radius: 8px;
    background: transparent;
    color: inherit;
    font: inherit;
  }
  .feedback-actions {
    display: flex;
    justify-content: flex-end;
    gap: 6px;
  }
  .primary {
    height: 32px;
    padding: 0 14px;
    border: 0;
    border-radius: 8px;
    background: var(--_accent);
    color: var(--_on-accent);
    font-size: 13px;
    font-weight: 500;
  }
  .feedback-thanks {
    margin: 0;
    color: var(--_muted);
    font-size: 12.5px;
  }
`;
