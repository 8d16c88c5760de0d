import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import stylesSource from '../../../src/widget/docs-assistant/docs-assistant.styles.ts?raw';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';
import rootSource from '../../../src/widget/docs-assistant/docs-assistant.ts?raw';
import eventsSource from '../../../src/widget/docs-assistant/events.ts?raw';
import loadPanelSource from '../../../src/widget/docs-assistant/load-panel.ts?raw';
import optionsSource from '../../../src/widget/docs-assistant/options.ts?raw';
import launcherStringsSource from '../../../src/widget/i18n/launcher-strings.ts?raw';
import contextSource from '../../../src/widget/selection/context-from-selection.ts?raw';
import selectionSource from '../../../src/widget/selection/selection-controller.ts?raw';
import { axeViolations } from '../../support/widget/a11y.ts';
import { FakeApi } from '../../support/widget/fake-api.ts';
import { animationsDone, WAIT } from '../../support/widget/wait.ts';

const KEY = 'da_dsc_0123456789abcdefXYZ';

const launcherOf = (el: DocsAssistant) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part=launcher]')!;
const panelOf = (el: DocsAssistant) => el.shadowRoot!.querySelector('docs-assistant-panel');
const inPanel = <T extends Element = HTMLElement>(el: DocsAssistant, selector: string) =>
  panelOf(el)?.shadowRoot?.querySelector<T>(selector) ?? null;
/** The element that has focus, looking through shadow roots. */
function deepActive(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}
async function settled(el: DocsAssistant) {
  await el.updateComplete;
  await panelOf(el)?.updateComplete;
}

let api: FakeApi;

async function make(attrs = ''): Promise<DocsAssistant> {
  const el = await fixture<DocsAssistant>(
    html`<docs-assistant domain="acme" api-key=${KEY} .fetch=${api.fetch}></docs-assistant>`,
  );
  for (const [name, value] of attrs
    .split(' ')
    .filter(Boolean)
    .map((a) => a.split('='))) {
    el.setAttribute(name!, value ?? '');
  }
  await el.updateComplete;
  return el;
}

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
  api = new FakeApi();
});
afterEach(() => fixtureCleanup());

describe('<docs-assistant> lazy loading', () => {
  // Runs first in this file's own browser context: nothing has asked for the panel yet.
  it('does not load the panel until the reader shows intent (hover)', async () => {
    const el = await make();
    expect(customElements.get('docs-assistant-panel')).toBeUndefined();
    expect(panelOf(el)).toBeNull();
    await userEvent.hover(launcherOf(el));
    await waitUntil(() => customElements.get('docs-assistant-panel'), 'panel module', WAIT);
    // Loaded, but not rendered until it opens.
    expect(panelOf(el)).toBeNull();
  });
});

describe('<docs-assistant> first-load modules', () => {
  it('import no chat engine, Markdown, sanitizer or template engine (only the panel, lazily)', () => {
    const sources = [
      rootSource,
      stylesSource,
      eventsSource,
      loadPanelSource,
      optionsSource,
      contextSource,
      selectionSource,
      launcherStringsSource,
    ];
    const runtimeImports = sources.flatMap((source) =>
      [...source.matchAll(/^import (?!type )(?:[^;]*? from )?'([^']+)'/gms)].map((m) => m[1]),
    );
    const allowed =
      /^(@lit\/reactive-element|\.\.\/\.\.\/api\/limits\.ts|\.{1,2}\/(docs-assistant|selection)\/[\w.-]+\.ts|\.\.\/i18n\/launcher-strings\.ts|\.\/[\w.-]+\.ts)$/;
    expect(runtimeImports.filter((m) => !allowed.test(m!))).toEqual([]);
    expect(loadPanelSource).toContain("import('../panel/docs-assistant-panel.ts')");
  });
});

