import { css } from 'lit';

/**
 * The frame of the page view, with the panel: it holds the loading line and errors while the
 * page view's own code and styles (./page-view.styles.ts) are still on their way.
 */
export const pageFrameStyles = css`
  .page {
    flex: 1;
    min-height: 0;
    display: flex;
    flex-direction: column;
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
  .page-status {
    color: var(--_muted);
  }
`;
