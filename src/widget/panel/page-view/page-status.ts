/**
 * The page view before a page shows: loading, or why it failed with Retry. It loads with the
 * panel, so it shows while the page view's own code is still on its way (the first page).
 */
import { html, nothing } from 'lit';
import { canRetry, pageErrorText } from '../../i18n/error-text.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import type { PageViewState } from '../../page/page-view-controller.ts';
import { icon } from '../icons.ts';
import { inlineError } from '../inline-error/inline-error.ts';

export interface PageStatusView {
  t: DocsAssistantI18n;
  state: Extract<PageViewState, { status: 'loading' | 'failed' }>;
  locale: string | undefined;
  onRetry(): void;
}

export function pageStatus({ t, state, locale, onRetry }: PageStatusView) {
  if (state.status === 'loading') {
    return html`<p class="page-status" role="status">${t.loadingPage}</p>`;
  }
  return inlineError(
    pageErrorText(state.error, t, locale),
    canRetry(state.error)
      ? html`<button part="button retry" type="button" @click=${onRetry}>
          ${icon('retry')}${t.retry}
        </button>`
      : nothing,
  );
}
