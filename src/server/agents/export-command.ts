/**
 * `docs-assistant export --docs <folder> --out <folder>`: writes what the server serves to
 * agents as static files, for a docs site to publish at its own root with its build:
 * `llms.txt`, `llms-full.txt`, and each public page as `<path>.md`. The files are the ones the
 * server builds (same index, same renderer, same limits); only the address their links start
 * with differs (`--base-url`, default relative links).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { withFlagHint } from '../cli/flag-hint.ts';
import { FRAMEWORKS, type FrameworkName } from '../docs-index/frameworks/types.ts';
import { buildDocsIndex } from '../docs-index/load.ts';
import type { Page } from '../docs-index/types.ts';
import { llmsLinks } from './agent-files.ts';
import { isPublicPage, listedPages, markdownFileOf } from './agent-pages.ts';
import { cleanMarkdown } from './clean-markdown.ts';
import { llmsFullTxt, llmsTxt } from './llms-txt.ts';
import { siteAbout } from './site-about.ts';

export const EXPORT_USAGE = `Usage: docs-assistant export --docs <folder> --out <folder> [options]

Writes the docs for agents as static files: llms.txt, llms-full.txt and every public page
as <path>.md (the files the server serves at /llms/{domain}/ and /md/{domain}/).

  --docs <folder>          Markdown/MDX pages, as for serve
  --out <folder>           where to write (created if missing; files are overwritten)
  --framework <name>       mintlify, docusaurus, starlight, vitepress, mkdocs, fumadocs,
                           nextra or plain (default: detected from the folder)
  --site-url <url>         published address of the docs: the Source line of each page
                           in llms-full.txt links there
  --base-url <url>         the address --out is published at; links in llms.txt start with
                           it (default: relative links, for files at the site's root)
  --title <text>           the site's name (default: from the framework's config or home page)
  --description <text>     its one-line description (same default)
`;

const exportFlags = {
  docs: { type: 'string' },
  out: { type: 'string' },
  framework: { type: 'string' },
  'site-url': { type: 'string' },
  'base-url': { type: 'string' },
  title: { type: 'string' },
  description: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} satisfies ParseArgsConfig['options'];

export interface ExportOptions {
  docs: string;
  out: string;
  framework?: FrameworkName | undefined;
  siteUrl?: string | undefined;
  baseUrl?: string | undefined;
  title?: string | undefined;
  description?: string | undefined;
}

export interface ExportResult {
  /** Files written, relative to `out`. */
  files: string[];
  /** Pages whose path would leave `out` (never written). */
  skipped: string[];
}

/** Runs the command; resolves with the exit code (2: wrong arguments, 1: failed). */
export async function exportCommand(args: string[], log = console.log): Promise<number> {
  let flags: ReturnType<typeof parseFlags>;
  try {
    flags = parseFlags(args);
  } catch (error) {
    console.error(`docs-assistant export: ${(error as Error).message}\n\n${EXPORT_USAGE}`);
    return 2;
  }
  if (flags.help) {
    log(EXPORT_USAGE);
    return 0;
  }
  const problem = argumentProblem(flags);
  if (problem) {
    console.error(`docs-assistant export: ${problem}\n\n${EXPORT_USAGE}`);
    return 2;
  }
  try {
    const result = await exportDocs({
      docs: resolve(flags.docs!),
      out: resolve(flags.out!),
      framework: flags.framework as FrameworkName | undefined,
      siteUrl: flags['site-url'],
      baseUrl: flags['base-url'],
      title: flags.title,
      description: flags.description,
    });
    for (const path of result.skipped) log(`Skipped /${path}: its file would be outside --out`);
    log(
      `Wrote ${result.files.length} files to ${flags.out} (llms.txt, llms-full.txt and ${result.files.length - 2} pages)`,
    );
    return 0;
  } catch (error) {
    console.error(`docs-assistant export: ${(error as Error).message}`);
    return 1;
  }
}

function parseFlags(args: string[]) {
  try {
    return parseArgs({ args, options: exportFlags, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new Error(withFlagHint((error as Error).message, Object.keys(exportFlags)));
  }
}

function argumentProblem(flags: ReturnType<typeof parseFlags>): string | undefined {
  if (!flags.docs || !flags.out) return '--docs <folder> and --out <folder> are required';
  if (flags.framework && !(FRAMEWORKS as readonly string[]).includes(flags.framework)) {
    return `--framework must be one of ${FRAMEWORKS.join(', ')}`;
  }
  for (const flag of ['site-url', 'base-url'] as const) {
    const value = flags[flag];
    if (value && !URL.canParse(value)) return `--${flag} must be an absolute URL`;
  }
  return undefined;
}

export async function exportDocs(options: ExportOptions): Promise<ExportResult> {
  const built = await buildDocsIndex(options.docs, { framework: options.framework });
  const { index } = built;
  const baseUrl = options.baseUrl ? withSlash(options.baseUrl) : '';
  const input = {
    about: siteAbout({
      domain: 'docs',
      title: options.title,
      description: options.description,
      docs: options.docs,
      framework: built.framework,
      siteDir: index.profile?.siteDir,
      home: index.getPage(''),
      siteUrl: options.siteUrl,
    }),
    pages: listedPages(index),
    links: llmsLinks(options.siteUrl, baseUrl),
    markdownOf: (page: Page) => cleanMarkdown(page, { siteUrl: options.siteUrl, index }),
  };
  const files = new Map<string, string>([
    ['llms.txt', llmsTxt(input)],
    ['llms-full.txt', llmsFullTxt(input)],
  ]);
  const skipped: string[] = [];
  const root = `${options.out}${sep}`;
  for (const page of index.allPages()) {
    if (!isPublicPage(page)) continue;
    const file = markdownFileOf(page.path);
    if (!resolve(options.out, file).startsWith(root)) {
      skipped.push(page.path);
      continue;
    }
    files.set(file, cleanMarkdown(page, { siteUrl: options.siteUrl, index }));
  }
  for (const [file, content] of files) {
    const target = resolve(options.out, file);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, content);
  }
  return { files: [...files.keys()], skipped };
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
