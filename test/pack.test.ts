/**
 * What `npm pack` ships (run after `npm run build`): the entry points and their types, the
 * manifest, the JSX types, the CLI with its shebang, and nothing from tests, demo, sources
 * or tooling. The JSX types are compiled against React's, as a React user's project would.
 */
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';

interface PackResult {
  files: { path: string; size: number }[];
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
let files: string[] = [];

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  files = (JSON.parse(out) as PackResult[])[0]!.files.map((file) => file.path);
});

describe('npm pack', () => {
  test('ships nothing from tests, demo, sources or tooling', () => {
    const forbidden = /^(test|demo|src|bench|scripts|artifacts|\.ci|node_modules|dist\/demo)\//;
    expect(files.filter((path) => forbidden.test(path))).toEqual([]);
    expect(
      files.filter((path) => /\.(test|spec)\.[jt]s$|tsconfig|vite\.config/.test(path)),
    ).toEqual([]);
  });

  test('ships the entry points, their types, the manifest and the CLI', () => {
    for (const path of [
      'package.json',
      'README.md',
      'custom-elements.json',
      'dist/widget/docs-assistant.js',
      'dist/widget/index.js',
      'dist/widget/index.d.ts',
      'dist/server/index.js',
      'dist/server/index.d.ts',
      'dist/server/cli.js',
      'dist/api/types.d.ts',
      'dist/jsx/react.d.ts',
      'dist/jsx/preact.d.ts',
      'dist/insights/index.html',
    ]) {
      expect(files, path).toContain(path);
    }
    expect(files.some((path) => /^dist\/widget\/chunks\/.+-[\w-]{8}\.js$/.test(path))).toBe(true);
    expect(files.some((path) => /^dist\/insights\/assets\/index-[\w-]{8}\.js$/.test(path))).toBe(
      true,
    );
    expect(files.filter((path) => path.includes('/.vite/'))).toEqual([]);
  });

  test('every export target and the bin are in the package', () => {
    const targets: string[] = [];
    const collect = (value: unknown) => {
      if (typeof value === 'string') targets.push(value.replace(/^\.\//, ''));
      else if (value && typeof value === 'object') Object.values(value).forEach(collect);
    };
    collect(pkg.exports);
    for (const target of targets.filter((t) => !t.includes('*'))) {
      expect(files, target).toContain(target);
    }
    expect(files).toContain(pkg.bin['docs-assistant']);
    expect(readFileSync(pkg.bin['docs-assistant'], 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  });

  test('the built server entry loads in plain Node', async () => {
    const server = await import(join(process.cwd(), 'dist/server/index.js'));
    expect(Object.keys(server).length).toBeGreaterThan(0);
  });
});

/** The address a server process prints once it listens. */
function listeningUrl(server: ChildProcessWithoutNullStreams | ReturnType<typeof spawn>) {
  return new Promise<string>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk: Buffer) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) done(match[1]!);
    });
    server.stderr!.on('data', (chunk: Buffer) => {
      out += chunk;
    });
    server.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
  });
}

