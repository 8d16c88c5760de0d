/**
 * Docs-framework placeholders: `__UPPER_CASE__` tokens that a site's build replaces before
 * publishing (`model: __MODEL__,`, a line that is only `__PROVIDER_IMPORT__;`). Quoted raw they
 * read as broken code, so a quoted code block drops the lines that are only a placeholder and
 * names the others readably (`__IMAGE_MODEL__` becomes `yourImageModel`).
 *
 * The same shape is also real code: Vite's `define` constants (`__APP_VERSION__: '1.0'`,
 * `declare const __APP_VERSION__`). A token counts as a placeholder only where a value stands
 * (after `:` or `=` or `?`) or as a whole statement, and only when the block does not define it.
 */

const TOKEN = /__[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*__/g;
/** The token alone on its line, perhaps with `;` or `,`. */
const STATEMENT = /^\s*(__[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*__)\s*[;,]?\s*$/;
/** The token as a value: after `:`, `=` or `?`, before `,`, `;`, `)`, `}`, `:`, a comment or the end. */
const VALUE = /([:=?]\s*)(__[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*__)(?=\s*(?:[,;)}:]|\/\/|\/\*|$))/g;

export function hasPlaceholders(code: string): boolean {
  return placeholdersIn(code).size > 0;
}

/** The code with its placeholders dropped (whole lines) or named readably. */
export function readablePlaceholders(code: string): string {
  const placeholders = placeholdersIn(code);
  if (placeholders.size === 0) return code;
  return code
    .split('\n')
    .filter((line) => !placeholders.has(STATEMENT.exec(line)?.[1] ?? ''))
    .map((line) =>
      line.replace(VALUE, (match, before: string, token: string) =>
        placeholders.has(token) ? `${before}${readableName(token)}` : match,
      ),
    )
    .join('\n');
}

function placeholdersIn(code: string): Set<string> {
  const used = new Set<string>();
  for (const line of code.split('\n')) {
    const statement = STATEMENT.exec(line)?.[1];
    if (statement) used.add(statement);
    for (const match of line.matchAll(VALUE)) used.add(match[2]!);
  }
  for (const token of used) if (isDefined(code, token)) used.delete(token);
  return used;
}

/** Defined in the block: an object key (`__X__:` at the start of a line), `const`/`declare`. */
function isDefined(code: string, token: string): boolean {
  for (const match of code.matchAll(TOKEN)) {
    if (match[0] !== token) continue;
    const before = code.slice(code.lastIndexOf('\n', match.index) + 1, match.index);
    const after = code.slice(match.index + token.length);
    if (/^\s*['"]?$/.test(before) && /^['"]?\s*:/.test(after)) return true;
    if (/\b(?:const|let|var|declare|define)\s+(?:const\s+)?$/.test(before)) return true;
  }
  return false;
}

/** `__IMAGE_MODEL__` → `yourImageModel`. */
function readableName(token: string): string {
  const words = token
    .replace(/^_+|_+$/g, '')
    .toLowerCase()
    .split('_')
    .filter(Boolean);
  return `your${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}`;
}