describe('<docs-assistant> defaults and attributes', () => {
  it('mirrors attributes as properties with the documented defaults', async () => {
    const el = await make();
    expect(el.fp).toBe('anonymous');
    expect(el.retrievalPageSize).toBe(5);
    expect(el.theme).toBe('auto');
    expect(el.open).toBe(false);
    expect(el.shortcut).toBe('mod+i');
    el.setAttribute('retrieval-page-size', '12');
    el.setAttribute('filter-version', 'v5');
    el.setAttribute('suggestions', '["How do I stream?","What is a tool?"]');
    el.setAttribute('base-url', 'https://api.example.com/');
    expect(el.retrievalPageSize).toBe(12);
    expect(el.filterVersion).toBe('v5');
    expect(el.suggestions).toEqual(['How do I stream?', 'What is a tool?']);
    expect(el.baseUrl).toBe('https://api.example.com/');
    el.setAttribute('suggestions', 'One? | Two?');
    expect(el.suggestions).toEqual(['One?', 'Two?']);
  });

  it('has an accessible launcher that names its shortcut', async () => {
    const el = await make();
    const launcher = launcherOf(el);
    expect(launcher.textContent).toContain('Ask AI');
    expect(launcher.getAttribute('aria-expanded')).toBe('false');
    expect(launcher.getAttribute('aria-haspopup')).toBe('dialog');
    expect(launcher.getAttribute('aria-keyshortcuts')).toBe('Control+I Meta+I');
    expect(await axeViolations(el)).toEqual([]);
  });

  it('sends requests to the origin it was loaded from unless base-url says otherwise', async () => {
    const el = await make();
    await api.answer({ text: 'Hi.' });
    await el.ask('Hello?');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(new URL(api.requests[0]!.url).origin).toBe(location.origin);
    expect(api.requests[0]!.url).toMatch(/\/v2\/assistant\/acme\/message$/);
  });

  it('sends the configured fields and a current path cut to 200 characters', async () => {
    const el = await make();
    el.currentPath = `/docs/${'a'.repeat(300)}`;
    el.fp = 'reader-7';
    el.retrievalPageSize = 8;
    el.filterVersion = 'v5';
    el.filterLanguage = 'en';
    el.baseUrl = 'https://api.example.com';
    await api.answer({ text: 'Hi.' });
    await el.ask('Hello?');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    const { url, headers, body } = api.requests[0]!;
    expect(url).toBe('https://api.example.com/v2/assistant/acme/message');
    expect(headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(body.fp).toBe('reader-7');
    expect(body.retrievalPageSize).toBe(8);
    expect(body.filter).toEqual({ version: 'v5', language: 'en' });
    expect(String(body.currentPath)).toHaveLength(200);
    expect(String(body.currentPath).startsWith('/docs/aaa')).toBe(true);
  });

  it('defaults the language filter to the page language and the path to the page', async () => {
    document.documentElement.lang = 'de';
    try {
      const el = await make();
      await api.answer({ text: 'Hallo.' });
      await el.ask('Hallo?');
      await waitUntil(() => api.requests.length === 1, undefined, WAIT);
      expect(api.requests[0]!.body.filter).toEqual({ language: 'de' });
      expect(api.requests[0]!.body.currentPath).toBe(location.pathname);
    } finally {
      document.documentElement.lang = '';
    }
  });
});

describe('<docs-assistant> opening and closing', () => {
  it('opens with a click, moves focus into the panel, and Escape brings it back', async () => {
    const el = await make();
    const events: string[] = [];
    el.addEventListener('docs-assistant-open', (e) => events.push(`${e.type}:${e.composed}`));
    el.addEventListener('docs-assistant-close', (e) => events.push(`${e.type}:${e.composed}`));
    await userEvent.click(launcherOf(el));
    await waitUntil(() => inPanel(el, 'dialog[open]'), 'dialog', WAIT);
    await settled(el);
    expect(el.open).toBe(true);
    expect(el.hasAttribute('open')).toBe(true);
    expect(launcherOf(el).getAttribute('aria-expanded')).toBe('true');
    expect(deepActive()?.getAttribute('part')).toBe('input');

    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !el.open, 'close', WAIT);
    await settled(el);
    expect(inPanel(el, 'dialog[open]')).toBeNull();
    await waitUntil(() => deepActive() === launcherOf(el), 'focus on launcher', WAIT);
    expect(events).toEqual(['docs-assistant-open:true', 'docs-assistant-close:true']);
  });

  it('opens from the keyboard (Enter on the launcher) and closes with the close button', async () => {
    const el = await make();
    launcherOf(el).focus();
    await userEvent.keyboard('{Enter}');
    await waitUntil(() => inPanel(el, 'dialog[open]'), 'dialog', WAIT);
    await settled(el);
    const close = inPanel<HTMLButtonElement>(el, '[part~=close]')!;
    expect(close.getAttribute('aria-label')).toBe('Close');
    await userEvent.click(close);
    await waitUntil(() => !el.open, undefined, WAIT);
    await waitUntil(() => deepActive() === launcherOf(el), 'focus on launcher', WAIT);
  });

  it('keeps typed keys from the host page’s shortcuts, and its own shortcut still closes it', async () => {
    // A host shortcut as VitePress writes it: "/" opens the search unless typing in a field.
    const opened: string[] = [];
    const hostShortcut = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
      if (!typing && (event.key === '/' || event.key === 'k')) opened.push(event.type);
    };
    for (const type of ['keydown', 'keypress', 'keyup'] as const) {
      document.addEventListener(type, hostShortcut);
    }
    try {
      const el = await make();
      await userEvent.click(launcherOf(el));
      await waitUntil(() => deepActive()?.getAttribute('part') === 'input', 'input', WAIT);
      await userEvent.keyboard('how do I proxy /api requests k');
      expect((deepActive() as HTMLTextAreaElement).value).toBe('how do I proxy /api requests k');
      expect(opened).toEqual([]);
      await userEvent.keyboard('{Control>}i{/Control}');
      await waitUntil(() => !el.open, 'closed by Ctrl+I from the input', WAIT);
      // From the page itself, the host's shortcut is the host's.
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: '/', bubbles: true }));
      expect(opened).toEqual(['keydown']);
    } finally {
      for (const type of ['keydown', 'keypress', 'keyup'] as const) {
        document.removeEventListener(type, hostShortcut);
      }
    }
  });

  it('toggles with the shortcut (Ctrl+I or Cmd+I) and a custom one', async () => {
    const el = await make();
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => el.open && inPanel(el, 'dialog[open]'), 'open by Ctrl+I', WAIT);
    await settled(el);
    await waitUntil(() => deepActive()?.getAttribute('part') === 'input', 'focus in input', WAIT);
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => !el.open, 'closed by Ctrl+I', WAIT);
    await userEvent.keyboard('{Meta>}i{/Meta}');
    await waitUntil(() => el.open, 'open by Cmd+I', WAIT);
    await userEvent.keyboard('{Meta>}i{/Meta}');
    await waitUntil(() => !el.open, undefined, WAIT);

    el.shortcut = 'ctrl+shift+k';
    await el.updateComplete;
    expect(launcherOf(el).getAttribute('aria-keyshortcuts')).toBe('Control+Shift+K');
    await userEvent.keyboard('{Control>}i{/Control}');
    expect(el.open).toBe(false);
    await userEvent.keyboard('{Control>}{Shift>}K{/Shift}{/Control}');
    await waitUntil(() => el.open, 'open by custom shortcut', WAIT);
  });

  it('lets the host cancel opening and closing', async () => {
    const el = await make();
    const stop = (e: Event) => e.preventDefault();
    el.addEventListener('docs-assistant-open', stop);
    await userEvent.click(launcherOf(el));
    await new Promise((r) => setTimeout(r, 50));
    expect(el.open).toBe(false);
    el.removeEventListener('docs-assistant-open', stop);
    await el.show();
    el.addEventListener('docs-assistant-close', stop);
    await el.hide();
    expect(el.open).toBe(true);
  });

  it('opens from the open attribute without stealing focus', async () => {
    const before = document.createElement('input');
    document.body.append(before);
    before.focus();
    try {
      const el = await make('open');
      await waitUntil(() => inPanel(el, 'dialog[open]'), 'dialog', WAIT);
      expect(document.activeElement).toBe(before);
    } finally {
      before.remove();
    }
  });

  it('is a labelled, non-modal side panel on wide screens', async () => {
    const el = await make();
    await el.show();
    await settled(el);
    const dialog = inPanel<HTMLDialogElement>(el, 'dialog')!;
    expect(dialog.getAttribute('aria-labelledby')).toBe('title');
    expect(inPanel(el, '#title')?.textContent).toContain('Ask AI');
    expect(dialog.getAttribute('aria-modal')).toBe('false');
    expect(dialog.matches(':modal')).toBe(false);
    await animationsDone(() => dialog.getAnimations());
    const rect = dialog.getBoundingClientRect();
    expect(rect.width).toBe(440);
    expect(Math.round(rect.right)).toBe(innerWidth - 12);
    expect(await axeViolations(el)).toEqual([]);
  });

  it('is a modal full-screen dialog on narrow screens and keeps focus inside', async () => {
    await page.viewport(390, 844);
    const el = await make();
    await userEvent.click(launcherOf(el));
    await waitUntil(() => inPanel(el, 'dialog[open]'), 'dialog', WAIT);
    await settled(el);
    const dialog = inPanel<HTMLDialogElement>(el, 'dialog')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.matches(':modal')).toBe(true);
    await animationsDone(() => dialog.getAnimations());
    const rect = dialog.getBoundingClientRect();
    expect([rect.left, rect.top, rect.width, rect.height]).toEqual([0, 0, 390, 844]);
    await waitUntil(() => deepActive()?.getAttribute('part') === 'input', 'focus in input', WAIT);
    // The page behind is inert: tabbing never reaches it (only the browser's own UI).
    const behind = document.createElement('button');
    behind.textContent = 'Page button';
    document.body.prepend(behind);
    try {
      for (let i = 0; i < 8; i++) {
        await userEvent.keyboard('{Tab}');
        const active = deepActive();
        expect(active === behind).toBe(false);
        expect(active === document.body || panelOf(el)!.shadowRoot!.contains(active)).toBe(true);
      }
    } finally {
      behind.remove();
    }
    expect(await axeViolations(el)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !el.open, undefined, WAIT);
    await waitUntil(() => deepActive() === launcherOf(el), 'focus on launcher', WAIT);
  });
});

