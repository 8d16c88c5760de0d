/**
 * `docs-assistant serve` without `--key`: the key generated on the first start is kept in the
 * data folder (`--data-dir`), so the script tag pasted into the docs keeps working across
 * restarts. It is written only once the server started, so a failed start leaves nothing.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { KEY_PATTERN } from '../../api/limits.ts';
import type { ServerConfig } from '../config.ts';

export interface RememberedKey {
  key: string;
  /** Where it is kept: relative below the current folder, else absolute. */
  file: string;
  /** True on the first start: the key is new. */
  created: boolean;
  /** Writes a new key to its file (call once the server started). */
  keep(): Promise<void>;
}

/**
 * The config with the kept key in place of the one generated for this run, or unchanged when
 * keys were configured.
 */
export async function rememberKey(
  config: ServerConfig,
): Promise<{ config: ServerConfig; key?: RememberedKey }> {
  // `--data-dir none` keeps nothing: the key is this run's.
  if (!config.generatedKey || config.stores.dataDir === 'none') return { config };
  const dataDir = resolve(config.stores.dataDir);
  const file = join(dataDir, 'key');
  const kept = await keptKey(file);
  const key = kept ?? config.generatedKey;
  const [organization, ...others] = config.organizations;
  return {
    config: {
      ...config,
      organizations: [{ ...organization!, keys: [key] }, ...others],
      generatedKey: undefined,
    },
    key: {
      key,
      file: shownPath(file),
      created: !kept,
      async keep() {
        if (kept) return;
        await mkdir(dataDir, { recursive: true });
        await writeFile(file, `${key}\n`, { mode: 0o600 });
      },
    },
  };
}

/**
 * The file as a person finds it from where they started the server: relative below the current
 * folder (`.docs-assistant/key`), absolute elsewhere (not `../../../tmp/data/key`).
 */
function shownPath(file: string): string {
  const below = relative(process.cwd(), file);
  return below === '' || below.startsWith('..') || isAbsolute(below) ? file : below;
}

/** The key an earlier start kept, if the file holds a valid one. */
async function keptKey(file: string): Promise<string | undefined> {
  try {
    const key = (await readFile(file, 'utf8')).trim();
    return KEY_PATTERN.test(key) ? key : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
