/**
 * Streaming Markdown figures (README, "Widget"): what rendering only the growing block saves
 * over re-rendering the whole answer on every chunk, replaying the text deltas of the recorded
 * server answers (test/fixtures/streams) and of a long synthetic answer made from them.
 * Node has no DOM, so both sides render with marked alone (sanitizing costs the same per
 * rendered character on either side, so the ratio holds). `node bench/markdown.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { marked } from 'marked';
import { repairMarkdown } from '../src/widget/markdown/repair.ts';
import { StreamingMarkdown } from '../src/widget/markdown/streaming-markdown.ts';
import { round } from './stats.ts';

const streams = fileURLToPath(new URL('../test/fixtures/streams/', import.meta.url));

function deltasOf(name: string): string[] {
  return readFileSync(`${streams}${name}.sse`, 'utf8')
    .split('\n\n')
    .filter((event) => event.includes('"text-delta"'))
    .map((event) => (JSON.parse(event.slice('data: '.length)) as { delta: string }).delta);
}

export interface MarkdownFigures {
  answer: string;
  chunks: number;
  chars: number;
  /** Characters of Markdown parsed while streaming: whole text per chunk vs growing block only. */
  naiveParsedChars: number;
  blockParsedChars: number;
  blockRenders: number;
  naiveMs: number;
  blockMs: number;
  /** naive / block time. */
  speedup: number;
}

const RUNS = 5;
const render = (md: string) => marked.parse(md, { async: false });

/** Re-renders the whole (repaired) answer on every chunk. */
function naive(deltas: string[]) {
  let parsedChars = 0;
  let text = '';
  for (const delta of deltas) {
    text += delta;
    const repaired = repairMarkdown(text);
    parsedChars += repaired.length;
    render(repaired);
  }
  return { parsedChars, text };
}

/** StreamingMarkdown: only the growing block is rendered again. */
function blockwise(deltas: string[]) {
  let parsedChars = 0;
  const streaming = new StreamingMarkdown({}, (md) => {
    parsedChars += md.length;
    return { html: render(md), unhighlighted: false };
  });
  let text = '';
  for (const delta of deltas) {
    text += delta;
    streaming.update(text, { streaming: true });
  }
  streaming.update(text);
  return { parsedChars, renders: streaming.renders };
}

/** Fastest of RUNS runs, in ms: the least disturbed by the other process on a 2-core box. */
function fastest(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

function replay(answer: string, deltas: string[]): MarkdownFigures {
  const { parsedChars: naiveParsedChars, text } = naive(deltas);
  const { parsedChars: blockParsedChars, renders } = blockwise(deltas);
  const naiveMs = fastest(() => naive(deltas));
  const blockMs = fastest(() => blockwise(deltas));
  return {
    answer,
    chunks: deltas.length,
    chars: text.length,
    naiveParsedChars,
    blockParsedChars,
    blockRenders: renders,
    naiveMs: round(naiveMs),
    blockMs: round(blockMs),
    speedup: round(naiveMs / blockMs),
  };
}

export function markdownFigures(): MarkdownFigures[] {
  const answers = ['v2-answer', 'v2-continued', 'v2-not-covered'];
  const long = answers.flatMap((name) => [...deltasOf(name), '\n\n']);
  const figures = answers.map((name) => replay(name, deltasOf(name)));
  // warm-up done by the short ones; the long answer (about 8x) shows the quadratic term
  figures.push(replay('long (8 answers)', Array.from({ length: 8 }, () => long).flat()));
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.table(markdownFigures());
}
