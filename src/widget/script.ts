/**
 * Script-tag entry (`/widget/docs-assistant.js`):
 * `<script type="module" src=".../docs-assistant.js" data-domain="acme" data-api-key="…">`.
 * Reads the `data-*` attributes of its own `<script>` and adds a configured
 * `<docs-assistant>` to the page, or configures the one the page already wrote.
 * Only the launcher and the selection helper load here; the panel loads on intent.
 */
import './docs-assistant/docs-assistant.ts';

/**
 * The `<script>` that loaded this module. `document.currentScript` is null for modules,
 * so match on the module's own URL, falling back to any script that names a domain.
 */
export function findOwnScript(moduleUrl: string, doc: Document = document) {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[src]')) {
    if (script.src === moduleUrl) return script;
  }
  return doc.querySelector<HTMLScriptElement>('script[data-domain], script[data-api-key]');
}

/** `data-api-key` → `api-key`: the element's attribute for each `data-*` of the script. */
export function elementAttributes(script: HTMLScriptElement) {
  const attributes: [string, string][] = [];
  for (const { name, value } of script.attributes) {
    if (!name.startsWith('data-')) continue;
    attributes.push([name.slice('data-'.length), value]);
  }
  return attributes;
}

/**
 * Configures the page's `<docs-assistant>` (creating it unless the page wrote one). Attributes
 * the page set on its own element win over the script's.
 */
export function install(moduleUrl: string, doc: Document = document) {
  const script = findOwnScript(moduleUrl, doc);
  let element = doc.querySelector('docs-assistant');
  const created = !element;
  element ??= doc.createElement('docs-assistant');
  for (const [name, value] of script ? elementAttributes(script) : []) {
    if (!element.hasAttribute(name)) element.setAttribute(name, value);
  }
  // The API defaults to the server that served this file: its origin, and the path it is
  // mounted under (`https://acme.dev/assistant/widget/…` → `https://acme.dev/assistant`).
  if (!element.hasAttribute('base-url')) {
    const { origin, pathname } = new URL(script?.src || moduleUrl);
    element.setAttribute('base-url', origin + (/^(.*)\/widget\//.exec(pathname)?.[1] ?? ''));
  }
  if (created) doc.body.append(element);
  return element;
}

if (document.body) install(import.meta.url);
else document.addEventListener('DOMContentLoaded', () => install(import.meta.url), { once: true });
