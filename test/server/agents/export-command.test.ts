import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportDocs } from '../../../src/server/agents/export-command.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { type RunningServer, startServer } from '../../../src/server/serve.ts';
import { VITE_DOCS } from '../../support/corpora.ts';
import { MINTLIFY_SITE } from '../../support/docs-sites.ts';

const CLI = new URL('../../../src/server/cli.ts', import.meta.url).pathname;

async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

describe('docs-assistant export', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const config = await loadConfig([
      '--docs',
      VITE_DOCS,
      '--site-url',
      'https://vite.dev',
      '--port',
      '0',
      '--key',
      'da_dsc_export0123456789abcd',
    ]);
    server = await startServer(config, { log: () => {}, widgetDir: false });
  }, 60_000);
  afterAll(() => server?.close());

  it('writes exactly what the server serves: llms.txt, llms-full.txt and every .md page', async () => {
    const out = await mkdtemp(join(tmpdir(), 'da-export-'));
    const result = await exportDocs({
      docs: VITE_DOCS,
      out,
      siteUrl: 'https://vite.dev',
      baseUrl: `${server.url}/md/docs/`,
    });
    const files = await filesUnder(out);
    expect(files).toEqual([...result.files].sort());
    const pages = files.filter((file) => file.endsWith('.md'));
    expect(pages.length).toBe(57);
    const served = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      return response.text();
    };
    for (const name of ['llms.txt', 'llms-full.txt']) {
      expect(await readFile(join(out, name), 'utf8'), name).toBe(
        await served(`/llms/docs/${name}`),
      );
    }
    for (const page of pages) {
      expect(await readFile(join(out, page), 'utf8'), page).toBe(await served(`/md/docs/${page}`));
    }
  });

  it('runs from the CLI with relative links for a site root', async () => {
    const out = await mkdtemp(join(tmpdir(), 'da-export-cli-'));
    const child = spawn(process.execPath, [CLI, 'export', '--docs', MINTLIFY_SITE, '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(output).toMatch(/^Wrote \d+ files to /m);
    const llms = await readFile(join(out, 'llms.txt'), 'utf8');
    expect(llms).toMatch(/^# Acme Rockets\n\n> Welcome to the Acme Rockets documentation\n/);
    expect(llms).toContain('- [Create a launch](api/launch.md)');
    expect(await readFile(join(out, 'index.md'), 'utf8')).toMatch(/^# Introduction\n/);
    // Never a page restricted to groups, a draft or an ignored file.
    expect((await filesUnder(out)).some((file) => /internal-notes|draft/.test(file))).toBe(false);
  });

  it('explains missing arguments and exits with 2', async () => {
    const child = spawn(process.execPath, [CLI, 'export', '--docs', MINTLIFY_SITE], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(2);
    expect(errors).toContain('--docs <folder> and --out <folder> are required');
  });
});
