import { css } from 'lit';

/** Questions and answers: bubbles, citation chips, answer actions. */
export const messageStyles = css`
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
  .assistant {
    display: flex;
    flex-direction: column;
    gap: 12px;
    min-width: 0;
  }

  [part='citation'] {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-width: 100%;
    height: 28px;
    /* The number's side is the start: the right one in a right-to-left panel. */
    padding-inline: 4px 10px;
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
  /* A chip is as wide as its title ("Page › Section") up to the row: a fixed cap cut the
     section off, and the section is where the chip opens the page. */
  .citations li {
    min-width: 0;
    max-width: 100%;
  }
  [part='citation'] .label {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  .stopped {
    display: flex;
    align-items: center;
    gap: 6px;
    margin: -4px 0 0;
    color: var(--_muted);
    font-size: 12.5px;
  }
  .stopped svg {
    width: 12px;
    height: 12px;
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
`;
