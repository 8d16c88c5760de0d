/**
 * Syntax highlighting, loaded only when an answer or page first shows a code block: the
 * highlighter (highlighter.ts: the highlight.js core and its languages) is one chunk outside
 * the chat bundle.
 */
type Highlight = typeof import('./highlighter.ts').highlight;

let highlight: Highlight | undefined;
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
  return highlight !== undefined;
}

/** Loads the highlighter once; resolves when it is ready (also for later callers). */
export function loadHighlighter(): Promise<void> {
  loading ??= (async () => {
    highlight = (await import('./highlighter.ts')).highlight;
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
  return highlight && language ? highlight(code, language) : undefined;
}
