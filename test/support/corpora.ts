/**
 * The real docs sites the tests and benches read, vendored in test/fixtures/corpora (each with
 * its LICENSE and SOURCE.md), so a fresh clone runs everything with nothing beside it.
 */
import { fileURLToPath } from 'node:url';

const corpus = (name: string) =>
  fileURLToPath(new URL(`../fixtures/corpora/${name}/`, import.meta.url));

/** The Vercel AI SDK docs: 514 MDX pages with numeric ordering prefixes. */
export const AI_SDK_DOCS = corpus('ai-sdk-docs');
/** Starlight's own docs: a Starlight site in 17 languages (CJK and right-to-left included). */
export const STARLIGHT_DOCS = corpus('starlight-docs');
/** Vite's docs: a VitePress site. */
export const VITE_DOCS = corpus('vite-docs');
