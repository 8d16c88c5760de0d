/**
 * Syntax highlighting, loaded only when an answer or page first shows a code block: the
 * highlight.js core plus the languages doc answers use (TypeScript/TSX, JavaScript, JSON,
 * shell, HTML, CSS, Python), in their own chunks outside the chat bundle.
 */
import type { HLJSApi } from 'highlight.js';

let hljs: HLJSApi | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Other names readers and models give these languages. */
const ALIASES: Record<string, string> = {
  ts: 'typescript',
  tsx: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  html: 'xml',
  svg: 'xml',
  py: 'python',
  jsonc: 'json',
  json5: 'json',
};

export function isHighlighterReady(): boolean {
  return hljs !== undefined;
}

/** Loads the highlighter once; resolves when it is ready (also for later callers). */
export function loadHighlighter(): Promise<void> {
  loading ??= (async () => {
    const [core, typescript, javascript, json, bash, xml, css, python] = await Promise.all([
      import('highlight.js/lib/core'),
      import('highlight.js/lib/languages/typescript'),
      import('highlight.js/lib/languages/javascript'),
      import('highlight.js/lib/languages/json'),
      import('highlight.js/lib/languages/bash'),
      import('highlight.js/lib/languages/xml'),
      import('highlight.js/lib/languages/css'),
      import('highlight.js/lib/languages/python'),
    ]);
    const instance = core.default;
    instance.configure({ ignoreUnescapedHTML: true });
    instance.registerLanguage('typescript', typescript.default);
    instance.registerLanguage('javascript', javascript.default);
    instance.registerLanguage('json', json.default);
    instance.registerLanguage('bash', bash.default);
    instance.registerLanguage('xml', xml.default);
    instance.registerLanguage('css', css.default);
    instance.registerLanguage('python', python.default);
    hljs = instance;
    for (const listener of listeners) listener();
  })().catch((error: unknown) => {
    loading = undefined; // a failed chunk load (offline) may succeed later
    throw error;
  });
  return loading;
}

/** Calls `listener` when the highlighter becomes ready; returns an unsubscribe function. */
export function onHighlighterReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The registered language for a fence's info string, or undefined. */
export function languageOf(lang: string | undefined): string | undefined {
  const name = (lang ?? '').trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  if (name === '') return undefined;
  return ALIASES[name] ?? name;
}

/**
 * Highlighted HTML for `code` (spans with `hljs-*` classes; the caller sanitizes it), or
 * undefined while the highlighter is not loaded or the language is not one it knows.
 */
export function highlightCode(code: string, lang: string | undefined): string | undefined {
  const language = languageOf(lang);
  if (!hljs || !language || !hljs.getLanguage(language)) return undefined;
  return hljs.highlight(code, { language, ignoreIllegals: true }).value;
}
