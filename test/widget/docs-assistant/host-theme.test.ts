/**
 * `theme="auto"` follows the host site's own dark mode (issue 16): docs frameworks switch it
 * with a class or an attribute on <html> or <body>, and the panel must follow when the reader
 * toggles it, not only the OS.
 */
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, describe, expect, it } from 'vitest';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';

const root = document.documentElement;
const scheme = (el: DocsAssistant) => getComputedStyle(el).colorScheme;
const launcherBackground = (el: DocsAssistant) =>
  getComputedStyle(el.shadowRoot!.querySelector('[part=launcher]')!).backgroundColor;

afterEach(() => {
  fixtureCleanup();
  root.className = '';
  root.removeAttribute('data-theme');
  document.body.removeAttribute('data-md-color-scheme');
  root.removeAttribute('data-scheme');
});

async function make(attrs = {}) {
  const el = await fixture<DocsAssistant>(
    html`<docs-assistant domain="docs" api-key="da_dsc_0123456789abcdefXYZ"></docs-assistant>`,
  );
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  await el.updateComplete;
  return el;
}

describe('theme="auto" follows the host site', () => {
  it('html.dark (VitePress, Mintlify): dark, and back to light when the reader toggles it', async () => {
    const el = await make();
    const before = launcherBackground(el);
    root.classList.add('dark');
    await waitUntil(() => scheme(el) === 'dark', 'the panel did not turn dark');
    expect(launcherBackground(el)).not.toBe(before);
    root.classList.remove('dark');
    await waitUntil(() => scheme(el) !== 'dark', 'the panel did not turn back');
  });

  it('[data-theme] (Docusaurus, Starlight) in both directions, and MkDocs Material on <body>', async () => {
    const el = await make();
    root.setAttribute('data-theme', 'dark');
    await waitUntil(() => scheme(el) === 'dark');
    root.setAttribute('data-theme', 'light');
    await waitUntil(() => scheme(el) === 'light');
    root.removeAttribute('data-theme');
    document.body.setAttribute('data-md-color-scheme', 'slate');
    await waitUntil(() => scheme(el) === 'dark');
  });

  it('a site’s own marker with theme-selector; an explicit theme wins over the site', async () => {
    const el = await make({ 'theme-selector': '[data-scheme=night]' });
    root.setAttribute('data-scheme', 'night');
    await waitUntil(() => scheme(el) === 'dark');
    root.setAttribute('data-scheme', 'day');
    await waitUntil(() => scheme(el) === 'light');
    root.setAttribute('data-scheme', 'night');
    el.theme = 'light';
    await el.updateComplete;
    expect(scheme(el)).toBe('light');
  });
});
