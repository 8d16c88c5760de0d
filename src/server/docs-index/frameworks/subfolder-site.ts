/**
 * A site kept in a subfolder of the folder named to the server (`website/` of a repository,
 * `apps/docs` of a monorepo): its framework reads it from there, and its layout is turned to
 * speak of files relative to the named folder. Its content may then come from elsewhere in
 * that folder (Docusaurus' `path: '../docs'` is the repository's `docs/`), never from outside.
 */
import { posix } from 'node:path';
import { normalizeRelative } from './docs-folder.ts';
import type { SiteLayout } from './types.ts';

/** The layout of the site in `dir`, with every path relative to the folder holding `dir`. */
export function layoutFromAbove(layout: SiteLayout, dir: string): SiteLayout {
  const up = (path: string) => posix.join(dir, path);
  // A path above the named folder stays as it climbs (`../x`): the index reports it, unread.
  const above = (path: string) => normalizeRelative(up(path)) ?? posix.normalize(up(path));
  const down = (file: string) => posix.relative(dir, file);
  const { partials, isMdx } = layout;
  return {
    ...layout,
    siteDir: dir,
    configFiles: layout.configFiles.map(above),
    contentDirs: layout.contentDirs.map(above),
    ...(layout.requiredDirs && { requiredDirs: layout.requiredDirs.map(above) }),
    ...(partials && {
      partials: {
        ...partials,
        ...(partials.aliases && {
          aliases: Object.fromEntries(
            Object.entries(partials.aliases).map(([prefix, target]) => [prefix, above(target)]),
          ),
        }),
        ...(partials.fumadocsTypeTables !== undefined && {
          fumadocsTypeTables: above(partials.fumadocsTypeTables),
        }),
        ...(partials.mkdocsIncludes && {
          mkdocsIncludes: (file: string) => above(partials.mkdocsIncludes!(down(file))),
        }),
      },
    }),
    ...(isMdx && { isMdx: (file, frontmatter) => isMdx(down(file), frontmatter) }),
    isPageFile: (file) => layout.isPageFile(down(file)),
    place: (file, frontmatter) => layout.place(down(file), frontmatter),
  };
}
