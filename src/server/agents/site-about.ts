/**
 * A site's name and one-line description, for the head of its llms.txt and its MCP server's
 * description. In order: what the config file says for the site, what the framework's own
 * configuration says (`docs.json` name, Docusaurus `title`/`tagline`, Starlight and VitePress
 * `title`/`description`, MkDocs `site_name`/`site_description`), the home page's title and
 * description, then the host of the published site (`--site-url`), and last the domain.
 */

import { join } from 'node:path';
import {
  arrayOf,
  type Data,
  findConfig,
  isData,
  readConfig,
  stringOf,
} from '../docs-index/frameworks/config-files.ts';
import { DocsFolder } from '../docs-index/frameworks/docs-folder.ts';
import { MINTLIFY_CONFIGS } from '../docs-index/frameworks/mintlify.ts';
import { MKDOCS_CONFIGS } from '../docs-index/frameworks/mkdocs.ts';
import { isStaticCall } from '../docs-index/frameworks/static-config.ts';
import type { FrameworkName } from '../docs-index/frameworks/types.ts';
import { vitepressRoot } from '../docs-index/frameworks/vitepress.ts';
import type { Page } from '../docs-index/types.ts';

export interface SiteAbout {
  title: string;
  description?: string;
}

export interface SiteAboutSources {
  domain: string;
  /** From the config file; wins over everything else. */
  title?: string | undefined;
  description?: string | undefined;
  /** The docs folder and its framework, for the framework's configuration. */
  docs?: string | undefined;
  framework?: FrameworkName | undefined;
  /** The subfolder of `docs` holding the site's configuration (`website`), if not its root. */
  siteDir?: string | undefined;
  /** The site's home page, when it has one. */
  home?: Pick<Page, 'title' | 'description'> | undefined;
  /** Where the site is published (`https://ai-sdk.dev`): its host names a site without a name. */
  siteUrl?: string | undefined;
}

export function siteAbout(sources: SiteAboutSources): SiteAbout {
  const framework =
    sources.docs && sources.framework
      ? frameworkAbout(join(sources.docs, sources.siteDir ?? ''), sources.framework)
      : {};
  const title =
    sources.title ??
    framework.title ??
    sources.home?.title ??
    hostOf(sources.siteUrl) ??
    sources.domain;
  const description = sources.description ?? framework.description ?? sources.home?.description;
  return description ? { title, description } : { title };
}

/** What the framework's configuration names the site; empty when it cannot be read as data. */
export function frameworkAbout(docs: string, framework: FrameworkName): Partial<SiteAbout> {
  const folder = new DocsFolder(docs);
  try {
    switch (framework) {
      case 'mintlify': {
        const config = readConfig(folder, folder.firstFile(MINTLIFY_CONFIGS));
        return about(pick(config, 'name'), pick(config, 'description'));
      }
      case 'docusaurus': {
        const config = readConfig(folder, findConfig(folder, 'docusaurus.config'));
        return about(pick(config, 'title'), pick(config, 'tagline'));
      }
      case 'starlight': {
        const astro = readConfig(folder, findConfig(folder, 'astro.config'));
        const options = isData(astro) ? starlightOptions(astro) : undefined;
        return about(pick(options, 'title'), pick(options, 'description'));
      }
      case 'vitepress': {
        const root = vitepressRoot(folder);
        if (root === undefined) return {};
        const base = root ? `${root}/.vitepress` : '.vitepress';
        const file =
          findConfig(folder, `${base}/config`) ?? findConfig(folder, `${base}/config/index`);
        const config = readConfig(folder, file);
        return about(pick(config, 'title'), pick(config, 'description'));
      }
      case 'mkdocs': {
        const config = readConfig(folder, folder.firstFile(MKDOCS_CONFIGS));
        return about(pick(config, 'site_name'), pick(config, 'site_description'));
      }
      default:
        return {};
    }
  } catch {
    // A configuration that cannot be read leaves the fallbacks, as it does for indexing.
    return {};
  }
}

function starlightOptions(astro: Data): Data | undefined {
  for (const integration of arrayOf(astro.integrations)) {
    if (isStaticCall(integration) && /starlight/i.test(integration.call)) {
      const options = integration.args[0];
      if (isData(options)) return options;
    }
  }
  return undefined;
}

/** A string, or the default (first, or `en`/`root`) of a per-language map (Starlight titles). */
function pick(config: unknown, key: string): string | undefined {
  if (!isData(config)) return undefined;
  const value = config[key];
  if (isData(value)) {
    return stringOf(value.root) ?? stringOf(value.en) ?? stringOf(Object.values(value)[0]);
  }
  return stringOf(value);
}

function hostOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).hostname || undefined;
  } catch {
    return undefined;
  }
}

function about(title: string | undefined, description: string | undefined): Partial<SiteAbout> {
  return { ...(title && { title }), ...(description && { description }) };
}
