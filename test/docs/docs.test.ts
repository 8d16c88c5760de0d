/**
 * The documentation in docs/ is read by people (on GitHub and as the demo site) and by the
 * assistant (the demo answers from it). These tests keep it true to the code and useful to both:
 * links and anchors resolve, the CLI usage matches the CLI, and the embedded model answers a
 * newcomer's questions from it with the concrete value.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import GithubSlugger from 'github-slugger';
import matter from 'gray-matter';
import { beforeAll, describe, expect, test } from 'vitest';
import { GROUPS } from '../../demo/site/render.ts';
import { USAGE } from '../../src/server/cli/usage.ts';
import type { SiteIndex } from '../../src/server/docs-index/docs-index.ts';
import { buildDocsIndex } from '../../src/server/docs-index/load.ts';
import { ASSISTANT_KEY, assistantApp } from '../support/assistant-app.ts';
import { assistantBody, readSse } from '../support/assistant-streams.ts';

const DOCS = 'docs';

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const pages = markdownFiles(DOCS);

/** Heading anchors of a Markdown file, as GitHub and the demo site make them. */
function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  let fence = false;
  for (const line of matter(readFileSync(file, 'utf8')).content.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    const heading = !fence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) anchors.add(slugger.slug(heading[1]!.replace(/`/g, '')));
  }
  return anchors;
}

/** `[text](target)` links outside code blocks and code spans. */
function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
}

describe('docs/', () => {
  test('every page has a title, a description and a sidebar group', () => {
    expect(pages.length).toBeGreaterThan(10);
    for (const file of pages) {
      const { data } = matter(readFileSync(file, 'utf8'));
      expect(data['title'], file).toEqual(expect.any(String));
      expect(data['description'], file).toEqual(expect.any(String));
      expect(Object.keys(GROUPS), file).toContain(relative(DOCS, file).split('/')[0]);
    }
  });

  test('every relative link of the docs and the README reaches a file and its heading', () => {
    const broken: string[] = [];
    for (const file of [...pages, 'README.md', 'CONTRIBUTING.md']) {
      for (const link of linksOf(file)) {
        if (/^[a-z]+:|^#/i.test(link)) continue;
        const [target = '', anchor] = link.split('#', 2);
        const path = resolve(dirname(file), target);
        let anchors: Set<string> | undefined;
        try {
          anchors = target.endsWith('.md') ? anchorsOf(path) : undefined;
          if (!target.endsWith('.md') && !target.endsWith('/')) readFileSync(path);
        } catch {
          broken.push(`${file}: ${link}`);
          continue;
        }
        if (anchor && anchors && !anchors.has(anchor)) broken.push(`${file}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('links between pages are written `../<group>/<page>.md`, so they work from any page', () => {
    // The panel shows a page's Markdown on whichever page the reader is, and the browser
    // resolves its links from there: every page sits one folder deep, so `../` always works.
    const other = pages.flatMap((file) =>
      linksOf(file)
        .filter((link) => /\.md(#|$)/.test(link) && !link.startsWith('../'))
        .map((link) => `${file}: ${link}`),
    );
    expect(other).toEqual([]);
  });

  test('the server reference shows the usage the CLI prints', () => {
    const reference = readFileSync(join(DOCS, 'reference/server.md'), 'utf8');
    expect(reference).toContain(`\`\`\`text\n${USAGE.trimEnd()}\n\`\`\``);
  });
});

describe("the embedded model answers a newcomer's questions from docs/", () => {
  let index: SiteIndex;
  beforeAll(async () => {
    index = (await buildDocsIndex(DOCS)).index;
  });

  async function answer(question: string) {
    const { app } = assistantApp({ index });
    const response = await app.request('/v2/assistant/docs/message', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ASSISTANT_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(assistantBody(question)),
    });
    expect(response.status).toBe(200);
    const { chunks } = await readSse(response);
    return {
      text: chunks.flatMap((c) => (c.type === 'text-delta' ? [c.delta as string] : [])).join(''),
      cited: chunks.flatMap((c) => (c.type === 'source-url' ? [c.url as string] : [])),
    };
  }

  test.each([
    ['How do I change the accent color to match my brand?', '--docs-assistant-accent', 'theming'],
    ['How do I run the server against my own docs folder?', '--docs ./docs', 'getting-started'],
    ['How do I know when a reader clicks a citation?', 'docs-assistant-citation', 'events'],
    ['How do I make the panel wider?', '--docs-assistant-panel-width', 'theming'],
    ['What are the server CLI flags?', '--model-base-url', 'reference/server'],
    ['How do I switch the widget to dark mode?', 'theme="dark"', 'theming'],
    ['How do I run the server behind a reverse proxy?', '--trust-proxy', 'deployment'],
    ['Which environment variable holds the AI Gateway key?', 'AI_GATEWAY_API_KEY', 'model'],
  ])('%s', async (question, fact, page) => {
    const { text, cited } = await answer(question);
    expect(text).not.toMatch(/don't seem to cover/);
    expect(text).toContain(fact);
    expect(cited.some((url) => url.includes(page))).toBe(true);
  });
});