describe('<docs-assistant> host page', () => {
  it('does not shift the page layout', async () => {
    const page = document.createElement('main');
    page.innerHTML = '<p>First paragraph.</p><p id="after">Second.</p>';
    document.body.append(page);
    try {
      const before = document.getElementById('after')!.getBoundingClientRect().toJSON();
      const height = document.documentElement.scrollHeight;
      const el = await make();
      page.insertBefore(el, page.lastChild);
      await el.show();
      await settled(el);
      expect(document.getElementById('after')!.getBoundingClientRect().toJSON()).toEqual(before);
      expect(document.documentElement.scrollHeight).toBe(height);
      expect(getComputedStyle(launcherOf(el)).position).toBe('fixed');
    } finally {
      page.remove();
    }
  });

  it('keeps page styles out and its own styles in; parts and custom properties style it', async () => {
    const style = document.createElement('style');
    style.textContent = `
      button { background: rgb(255, 0, 0) !important; font-family: serif; }
      * { color: rgb(0, 128, 0); letter-spacing: 3px; }
      docs-assistant { --docs-assistant-accent: rgb(10, 20, 30); }
      docs-assistant::part(input) { caret-color: rgb(1, 2, 3); }
      docs-assistant::part(header) { border-bottom-color: rgb(4, 5, 6); }
    `;
    document.head.append(style);
    try {
      const el = await make();
      const launcher = launcherOf(el);
      expect(getComputedStyle(launcher).backgroundColor).toBe('rgb(10, 20, 30)');
      expect(getComputedStyle(launcher).letterSpacing).toBe('normal');
      await el.show();
      await settled(el);
      expect(getComputedStyle(inPanel(el, '[part~=input]')!).caretColor).toBe('rgb(1, 2, 3)');
      expect(getComputedStyle(inPanel(el, '[part~=header]')!).borderBottomColor).toBe(
        'rgb(4, 5, 6)',
      );
      // Our styles stay inside: the page's own buttons are untouched.
      const own = document.createElement('p');
      document.body.append(own);
      expect(getComputedStyle(own).position).toBe('static');
      own.remove();
    } finally {
      style.remove();
    }
  });

  it('switches color scheme with the theme attribute', async () => {
    const el = await make();
    await el.show();
    await settled(el);
    const dialog = inPanel(el, 'dialog')!;
    el.theme = 'light';
    await el.updateComplete;
    const light = getComputedStyle(dialog).backgroundColor;
    el.theme = 'dark';
    await el.updateComplete;
    const dark = getComputedStyle(dialog).backgroundColor;
    expect(light).toBe('rgb(255, 255, 255)');
    expect(dark).not.toBe(light);
    expect(getComputedStyle(dialog).colorScheme).toBe('dark');
    expect(await axeViolations(el)).toEqual([]);
  });

  it('follows the OS in auto mode, and honours reduced motion', async () => {
    const media = (features: { name: string; value: string }[]) =>
      cdp().send('Emulation.setEmulatedMedia', { features });
    try {
      await media([
        { name: 'prefers-color-scheme', value: 'dark' },
        { name: 'prefers-reduced-motion', value: 'reduce' },
      ]);
      const el = await make();
      await el.show();
      await settled(el);
      const dialog = inPanel(el, 'dialog')!;
      expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(22, 23, 29)');
      expect(getComputedStyle(dialog).transitionDuration).toBe('0s');
      el.theme = 'light';
      await el.updateComplete;
      expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(255, 255, 255)');
      await media([{ name: 'prefers-color-scheme', value: 'light' }]);
      el.theme = 'auto';
      await el.updateComplete;
      expect(getComputedStyle(dialog).backgroundColor).toBe('rgb(255, 255, 255)');
      expect(getComputedStyle(dialog).transitionDuration).not.toBe('0s');
    } finally {
      await media([]);
    }
  });

  it('takes replacement UI strings', async () => {
    const el = await make();
    el.i18n = { launcher: 'Frag die KI', title: 'KI-Assistent', placeholder: 'Frage…' };
    await el.show();
    await settled(el);
    expect(launcherOf(el).textContent).toContain('Frag die KI');
    expect(inPanel(el, '#title')!.textContent).toContain('KI-Assistent');
    expect(inPanel<HTMLTextAreaElement>(el, 'textarea')!.placeholder).toBe('Frage…');
  });
});

