/**
 * Every HTML string passes through here before it reaches the DOM: DOMPurify with the HTML
 * profile (no SVG or MathML), no forms, frames, styles or ids, and links and images limited to
 * http(s), mailto and relative addresses. External links open in a new tab without an opener;
 * code blocks (`<pre>`) and table regions are focusable, so what scrolls sideways is reachable by
 * keyboard; text blocks get `dir="auto"` and code `dir="ltr"`.
 */
import createDOMPurify from 'dompurify';

/** Our own DOMPurify instance (hooks never leak into a host page's copy), made on first use. */
let purify: ReturnType<typeof createDOMPurify> | undefined;

const URL_ATTRIBUTES = [
  'href',
  'src',
  'xlink:href',
  'action',
  'formaction',
  'poster',
  'cite',
  'background',
];
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** http(s), mailto (links only), relative paths and #anchors; nothing else. */
export function isSafeUrl(value: string, attribute = 'href'): boolean {
  // browsers ignore these characters inside a scheme (`java\tscript:`), so must we
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return !compact.startsWith('\\') && !compact.startsWith('/\\');
  if (scheme === 'http' || scheme === 'https') return true;
  return scheme === 'mailto' && attribute === 'href';
}

function isExternal(href: string): boolean {
  if (!/^(?:https?:)?\/\//i.test(href.trim())) return false;
  try {
    return new URL(href, location.href).origin !== location.origin;
  } catch {
    return true;
  }
}

const BLOCKS_WITH_OWN_DIRECTION = /^(?:P|LI|H[1-6]|TD|TH|BLOCKQUOTE|DT|DD)$/;

function createPurify(): ReturnType<typeof createDOMPurify> {
  const instance = createDOMPurify(window);
  instance.addHook('afterSanitizeAttributes', secureElement);
  return instance;
}

/** URLs limited to safe ones, external links opened safely, code blocks focusable. */
function secureElement(node: Element): void {
  for (const attribute of URL_ATTRIBUTES) {
    const value = node.getAttribute(attribute);
    if (value !== null && !isSafeUrl(value, attribute)) node.removeAttribute(attribute);
  }
  if (node.tagName === 'A') {
    const href = node.getAttribute('href');
    if (href !== null && isExternal(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  }
  // code and tables that scroll sideways must be reachable by keyboard; `tabindex` itself is
  // not allowed in
  if (node.tagName === 'PRE' || node.classList.contains('table-scroll')) {
    node.setAttribute('tabindex', '0');
  }
  // Each block takes the direction of its own text (an English answer on a right-to-left
  // page); code always reads left to right.
  if (node.tagName === 'PRE') node.setAttribute('dir', 'ltr');
  else if (BLOCKS_WITH_OWN_DIRECTION.test(node.tagName)) node.setAttribute('dir', 'auto');
  if (node.tagName === 'IMG') {
    // answers may show images from anywhere: do not tell them which page the reader is on
    node.setAttribute('referrerpolicy', 'no-referrer');
    node.setAttribute('loading', 'lazy');
  }
}

const CONFIG = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'template',
    'dialog',
  ],
  FORBID_ATTR: ['style', 'id', 'name', 'srcset', 'formaction', 'autofocus', 'tabindex'],
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** Sanitized HTML, safe to hand to `unsafeHTML` or `innerHTML`. */
export function sanitize(html: string): string {
  purify ??= createPurify();
  return purify.sanitize(html, CONFIG) as string;
}
