import { type PropertyValues, ReactiveElement } from '@lit/reactive-element';
import { RETRIEVAL_PAGE_SIZE_DEFAULT } from '../../api/limits.ts';
import type { ContextItem } from '../../api/types.ts';
import type { DocsAssistantI18n } from '../i18n/i18n.ts';
import { launcherStrings } from '../i18n/launcher-strings.ts';
import type { DocsAssistantPanel } from '../panel/docs-assistant-panel.ts';
import { SelectionController } from '../selection/selection-controller.ts';
import { styles } from './docs-assistant.styles.ts';
import { emit } from './events.ts';
import { hostScheme, watchHostTheme } from './host-theme.ts';
import { type CreatePanel, loadPanel } from './load-panel.ts';
import { ariaShortcut, matchesShortcut, parseSuggestions, shortcutLabel } from './options.ts';

export type { DocsAssistantEventDetails } from './events.ts';

/** The host properties the panel shows (the rest it reads when it sends a request). */
const SHOWN_BY_PANEL = ['domain', 'i18n', 'placeholder', 'suggestions', 'filterLanguage'] as const;

const SPARKLE_PATHS = [
  'M12 3l1.9 4.6 4.6 1.9-4.6 1.9L12 16l-1.9-4.6-4.6-1.9 4.6-1.9z',
  'M19 15l.8 2.2 2.2.8-2.2.8L19 21l-.8-2.2-2.2-.8 2.2-.8z',
];

/** The launcher's icon, built node by node: no HTML string, so nothing for Trusted Types to refuse. */
function sparkle(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  for (const d of SPARKLE_PATHS)
    svg.appendChild(document.createElementNS(ns, 'path')).setAttribute('d', d);
  return svg;
}

