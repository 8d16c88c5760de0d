/**
 * The llms.txt files of a site, per the llms.txt proposal (llmstxt.org): an H1 with the site's
 * name, a blockquote with its description, a short note, then one H2 section per navigation
 * group listing its pages as `- [title](url): description`, each url the page as Markdown.
 * `llms-full.txt` holds every listed page's clean Markdown. Both are cut at a size limit, at a
 * line (or page) boundary, with a last line saying how many pages were left out.
 */
import type { Page } from '../docs-index/types.ts';
import { commonFolders, pagesByGroup } from './agent-pages.ts';
import { cleanMarkdown } from './clean-markdown.ts';
import type { SiteAbout } from './site-about.ts';

/** Largest llms.txt served or exported (1 MiB: about 8,000 listed pages). */
export const LLMS_TXT_MAX_BYTES = 1024 * 1024;
/** Largest llms-full.txt served or exported (10 MiB). */
export const LLMS_FULL_TXT_MAX_BYTES = 10 * 1024 * 1024;

export interface LlmsLinks {
  /** Where a page's Markdown is published (absolute, or relative to llms.txt). */
  markdown(page: Page): string;
  /** Where the page itself is published, for the `Source:` line of llms-full.txt. */
  source(page: Page): string;
}

/** llms-full.txt sits beside llms.txt, on the server as in an export: a relative link works. */
const FULL_LINK = 'llms-full.txt';

export interface LlmsFiles {
  about: SiteAbout;
  /** The listed pages, in the site's order (agent-pages.ts `listedPages`). */
  pages: Page[];
  links: LlmsLinks;
  maxBytes?: number;
  fullMaxBytes?: number;
  /** A page's clean Markdown; default `cleanMarkdown` (the server passes its cache). */
  markdownOf?: (page: Page) => string;
}

export function llmsTxt(files: LlmsFiles): string {
  const { about, pages, links } = files;
  const head = [`# ${oneLine(about.title)}`];
  if (about.description) head.push(`> ${oneLine(about.description)}`);
  head.push(
    `Each link below is a page of these docs as Markdown. Every page in one file: [llms-full.txt](${FULL_LINK}).`,
  );
  const lines = [`${head.join('\n\n')}\n`];
  for (const { group, pages: members } of pagesByGroup(pages, commonFolders(pages))) {
    lines.push(`\n## ${oneLine(group.join(' > '))}\n\n`);
    for (const page of members) {
      const description = page.description ? `: ${oneLine(page.description)}` : '';
      lines.push(`- [${linkText(page.title)}](${links.markdown(page)})${description}\n`);
    }
  }
  return cutLines(lines, files.maxBytes ?? LLMS_TXT_MAX_BYTES, (line) => line.startsWith('- ['));
}

export function llmsFullTxt(files: LlmsFiles): string {
  const { about, pages, links } = files;
  const markdownOf = files.markdownOf ?? cleanMarkdown;
  const maxBytes = files.fullMaxBytes ?? LLMS_FULL_TXT_MAX_BYTES;
  const head = [`# ${oneLine(about.title)}`];
  if (about.description) head.push(`> ${oneLine(about.description)}`);
  const parts = [`${head.join('\n\n')}\n`];
  let bytes = Buffer.byteLength(parts[0]!);
  // Pages are rendered only while they fit: a large site is not rendered whole to be cut.
  for (const [position, page] of pages.entries()) {
    const [title = '', ...rest] = markdownOf(page).split('\n');
    const part = `\n${title}\nSource: ${links.source(page)}\n${rest.join('\n')}`;
    bytes += Buffer.byteLength(part);
    if (bytes > maxBytes - NOTE_ROOM)
      return parts.join('') + cutNote(maxBytes, pages.length - position);
    parts.push(part);
  }
  return parts.join('');
}

/** Room kept under a limit for the note that says what was cut. */
const NOTE_ROOM = 200;

/** Keeps whole lines while they fit; `isPage` tells which lines list a page, for the note. */
function cutLines(lines: string[], maxBytes: number, isPage: (line: string) => boolean): string {
  let bytes = 0;
  for (const [position, line] of lines.entries()) {
    bytes += Buffer.byteLength(line);
    if (bytes > maxBytes - NOTE_ROOM) {
      const omitted = lines.slice(position).filter(isPage).length;
      return lines.slice(0, position).join('') + cutNote(maxBytes, omitted);
    }
  }
  return lines.join('');
}

function cutNote(maxBytes: number, omitted: number): string {
  const pages = omitted === 1 ? 'page is' : 'pages are';
  return `\n> Cut at ${Math.round(maxBytes / 1024)} KiB: ${omitted} more ${pages} not included.\n`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Link text with its brackets escaped, so `[title](url)` stays one link. */
function linkText(title: string): string {
  return oneLine(title).replace(/([[\]\\])/g, '\\$1');
}
