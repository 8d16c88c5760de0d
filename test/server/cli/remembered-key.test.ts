import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rememberKey } from '../../../src/server/cli/remembered-key.ts';
import { loadConfig } from '../../../src/server/config.ts';

describe('rememberKey', () => {
  it('names the key file relative below the current folder, absolute elsewhere', async () => {
    const below = await rememberKey(await loadConfig(['--docs', '.']));
    expect(below.key?.file).toBe(join('.docs-assistant', 'key'));
    const elsewhere = await mkdtemp(join(tmpdir(), 'da-key-'));
    const outside = await rememberKey(await loadConfig(['--docs', '.', '--data-dir', elsewhere]));
    expect(outside.key?.file).toBe(join(elsewhere, 'key'));
  });
});
