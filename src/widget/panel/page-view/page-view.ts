/** The in-panel view of a cited page: Back, a link to the published page, and the page itself. */
import { html, nothing } from 'lit';
import { type Ref, ref } from 'lit/directives/ref.js';
import { matchesAnchor, type SlugStyle } from '../../../api/anchors.ts';
import { canRetry, pageErrorText } from '../../i18n/error-text.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { markdown } from '../../markdown/markdown-directive.ts';
import { stripMdxSource } from '../../markdown/render.ts';
import type { PageViewState } from '../../page/page-view-controller.ts';
import { icon } from '../icons.ts';
import { inlineError } from '../inline-error/inline-error.ts';
import { titleOf } from '../message/message.ts';

export interface PageView {
  t: DocsAssistantI18n;
  state: Exclude<PageViewState, { status: 'closed' }>;
  locale: string | undefined;
  /** How the docs site slugs its headings (default `github`). */
  slugStyle?: SlugStyle;
  back: Ref<HTMLButtonElement>;
  onBack(): void;
  onRetry(): void;
  onContentClick(event: MouseEvent): void;
}

export function pageView(view: PageView) {
  const { t, state } = view;
  const { target } = state;
  const published = target.url ?? new URL(`/${target.path}`, location.origin).href;
  // Most pages open with their own `# Title`; then ours is for screen readers only.
  const hasOwnTitle =
    state.status === 'loaded' && /^#\s/.test(stripMdxSource(state.content).trimStart());
  return html`<section part="page" class="page" aria-labelledby="page-title">
    <div class="page-bar">
      <button
        part="button back"
        type="button"
        class="ghost"
        data-back
        ${ref(view.back)}
        @click=${view.onBack}
      >
        ${icon('back')}<span>${t.back}</span>
      </button>
      <a part="button open-page" class="ghost" href=${published} target="_blank" rel="noopener noreferrer">
        <span>${t.openPublished}</span>${icon('external')}
      </a>
    </div>
    <div class="page-scroll" tabindex="0" aria-labelledby="page-title">
      <p class="page-path">${target.path.split('/').join(' › ')}</p>
      <h3 id="page-title" class=${hasOwnTitle ? 'sr-only' : 'page-title'}>${titleOf(target)}</h3>
      ${pageBody(view)}
    </div>
  </section>`;
}

function pageBody({ t, state, locale, slugStyle, onRetry, onContentClick }: PageView) {
  switch (state.status) {
    case 'loading':
      return html`<p class="page-status" role="status">${t.loadingPage}</p>`;
    case 'failed':
      return inlineError(
        pageErrorText(state.error, t, locale),
        canRetry(state.error)
          ? html`<button part="button retry" type="button" @click=${onRetry}>
              ${icon('retry')}${t.retry}
            </button>`
          : nothing,
      );
    default:
      return html`<div class="prose" @click=${onContentClick}>
        ${markdown(stripMdxSource(state.content), {
          copyLabel: t.copyCode,
          ...(slugStyle ? { slugStyle } : {}),
        })}
      </div>`;
  }
}

/**
 * The heading a cited `#anchor` points to: by the anchor the renderer gave it (`data-anchor`,
 * the server's anchor for that section), else by its text slugged in any style.
 */
export function headingFor(root: ParentNode, anchor: string): Element | undefined {
  const wanted = anchor.replace(/^#/, '');
  if (wanted === '') return undefined;
  const exact = root.querySelector(`.prose [data-anchor="${CSS.escape(wanted)}"]`);
  if (exact) return exact;
  return [...root.querySelectorAll('.prose [data-anchor]')].find((heading) =>
    matchesAnchor(heading.textContent ?? '', wanted),
  );
}
