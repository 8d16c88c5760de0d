/**
 * Docusaurus doc URLs, as its docs plugin computes them: the doc id (folders as written, the
 * file name without number prefix, or `id` frontmatter) and the slug (`slug` frontmatter,
 * relative or absolute; `index`, `README` and same-name-as-folder docs naming their folder).
 */
import { posix } from 'node:path';
import { frontmatterText } from './page-rules.ts';

/** The doc's id (folders as written) and its slug relative to the version's route. */
export function docRoute(
  relativePath: string,
  frontmatter: Record<string, unknown>,
  numberPrefixes: boolean,
): { id: string; dir: string; slug: string } {
  const dirName = posix.dirname(relativePath);
  const dir = dirName === '.' ? '' : dirName;
  const fileName = posix.basename(relativePath).replace(/\.mdx?$/i, '');
  const baseId = frontmatterText(frontmatter.id) ?? stripNumberPrefix(fileName, numberPrefixes);
  const id = dir ? `${dir}/${baseId}` : baseId;
  const slugMatter = frontmatterText(frontmatter.slug);
  if (slugMatter?.startsWith('/')) return { id, dir, slug: slugMatter };
  const dirSlug = dir
    ? `/${dir
        .split('/')
        .map((segment) => stripNumberPrefix(segment, numberPrefixes))
        .join('/')}/`
    : '/';
  const isCategoryIndex = ['index', 'readme', dir.split('/').at(-1)?.toLowerCase()].includes(
    fileName.toLowerCase(),
  );
  if (!slugMatter && isCategoryIndex) return { id, dir, slug: dirSlug };
  return { id, dir, slug: resolvePathname(slugMatter ?? baseId, dirSlug) };
}

/**
 * Docusaurus's number prefix parser: `01-intro` -> `intro`, `0 --- Client API` -> `Client API`;
 * date-like (`2021-08-26-x`) and version-like (`1.2-x`) names are left alone.
 */
export function stripNumberPrefix(name: string, enabled = true): string {
  if (!enabled) return name;
  if (/^((\d{2}|\d{4})[-_.]\d{2}([-_.](\d{2}|\d{4}))?)(.*)$|^(\d+[-_.]\d+)(.*)$/.test(name)) {
    return name;
  }
  return /^\d+\s*[-_.]+\s*(.*)$/.exec(name)?.[1] || name;
}

/** `../b` against `/a/c/` -> `/a/b`, as browsers (and Docusaurus) resolve links. */
function resolvePathname(to: string, from: string): string {
  return decodeURI(new URL(to, `http://docs${from}`).pathname);
}
