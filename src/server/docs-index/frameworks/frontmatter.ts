/** Frontmatter of pages and partials: YAML as data, never code. */
import matter from 'gray-matter';

const refuse = (): never => {
  throw new Error('executable frontmatter is not supported');
};
/**
 * Passing options also bypasses gray-matter's global cache, which would keep every source in
 * memory. gray-matter would `eval` a `---js` block: docs are data, never code.
 */
const MATTER_OPTIONS = { engines: { js: refuse, javascript: refuse, coffee: refuse } };

export interface PageSource {
  data: Record<string, unknown>;
  /** The Markdown after the frontmatter. */
  body: string;
}

/**
 * Throws when the frontmatter is not valid YAML. gray-matter copies the whole string it is
 * given into a Buffer and looks it up as a property name (its cache): given only the
 * frontmatter, up to its closing delimiter, it does both for that part alone, and the body is
 * what follows the delimiter, as gray-matter would cut it.
 */
export function splitFrontmatter(source: string): PageSource {
  const text = source.replace(/^\uFEFF/, '');
  // gray-matter's delimiters: `---` opens unless a fourth `-` follows; the first `\n---` after
  // it closes.
  const close = text.startsWith('---') && text[3] !== '-' ? text.indexOf('\n---', 3) : -1;
  if (close < 0) {
    const { data, content } = matter(text, MATTER_OPTIONS);
    return { data, body: content };
  }
  const { data } = matter(text.slice(0, close + 4), MATTER_OPTIONS);
  let start = close + 4;
  if (text[start] === '\r') start++;
  if (text[start] === '\n') start++;
  return { data, body: text.slice(start) };
}

/** A partial's body; a partial with broken frontmatter is used as it is. */
export function splitFrontmatterBody(source: string): string {
  try {
    return splitFrontmatter(source).body;
  } catch {
    return source;
  }
}
