/**
 * Material for MkDocs' blog plugin (`plugins: [blog]`), as its reference describes it: posts in
 * `<blog_dir>/posts/` are published at `<blog_dir>/<post_url_format>`, `{date}/{slug}` by
 * default: the post's `date` (or `date.created`) written in `post_url_date_format`
 * (`yyyy/MM/dd`), and the frontmatter `slug`, else the post's title (frontmatter `title`, else
 * its first `#` heading) slugified as Python-Markdown's `toc` does. `{categories}` and `{file}`
 * are read too. Drafts (`draft: true`) are left out like every draft page.
 *
 * Not read: a custom `post_slugify` function, `draft_if_future_date`, and the generated
 * archive, category and pagination pages (they list posts; the posts are indexed).
 */
import { slugify } from '../../../api/anchors.ts';
import { parseHeading } from '../markdown.ts';
import { arrayOf, type Data, isData, stringOf } from './config-files.ts';
import { type DocsFolder, normalizeRelative } from './docs-folder.ts';
import { splitFrontmatter } from './frontmatter.ts';

export interface MaterialBlog {
  /** Folder of the posts, relative to the docs folder (`blog/posts`). */
  postDir: string;
  /**
   * The published path of a post (relative to the docs folder, without the URL form), or
   * undefined when the post has no date to place it by.
   */
  postPath(file: string, frontmatter: Record<string, unknown>): string | undefined;
}

/** The blog, from the plugin's options in `mkdocs.yml` (undefined: not enabled). */
export function readMaterialBlog(
  options: Data | undefined,
  folder: DocsFolder,
  docsDir: string,
  /** `theme.language`: Babel writes month names in it. */
  language = 'en',
): MaterialBlog | undefined {
  if (!options || options.enabled === false) return undefined;
  const blogDir = normalizeRelative(stringOf(options.blog_dir) ?? 'blog') ?? 'blog';
  const postDir =
    normalizeRelative(
      (stringOf(options.post_dir) ?? '{blog}/posts').replace('{blog}', blogDir || '.'),
    ) ?? `${blogDir}/posts`;
  const urlFormat = stringOf(options.post_url_format) ?? '{date}/{slug}';
  const dateFormat = stringOf(options.post_url_date_format) ?? 'yyyy/MM/dd';
  const separator = stringOf(options.post_slugify_separator) ?? '-';
  const slug = (text: string) => slugify(text, 'mkdocs').replace(/-/g, separator);
  return {
    postDir,
    postPath(file, frontmatter) {
      const date = postDate(frontmatter.date);
      if (!date) return undefined;
      const name = file.split('/').at(-1)!.replace(/\.md$/, '');
      const title = stringOf(frontmatter.title) ?? firstHeading(folder, `${docsDir}/${file}`);
      const categories = arrayOf(frontmatter.categories)
        .map((category) => (typeof category === 'string' ? slug(category) : ''))
        .filter(Boolean);
      const path = urlFormat
        .replace('{date}', formatDate(date, dateFormat, language))
        .replace('{slug}', stringOf(frontmatter.slug) ?? slug(title ?? name))
        .replace('{categories}', categories.join('/'))
        .replace('{file}', name);
      return [blogDir, ...path.split('/')].filter(Boolean).join('/');
    },
  };
}

/** `date: 2024-01-31`, a YAML timestamp, or `date: { created: … }`. */
function postDate(value: unknown): { year: number; month: number; day: number } | undefined {
  const created = isData(value) && !(value instanceof Date) ? value.created : value;
  if (created instanceof Date && !Number.isNaN(created.getTime())) {
    return {
      year: created.getUTCFullYear(),
      month: created.getUTCMonth() + 1,
      day: created.getUTCDate(),
    };
  }
  const match = typeof created === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(created) : null;
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * Babel's date patterns as blogs use them: `yyyy`, `yy`, `MM`, `M`, `dd`, `d`, and the month's
 * name, `MMMM` (`January`) or `MMM` (`Jan`), in the theme's language as Babel writes it in a date
 * (CLDR, which Intl reads too). Text in single quotes is literal.
 */
function formatDate(
  date: { year: number; month: number; day: number },
  format: string,
  language: string,
): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return format.replace(/'([^']*)'|y+|M+|d+/g, (token, literal?: string) => {
    if (literal !== undefined) return literal || "'";
    if (token[0] === 'y') return token.length === 2 ? pad(date.year % 100) : String(date.year);
    if (token[0] === 'M' && token.length >= 3) {
      return monthName(date, token.length === 3 ? 'short' : 'long', language);
    }
    const value = token[0] === 'M' ? date.month : date.day;
    return token.length >= 2 ? pad(value) : String(value);
  });
}

function monthName(
  { year, month, day }: { year: number; month: number; day: number },
  style: 'short' | 'long',
  language: string,
): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(language.replace(/_/g, '-'), {
      day: 'numeric',
      month: style,
      timeZone: 'UTC',
    });
  } catch {
    format = new Intl.DateTimeFormat('en', { day: 'numeric', month: style, timeZone: 'UTC' });
  }
  // Formatted with the day, as in a date: some languages write the month differently alone.
  const parts = format.formatToParts(new Date(Date.UTC(year, month - 1, day)));
  return parts.find((part) => part.type === 'month')?.value ?? String(month);
}

function firstHeading(folder: DocsFolder, file: string): string | undefined {
  const source = folder.readIfExists(file);
  if (source === undefined) return undefined;
  // Line by line through parseHeading: a regex with a lazy title before `[ \t]*#*[ \t]*$` took
  // time cubic in a run of spaces (4,000 spaces in a title line: three minutes).
  for (const line of splitFrontmatter(source).body.split('\n')) {
    if (!line.startsWith('#')) continue;
    const heading = parseHeading(line.trimEnd());
    if (heading?.level === 1 && heading.text) return heading.text;
  }
  return undefined;
}
