/**
 * Nextra's `_meta` files as navigation: `_meta.{js,jsx,ts,tsx}` (Nextra 3, 4), `_meta.json` and
 * `_meta.<locale>.json` (Nextra 2) and `app/_meta.global.*`, read as data. Titles label pages
 * and name folders' groups, `type: 'separator'` items head the items after them, `type: 'page'`
 * folders are navbar tabs, `'*'` applies to every item. `display: 'hidden'` only hides an item
 * from the sidebar: the page is still built and found by Nextra's search. JSX titles and values built by code are not read.
 */
import { type Data, findConfig, isData, pathOf, readConfig, stringOf } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';
import type { Root, Route } from './nextra-routes.ts';

const META_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx', 'mjs'];

export interface NavPlacement {
  trail: string[];
  title?: string;
}

/** The `_meta` files of the page folders, read as data. */
export class MetaFiles {
  private readonly cache = new Map<string, Data | undefined>();
  private readonly global: Data | undefined;
  private readonly folder: DocsFolder;

  constructor(folder: DocsFolder, roots: Root[]) {
    this.folder = folder;
    const app = roots.find((root) => root.kind === 'app');
    const file = app ? findConfig(folder, `${app.dir}/_meta.global`, META_EXTENSIONS) : undefined;
    const global = readConfig(folder, file);
    this.global = isData(global) ? global : undefined;
  }

  /** Groups above a page (folder titles, separators) and its `_meta` title. */
  navigation(root: Root, route: Route): NavPlacement {
    const trail: string[] = [];
    // A locale folder is the language's root, not a group.
    const start = route.locale && root.kind !== 'app' && route.folders[0] === route.locale ? 1 : 0;
    for (let depth = start; depth < route.folders.length; depth++) {
      const meta = this.meta(root, route.folders.slice(0, depth), route.locale);
      const name = route.folders[depth]!;
      // Route groups and slots are not routes: Nextra's page map has no folder for them.
      if (root.kind === 'app' && /^(?:\(.*\)|@.*)$/.test(name)) continue;
      const item = itemOf(meta, name);
      // Separators head sidebar items; `type: 'page'` folders are navbar tabs.
      const separator = item.type === 'page' ? undefined : separatorBefore(meta, name);
      if (separator) trail.push(separator);
      if (item.display !== 'children') trail.push(titleOf(item) ?? titleFromName(name));
    }
    const meta = this.meta(root, route.folders, route.locale);
    const item = itemOf(meta, route.name);
    const separator = item.type === 'page' ? undefined : separatorBefore(meta, route.name);
    if (separator) trail.push(separator);
    const title = titleOf(item);
    return title ? { trail, title } : { trail };
  }

  private meta(root: Root, folders: string[], locale: string): Data | undefined {
    if (this.global && root.kind === 'app') return this.globalMeta(folders);
    const dir = [root.dir, ...folders].join('/');
    const candidates = [
      ...(locale ? [`${dir}/_meta.${locale}.json`] : []),
      ...META_EXTENSIONS.map((extension) => `${dir}/_meta.${extension}`),
      `${dir}/_meta.json`,
    ];
    for (const file of candidates) {
      if (!this.cache.has(file)) {
        const data = this.folder.isFile(file) ? readConfig(this.folder, file) : undefined;
        this.cache.set(file, isData(data) ? data : undefined);
      }
      const found = this.cache.get(file);
      if (found) return found;
    }
    return undefined;
  }

  /** `_meta.global`: folders nest their items under `items`. */
  private globalMeta(folders: string[]): Data | undefined {
    let current: Data | undefined = this.global;
    for (const name of folders) {
      const items = pathOf(current?.[name], 'items');
      current = isData(items) ? items : undefined;
    }
    return current;
  }
}

/** An item of a `_meta` file as an object, the `'*'` fallback under it. */
function itemOf(meta: Data | undefined, key: string): Data {
  const fallback = isData(meta?.['*']) ? (meta['*'] as Data) : {};
  const value = meta?.[key];
  if (typeof value === 'string') return { ...fallback, title: value };
  return isData(value) ? { ...fallback, ...value } : fallback;
}

function titleOf(item: Data): string | undefined {
  return stringOf(item.title);
}

/** The separator title heading `key` in its `_meta` file, if any. */
function separatorBefore(meta: Data | undefined, key: string): string | undefined {
  if (!meta) return undefined;
  let separator: string | undefined;
  for (const [name, value] of Object.entries(meta)) {
    if (name === key) return separator;
    if (isData(value) && value.type === 'separator') separator = stringOf(value.title);
  }
  // Items the file does not list come after all it lists.
  return separator;
}

/** `getting-started` -> `Getting Started`, as Nextra titles files without one. */
function titleFromName(name: string): string {
  return name
    .replace(/[-_]/g, ' ')
    .split(' ')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
