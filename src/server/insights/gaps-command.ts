/**
 * `docs-assistant gaps --docs <folder> [--since 7d] [--out gaps.md]`: the content-gap report of
 * the insights API in the terminal, as Markdown ready to paste into an issue. It reads the
 * store `serve` writes with the same flags (`--data-dir`, `--database-url`, `--config`).
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { buildDocsIndex } from '../docs-index/load.ts';
import { openInsights } from '../stores/open-stores.ts';
import { contentGaps, gapsMarkdown } from './gaps.ts';

export const GAPS_USAGE = `Usage: docs-assistant gaps --docs <folder> [options]
       docs-assistant gaps --config <file> --domain <name> [options]

Prints the content gaps of a site: the questions the docs did not answer and the answers
readers disliked, grouped, each group with examples, the closest pages and a suggestion.

  --since <duration>       how far back: 7d (default), 24h, 30d, or a date (2026-11-01)
  --out <file.md>          also write the report to this file
  --domain <name>          the site (default: docs, or the config's only site)
  --docs, --config, --framework, --data-dir, --database-url
                           as for serve: where the docs and the insights are
`;

const HOUR_MS = 3_600_000;

export async function gapsCommand(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    console.log(GAPS_USAGE);
    return 0;
  }
  const own = takeFlags(args, ['--since', '--out']);
  try {
    const config = await loadConfig(own.rest);
    const from = sinceOf(own.values['--since'] ?? '7d');
    const sites = config.organizations.flatMap((organization) => organization.sites);
    const domain = config.flags.domain;
    const site =
      sites.find((candidate) => candidate.domain === domain) ??
      (sites.length === 1 ? sites[0] : undefined);
    if (!site) throw new ConfigError(`no site ${domain} in the config (--domain)`);
    const store = await openInsights(config.stores, 'sqlite');
    if (!store) throw new ConfigError('this Node has no node:sqlite and no --database-url is set');
    try {
      const { index } = await buildDocsIndex(
        site.docs,
        site.framework ? { framework: site.framework } : {},
      );
      const range = { from, to: Date.now() + 1 };
      const groups = contentGaps(await store.gapQuestions(site.domain, range), index);
      const report = gapsMarkdown(site.domain, range, groups);
      process.stdout.write(report);
      if (own.values['--out']) await writeFile(resolve(own.values['--out']), report);
      return 0;
    } finally {
      await store.close();
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`docs-assistant gaps: ${error.message}\n\n${GAPS_USAGE}`);
      return 2;
    }
    throw error;
  }
}

/** `7d`, `24h` or a date: the start of the report, in ms since the epoch. */
function sinceOf(value: string): number {
  const relative = /^(\d+)\s*([dh])$/i.exec(value);
  if (relative) {
    const hours = Number(relative[1]) * (relative[2]!.toLowerCase() === 'd' ? 24 : 1);
    return Date.now() - hours * HOUR_MS;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) throw new ConfigError(`--since takes 7d, 24h or a date, not ${value}`);
  return at;
}

/** This command's own flags out of the argument list; the rest is for `loadConfig`. */
function takeFlags(args: string[], names: string[]) {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [name, inline] = arg.split(/=(.*)/s, 2) as [string, string | undefined];
    if (names.includes(name)) {
      values[name] = inline ?? args[++i] ?? '';
    } else rest.push(arg);
  }
  return { values, rest };
}