/**
 * An "Ask AI" assistant for documentation sites: a launcher, a selection helper and a
 * chat panel that streams answers grounded in the site's pages and opens cited pages.
 * Only the launcher and selection helper load with the page; the panel loads on intent.
 *
 * Built on Lit's `ReactiveElement` (properties, controllers, adopted styles) without the
 * template engine: its few nodes are kept by hand so the first load stays within 8 KB gzip;
 * `lit-html` arrives with the panel, which is a `LitElement`.
 *
 * @summary Embeddable documentation assistant.
 *
 * @attr {string} page-actions - The actions of the page view, space-separated: `copy` (the page as
 * Markdown), `chatgpt`, `claude` (open the page in that assistant). Default: all three; `none`
 * hides them. Read when a page is shown.
 * @attr {string} layout - `push`: on wide screens the open side panel moves the page aside
 * (a margin on `<html>` as wide as the panel, on its side) instead of covering it. Default: the panel
 * covers the page. Read when the panel opens.
 *
 * @event docs-assistant-open - The panel is about to open. Cancelable.
 * @event docs-assistant-close - The panel is about to close. Cancelable.
 * @event docs-assistant-submit - A question is about to be sent (`detail.text`, `detail.context`). Cancelable.
 * @event docs-assistant-response - An answer finished (`detail.message`, `detail.sources`, `detail.threadId`).
 * @event docs-assistant-error - A request failed (`detail.kind`, `detail.message`, `detail.status`, `detail.retryAfterSeconds`).
 * @event docs-assistant-citation - A cited page is being opened (`detail.citation`). Cancelable: cancel to navigate yourself.
 * @event docs-assistant-feedback - Thumbs up/down on an answer (`detail.messageId`, `detail.value`, `detail.threadId`); again on Send of the thumbs-down form, with `detail.reason` and `detail.comment`.
 *
 * @csspart launcher - The floating "Ask AI" button.
 * @csspart selection-button - The "Ask AI" button shown next to a text selection.
 * @csspart panel - The panel element (side panel on wide screens, full screen on narrow ones).
 * @csspart dialog - The dialog box inside the panel.
 * @csspart header - Panel header (title, New chat, Close).
 * @csspart title - Panel title.
 * @csspart messages - The scrolling message list (a live region).
 * @csspart message - Every message.
 * @csspart user-message - A question.
 * @csspart assistant-message - An answer.
 * @csspart citation - A numbered source chip under an answer.
 * @csspart composer - The input area (context chips, textarea, send/stop).
 * @csspart input - The question textarea.
 * @csspart send - The send button.
 * @csspart stop - The stop button (while an answer streams).
 * @csspart context - A context chip above the input.
 * @csspart error - The inline error with its Retry button.
 * @csspart page - The in-panel page view of a cited page.
 * @csspart suggestion - A suggested question on the empty state.
 * @csspart button - Every button in the panel (each also has its own part below).
 * @csspart new-chat - The New chat button.
 * @csspart close - The Close button.
 * @csspart retry - Retry after an error.
 * @csspart regenerate - Ask the last question again.
 * @csspart copy - Copy an answer.
 * @csspart helpful - Thumbs up on an answer.
 * @csspart not-helpful - Thumbs down on an answer.
 * @csspart feedback - The form a thumbs down opens under the answer (reasons, comment, Skip, Send).
 * @csspart feedback-reason - A reason chip of that form (it holds a radio; the chosen one takes the accent color).
 * @csspart feedback-comment - The form's comment box.
 * @csspart send-feedback - The form's Send button.
 * @csspart skip-feedback - The form's Skip button.
 * @csspart remove-context - Removes a context chip.
 * @csspart back - Back from the page view to the conversation.
 * @csspart open-page - Link to the published page from the page view.
 * @csspart page-actions - The row of actions above a page in the page view.
 * @csspart cited-section - Each block of the cited section in the page view (its heading and what follows it).
 * @csspart copy-page - Copies the shown page as Markdown.
 * @csspart open-in-chatgpt - Opens ChatGPT with a prompt to read the shown page.
 * @csspart open-in-claude - Opens Claude with a prompt to read the shown page.
 * @csspart jump - Scrolls to the latest message while the reader reads back.
 * @csspart status - The "Searching the docs…" / "Thinking…" line.
 * @csspart stopped - The "Stopped" line under an answer the reader stopped.
 * @csspart load-error - The note above the launcher when the panel's code could not be loaded.
 *
 * @cssproperty [--docs-assistant-accent=light-dark(#4f46e5, #8b87ff)] - Accent color (launcher, send, links).
 * @cssproperty [--docs-assistant-accent-foreground=light-dark(#fff, #14141c)] - Text on the accent color.
 * @cssproperty [--docs-assistant-background=light-dark(#fff, #16171d)] - Panel background.
 * @cssproperty [--docs-assistant-foreground=light-dark(#1b1c22, #e8e9ee)] - Text color.
 * @cssproperty [--docs-assistant-muted=light-dark(#5d6170, #a2a6b4)] - Secondary text.
 * @cssproperty [--docs-assistant-surface=light-dark(#f4f5f8, #22242c)] - Bubbles, chips and code.
 * @cssproperty [--docs-assistant-border=light-dark(#e3e5ec, #30333d)] - Hairlines.
 * @cssproperty [--docs-assistant-font=inherit] - Font family; by default the site's own (the font around the element).
 * @cssproperty [--docs-assistant-font-mono=ui-monospace, monospace] - Code font.
 * @cssproperty [--docs-assistant-font-size=15px] - Base font size of the panel.
 * @cssproperty [--docs-assistant-radius=12px] - Corner radius.
 * @cssproperty [--docs-assistant-z-index=45] - Stacking level of launcher and side panel: above sticky headers and sidebars, below the site's own modals and menus.
 * @cssproperty [--docs-assistant-panel-width=440px] - Side panel width on wide screens.
 * @cssproperty [--docs-assistant-shadow] - Shadow of the launcher and panel.
 * @cssproperty [--docs-assistant-launcher-inset=20px] - Launcher distance from the bottom corner at the page's end (right; left on a right-to-left page).
 */
export class DocsAssistant extends ReactiveElement {
  static override styles = styles;

