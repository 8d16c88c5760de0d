/**
 * The in-panel view of a cited page: Back, a link to the published page, and the page itself.
 * Loaded with the first page opened (the panel imports it then): no answer needs it.
 */
import { html, nothing } from 'lit';
import { type Ref, ref } from 'lit/directives/ref.js';
import { HeadingSlugger, matchesAnchor, type SlugStyle } from '../../../api/anchors.ts';
import type { DocsAssistantI18n } from '../../i18n/i18n.ts';
import { directionOf } from '../../i18n/language.ts';
import { markdown } from '../../markdown/markdown-directive.ts';
import { stripMdxSource } from '../../markdown/render.ts';
import type { PageViewState } from '../../page/page-view-controller.ts';
import { icon } from '../icons.ts';
import { titleOf } from '../message/citation-names.ts';
import { pageStatus } from './page-status.ts';

export { pageViewStyles } from './page-view.styles.ts';

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
  /** The actions shown above a loaded page (see pageActionsOf). */
  actions: ReadonlySet<PageAction>;
  /** Whether the page was just copied (the button says so for a moment). */
  copied: boolean;
  onCopyPage(markdown: string): void;
}

export type PageAction = 'copy' | 'chatgpt' | 'claude';
const PAGE_ACTIONS: readonly PageAction[] = ['copy', 'chatgpt', 'claude'];

/**
 * The `page-actions` attribute: the actions it names (space or comma separated), all of them
 * when it is absent, none for `none` or an empty value.
 */
export function pageActionsOf(attribute: string | null): ReadonlySet<PageAction> {
  if (attribute === null) return new Set(PAGE_ACTIONS);
  const named = attribute.toLowerCase().split(/[\s,]+/);
  return new Set(PAGE_ACTIONS.filter((action) => named.includes(action)));
}

/** Where each chat assistant opens with a prompt (both take it as `q`). */
const ASSISTANTS = {
  chatgpt: (prompt: string) => `https://chatgpt.com/?hints=search&q=${encodeURIComponent(prompt)}`,
  claude: (prompt: string) => `https://claude.ai/new?q=${encodeURIComponent(prompt)}`,
} as const;

export function pageView(view: PageView) {
  const { t, state } = view;
  const { target } = state;
  // A source's URL is relative when the server knows no site URL: the page's own origin.
  const published = new URL(target.url ?? `/${target.path}`, location.origin).href;
  // Most pages open with their own `# Title`; then ours is for screen readers only.
  const hasOwnTitle =
    state.status === 'loaded' && /^#\s/.test(stripMdxSource(state.content).trimStart());
  // The page's own language and direction (a Persian page reads right to left anywhere).
  const language = state.status === 'loaded' ? state.language : undefined;
  const lang = language ?? nothing;
  const dir = language ? directionOf(language) : 'auto';
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
      ${state.status === 'loaded' ? pageActions(view, state.content, published) : nothing}
      <h3 id="page-title" class=${hasOwnTitle ? 'sr-only' : 'page-title'} lang=${lang} dir=${dir}
        >${titleOf(target)}</h3
      >
      ${pageBody(view, lang, dir)}
    </div>
  </section>`;
}

/** Copy the page as Markdown, or hand it to the reader's own chat assistant. */
function pageActions(view: PageView, content: string, published: string) {
  const { t, actions } = view;
  if (actions.size === 0) return nothing;
  const prompt = t.askAboutPage.replace('{url}', published);
  const open = (action: 'chatgpt' | 'claude', label: string) =>
    actions.has(action)
      ? html`<a
          part="button open-in-${action}"
          class="ghost"
          href=${ASSISTANTS[action](prompt)}
          target="_blank"
          rel="noopener noreferrer"
          ><span>${label}</span>${icon('external')}</a
        >`
      : nothing;
  return html`<div part="page-actions" class="page-actions">
    ${
      actions.has('copy')
        ? html`<button
            part="button copy-page"
            type="button"
            class="ghost"
            @click=${() => view.onCopyPage(`${stripMdxSource(content).trim()}\n`)}
          >
            ${icon('copy')}<span aria-live="polite">${view.copied ? t.copied : t.copyPage}</span>
          </button>`
        : nothing
    }
    ${open('chatgpt', t.openInChatGPT)} ${open('claude', t.openInClaude)}
  </div>`;
}

function pageBody(
  { t, state, locale, slugStyle, onRetry, onContentClick }: PageView,
  lang: string | typeof nothing,
  dir: string,
) {
  if (state.status !== 'loaded') return pageStatus({ t, state, locale, onRetry });
  return html`<div class="prose" lang=${lang} dir=${dir} @click=${onContentClick}>
    ${markdown(stripMdxSource(state.content), {
      copyLabel: t.copyCode,
      tableLabel: t.table,
      // headings carry their section's anchor: a cited `#section` scrolls to it
      anchors: HeadingSlugger,
      ...(slugStyle ? { slugStyle } : {}),
    })}
  </div>`;
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

/**
 * Marks the cited section so the reader sees what the answer quoted: its heading and what
 * follows, up to the next heading of the same or a higher level (part `cited-section`). The
 * marks of an earlier citation on the same page go.
 */
export function markCitedSection(heading: Element): void {
  const prose = heading.closest('.prose');
  for (const marked of prose?.querySelectorAll('[part~="cited-section"]') ?? []) {
    marked.removeAttribute('part');
    marked.classList.remove('cited-first', 'cited-last');
  }
  const level = headingLevel(heading);
  const section = [heading];
  for (let next = heading.nextElementSibling; next; next = next.nextElementSibling) {
    const nextLevel = headingLevel(next);
    if (nextLevel !== undefined && level !== undefined && nextLevel <= level) break;
    section.push(next);
  }
  for (const element of section) element.setAttribute('part', 'cited-section');
  section[0]!.classList.add('cited-first');
  section.at(-1)!.classList.add('cited-last');
}

function headingLevel(element: Element): number | undefined {
  const match = /^H([1-6])$/.exec(element.tagName);
  return match ? Number(match[1]) : undefined;
}
