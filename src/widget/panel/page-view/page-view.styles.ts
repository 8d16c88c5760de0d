import { css } from 'lit';

/** The in-panel view of a cited page. */
export const pageViewStyles = css`
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
    /* Holds its visually hidden title, as the message list does (see conversation.styles). */
    position: relative;
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
  .page-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0 0 14px;
  }
  .page-actions .ghost {
    height: 28px;
    border: 1px solid var(--_border);
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
  /* The cited section: one tinted band with an accent edge (see markCitedSection). */
  .prose [part~='cited-section'] {
    margin-block: 0;
    margin-inline: -12px;
    /* Logical sides: the accent edge is on the right in a right-to-left page. */
    padding-block: 6px;
    padding-inline: 9px 12px;
    border-inline-start: 3px solid var(--_accent);
    background: var(--_accent-soft);
  }
  /* A cited list keeps its indent (prose.styles.ts), where its markers sit, inside the band. */
  .prose :is(ul, ol)[part~='cited-section'] {
    padding-inline-start: calc(9px + 1.4em);
  }
  .prose .cited-first {
    margin-block-start: 12px;
    padding-block-start: 10px;
    border-start-start-radius: 4px;
  }
  .prose .cited-last {
    margin-block-end: 12px;
    padding-block-end: 10px;
    border-end-start-radius: 4px;
  }
`;
