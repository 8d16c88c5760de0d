/** The selection helper: select text on the host page → "Ask AI" → context chip → request body. */
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';
import { contextFromSelection } from '../../../src/widget/selection/context-from-selection.ts';
import { axeViolations } from '../../support/widget/a11y.ts';
import { FakeApi } from '../../support/widget/fake-api.ts';
import { WAIT } from '../../support/widget/wait.ts';

let api: FakeApi;
let article: HTMLElement;

const askButton = (el: DocsAssistant) =>
  el.shadowRoot!.querySelector<HTMLButtonElement>('[part=selection-button]:not([hidden])');
const panelRoot = (el: DocsAssistant) =>
  el.shadowRoot!.querySelector('docs-assistant-panel')?.shadowRoot;

async function make(): Promise<DocsAssistant> {
  return fixture<DocsAssistant>(
    html`<docs-assistant
      domain="acme"
      api-key="da_dsc_0123456789abcdefXYZ"
      .fetch=${api.fetch}
    ></docs-assistant>`,
  );
}

beforeEach(async () => {
  await page.viewport(1280, 800);
  localStorage.clear();
  api = new FakeApi();
  article = document.createElement('article');
  article.innerHTML = `
    <section id="streaming">
      <h2>Streaming</h2>
      <p id="why">Streaming shows the answer while it is being written.</p>
      <div><span>Nested text without an id of its own.</span></div>
    </section>
    <section id="example"><pre><code>const result = streamText({ model });</code></pre></section>
    <textarea id="notes">typed notes</textarea>`;
  document.body.prepend(article);
});
afterEach(() => {
  fixtureCleanup();
  article.remove();
  document.getSelection()?.removeAllRanges();
});

