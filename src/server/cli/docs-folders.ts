/**
 * `docs-assistant serve` checks each site's docs folder before it opens anything, so a typo in
 * `--docs` (or a config file's `docs`) is one line naming the folder, not a file-system error
 * after the data folder was made and the database opened.
 */
import { stat } from 'node:fs/promises';
import { relative } from 'node:path';
import { ConfigError, type ServerConfig } from '../config.ts';

export async function checkDocsFolders(config: ServerConfig, cwd = process.cwd()): Promise<void> {
  for (const site of config.organizations.flatMap((organization) => organization.sites)) {
    const shown = relative(cwd, site.docs) || '.';
    const where = `${shown.startsWith('..') ? site.docs : shown} (site "${site.domain}")`;
    const found = await stat(site.docs).catch(() => undefined);
    if (!found) throw new ConfigError(`no docs folder at ${where}: check the path`);
    if (!found.isDirectory()) {
      throw new ConfigError(`${where} is a file: docs take the folder of your pages`);
    }
  }
}
