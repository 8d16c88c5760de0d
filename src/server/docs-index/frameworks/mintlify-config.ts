/**
 * Mintlify's `docs.json` (or `mint.json`) as its build reads it: with `$ref`s resolved, as its
 * settings guide ("Split configuration with `$ref`") describes them. A `{ "$ref": "./nav.json" }`
 * object anywhere in the file is replaced by that JSON file's content, read relative to the
 * file that holds the reference (references may nest); when the content is an object, the
 * sibling keys of `$ref` are merged on top of it, else they are ignored. A reference that
 * climbs out of the folder, is circular, or names a missing or invalid file is left out, so
 * the rest of the configuration still reads.
 */
import { type Data, isData, parseJson } from './config-files.ts';
import type { DocsFolder } from './docs-folder.ts';

export const MINTLIFY_CONFIGS = ['docs.json', 'mint.json'];

export interface MintlifyConfig {
  /** The configuration with every `$ref` replaced; `{}` without a readable file. */
  config: Data;
  /** The configuration file and every file it references, for --watch. */
  files: string[];
}

export function readMintlifyConfig(folder: DocsFolder): MintlifyConfig {
  const configFile = folder.firstFile(MINTLIFY_CONFIGS);
  if (!configFile) return { config: {}, files: [] };
  const files = new Set([configFile]);
  const readJson = (file: string, chain: string[]): unknown => {
    const value = parseJson(folder.readIfExists(file) ?? '');
    return value === undefined ? undefined : resolve(value, file, [...chain, file]);
  };
  const resolve = (value: unknown, file: string, chain: string[]): unknown => {
    if (Array.isArray(value)) {
      return value.map((item) => resolve(item, file, chain)).filter((item) => item !== undefined);
    }
    if (!isData(value)) return value;
    const { $ref: ref, ...siblings } = value;
    const own: Data = {};
    for (const [key, child] of Object.entries(siblings)) {
      const resolved = resolve(child, file, chain);
      if (resolved !== undefined) own[key] = resolved;
    }
    if (typeof ref !== 'string') return own;
    const target = folder.resolveFrom(file, ref);
    if (target === undefined || chain.includes(target)) return own;
    files.add(target);
    const referenced = readJson(target, chain);
    if (referenced === undefined) return own;
    return isData(referenced) ? { ...referenced, ...own } : referenced;
  };
  const config = readJson(configFile, []);
  return { config: isData(config) ? config : {}, files: [...files] };
}
