/**
 * What the server serves to agents from a site's index, built on first request and kept until
 * the index changes (`--watch` re-indexing bumps its revision): each page's clean Markdown, and
 * llms.txt / llms-full.txt per base address they link to. Pages are immutable objects replaced
 * on change, so a page's Markdown is cached by the page itself.
 */
import type { Page } from '../docs-index/types.ts';
import type { Site } from '../types.ts';
import { listedPages, markdownFileOf, publishedUrl } from './agent-pages.ts';
import { cleanMarkdown } from './clean-markdown.ts';
import { LLMS_FULL_TXT_MAX_BYTES, type LlmsLinks, llmsFullTxt, llmsTxt } from './llms-txt.ts';
import { type SiteAbout, siteAbout } from './site-about.ts';

export interface AgentFilesOptions {
  llmsTxtMaxBytes?: number;
  llmsFullTxtMaxBytes?: number;
}

interface SiteFiles {
  revision: number | undefined;
  about: SiteAbout;
  pages: Page[];
  /** Base address -> file name -> content. */
  byBase: Map<string, Map<'llms.txt' | 'llms-full.txt', string>>;
  /** Settles once the pages llms-full.txt holds have their Markdown cached. */
  rendered?: Promise<void>;
}

/** Pages rendered between two turns of the event loop while llms-full.txt is built. */
const RENDER_BATCH = 100;

/** Different base addresses a site's files are kept for (hosts, proxies): a few at most. */
const BASES_KEPT = 4;

export class AgentFiles {
  /** Each page's clean Markdown, for the published site and the index revision it was made for. */
  private readonly markdown = new WeakMap<
    Page,
    { siteUrl: string | undefined; revision: number | undefined; text: string }
  >();
  private readonly sites = new WeakMap<Site, SiteFiles>();
  private readonly options: AgentFilesOptions;

  constructor(options: AgentFilesOptions = {}) {
    this.options = options;
  }

  /**
   * A page's clean Markdown, its relative links at the site's paths, absolute on the site's URL.
   * Kept until the index changes: a link's target is another page's path.
   */
  markdownOf(page: Page, site: Pick<Site, 'index' | 'siteUrl'>): string {
    const { siteUrl, index } = site;
    const revision = index.revision;
    const kept = this.markdown.get(page);
    if (kept && kept.siteUrl === siteUrl && kept.revision === revision) return kept.text;
    const text = cleanMarkdown(page, { siteUrl, index });
    this.markdown.set(page, { siteUrl, revision, text });
    return text;
  }

  about(site: Site): SiteAbout {
    return this.filesOf(site).about;
  }

  /** The site's listed pages (`listedPages`), kept until its index changes. */
  pages(site: Site): Page[] {
    return this.filesOf(site).pages;
  }

  /**
   * llms.txt or llms-full.txt of a site whose `.md` pages are served under `markdownBase`
   * (ending in `/`, e.g. `https://host/md/acme/`).
   */
  async file(
    site: Site,
    name: 'llms.txt' | 'llms-full.txt',
    markdownBase: string,
  ): Promise<string> {
    const files = this.filesOf(site);
    if (name === 'llms-full.txt') await this.renderPages(files, site);
    let byName = files.byBase.get(markdownBase);
    if (!byName) {
      if (files.byBase.size >= BASES_KEPT) files.byBase.clear();
      byName = new Map();
      files.byBase.set(markdownBase, byName);
    }
    let content = byName.get(name);
    if (content === undefined) {
      const links = llmsLinks(site.siteUrl, markdownBase);
      const input = {
        about: files.about,
        pages: files.pages,
        links,
        markdownOf: (page: Page) => this.markdownOf(page, site),
        ...(this.options.llmsTxtMaxBytes && { maxBytes: this.options.llmsTxtMaxBytes }),
        ...(this.options.llmsFullTxtMaxBytes && { fullMaxBytes: this.options.llmsFullTxtMaxBytes }),
      };
      content = name === 'llms.txt' ? llmsTxt(input) : llmsFullTxt(input);
      byName.set(name, content);
    }
    return content;
  }

  /**
   * Renders the pages llms-full.txt will hold (up to its size limit) a batch at a time, so a
   * large site's first request does not hold up every other request meanwhile.
   */
  private renderPages(files: SiteFiles, site: Site): Promise<void> {
    files.rendered ??= (async () => {
      const limit = this.options.llmsFullTxtMaxBytes ?? LLMS_FULL_TXT_MAX_BYTES;
      // Characters never outnumber UTF-8 bytes: past the limit in characters, past it in bytes.
      let characters = 0;
      for (const [position, page] of files.pages.entries()) {
        characters += this.markdownOf(page, site).length;
        if (characters > limit) break;
        if ((position + 1) % RENDER_BATCH === 0) await new Promise((next) => setImmediate(next));
      }
    })();
    return files.rendered;
  }

  private filesOf(site: Site): SiteFiles {
    const revision = site.index.revision;
    const cached = this.sites.get(site);
    if (cached && revision !== undefined && cached.revision === revision) return cached;
    const pages = listedPages(site.index);
    const home = site.index.getPage('');
    const files: SiteFiles = {
      revision,
      about: siteAbout({
        domain: site.domain,
        title: site.title,
        description: site.description,
        docs: site.docs,
        framework: site.index.profile?.framework,
        siteDir: site.index.profile?.siteDir,
        home,
        siteUrl: site.siteUrl,
      }),
      pages,
      byBase: new Map(),
    };
    this.sites.set(site, files);
    return files;
  }
}

/** Links of llms.txt: each page's Markdown under `markdownBase`, its source on the site. */
export function llmsLinks(siteUrl: string | undefined, markdownBase: string): LlmsLinks {
  const markdown = (page: Page) => `${markdownBase}${encodePath(markdownFileOf(page.path))}`;
  return {
    markdown,
    source: (page) => (siteUrl ? publishedUrl(siteUrl, page.path) : markdown(page)),
  };
}

/** Spaces and other characters a Markdown link cannot hold are percent-encoded; `/` is kept. */
function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
