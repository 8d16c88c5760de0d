/**
 * Rules every framework shares: what a draft is, which files are repository files rather than
 * pages, and how to read frontmatter values that YAML may type loosely.
 */

/**
 * `README.md`, `LICENSE.md`, `CHANGELOG.md`: files about the repository, not pages (Mintlify
 * ignores them by default; the other frameworks' sites keep them out of their docs folders).
 */
export function isRepositoryFile(name: string): boolean {
  return /^[A-Z][A-Z0-9_-]*\.mdx?$/.test(name);
}

/** `draft: true`: left out of production builds (Docusaurus, Starlight, MkDocs Material...). */
export function isDraft(frontmatter: Record<string, unknown>): boolean {
  return isTrue(frontmatter.draft);
}

/** YAML may say `true`, `"true"` or `yes`. */
export function isTrue(value: unknown): boolean {
  return value === true || (typeof value === 'string' && /^(?:true|yes)$/i.test(value.trim()));
}

/** A frontmatter value as text: numbers and dates too, objects and empty strings not. */
export function frontmatterText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') return undefined;
  const result = String(value).trim();
  return result === '' ? undefined : result;
}
