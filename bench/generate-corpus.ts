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

/** Languages of the generated multilingual site: Starlight's most translated ones. */
const SITE_LANGUAGES = [
  { folder: '', lang: 'en' },
  { folder: 'de', lang: 'de' },
  { folder: 'es', lang: 'es' },
  { folder: 'fr', lang: 'fr' },
  { folder: 'ja', lang: 'ja' },
  { folder: 'ko', lang: 'ko' },
  { folder: 'ru', lang: 'ru' },
  { folder: 'zh-cn', lang: 'zh-CN' },
];

/**
 * Writes a Starlight site of `pageCount` pages in eight languages, like the multilingual
 * corpus it is made from: English pages at the top of `src/content/docs`, each translated in
 * a locale folder with the same file names (one in eight pages left untranslated per
 * language, as real sites lag). Each page recombines real sections of its own language.
 */
export async function generateMultilingualCorpus(
  sourceDir: string,
  dir: string,
  pageCount: number,
): Promise<GeneratedCorpus> {
  const { index } = await buildDocsIndex(sourceDir);
  const sectionsByLanguage = new Map<string, ReturnType<typeof splitSections>>();
  for (const page of index.allPages()) {
    const language = page.language ?? 'en';
    const sections = splitSections(page).filter((section) => section.content.length > 80);
    sectionsByLanguage.set(language, [...(sectionsByLanguage.get(language) ?? []), ...sections]);
  }
  const random = seededRandom(7);
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  const name = () =>
    Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(SYLLABLES)).join('');
  const locales = SITE_LANGUAGES.map(
    ({ folder, lang }) =>
      `${JSON.stringify(folder || 'root')}: { label: ${JSON.stringify(lang)}, lang: ${JSON.stringify(lang)} }`,
  );
  await mkdir(join(dir, 'src/content/docs'), { recursive: true });
  await writeFile(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\n\nexport default defineConfig({\n  integrations: [starlight({ title: 'Generated', locales: { ${locales.join(', ')} } })],\n});\n`,
  );
  let bytes = 0;
  let pages = 0;
  for (let n = 0; pages < pageCount; n++) {
    const product = `${name()}${n}`;
    const file = `area-${n % 10}/page-${n}.md`;
    for (const { folder, lang } of SITE_LANGUAGES) {
      if (pages >= pageCount || (folder && random() < 1 / 8)) continue;
      const sections = sectionsByLanguage.get(lang) ?? [];
      const body = Array.from({ length: 2 + Math.floor(random() * 4) }, () => {
        const section = pick(sections);
        const text = section.content.slice(0, 300 + Math.floor(random() * 900));
        return `## ${section.heading || section.pageTitle} ${product}\n\n${text}`;
      });
      const title = `${pick(sections).pageTitle} ${product}`;
      const source = `---\ntitle: ${JSON.stringify(title)}\n---\n\n${body.join('\n\n')}\n`;
      const path = join(dir, 'src/content/docs', folder, file);
      await mkdir(join(path, '..'), { recursive: true });
      await writeFile(path, source);
      bytes += source.length;
      pages++;
    }
  }
  return { dir, pages, bytes };
}
