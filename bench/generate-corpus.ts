/**
 * Generates a large docs folder for benchmarks from the real corpus: every generated page
 * recombines real sections (so term statistics and page shapes stay realistic) and adds
 * page-specific names (so the vocabulary grows with the site, as it does on real large sites).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildDocsIndex } from '../src/server/docs-index/load.ts';
import { splitSections } from '../src/server/docs-index/sections.ts';

/** Deterministic pseudo-random numbers (mulberry32), so every run builds the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'qua', 'bri', 'dex'];

export interface GeneratedCorpus {
  dir: string;
  pages: number;
  bytes: number;
}

/** Writes `pageCount` pages into `dir` (10 folders of numbered pages) and returns its size. */
export async function generateCorpus(
  sourceDir: string,
  dir: string,
  pageCount: number,
): Promise<GeneratedCorpus> {
  const { index } = await buildDocsIndex(sourceDir);
  const sections = [...index.allPages()].flatMap((page) =>
    splitSections(page).filter((section) => section.heading !== '' && section.content !== ''),
  );
  const random = seededRandom(42);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const name = () =>
    Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
  let bytes = 0;
  for (let n = 0; n < pageCount; n++) {
    const folder = join(dir, `${String(n % 10).padStart(2, '0')}-area-${n % 10}`);
    if (n < 10) await mkdir(folder, { recursive: true });
    const product = `${name()}${n}`;
    const body = Array.from({ length: 2 + Math.floor(random() * 4) }, () => {
      const section = pick(sections);
      const text = section.content.slice(0, 300 + Math.floor(random() * 900));
      return `## ${section.heading} with ${product}\n\n${text}\n\nSee also ${name()} and ${product}.`;
    });
    const source = `---\ntitle: ${JSON.stringify(`${pick(sections).pageTitle} ${product}`)}\ndescription: How ${product} works with ${name()}.\n---\n\n${body.join('\n\n')}\n`;
    bytes += source.length;
    await writeFile(join(folder, `${n}-page-${n}.mdx`), source);
  }
  return { dir, pages: pageCount, bytes };
}
