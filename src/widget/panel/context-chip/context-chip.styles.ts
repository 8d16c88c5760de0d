import { css } from 'lit';

/** Context chips (above the input, under a question) and the chip rows they share with citations. */
export const contextChipStyles = css`
  /* Citations under an answer and context chips above the input */
  .chip-row {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
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
`;
