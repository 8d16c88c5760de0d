/**
 * Language codes as doc sites write them (`ja`, `zh-cn`, `pt-BR`, Mintlify's `cn` and `jp`)
 * and how a reader's language finds the site's: exact tag first, then the same language in
 * another region or script (`zh` finds `zh-CN`).
 */

/** Codes some frameworks use that are not language tags (Mintlify's `cn`, `jp`, `ua`). */
const ALIASES: Record<string, string> = { cn: 'zh', jp: 'ja', ua: 'uk', kr: 'ko', gr: 'el' };

let displayNames: Intl.DisplayNames | undefined;
const codeChecks = new Map<string, boolean>();

/** `zh-cn` -> `zh-CN`, `jp` -> `ja`; undefined when `code` is not a language tag. */
export function normalizeLanguage(code: string | undefined): string | undefined {
  if (!code) return undefined;
  const trimmed = code.trim().replace(/_/g, '-');
  const aliased = ALIASES[trimmed.toLowerCase()] ?? trimmed;
  try {
    return Intl.getCanonicalLocales(aliased)[0];
  } catch {
    return undefined;
  }
}

/**
 * True for a tag naming a real language (`fr`, `zh-cn`, `pt-BR`), not just any short word:
 * a folder named `go`, `ui` or `api` is not a locale folder.
 */
export function isLanguageCode(name: string): boolean {
  let known = codeChecks.get(name);
  if (known === undefined) {
    const tag = normalizeLanguage(name);
    known = tag !== undefined && /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(tag) && isKnown(tag);
    if (codeChecks.size < 1000) codeChecks.set(name, known);
  }
  return known;
}

function isKnown(tag: string): boolean {
  displayNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  try {
    return displayNames.of(tag) !== undefined;
  } catch {
    return false;
  }
}

/** `zh-Hans-CN` -> `zh`. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/**
 * The site language a reader asking in `requested` gets: the same tag, else the same
 * language (first in site order); undefined when the site does not publish it.
 */
export function matchLanguage(
  requested: string | undefined,
  available: readonly string[],
): string | undefined {
  const tag = normalizeLanguage(requested);
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  const exact = available.find((language) => language.toLowerCase() === lower);
  if (exact) return exact;
  const primary = primaryLanguage(tag);
  return available.find((language) => primaryLanguage(language) === primary);
}