describe('selection helper', () => {
  it('offers "Ask AI" for a selection and adds it as context with path and element id', async () => {
    const el = await make();
    expect(customElements.get('docs-assistant-panel')).toBeUndefined();
    await userEvent.tripleClick(document.getElementById('why')!);
    await waitUntil(() => askButton(el), 'selection button', WAIT);
    const button = askButton(el)!;
    expect(button.textContent!.trim()).toBe('Ask AI');
    // The selection is intent: the panel starts loading now.
    await waitUntil(() => customElements.get('docs-assistant-panel'), 'panel preload', WAIT);
    // It sits by the selection.
    const selected = document.getElementById('why')!.getBoundingClientRect();
    const rect = button.getBoundingClientRect();
    expect(Math.abs(rect.bottom - selected.top)).toBeLessThan(40);
    expect(await axeViolations(el)).toEqual([]);

    await userEvent.click(button);
    await waitUntil(() => el.open && panelRoot(el)?.querySelector('[part=context]'), 'chip', WAIT);
    expect(askButton(el)).toBeNull();
    const chip = panelRoot(el)!.querySelector('[part=context]')!;
    expect(chip.textContent).toContain('Streaming shows the answer');

    await api.answer({ text: 'It reduces waiting.' });
    const input = panelRoot(el)!.querySelector('textarea')!;
    await userEvent.fill(input, 'Why?');
    await userEvent.type(input, '{Enter}');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(api.requests[0]!.body.context).toEqual([
      {
        type: 'textSelection',
        value: 'Streaming shows the answer while it is being written.',
        path: location.pathname,
        elementId: 'why',
      },
    ]);
  });

  it('marks a selection inside pre/code as code, with the nearest id', async () => {
    const el = await make();
    await userEvent.tripleClick(document.querySelector('#example code')!);
    await waitUntil(() => askButton(el), 'selection button', WAIT);
    await userEvent.click(askButton(el)!);
    await waitUntil(() => panelRoot(el)?.querySelector('[part=context]'), 'chip', WAIT);
    await api.answer({ text: 'It streams.' });
    const input = panelRoot(el)!.querySelector('textarea')!;
    await userEvent.fill(input, 'What does this do?');
    await userEvent.type(input, '{Enter}');
    await waitUntil(() => api.requests.length === 1, undefined, WAIT);
    expect(api.requests[0]!.body.context).toEqual([
      {
        type: 'code',
        value: 'const result = streamText({ model });',
        path: location.pathname,
        elementId: 'example',
      },
    ]);
  });

  it('withdraws the offer when the selection collapses or on Escape', async () => {
    const el = await make();
    await userEvent.tripleClick(document.getElementById('why')!);
    await waitUntil(() => askButton(el), 'selection button', WAIT);
    document.getSelection()!.removeAllRanges();
    await waitUntil(() => !askButton(el), 'withdrawn on collapse', WAIT);
    await userEvent.tripleClick(document.getElementById('why')!);
    await waitUntil(() => askButton(el), 'selection button again', WAIT);
    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !askButton(el), 'withdrawn on Escape', WAIT);
  });

  it('opening with the shortcut asks about the selection, as its button does', async () => {
    const el = await make();
    await userEvent.tripleClick(document.getElementById('why')!);
    await waitUntil(() => askButton(el), 'selection button', WAIT);
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => el.open && panelRoot(el)?.querySelector('[part=context]'), 'chip', WAIT);
    expect(panelRoot(el)!.querySelector('[part=context]')!.textContent).toContain(
      'Streaming shows the answer',
    );
    expect(askButton(el)).toBeNull();
    expect(document.getSelection()!.isCollapsed).toBe(true);
    // Without a selection the shortcut only toggles: closed, then open with no new chip.
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => !el.open, 'closed', WAIT);
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => el.open, 'open again', WAIT);
    expect(panelRoot(el)!.querySelectorAll('[part=context]')).toHaveLength(1);
  });

  it('the shortcut asks about a selection whose button was waved away with Escape', async () => {
    const el = await make();
    await userEvent.tripleClick(document.getElementById('why')!);
    await waitUntil(() => askButton(el), 'selection button', WAIT);
    await userEvent.keyboard('{Escape}');
    await waitUntil(() => !askButton(el), 'withdrawn on Escape', WAIT);
    await userEvent.keyboard('{Control>}i{/Control}');
    await waitUntil(() => el.open && panelRoot(el)?.querySelector('[part=context]'), 'chip', WAIT);
  });

  it('follows a selection made without pointer or key release (touch handles, long press, script)', async () => {
    const el = await make();
    const selection = document.getSelection()!;
    const range = document.createRange();
    range.selectNodeContents(document.getElementById('why')!);
    selection.removeAllRanges();
    selection.addRange(range);
    // Not while the selection may still be moving.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(askButton(el)).toBeNull();
    await waitUntil(() => askButton(el), 'offered once the selection rests', WAIT);
    // Above the selection with a mouse.
    const selected = range.getBoundingClientRect();
    expect(askButton(el)!.getBoundingClientRect().bottom).toBeLessThanOrEqual(selected.top);
    selection.removeAllRanges();
    await waitUntil(() => !askButton(el), 'withdrawn on collapse', WAIT);
  });

  it('waits for the release of a mouse drag before offering', async () => {
    const el = await make();
    document
      .getElementById('why')!
      .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerType: 'mouse' }));
    document.getSelection()!.selectAllChildren(document.getElementById('why')!);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(askButton(el)).toBeNull();
    document
      .getElementById('why')!
      .dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'mouse' }));
    await waitUntil(() => askButton(el), 'offered on release', WAIT);
  });

  it('sits below the selection on a touch screen, clear of the platform’s own menu', async () => {
    await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    try {
      expect(matchMedia('(pointer: coarse)').matches).toBe(true);
      const el = await make();
      const why = document.getElementById('why')!;
      why.style.marginTop = '200px';
      document.getSelection()!.selectAllChildren(why);
      await waitUntil(() => askButton(el), 'offered once the selection rests', WAIT);
      const selected = why.getBoundingClientRect();
      expect(askButton(el)!.getBoundingClientRect().top).toBeGreaterThan(selected.bottom + 20);
    } finally {
      await cdp().send('Emulation.setTouchEmulationEnabled', { enabled: false });
    }
  });

  it('ignores selections in form fields', async () => {
    const el = await make();
    const notes = document.getElementById('notes') as HTMLTextAreaElement;
    await userEvent.tripleClick(notes);
    notes.select();
    await new Promise((r) => setTimeout(r, 100));
    expect(askButton(el)).toBeNull();
  });
});

describe('contextFromSelection', () => {
  it('uses the nearest ancestor id and ignores blank or collapsed selections', () => {
    const span = article.querySelector('span')!;
    const selection = document.getSelection()!;
    selection.selectAllChildren(span);
    expect(contextFromSelection(selection, '/docs/x')).toEqual({
      type: 'textSelection',
      value: 'Nested text without an id of its own.',
      path: '/docs/x',
      elementId: 'streaming',
    });
    selection.collapseToStart();
    expect(contextFromSelection(selection, '/docs/x')).toBeUndefined();
    expect(contextFromSelection(null, '/docs/x')).toBeUndefined();
    // Inside the assistant itself: not offered.
    selection.selectAllChildren(span);
    expect(contextFromSelection(selection, '/docs/x', article)).toBeUndefined();
  });
});