  static override properties = {
    domain: { reflect: true },
    apiKey: { attribute: 'api-key' },
    baseUrl: { attribute: 'base-url' },
    fp: {},
    retrievalPageSize: { attribute: 'retrieval-page-size', type: Number },
    currentPath: { attribute: 'current-path' },
    filterVersion: { attribute: 'filter-version' },
    filterLanguage: { attribute: 'filter-language' },
    placeholder: {},
    suggestions: { converter: { fromAttribute: parseSuggestions } },
    theme: { reflect: true },
    themeSelector: { attribute: 'theme-selector' },
    open: { type: Boolean, reflect: true },
    shortcut: {},
    i18n: { attribute: false },
    fetch: { attribute: false },
  };

  /** Site name: the `{domain}` of every API call. */
  declare domain: string;
  /** Public API key (`da_dsc_…`), sent as a bearer token. */
  declare apiKey: string;
  /** API origin; defaults to the origin this script was loaded from. */
  declare baseUrl: string;
  /** Reader identifier sent as `fp`; `anonymous` by default. */
  declare fp: string;
  /** How many search results ground each answer (1..50, default 5). */
  declare retrievalPageSize: number;
  /** Page the reader is on; defaults to `location.pathname` (sent cut to the API's 200 characters). */
  declare currentPath: string | undefined;
  /** Search filter: docs version. */
  declare filterVersion: string | undefined;
  /** Search filter: language; defaults to the page's `lang` (the nearest one to this element). */
  declare filterLanguage: string | undefined;
  /** Placeholder of the question input. */
  declare placeholder: string | undefined;
  /** Starter questions on the empty state (attribute: JSON array or `|`-separated). */
  declare suggestions: string[];
  /**
   * `auto` (follows the site's own dark mode on `<html>`/`<body>`, such as `html.dark` or
   * `[data-theme="dark"]`, else the OS), `light` or `dark`.
   */
  declare theme: 'auto' | 'light' | 'dark';
  /**
   * With `theme="auto"`: a selector that matches `<html>` or `<body>` when the site is dark,
   * for sites whose marker is not one of the common ones (`.theme-night`, `[data-scheme=night]`).
   */
  declare themeSelector: string | undefined;
  /** Whether the panel is open. */
  declare open: boolean;
  /** Toggle shortcut such as `mod+i` (Ctrl or Cmd + I, the default) or `ctrl+shift+k`; empty disables it. */
  declare shortcut: string;
  /**
   * Replacement UI strings, key by key, over the translation the page's language picks (its
   * nearest `lang`); missing keys stay in that language, else English.
   */
  declare i18n: Partial<DocsAssistantI18n>;
  /** Replaces `globalThis.fetch` for API calls (a proxying host; tests). */
  declare fetch: typeof globalThis.fetch | undefined;

  private readonly selection = new SelectionController(
    this,
    () => this.path(),
    () => this.preload(),
  );
  /** The floating "Ask AI" button. */
  private launcher!: HTMLButtonElement;
  /** The "Ask AI" button beside a text selection. */
  private selectionButton!: HTMLButtonElement;
  /** Says the panel's code could not be loaded. */
  private loadNote!: HTMLElement;
  /** The chat panel, once its code has loaded and it was first needed. */
  private panel: DocsAssistantPanel | undefined;
  /** Stops following the host page's theme (set while connected). */
  private stopWatchingTheme: (() => void) | undefined;
  /** Whether the next open should move focus into the panel (user intent, not markup). */
  private focusOnOpen = false;
  /** What had focus when the panel opened: focus goes back there when it closes. */
  private opener: Element | null = null;
  /**
   * The panel's code failed to load on the last open (offline, blocked): the reader is told.
   * Not a `state: true` property: the manifest analyzer would publish it as an attribute.
   */
  private loadFailed = false;
  /** The strings of the page's language, once loaded (the panel waits for them). */
  private translation: DocsAssistantI18n | undefined;

  constructor() {
    super();
    this.domain = '';
    this.apiKey = '';
    this.baseUrl = '';
    this.fp = 'anonymous';
    this.retrievalPageSize = RETRIEVAL_PAGE_SIZE_DEFAULT;
    this.suggestions = [];
    this.theme = 'auto';
    this.open = false;
    this.shortcut = 'mod+i';
    this.i18n = {};
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener('keydown', this.onWindowKeydown);
    this.stopWatchingTheme = watchHostTheme(() => this.followHostTheme());
    this.followHostTheme();
    // On a page not in English the launcher's label is translated as soon as its strings
    // arrive: English until then, as waiting would hold back the first render.
    if (!/^(en\b|$)/i.test(this.language())) this.loadTranslation().catch(() => {});
  }

