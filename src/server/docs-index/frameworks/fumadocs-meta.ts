/**
 * Fumadocs' page tree as navigation: `meta.json` files (`meta.cn.json` per language, `cn/`
 * folders with the dir parser), read as its page-tree builder reads them. A folder's group is
 * its `title`, else its index page's title, else its name; `---Label---` items of `pages` head
 * the items after them; `...folder` folds a folder into its parent; a `root: true` folder is a
 * tab whose index page is one of its pages.
 */
import { arrayOf, type Data, isData, parseJson, parseYamlData, stringOf } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import { splitFrontmatter } from './frontmatter.ts';
import { frontmatterText } from './page-rules.ts';

export const GROUP = /^\((.+)\)$/;
const SEPARATOR = /^---(?:\[[^\]]+\])?(.+)---$/;

/** The i18n config of `defineI18n()`, with languages as written (`cn`), the default first. */
export interface FumadocsI18n {
  /** Codes as written (`cn`), the default first. */
  languages: string[];
  parser: 'dot' | 'dir' | 'none';
  hideLocale: 'never' | 'default-locale' | 'always';
}

/** `getting-started` -> `Getting started`, as Fumadocs names files and folders. */
export function pathToName(name: string): string {
  const words = name.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface NavPlacement {
  trail: string[];
  /** The label of a folder's index page: the folder's own title. */
  folderTitle?: string;
}

/** The meta files of the content folder, read per language as the page tree reads them. */
export class MetaTree {
  private readonly cache = new Map<string, Data | undefined>();
  private readonly folder: DocsFolder;
  private readonly contentDir: string;
  private readonly i18n: FumadocsI18n | undefined;

  constructor(folder: DocsFolder, contentDir: string, i18n: FumadocsI18n | undefined) {
    this.folder = folder;
    this.contentDir = contentDir;
    this.i18n = i18n;
  }

  /** Navigation groups above a page (folder titles and separators) and its folder's title. */
  placement(key: string, locale: string): NavPlacement {
    const segments = key.split('/');
    const name = segments.pop()!;
    const isFolderIndex =
      name === 'index' && segments.length > 0 && this.meta(segments, locale)?.root !== true;
    const folders = isFolderIndex ? segments.slice(0, -1) : segments;
    const trail: string[] = [];
    for (let depth = 0; depth < folders.length; depth++) {
      const parent = this.meta(folders.slice(0, depth), locale);
      const segment = folders[depth]!;
      const separator = separatorBefore(parent, segment);
      if (separator) trail.push(separator);
      if (!arrayOf(parent?.pages).includes(`...${segment}`)) {
        trail.push(this.folderTitle(folders.slice(0, depth + 1), locale));
      }
    }
    const container = isFolderIndex ? segments.slice(0, -1) : segments;
    const separator = separatorBefore(
      this.meta(container, locale),
      isFolderIndex ? segments.at(-1)! : name,
    );
    if (separator) trail.push(separator);
    if (!isFolderIndex) return { trail };
    return { trail, folderTitle: this.folderTitle(segments, locale) };
  }

  /** meta `title`, else the index page's title, else the folder name. */
  private folderTitle(segments: string[], locale: string): string {
    const title = stringOf(this.meta(segments, locale)?.title);
    if (title) return title;
    const index = this.indexTitle(segments, locale);
    if (index) return index;
    const name = segments.at(-1)!;
    return pathToName(GROUP.exec(name)?.[1] ?? name);
  }

  private indexTitle(segments: string[], locale: string): string | undefined {
    for (const base of this.candidates(segments, 'index', locale)) {
      for (const extension of ['mdx', 'md']) {
        const source = this.folder.readIfExists(`${base}.${extension}`);
        if (source === undefined) continue;
        try {
          return frontmatterText(splitFrontmatter(source).data.title);
        } catch {
          return undefined;
        }
      }
    }
    return undefined;
  }

  /** The folder's meta file in `locale`, falling back to the default language's. */
  meta(segments: string[], locale: string): Data | undefined {
    for (const base of this.candidates(segments, 'meta', locale)) {
      for (const extension of ['json', 'yaml', 'yml']) {
        const file = `${base}.${extension}`;
        if (!this.cache.has(file)) {
          const source = this.folder.readIfExists(file);
          const data =
            source === undefined
              ? undefined
              : extension === 'json'
                ? parseJson(source)
                : parseYamlData(source);
          this.cache.set(file, isData(data) ? data : undefined);
        }
        const found = this.cache.get(file);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** File paths (without extension) a folder's `name` file may have, in priority order. */
  private candidates(segments: string[], name: string, locale: string): string[] {
    const dir = [this.contentDir, ...segments].join('/');
    const i18n = this.i18n;
    if (!i18n || i18n.parser === 'none') return [`${dir}/${name}`];
    const defaultLocale = i18n.languages[0]!;
    if (i18n.parser === 'dir') {
      const inLocale = (code: string) => [this.contentDir, code, ...segments].join('/');
      return [
        `${inLocale(locale)}/${name}`,
        `${inLocale(defaultLocale)}/${name}`,
        `${inLocale('$')}/${name}`,
        `${dir}/${name}`,
      ];
    }
    return [
      ...(locale === defaultLocale ? [] : [`${dir}/${name}.${locale}`]),
      `${dir}/${name}.${defaultLocale}`,
      `${dir}/${name}.$`,
      `${dir}/${name}`,
    ];
  }
}

/** The `---Label---` separator heading the item in its folder's `pages`, if any. */
function separatorBefore(meta: Data | undefined, item: string): string | undefined {
  const pages = arrayOf(meta?.pages).filter((entry): entry is string => typeof entry === 'string');
  if (pages.length === 0) return undefined;
  let separator: string | undefined;
  let atRest: string | undefined;
  const names = new Set([item, `./${item}`, `...${item}`]);
  for (const entry of pages) {
    const label = SEPARATOR.exec(entry)?.[1]?.trim();
    if (label !== undefined) separator = label;
    else if (entry === '---') separator = undefined;
    else if (names.has(entry)) return separator;
    else if ((entry === '...' || entry === 'z...a') && atRest === undefined) atRest = separator;
  }
  return pages.includes(`!${item}`) ? undefined : atRest;
}
