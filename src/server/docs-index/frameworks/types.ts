import type { PartialOptions } from './partials.ts';

/**
 * What a framework adapter tells the index about a site: which files are pages, where each is
 * published, in which language and version, under which navigation group.
 */

export const FRAMEWORKS = [
  'mintlify',
  'docusaurus',
  'starlight',
  'vitepress',
  'mkdocs',
  'fumadocs',
  'nextra',
  'plain',
] as const;
export type FrameworkName = (typeof FRAMEWORKS)[number];

/**
 * How the site turns a heading into its anchor: `github` (github-slugger: Docusaurus,
 * Starlight, Mintlify, Nextra...), `vitepress` (VitePress's slugify), `mkdocs` (Python-Markdown
 * toc). The one slug module (`src/api/anchors.ts`) serves server and widget.
 */
import type { SlugStyle } from '../../../api/anchors.ts';

export type AnchorStyle = SlugStyle;

export interface SiteVersion {
  /** The version's name, the page's `version` (`2.0`, `current`, `v1`). */
  name: string;
  /** Other names a reader may use for it: its label, its URL segment. */
  aliases: string[];
}

/** Where and how one page file is published. */
export interface PagePlacement {
  /** Published path, without leading slash, in the site's form (`guides/setup/`, `docs/intro`). */
  path: string;
  /** BCP 47 tag of the page's language; undefined: the site's default language. */
  language?: string;
  /** Path of the default-language page of which this page is a translation (or itself). */
  translationKey: string;
  version?: string;
  /** Navigation groups above the page, outermost first. */
  navigation?: string[];
  /** The page's label in the sidebar or navigation. */
  navTitle?: string;
  /** The navigation label is the page's title even when the page names one (MkDocs). */
  navTitleFirst?: boolean;
  /**
   * The title the site shows for a page that names none (no `title`, no H1): a VitePress home
   * page's hero name, else the site's title. Before the navigation label and other headings.
   */
  defaultTitle?: string;
  /** Served by its URL but not searched or quoted (Mintlify hidden, Docusaurus unlisted). */
  unlisted?: boolean;
}

/** MDX's own rule (its `format: 'detect'`): `.mdx` files are MDX, `.md` files Markdown. */
export function isMdxFile(file: string): boolean {
  return /\.mdx$/i.test(file);
}

/** What search needs to know about a site: its languages and versions. */
export interface SiteProfile {
  framework: FrameworkName;
  /** Language of pages that do not say otherwise, and the fallback of every other. */
  defaultLanguage: string;
  /** Languages the site publishes, default first. */
  languages: string[];
  /** Published versions, default first; empty for an unversioned site. */
  versions: SiteVersion[];
  /** URL prefixes of non-default languages (`ja/`, `fr/docs/`), for paths that are no page. */
  languagePrefixes: { prefix: string; language: string }[];
  /**
   * The site publishes every default-language page under each language's prefix where it has
   * no translation, with the default language's text (Docusaurus: `/fr/docs/x`). A reader of
   * that language is then cited the page at that path, as the published site serves it.
   */
  publishesFallbacks?: boolean;
  /**
   * The subfolder holding the site's configuration, when the docs folder is a repository whose
   * one site lives below its root (`website`); every path of the layout is relative to the docs
   * folder still.
   */
  siteDir?: string;
}

export interface SiteLayout extends SiteProfile {
  anchorStyle: AnchorStyle;
  /** Files whose change means the layout must be read again (--watch). */
  configFiles: string[];
  /** Folders holding pages, relative to the docs folder ('' for all of it). */
  contentDirs: string[];
  /**
   * Content folders the configuration names and the framework's build cannot do without (a
   * Docusaurus version's docs): one that is missing is reported at start-up.
   */
  requiredDirs?: string[];
  /** How partials are written, beyond MDX imports of local Markdown. */
  partials?: PartialOptions;
  /**
   * Whether the site compiles a page as MDX, where `{/* … *\/}` is a comment; in Markdown it is
   * text. Undefined: every page is MDX (Mintlify and Nextra compile `.md` as MDX; Fumadocs is
   * read so too, its rule for `.md` not checked).
   */
  isMdx?(file: string, frontmatter: Record<string, unknown>): boolean;
  /**
   * A page's text where the site's build replaces syntax of its own (mkdocstrings' `:::`
   * blocks): rewritten as far as the Markdown tells what the page shows.
   */
  rewriteBody?(body: string): string;
  /** Whether a file (relative path) can be a page: extension and exclusion rules. */
  isPageFile(file: string): boolean;
  /** Where a page file is published, from its path and frontmatter; undefined when it is not. */
  place(file: string, frontmatter: Record<string, unknown>): PagePlacement | undefined;
}
