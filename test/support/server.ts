/** Shared fixtures for the server tests: small real indexes and an app around them. */

import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type AppOptions, createApp } from '../../src/server/app.ts';
import { resolveModel } from '../../src/server/assistant/models.ts';
import { MemoryThreadStore } from '../../src/server/assistant/thread-store.ts';
import { SiteIndex } from '../../src/server/docs-index/docs-index.ts';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';
import { parsePage } from '../../src/server/docs-index/page.ts';
import type { Organization } from '../../src/server/types.ts';
import { AI_SDK_DOCS } from './corpora.ts';

export const CORPUS = AI_SDK_DOCS;

export const ACME_KEY = 'da_dsc_acme0123456789abcdef';
export const GLOBEX_KEY = 'da_dsc_globex0123456789abcd';

/** An index of a few pages given as file -> source. */
export function indexOf(files: Record<string, string>): SiteIndex {
  const index = new SiteIndex();
  for (const [file, source] of Object.entries(files)) index.upsert(parsePage(file, source));
  return index;
}

export const smallSite = () =>
  indexOf({
    'docs/01-start/index.mdx':
      '---\ntitle: Getting started\n---\n# Getting started\nInstall the package.',
    'docs/01-start/02-install.md':
      '---\ntitle: Installation\ndescription: Install it\ntags: [setup]\n---\n## npm\nRun npm install acme.\n## yarn\nRun yarn add acme.',
    'docs/guides/theming.mdx':
      '---\ntitle: Theming\nversion: v2\n---\nimport X from "y";\n\n## Dark mode\nSet the accent colour.',
    'docs/guides/theming-v1.mdx': '---\ntitle: Theming (v1)\nversion: v1\n---\nOld accent colour.',
    'docs/internal.md':
      '---\ntitle: Internal runbook\ngroups: [staff]\n---\nRotate the accent keys.',
  });

let corpusIndex: Promise<SiteIndex> | undefined;
/** The real corpus, indexed once per test file. */
export function corpus(): Promise<SiteIndex> {
  corpusIndex ??= buildDocsIndex(CORPUS).then((built) => built.index);
  return corpusIndex;
}

/** Two organizations: acme owns `acme`, globex owns `globex`. */
export function organizations(index = smallSite()): Organization[] {
  return [
    {
      name: 'acme',
      keys: [ACME_KEY],
      limits: { orgPerHour: 10_000, ipPerDay: 10_000 },
      sites: [{ domain: 'acme', index, siteUrl: 'https://docs.acme.dev' }],
    },
    {
      name: 'globex',
      keys: [GLOBEX_KEY],
      limits: { orgPerHour: 10_000, ipPerDay: 10_000 },
      sites: [{ domain: 'globex', index: indexOf({ 'a.md': '# A' }) }],
    },
  ];
}

/** The assistant as the CLI runs it by default: the embedded model, threads in memory. */
export const embeddedAssistant = () => ({
  model: resolveModel({}),
  threads: new MemoryThreadStore(),
});

/** Every endpoint, assistant included, over `organizations()`. */
export function testApp(options: Partial<AppOptions> = {}) {
  return createApp({
    organizations: organizations(),
    assistant: embeddedAssistant(),
    log: () => {},
    ...options,
  });
}

/** A JSON POST as the widget sends it. */
export function post(body: unknown, key = ACME_KEY, headers: Record<string, string> = {}) {
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  };
}

/** Node bindings as @hono/node-server passes them, for the client address. */
export const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

/**
 * A docs folder written from file -> source into a temporary folder, indexed as `serve --docs`
 * indexes it, behind an app where the acme key reads it as `acme`.
 */
export async function folderApp(files: Record<string, string>) {
  const docs = await mkdtemp(join(tmpdir(), 'da-folder-'));
  for (const [file, source] of Object.entries(files)) {
    await mkdir(dirname(join(docs, file)), { recursive: true });
    await writeFile(join(docs, file), source);
  }
  const { index } = await buildDocsIndex(docs);
  return createApp({
    organizations: [
      {
        name: 'o',
        keys: [ACME_KEY],
        limits: { orgPerHour: 1000, ipPerDay: 1000 },
        sites: [{ domain: 'acme', index }],
      },
    ],
  });
}
