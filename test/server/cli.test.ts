import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_PATTERN } from '../../src/api/limits.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

/** Runs the CLI until `done` matches its output (or it exits). */
function run(args: string[], done: RegExp) {
  child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise<{ output: string; code: number | null }>((resolve) => {
    const check = (chunk: Buffer) => {
      output += chunk.toString();
      if (done.test(output)) resolve({ output, code: null });
    };
    child!.stdout!.on('data', check);
    child!.stderr!.on('data', check);
    child!.on('exit', (code) => resolve({ output, code }));
  });
}

describe('docs-assistant serve', () => {
  it('starts, prints the index line and a generated key, and answers with that key', async () => {
    const docs = await mkdtemp(join(tmpdir(), 'da-cli-'));
    const data = join(docs, '.data');
    await writeFile(join(docs, 'intro.md'), '# Intro\nHello from the CLI.');
    const serve = ['serve', '--docs', docs, '--port', '0', '--data-dir', data];
    const { output } = await run(serve, /listening on (\S+)/);
    expect(output).toMatch(/^Indexed 1 page \(1 section\) in \d+\.\d s$/m);
    const key = /the key is (\S+) \(new, kept in /.exec(output)?.[1];
    expect(key).toMatch(KEY_PATTERN);
    expect((await readFile(join(data, 'key'), 'utf8')).trim()).toBe(key);
    const url = /listening on (\S+)/.exec(output)![1]!;
    const response = await fetch(`${url}/v1/page/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"path": "intro"}',
    });
    expect(await response.json()).toEqual({
      path: 'intro',
      content: '# Intro\nHello from the CLI.',
      language: 'en',
    });

    // A restart keeps the key, so the script tag pasted into the docs keeps working.
    child!.kill();
    const again = await run(serve, /listening on (\S+)/);
    expect(again.output).toContain(`the key is ${key} (kept in `);
    expect(again.output).not.toContain('(new,');
  });

  it('explains a bad flag and exits with 1, without a stack trace', async () => {
    const { output, code } = await run(['serve', '--docs', '/d', '--port', 'x'], /$^/);
    expect(code).toBe(1);
    expect(output).toContain('docs-assistant: --port must be a port number');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('reports a missing docs folder, or a file given as one, before it opens anything', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'da-cli-'));
    const data = join(dir, '.data');
    const missing = await run(
      ['serve', '--docs', '/nonexistent/docs', '--port', '0', '--data-dir', data],
      /$^/,
    );
    expect(missing.code).toBe(1);
    expect(missing.output).toBe(
      'docs-assistant: no docs folder at /nonexistent/docs (site "docs"): check the path\n',
    );
    await writeFile(join(dir, 'intro.md'), '# Intro');
    const file = await run(
      ['serve', '--docs', join(dir, 'intro.md'), '--port', '0', '--data-dir', data],
      /$^/,
    );
    expect(file.code).toBe(1);
    expect(file.output).toMatch(/^docs-assistant: .*intro\.md \(site "docs"\) is a file: /);
    // no data folder made, no database opened
    expect(existsSync(data)).toBe(false);
  });

  it('prints usage for an unknown command', async () => {
    const { output, code } = await run(['start'], /$^/);
    expect(code).toBe(1);
    expect(output).toContain('Usage: docs-assistant serve');
  });

  it('prints its version and exits 0', async () => {
    const { output, code } = await run(['--version'], /$^/);
    expect(code).toBe(0);
    const { version } = JSON.parse(await readFile('package.json', 'utf8'));
    expect(output.trim()).toBe(version);
  });

  it.each([['--help'], ['-h'], ['serve', '--help']])(
    'prints usage for %s and exits 0',
    async (...args) => {
      const { output, code } = await run(args, /$^/);
      expect(code).toBe(0);
      expect(output).toContain('Usage: docs-assistant serve --docs <folder>');
      expect(output).toContain('--version');
    },
  );
});
