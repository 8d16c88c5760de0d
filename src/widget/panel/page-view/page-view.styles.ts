import { css } from 'lit';

/**
 * The in-panel view of a cited page: bar, actions, title, the cited section. Loaded with the
 * page view (the panel adopts them then); its frame is in ./page-frame.styles.ts.
 */
export const pageViewStyles = css`
  .page-bar {
    display: flex;
    justify-content: space-between;
    padding: 8px 10px;
    border-bottom: 1px solid var(--_border);
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
  .page-title {
    margin: 0 0 14px;
    font-size: 21px;
    font-weight: 700;
    letter-spacing: -0.015em;
    line-height: 1.3;
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
