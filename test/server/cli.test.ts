import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { KEY_PATTERN } from '../../src/api/limits.ts';
import {
  NODE_FLAGS_ENV,
  STREAMING_ENV,
  STREAMING_NODE_FLAGS,
} from '../../src/server/node-flags.ts';

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;
/** This process's environment without allocator settings a machine may carry (they would win). */
const inherited = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !(name in STREAMING_ENV || name === 'GLIBC_TUNABLES'),
  ),
);
let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill();
  child = undefined;
});

/** Runs the CLI until `done` matches its output (or it exits). */
function run(
  args: string[],
  done: RegExp,
  options: { nodeArgs?: string[]; env?: Record<string, string> } = {},
) {
  child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...options.env },
  });
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
    await writeFile(join(docs, 'intro.md'), '# Intro\nHello from the CLI.');
    const { output } = await run(['serve', '--docs', docs, '--port', '0'], /listening on (\S+)/);
    expect(output).toMatch(/^Indexed 1 page \(1 section\) in \d+\.\d s$/m);
    const key = /this run's key is (\S+)/.exec(output)?.[1];
    expect(key).toMatch(KEY_PATTERN);
    const url = /listening on (\S+)/.exec(output)![1]!;
    const response = await fetch(`${url}/v1/page/docs`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: '{"path": "intro"}',
    });
    expect(await response.json()).toEqual({
      path: 'intro',
      content: '# Intro\nHello from the CLI.',
    });
  });

  it('explains a bad flag and exits with 1, without a stack trace', async () => {
    const { output, code } = await run(['serve', '--docs', '/d', '--port', 'x'], /$^/);
    expect(code).toBe(1);
    expect(output).toContain('docs-assistant: --port must be a port number');
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('reports a missing docs folder', async () => {
    const { output, code } = await run(
      ['serve', '--docs', '/nonexistent/docs', '--port', '0'],
      /$^/,
    );
    expect(code).toBe(1);
    expect(output).toMatch(/docs-assistant: .*nonexistent/);
  });

  it('prints usage for an unknown command', async () => {
    const { output, code } = await run(['start'], /$^/);
    expect(code).toBe(1);
    expect(output).toContain('Usage: docs-assistant serve');
  });

  // Read from /proc: the restart keeps the pid, so only the kernel's view shows the new flags.
  describe.runIf(process.execve && existsSync('/proc/self/cmdline'))('Node flags', () => {
    async function serveAndReadFlags(options: Parameters<typeof run>[2]) {
      const docs = await mkdtemp(join(tmpdir(), 'da-cli-flags-'));
      await writeFile(join(docs, 'intro.md'), '# Intro');
      await run(['serve', '--docs', docs, '--port', '0'], /listening on/, options);
      return (await readFile(`/proc/${child!.pid}/cmdline`, 'utf8')).split('\0');
    }
    async function environment(): Promise<string[]> {
      return (await readFile(`/proc/${child!.pid}/environ`, 'utf8')).split('\0');
    }

    it('restarts serve in place with the streaming flags and allocator setting', async () => {
      const argv = await serveAndReadFlags({});
      for (const flag of STREAMING_NODE_FLAGS) expect(argv).toContain(flag);
      const env = await environment();
      for (const [name, value] of Object.entries(STREAMING_ENV)) {
        expect(env).toContain(`${name}=${value}`);
      }
    });

    it("keeps the user's own allocator setting", async () => {
      await serveAndReadFlags({ env: { MALLOC_ARENA_MAX: '4' } });
      expect(await environment()).toContain('MALLOC_ARENA_MAX=4');
      child!.kill();
      await serveAndReadFlags({ env: { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' } });
      expect((await environment()).some((v) => v.startsWith('MALLOC_ARENA_MAX='))).toBe(false);
    });

    it('keeps Node defaults when DOCS_ASSISTANT_NODE_FLAGS is set', async () => {
      const argv = await serveAndReadFlags({ env: { [NODE_FLAGS_ENV]: '' } });
      for (const flag of STREAMING_NODE_FLAGS) expect(argv).not.toContain(flag);
      expect((await environment()).some((v) => v.startsWith('MALLOC_ARENA_MAX='))).toBe(false);
    });

    it.each(['--max-semi-space-size=16', '--memory-saver-mode'])(
      "keeps the user's own heap flag %s",
      async (own) => {
        const argv = await serveAndReadFlags({ nodeArgs: [own] });
        expect(argv).toContain(own);
        for (const flag of STREAMING_NODE_FLAGS) expect(argv).not.toContain(flag);
      },
    );
  });
});
