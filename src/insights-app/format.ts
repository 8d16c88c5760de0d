/** How the page writes numbers, times and languages (in the reader's locale). */

const numbers = new Intl.NumberFormat();

export const count = (n: number) => numbers.format(n);

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${count(n)} ${n === 1 ? one : many}`;
}

const times = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const dateTime = (iso: string) => times.format(new Date(iso));

const languages = (() => {
  try {
    return new Intl.DisplayNames(undefined, { type: 'language' });
  } catch {
    return undefined;
  }
})();

/** `es` → "Spanish (es)"; an empty code (not detected) → "Not detected". */
export function languageName(code: string): string {
  if (!code) return 'Not detected';
  try {
    const name = languages?.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** A page path as readers see it in the address bar: `guides/x` → `/guides/x`, the home page `/`. */
export const pagePath = (path: string) => `/${path}`;
