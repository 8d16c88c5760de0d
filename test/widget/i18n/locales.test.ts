/**
 * The shipped UI string tables: complete (each is also typed as `DocsAssistantI18n`), picked
 * from the page's language with the usual fallbacks, and used by the launcher and the panel.
 */
import { fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing/pure';
import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistant } from '../../../src/widget/docs-assistant/docs-assistant.ts';
import type { DocsAssistantI18n } from '../../../src/widget/i18n/i18n.ts';
import en from '../../../src/widget/i18n/locales/en.ts';
import {
  loadTranslation,
  SHIPPED_LANGUAGES,
  translationFor,
} from '../../../src/widget/i18n/locales.ts';
import { FakeApi } from '../../support/widget/fake-api.ts';
import { WAIT } from '../../support/widget/wait.ts';

describe('string tables', () => {
  it('ship every key, none empty, with the placeholders the code fills in', async () => {
    expect(SHIPPED_LANGUAGES.sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fa',
      'fr',
      'he',
      'it',
      'ja',
      'ko',
      'pt',
      'ru',
      'tr',
      'ur',
      'zh',
    ]);
    for (const language of SHIPPED_LANGUAGES) {
      const table: DocsAssistantI18n = await loadTranslation(language);
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(en).sort());
      for (const [key, text] of Object.entries(table))
        expect(text.trim(), `${language}.${key}`).not.toBe('');
      expect(table.errorRateLimit, language).toContain('{time}');
      expect(table.askAboutPage, language).toContain('{url}');
      expect(table.citationName, language).toMatch(/\{index\}.*\{title\}/);
      if (language !== 'en') expect(table.emptyTitle, language).not.toBe(en.emptyTitle);
    }
  });

  it.each([
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['pt-BR', 'pt'],
    ['PT_pt', 'pt'],
    ['zh-Hans', 'zh'],
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['zh-TW', 'en'],
    ['fa-IR', 'fa'],
    ['he-IL', 'he'],
    ['ur-PK', 'ur'],
    ['ko-KR', 'ko'],
    ['zh-Hant-HK', 'en'],
    ['en-GB', 'en'],
    ['tlh', 'en'],
    ['', 'en'],
  ])('%j → %s', (language, table) => {
    expect(translationFor(language)).toBe(table);
  });
});

describe('the page language picks the strings', () => {
  const root = document.documentElement;
  const lang = root.getAttribute('lang');
  let api: FakeApi;
  afterEach(() => {
    fixtureCleanup();
    if (lang === null) root.removeAttribute('lang');
    else root.setAttribute('lang', lang);
  });

  async function make(i18n: Partial<DocsAssistantI18n> = {}) {
    api = new FakeApi();
    return fixture<DocsAssistant>(
      html`<docs-assistant domain="acme" api-key="da_dsc_0123456789abcdefXYZ" .fetch=${api.fetch} .i18n=${i18n}></docs-assistant>`,
    );
  }
  const launcherText = (el: DocsAssistant) =>
    el.shadowRoot!.querySelector('[part=launcher] span')!.textContent;
  const inPanel = (el: DocsAssistant, selector: string) =>
    el.shadowRoot!.querySelector('docs-assistant-panel')!.shadowRoot!.querySelector(selector)!;

  it('<html lang="fr">: the launcher and the panel speak French', async () => {
    root.setAttribute('lang', 'fr');
    const el = await make();
    await waitUntil(() => launcherText(el) === 'Demander à l’IA', 'French launcher', WAIT);
    await el.show();
    expect(inPanel(el, '.empty-title').textContent).toBe('Comment puis-je vous aider\u202f?');
    expect(inPanel(el, 'textarea').getAttribute('placeholder')).toBe('Posez une question…');
    expect(inPanel(el, '[part~=close]').getAttribute('aria-label')).toBe('Fermer');
  });

  it('<html lang="fa" dir="rtl">: the panel speaks Persian, on the left, right to left', async () => {
    root.setAttribute('lang', 'fa');
    root.setAttribute('dir', 'rtl');
    await page.viewport(1280, 800);
    try {
      const el = await make();
      await waitUntil(() => launcherText(el) === 'از هوش مصنوعی بپرسید', 'Persian launcher', WAIT);
      const launcher = el.shadowRoot!.querySelector('[part=launcher]')!.getBoundingClientRect();
      expect(launcher.left).toBe(20);
      await el.show();
      expect(inPanel(el, '.empty-title').textContent).toBe('چه کمکی از دستم برمی‌آید؟');
      expect(inPanel(el, '[part~=close]').getAttribute('aria-label')).toBe('بستن');
      const dialog = inPanel(el, 'dialog');
      expect(getComputedStyle(dialog).direction).toBe('rtl');
      await waitUntil(() => dialog.getBoundingClientRect().left === 12, 'panel on the left', WAIT);
    } finally {
      root.removeAttribute('dir');
    }
  });

  it('<html lang="he"> laid out right to left by CSS alone: Hebrew, mirrored, on the left', async () => {
    root.setAttribute('lang', 'he');
    root.style.direction = 'rtl';
    await page.viewport(1280, 800);
    try {
      const el = await make();
      await waitUntil(() => launcherText(el) === 'שאלו את ה-AI', 'Hebrew launcher', WAIT);
      const launcher = el.shadowRoot!.querySelector('[part=launcher]')!.getBoundingClientRect();
      expect(launcher.left).toBe(20);
      await el.show();
      expect(inPanel(el, '.empty-title').textContent).toBe('איך אפשר לעזור?');
      expect(inPanel(el, '[part~=close]').getAttribute('aria-label')).toBe('סגירה');
      const dialog = inPanel(el, 'dialog');
      expect(getComputedStyle(dialog).direction).toBe('rtl');
      await waitUntil(() => dialog.getBoundingClientRect().left === 12, 'panel on the left', WAIT);
    } finally {
      root.style.removeProperty('direction');
    }
  });

  it('<html lang="ur">: the panel speaks Urdu, right to left', async () => {
    root.setAttribute('lang', 'ur-PK');
    const el = await make();
    await waitUntil(() => launcherText(el) === 'AI سے پوچھیں', 'Urdu launcher', WAIT);
    await el.show();
    expect(inPanel(el, 'textarea').getAttribute('placeholder')).toBe('سوال پوچھیں…');
    expect(getComputedStyle(inPanel(el, 'dialog')).direction).toBe('rtl');
  });

  it('the i18n property still replaces a key of the translation', async () => {
    root.setAttribute('lang', 'de-AT');
    const el = await make({ emptyTitle: 'Servus! Was suchen Sie?' });
    await el.show();
    expect(inPanel(el, '.empty-title').textContent).toBe('Servus! Was suchen Sie?');
    expect(inPanel(el, '[part~=close]').getAttribute('aria-label')).toBe('Schließen');
    expect(launcherText(el)).toBe('KI fragen');
  });

  it('a language with no table reads English', async () => {
    root.setAttribute('lang', 'tlh');
    const el = await make();
    await el.show();
    expect(inPanel(el, '.empty-title').textContent).toBe('How can I help?');
    expect(launcherText(el)).toBe('Ask AI');
  });
});
