/**
 * `theme="auto"` follows the host site's own theme switch before the OS: docs frameworks mark
 * dark mode on `<html>` or `<body>` with a class or an attribute (VitePress and Mintlify
 * `html.dark`, Docusaurus and Starlight `[data-theme="dark"]`, MkDocs Material
 * `[data-md-color-scheme="slate"]`), or a site names its own with `theme-selector`. Without
 * a marker, the OS decides.
 */
const DARK = '.dark,[data-theme=dark],[data-md-color-scheme=slate]';
const LIGHT = '[data-theme=light],[data-md-color-scheme=default]';

/** The host page's scheme, or undefined when it says nothing (then the OS decides). */
export function hostScheme(selector?: string): 'dark' | 'light' | undefined {
  const matches = (query: string) => {
    try {
      return document.documentElement.matches(query) || !!document.body?.matches(query);
    } catch {
      return false; // A selector the browser cannot parse marks nothing.
    }
  };
  if (selector) return matches(selector) ? 'dark' : 'light';
  return matches(DARK) ? 'dark' : matches(LIGHT) ? 'light' : undefined;
}

/** Calls `changed` when `<html>` or `<body>` changes an attribute; returns the stop. */
export function watchHostTheme(changed: () => void): () => void {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true });
  if (document.body) observer.observe(document.body, { attributes: true });
  return () => observer.disconnect();
}
