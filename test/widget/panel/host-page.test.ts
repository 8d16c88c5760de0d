/**
 * What the open panel does to the host page: the full-screen panel locks the page's scroll, the
 * side panel with `layout="push"` moves the page aside. Both are undone exactly.
 */
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cdp, page } from 'vitest/browser';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';
import { FakeApi } from '../../support/widget/fake-api.ts';
import { animationsDone, WAIT } from '../../support/widget/wait.ts';

const KEY = 'da_dsc_0123456789abcdefXYZ';
const root = document.documentElement;
let api: FakeApi;
let content: HTMLElement;

const dialogOf = (el: DocsAssistant) =>
  el.shadowRoot!.querySelector('docs-assistant-panel')!.shadowRoot!.querySelector('dialog')!;

async function make(layout?: string): Promise<DocsAssistant> {
  const el = await fixture<DocsAssistant>(
    html`<docs-assistant domain="acme" api-key=${KEY} .fetch=${api.fetch}></docs-assistant>`,
  );
  if (layout) el.setAttribute('layout', layout);
  return el;
}

/** Opens the panel and lets every transition and slide finish. */
async function openPanel(el: DocsAssistant): Promise<HTMLDialogElement> {
  await el.show();
  const dialog = dialogOf(el);
  await animationsDone(() => [...dialog.getAnimations(), ...root.getAnimations()]);
  return dialog;
}

async function closePanel(el: DocsAssistant): Promise<void> {
  await el.hide();
  await animationsDone(() => root.getAnimations());
}

/** A real mouse wheel over the middle of the screen (the panel on a phone). */
async function wheel(deltaY: number): Promise<void> {
  await cdp().send('Input.dispatchMouseEvent', {
    type: 'mouseWheel',
    x: Math.round(innerWidth / 2),
    y: Math.round(innerHeight / 3),
    deltaX: 0,
    deltaY,
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
}

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
  api = new FakeApi();
  content = document.createElement('main');
  content.style.height = '4000px';
  content.textContent = 'The host page.';
  document.body.append(content);
  scrollTo(0, 0);
});
afterEach(() => {
  fixtureCleanup();
  content.remove();
  for (const animation of root.getAnimations()) animation.cancel();
  root.removeAttribute('style');
});

describe('panel: the page behind a full-screen panel', () => {
  it('does not scroll while the panel covers a phone screen, and is given back as it was', async () => {
    await page.viewport(390, 844);
    root.style.overflow = 'auto';
    const el = await make();
    await openPanel(el);
    expect(getComputedStyle(root).overflow).toBe('hidden');
    await wheel(600);
    expect(scrollY).toBe(0);

    await closePanel(el);
    expect(root.style.overflow).toBe('auto');
    await wheel(600);
    expect(scrollY).toBeGreaterThan(0);
  });

  it('gives the scroll back when the element leaves the page while open', async () => {
    await page.viewport(390, 844);
    const el = await make();
    await openPanel(el);
    expect(root.style.overflow).toBe('hidden');
    el.remove();
    expect(root.style.overflow).toBe('');
  });

  it('leaves the page scrolling beside the side panel on wide screens', async () => {
    const el = await make();
    await openPanel(el);
    expect(root.style.overflow).toBe('');
    await wheel(600);
    expect(scrollY).toBeGreaterThan(0);
  });
});

describe('panel: layout="push"', () => {
  it('moves the page aside by the panel on wide screens, and back on close', async () => {
    root.style.marginRight = '3px';
    const before = content.getBoundingClientRect().right;
    const el = await make('push');
    const dialog = await openPanel(el);
    const panelLeft = dialog.getBoundingClientRect().left;
    const after = content.getBoundingClientRect().right;
    // The page ends where the panel begins: it moved by the panel's width and its edge gap.
    expect(Math.round(after)).toBe(Math.round(panelLeft));
    expect(before - after).toBeGreaterThanOrEqual(440);
    // The same width for the site's fixed elements, which the margin does not move.
    expect(root.style.getPropertyValue('--docs-assistant-push')).toBe(
      `${root.clientWidth - panelLeft}px`,
    );

    await closePanel(el);
    expect(content.getBoundingClientRect().right).toBe(before);
    expect(root.style.marginRight).toBe('3px');
    expect(root.style.getPropertyValue('--docs-assistant-push')).toBe('');
  });

  it('on a right-to-left page, moves the page aside on the left, where the panel is', async () => {
    root.setAttribute('dir', 'rtl');
    try {
      root.style.marginLeft = '3px';
      const before = content.getBoundingClientRect().left;
      const el = await make('push');
      const dialog = await openPanel(el);
      const panel = dialog.getBoundingClientRect();
      expect(panel.left).toBe(12);
      // The page begins where the panel ends, and its right margin is untouched.
      expect(Math.round(content.getBoundingClientRect().left)).toBe(Math.round(panel.right));
      expect(root.style.marginRight).toBe('');
      expect(root.style.getPropertyValue('--docs-assistant-push')).toBe(`${panel.right}px`);

      await closePanel(el);
      expect(content.getBoundingClientRect().left).toBe(before);
      expect(root.style.marginLeft).toBe('3px');
    } finally {
      root.removeAttribute('dir');
    }
  });

  it('covers the page without the attribute, and never pushes on a phone', async () => {
    const before = content.getBoundingClientRect().right;
    const el = await make();
    await openPanel(el);
    expect(content.getBoundingClientRect().right).toBe(before);
    await closePanel(el);

    await page.viewport(390, 844);
    el.setAttribute('layout', 'push');
    const narrow = content.getBoundingClientRect().right;
    await openPanel(el);
    expect(content.getBoundingClientRect().right).toBe(narrow);
    expect(root.style.marginRight).toBe('');
  });

  it('gives the page its width back when the element leaves the page while open', async () => {
    const before = content.getBoundingClientRect().right;
    const el = await make('push');
    await openPanel(el);
    expect(content.getBoundingClientRect().right).toBeLessThan(before);
    el.remove();
    await animationsDone(() => root.getAnimations());
    await waitUntil(() => content.getBoundingClientRect().right === before, 'restored', WAIT);
  });
});