describe('the installed package', () => {
  test('`npx docs-assistant serve` answers, serves the widget at /widget/ and the Insights page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-assistant-install-'));
    try {
      const npm = (...args: string[]) =>
        execFileSync('npm', args, {
          cwd: dir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      writeFileSync(join(dir, 'package.json'), '{"name":"site","private":true,"type":"module"}');
      const tarball = npm('pack', '--ignore-scripts', '--pack-destination', dir, process.cwd())
        .trim()
        .split('\n')
        .at(-1)!;
      npm('install', '--no-audit', '--no-fund', '--prefer-offline', join(dir, tarball));
      const key = 'da_dsc_0123456789abcdefXYZ';
      const server = spawn(
        join(dir, 'node_modules', '.bin', 'docs-assistant'),
        ['serve', '--docs', resolve('docs'), '--port', '0', '--key', key],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        const url = await listeningUrl(server);
        const widget = await fetch(`${url}/widget/docs-assistant.js`);
        expect(widget.status).toBe(200);
        expect(widget.headers.get('content-type')).toMatch(/^text\/javascript/);
        const insights = await fetch(`${url}/insights/`);
        expect(insights.status).toBe(200);
        expect(insights.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
        const script = /src="\.\/(assets\/index-[\w-]+\.js)"/.exec(await insights.text())![1];
        expect((await fetch(`${url}/insights/${script}`)).status).toBe(200);
        // What the widget and the Insights page bundle is not installed: the built files import
        // only each other.
        for (const name of ['marked', 'dompurify', 'highlight.js', 'uplot']) {
          expect(existsSync(join(dir, 'node_modules', name)), name).toBe(false);
        }
        const widgetFiles = readdirSync(join(dir, 'node_modules/docs-assistant/dist/widget'), {
          recursive: true,
        }).filter((file) => String(file).endsWith('.js'));
        for (const file of widgetFiles) {
          const code = readFileSync(
            join(dir, 'node_modules/docs-assistant/dist/widget', String(file)),
            'utf8',
          );
          expect(code, String(file)).not.toMatch(
            /\bfrom\s*["'][^./"']|\bimport\s*\(?\s*["'][^./"']/,
          );
        }
        const search = await fetch(`${url}/v1/search/docs`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ query: 'dark mode', pageSize: 1 }),
        });
        expect((await search.json())[0].path).toBe('guides/theming');
      } finally {
        server.kill();
      }

      // The library API gives the same server: the widget it ships and the assistant.
      const library = spawn(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import { loadConfig, startServer } from 'docs-assistant/server';
const config = await loadConfig(['--docs', ${JSON.stringify(resolve('docs'))}, '--port', '0', '--key', '${key}']);
const server = await startServer(config, { log: () => {} });
console.log('listening on ' + server.url);`,
        ],
        { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        const url = await listeningUrl(library);
        expect((await fetch(`${url}/widget/docs-assistant.js`)).status).toBe(200);
        const answer = await fetch(`${url}/v2/assistant/docs/message`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            fp: 'anonymous',
            messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'dark mode' }] }],
          }),
        });
        expect(answer.status).toBe(200);
        expect(await answer.text()).toContain('"type":"finish"');
      } finally {
        library.kill();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('custom-elements.json and the JSX types', () => {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const element = manifest.modules
    .flatMap((m: { declarations?: unknown[] }) => m.declarations ?? [])
    .find((d: { tagName?: string }) => d.tagName === 'docs-assistant');

  test('the manifest describes <docs-assistant>: attributes, events, parts, custom properties', () => {
    const names = (list: { name: string }[] = []) => list.map((item) => item.name);
    expect(names(element.attributes)).toEqual(
      expect.arrayContaining(['domain', 'api-key', 'base-url', 'theme', 'open', 'shortcut']),
    );
    expect(names(element.events)).toEqual(
      expect.arrayContaining(['docs-assistant-open', 'docs-assistant-error']),
    );
    expect(names(element.cssParts)).toEqual(expect.arrayContaining(['launcher', 'panel']));
    expect(names(element.cssProperties)).toContain('--docs-assistant-accent');
  });

  test('every attribute of the manifest is a typed JSX prop', () => {
    const types = readFileSync('dist/jsx/attributes.d.ts', 'utf8');
    for (const attribute of element.attributes as { name: string; fieldName: string }[]) {
      if (attribute.fieldName === 'panelReady') continue;
      expect(types, attribute.name).toContain(`'${attribute.name}'?:`);
    }
  });

  test.each(['react', 'preact'])('a %s user gets typed props for <docs-assistant>', (jsx) => {
    const dir = join('node_modules', '.cache', 'jsx-check');
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${jsx}.tsx`);
    writeFileSync(
      file,
      `import type {} from '../../../dist/jsx/${jsx}.js';
export const ok = <docs-assistant domain="acme" api-key="da_dsc_0123456789abcdef" theme="dark" open retrieval-page-size={3} />;
// @ts-expect-error: not a theme
export const badTheme = <docs-assistant theme="purple" />;
// @ts-expect-error: open is a boolean
export const badOpen = <docs-assistant open={{}} />;
`,
    );
    const program = ts.createProgram([file], {
      jsx: ts.JsxEmit.ReactJSX,
      jsxImportSource: jsx,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      strict: true,
      noEmit: true,
      types: [],
    });
    // Our files only: the check file and the shipped declarations (not third-party ones).
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .filter((d) => {
        const name = d.file?.fileName ?? '';
        return !name.includes('node_modules/') || name.includes('.cache/jsx-check/');
      })
      .map((d) => `${d.file?.fileName}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);
  });
});
