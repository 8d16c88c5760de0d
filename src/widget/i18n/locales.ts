/**
 * The UI strings of each shipped language, one chunk per language: the panel loads the table of
 * the page's language only (English where none ships), and the launcher's label loads it early
 * on a page that is not in English. To add a language: a `locales/<code>.ts` typed as
 * `DocsAssistantI18n` (so no key is missing) and its line below.
 */
import type { DocsAssistantI18n } from './i18n.ts';

type Translation = () => Promise<{ default: DocsAssistantI18n }>;

const TRANSLATIONS: Record<string, Translation> = {
  ar: () => import('./locales/ar.ts'),
  de: () => import('./locales/de.ts'),
  en: () => import('./locales/en.ts'),
  es: () => import('./locales/es.ts'),
  fa: () => import('./locales/fa.ts'),
  fr: () => import('./locales/fr.ts'),
  he: () => import('./locales/he.ts'),
  it: () => import('./locales/it.ts'),
  ja: () => import('./locales/ja.ts'),
  ko: () => import('./locales/ko.ts'),
  pt: () => import('./locales/pt.ts'),
  ru: () => import('./locales/ru.ts'),
  tr: () => import('./locales/tr.ts'),
  ur: () => import('./locales/ur.ts'),
  zh: () => import('./locales/zh.ts'),
};

/** The languages that ship (primary subtags). */
export const SHIPPED_LANGUAGES = Object.keys(TRANSLATIONS);

/**
 * The shipped language for a BCP 47 tag, by its primary subtag: `pt-BR` → `pt`,
 * `zh-Hans`/`zh-CN` → `zh` (Simplified; Traditional Chinese has none yet); else `en`.
 */
export function translationFor(language: string): string {
  const tag = language.trim().toLowerCase();
  if (/^zh[-_](?:hant|tw|hk|mo)\b/.test(tag)) return 'en';
  const primary = tag.split(/[-_]/)[0] ?? '';
  return Object.hasOwn(TRANSLATIONS, primary) ? primary : 'en';
}

/** Loads the strings of `language` (English where none ships). */
export async function loadTranslation(language: string): Promise<DocsAssistantI18n> {
  return (await TRANSLATIONS[translationFor(language)]!()).default;
}