  /** The page's language: the nearest `lang` (this element's own, else an ancestor's). */
  private language(): string {
    return this.closest('[lang]')?.getAttribute('lang') ?? '';
  }

  /** Loads the strings of the page's language (English where none ships), unless it has them. */
  private async loadTranslation(): Promise<void> {
    this.translation ??= await (await import('../i18n/locales.ts')).loadTranslation(
      this.language(),
    );
    // the launcher's label; the panel is made only once they are here
    this.requestUpdate();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener('keydown', this.onWindowKeydown);
    this.stopWatchingTheme?.();
  }

  /**
   * The scheme the styles follow (`data-scheme`): the `theme` set, else (`auto`) the host
   * site's; without either, none, and the OS decides.
   */
  private followHostTheme(): void {
    const scheme = this.theme === 'auto' ? hostScheme(this.themeSelector) : this.theme;
    if (scheme) this.setAttribute('data-scheme', scheme);
    else this.removeAttribute('data-scheme');
  }

  /** Opens the panel and moves focus into it. Resolves once the panel is shown. */
  async show(): Promise<void> {
    if (this.open || !emit(this, 'docs-assistant-open', {}, true)) return;
    this.opener = document.activeElement;
    this.focusOnOpen = true;
    this.open = true;
    await this.panelShown();
  }

  /**
   * Closes the panel. Focus, when it was in the panel, returns to what had it before the panel
   * opened, else to the launcher.
   */
  async hide(): Promise<void> {
    if (!this.open || !emit(this, 'docs-assistant-close', {}, true)) return;
    const active = document.activeElement;
    this.open = false;
    await this.updateComplete;
    await this.panel?.updateComplete;
    // A reader who moved on to the page (or a site dialog) keeps their place.
    if (active !== this && active !== document.body) return;
    const back = this.opener;
    (back instanceof HTMLElement && back.isConnected && back !== document.body && back !== this
      ? back
      : this.launcher
    ).focus();
  }

  /** Opens the panel when closed, closes it when open. */
  toggle(): Promise<void> {
    return this.open ? this.hide() : this.show();
  }

  /** Adds a context item (code or text the reader is looking at) to the next question. */
  async addContext(item: ContextItem): Promise<void> {
    const panel = await this.ensurePanel();
    panel?.addContext({ path: this.path(), ...item });
  }

  /** Opens the panel and asks a question, as if the reader typed it; resolves when the answer ends. */
  async ask(text: string): Promise<void> {
    await this.show();
    const panel = await this.ensurePanel();
    await panel?.ask(text);
  }

  /** Starts fetching the panel's code (called on hover, focus and selections). */
  preload(): void {
    loadPanel().catch(() => {
      // Retried, and reported, when the reader actually opens the panel.
    });
  }

  private path(): string {
    return this.currentPath || location.pathname;
  }

  private async ensurePanel(): Promise<DocsAssistantPanel | undefined> {
    let createPanel: CreatePanel;
    try {
      [createPanel] = await Promise.all([loadPanel(), this.loadTranslation()]);
    } catch (error) {
      this.setLoadFailed(true);
      emit(this, 'docs-assistant-error', {
        kind: 'network',
        message: this.i18n.loadFailed ?? launcherStrings.loadFailed,
        detail: String(error),
      });
      return undefined;
    }
    this.setLoadFailed(false);
    if (!this.panel) {
      // The panel's module makes it and its config: neither is needed before it opens.
      this.panel = createPanel(this, {
        path: () => this.path(),
        language: () => this.language(),
        translation: this.translation!,
      });
      this.requestUpdate();
    }
    await this.updateComplete;
    const panel = this.panel;
    await panel?.updateComplete;
    return panel;
  }