describe('<docs-assistant> among a docs site’s own layers', () => {
  it('sits above sticky page chrome and below a site modal, which keeps its Escape', async () => {
    const header = document.createElement('header');
    header.style.cssText = 'position: fixed; inset: 0 0 auto 0; height: 64px; z-index: 30';
    // A search modal as VitePress stacks its own: z-index 100, not a top-layer dialog.
    const modal = document.createElement('div');
    modal.setAttribute('role', 'dialog');
    modal.setAttribute('aria-modal', 'true');
    modal.style.cssText = 'position: fixed; inset: 0; z-index: 100; background: rgb(0 0 0 / 0.4)';
    const keys: string[] = [];
    const siteKeys = (event: KeyboardEvent) => keys.push(event.key);
    document.body.append(header);
    document.addEventListener('keydown', siteKeys);
    try {
      const el = await make();
      await userEvent.click(launcherOf(el));
      await waitUntil(() => deepActive()?.getAttribute('part') === 'input', 'input', WAIT);
      const dialog = inPanel(el, 'dialog')!;
      await animationsDone(() => dialog.getAnimations());
      const rect = dialog.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      expect(document.elementFromPoint(x, rect.top + 20)).toBe(el);

      document.body.append(modal);
      expect(document.elementFromPoint(x, rect.top + rect.height / 2)).toBe(modal);
      // Focus is still in the panel, but the modal is on top: Escape is the site's.
      await userEvent.keyboard('{Escape}');
      expect(keys).toEqual(['Escape']);
      expect(el.open).toBe(true);

      modal.remove();
      await userEvent.keyboard('{Escape}');
      await waitUntil(() => !el.open, 'closed once the modal is gone', WAIT);
      expect(keys).toEqual(['Escape']);
    } finally {
      header.remove();
      modal.remove();
      document.removeEventListener('keydown', siteKeys);
    }
  });

  it('gives focus back to what had it before opening, and leaves it where the reader moved it', async () => {
    const link = document.createElement('a');
    link.href = '#here';
    link.textContent = 'A link on the page';
    const search = document.createElement('input');
    document.body.append(link, search);
    try {
      const el = await make();
      link.focus();
      await userEvent.keyboard('{Control>}i{/Control}');
      await waitUntil(() => deepActive()?.getAttribute('part') === 'input', 'input', WAIT);
      await userEvent.keyboard('{Escape}');
      await waitUntil(() => !el.open, 'closed', WAIT);
      await waitUntil(() => document.activeElement === link, 'focus back on the link', WAIT);

      await el.show();
      search.focus();
      await el.hide();
      expect(document.activeElement).toBe(search);
    } finally {
      link.remove();
      search.remove();
    }
  });

  it('uses the site’s font unless --docs-assistant-font names one; code stays monospace', async () => {
    document.body.style.fontFamily = 'Georgia';
    try {
      await api.answer({ text: 'Run:\n\n```sh\nnpm start\n```\n' });
      const el = await make();
      await el.ask('How?');
      await settled(el);
      const family = (selector: string) => getComputedStyle(inPanel(el, selector)!).fontFamily;
      expect(getComputedStyle(launcherOf(el)).fontFamily).toBe('Georgia');
      expect(family('dialog')).toBe('Georgia');
      expect(family('[part~=input]')).toBe('Georgia');
      expect(family('[part~=assistant-message]')).toBe('Georgia');
      expect(family('pre code')).toContain('monospace');

      el.style.setProperty('--docs-assistant-font', '"Fira Sans", sans-serif');
      expect(getComputedStyle(launcherOf(el)).fontFamily).toBe('"Fira Sans", sans-serif');
      expect(family('[part~=input]')).toBe('"Fira Sans", sans-serif');
      expect(family('pre code')).toContain('monospace');
    } finally {
      document.body.style.fontFamily = '';
    }
  });
});
