/**
 * Real engines for the store tests: `redis-server` and PostgreSQL 15 (Debian packages; `.ci/run`
 * installs them), each started on a free port in a temporary folder and stopped afterwards,
 * and the CLI itself as a child process. PostgreSQL refuses to run as root, so as root it runs
 * as the `postgres` user (`runuser`). Without the binaries a suite is skipped locally with the
 * reason; in CI a missing engine fails.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const REDIS = '/usr/bin/redis-server';
const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Why an engine cannot run here (undefined: it can). In CI, its absence is an error. */
export function missingEngine(engine: 'redis' | 'postgres'): string | undefined {
  const present = engine === 'redis' ? existsSync(REDIS) : existsSync(join(PG_BIN, 'postgres'));
  if (present) return undefined;
  const reason = `${engine === 'redis' ? REDIS : PG_BIN} is not installed (apt-get install ${engine === 'redis' ? 'redis-server' : 'postgresql'})`;
  if (process.env['CI']) throw new Error(reason);
  return reason;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface Engine {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (after `stop`). */
  start(): Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitForPort(port: number, what: string): Promise<void> {
  const until = Date.now() + 20_000;
  while (!(await answers(port))) {
    if (Date.now() > until) throw new Error(`${what} did not start on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A real redis-server without persistence. */
export async function startRedis(): Promise<Engine & { remove(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'da-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      REDIS,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      {
        stdio: 'ignore',
      },
    );
    await waitForPort(port, 'redis-server');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    },
    async remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A real PostgreSQL 15 cluster in a temporary folder, with trust auth on loopback. */
export async function startPostgres(): Promise<Engine & { remove(): Promise<void> }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'da-pg-'));
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    asRoot
      ? spawn('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args], {
          stdio: 'ignore',
        })
      : spawn(join(PG_BIN, command), args, { stdio: 'ignore' });
  const runSync = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, command), ...args], {
          stdio: 'ignore',
        })
      : execFileSync(join(PG_BIN, command), args, { stdio: 'ignore' });
  runSync('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  let child: ChildProcess | undefined;
  const start = async () => {
    child = run('postgres', [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
      '-c',
      'max_connections=200',
    ]);
    await waitForPort(port, 'postgres');
    // Accepting connections is a moment later than listening.
    await new Promise((resolve) => setTimeout(resolve, 300));
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = once(child, 'exit');
      // A fast shutdown (open connections are closed), through pg_ctl as the server's user.
      runSync('pg_ctl', ['stop', '-D', data, '-m', 'fast', '-w']);
      await exited;
    },
    async remove() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const CLI = new URL('../../src/server/cli.ts', import.meta.url).pathname;

export interface CliProcess {
  url: string;
  output: () => string;
  child: ChildProcess;
  /** Sends SIGTERM and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `docs-assistant serve …` as a child process, once it listens. */
export async function startCli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliProcess> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve(match[1]!);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the CLI exited (${code}):\n${output}`)));
  });
  return {
    url,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      const exited = once(child, 'exit');
      child.kill(signal);
      const [code] = await exited;
      return code as number | null;
    },
  };
}

/** An answer a running server gave: the thread it is in and its message id. */
export interface AskedAnswer {
  threadId: string;
  threadKey: string;
  messageId: string;
}

/**
 * One question to a running server's `POST /v2/assistant/{domain}/message` (the embedded model),
 * read to its end, as the widget asks it; `thread` continues a conversation. Throws unless the
 * server answers 200.
 */
export async function askServer(
  url: string,
  key: string,
  question: string,
  options: { domain?: string; fp?: string; currentPath?: string; thread?: AskedAnswer } = {},
): Promise<AskedAnswer> {
  const { domain = 'docs', fp = 'reader-1', currentPath, thread } = options;
  const response = await fetch(`${url}/v2/assistant/${domain}/message`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      fp,
      ...(currentPath && { currentPath }),
      ...(thread && { threadId: thread.threadId, threadKey: thread.threadKey }),
      messages: [{ id: 'q', role: 'user', parts: [{ type: 'text', text: question }] }],
    }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${response.status} for "${question}": ${text}`);
  const start = JSON.parse(/data: (\{"type":"start".*)/.exec(text)![1]!) as { messageId: string };
  return {
    threadId: response.headers.get('x-thread-id')!,
    threadKey: thread?.threadKey ?? response.headers.get('x-thread-key')!,
    messageId: start.messageId,
  };
}