  private setLoadFailed(failed: boolean): void {
    if (failed === this.loadFailed) return;
    this.loadFailed = failed;
    this.requestUpdate();
  }

  private async panelShown(): Promise<void> {
    const panel = await this.ensurePanel();
    if (!panel) {
      this.open = false;
      return;
    }
    if (this.open && this.focusOnOpen) panel.focus();
    this.focusOnOpen = false;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('theme') || changed.has('themeSelector')) this.followHostTheme();
    // `open` set from markup or by the host: load the panel, but leave focus where it is.
    if (changed.has('open') && this.open && !this.panel) void this.panelShown();
  }

  private onWindowKeydown = (event: KeyboardEvent): void => {
    if (this.shortcut && this.shortcut !== 'none' && matchesShortcut(event, this.shortcut)) {
      event.preventDefault();
      // With text selected on the page the shortcut asks about it, as the selection's button does.
      if (this.selection.selected()) void this.askAboutSelection();
      else void this.toggle();
    } else if (event.key === 'Escape' && this.selection.offer) {
      this.selection.clear(true);
    }
  };

  private async askAboutSelection(): Promise<void> {
    const item = this.selection.selected();
    if (!item) return;
    this.selection.clear();
    document.getSelection()?.removeAllRanges();
    await this.addContext(item);
    if (this.open) this.panel?.focus();
    else await this.show();
  }

  /** The launcher, the (hidden) selection button and the load note, created once and kept. */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    const root = super.createRenderRoot();
    const button = (part: string) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('part', part);
      b.append(sparkle(), document.createElement('span'));
      root.append(b);
      return b;
    };
    const launcher = button('launcher');
    launcher.setAttribute('aria-haspopup', 'dialog');
    launcher.append(document.createElement('kbd'));
    launcher.onclick = () => this.toggle();
    launcher.onpointerenter = launcher.onfocus = () => this.preload();
    const ask = button('selection-button');
    ask.hidden = true;
    // Keep the selection: pressing a button would otherwise collapse it.
    ask.onpointerdown = (e) => e.preventDefault();
    ask.onclick = () => this.askAboutSelection();
    // Always in the tree (empty and invisible until needed) so that screen readers announce it.
    const note = document.createElement('p');
    note.setAttribute('part', 'load-error');
    note.setAttribute('role', 'status');
    root.append(note);
    this.launcher = launcher;
    this.selectionButton = ask;
    this.loadNote = note;
    return root;
  }

  /** Brings the nodes in line with the properties (what `render()` does in a LitElement). */
  protected override update(changed: PropertyValues<this>): void {
    super.update(changed);
    const strings = { ...launcherStrings, ...this.translation, ...this.i18n };
    const { launcher, selectionButton: ask } = this;
    const shortcut = this.shortcut && this.shortcut !== 'none' ? this.shortcut : '';
    launcher.querySelector('span')!.textContent = strings.launcher;
    launcher.querySelector('kbd')!.textContent = shortcut && shortcutLabel(shortcut);
    launcher.setAttribute('aria-expanded', String(this.open));
    if (shortcut) launcher.setAttribute('aria-keyshortcuts', ariaShortcut(shortcut));
    else launcher.removeAttribute('aria-keyshortcuts');

    const offer = this.selection.offer;
    ask.hidden = !offer;
    ask.querySelector('span')!.textContent = strings.askAboutSelection;
    if (offer) {
      ask.classList.toggle('below', offer.below);
      ask.style.setProperty('--x', `${offer.x}px`);
      ask.style.setProperty('--y', `${offer.y}px`);
    }

    this.loadNote.textContent = this.loadFailed ? strings.loadFailed : '';

    const panel = this.panel;
    if (!panel) return;
    panel.open = this.open;
    // The panel reads the rest through its config; it only needs to render again.
    if (SHOWN_BY_PANEL.some((name) => changed.has(name))) panel.requestUpdate();
  }
}

if (!customElements.get('docs-assistant')) customElements.define('docs-assistant', DocsAssistant);

declare global {
  interface HTMLElementTagNameMap {
    'docs-assistant': DocsAssistant;
  }
}
