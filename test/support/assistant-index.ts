/**
 * A tiny DocsIndex over a handful of hand-written sections, for route and model tests that
 * should not depend on the full docs index: ranking is plain term overlap.
 */
import type { SearchResult } from '../../src/api/types.ts';
import type { DocsIndex, Page, SearchOptions } from '../../src/server/docs-index/types.ts';

export interface TinySection {
  path: string;
  title: string;
  heading?: string;
  anchor?: string;
  description?: string;
  content: string;
  version?: string;
}

export const SAMPLE_SECTIONS: TinySection[] = [
  {
    path: 'docs/foundations/streaming',
    title: 'Streaming',
    heading: 'Why streaming',
    anchor: 'why-streaming',
    description: 'Why and how to stream responses.',
    content:
      'Streaming sends the response in small chunks while the model is still generating. Users see the first words almost immediately instead of waiting for the whole answer.\n\n- Streaming improves perceived latency.\n- Streaming works with every provider.',
  },
  {
    path: 'docs/ai-sdk-core/generating-text',
    title: 'Generating Text',
    heading: 'streamText',
    anchor: 'streamtext',
    content:
      'Use the `streamText` function to stream text from a language model.\n\n```ts\nimport { streamText } from "ai";\nconst result = streamText({ model, prompt: "Hello" });\n```',
  },
  {
    path: 'docs/ai-sdk-core/tools',
    title: 'Tool Calling',
    heading: 'Defining tools',
    anchor: 'defining-tools',
    content:
      'Tools let the model call functions you define. Each tool has a description, an input schema and an execute function.',
    version: 'v5',
  },
  {
    path: 'docs/getting-started/installation',
    title: 'Installation',
    content: 'Install the package with npm install ai. The package works on Node.js 18 and later.',
  },
];

export class TinyIndex implements DocsIndex {
  readonly sections: TinySection[];
  /** Every search call, so tests can see what retrieval asked for. */
  readonly calls: { query: string; options: SearchOptions | undefined }[] = [];

  constructor(sections: TinySection[] = SAMPLE_SECTIONS) {
    this.sections = sections;
  }

  get pageCount(): number {
    return new Set(this.sections.map((s) => s.path)).size;
  }

  get sectionCount(): number {
    return this.sections.length;
  }

  search(query: string, options?: SearchOptions): SearchResult[] {
    this.calls.push({ query, options });
    const words = query.toLowerCase().match(/[a-z0-9]{3,}/g) ?? [];
    return this.sections
      .filter((s) => !options?.filter?.version || s.version === options.filter.version)
      .map((s) => {
        const text = `${s.title} ${s.heading ?? ''} ${s.content}`.toLowerCase();
        let score = words.filter((w) => text.includes(w)).length;
        if (options?.boostPath && s.path === options.boostPath.replace(/^\//, '')) score += 0.5;
        return { s, score };
      })
      .filter((r) => r.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, options?.pageSize ?? 10)
      .map(({ s, score }) => ({
        content: s.content,
        path: s.path,
        metadata: {
          title: s.title,
          heading: s.heading,
          anchor: s.anchor,
          description: s.description,
          score: Math.min(1, score / 5),
        },
      }));
  }

  getPage(path: string): Page | undefined {
    const section = this.sections.find((s) => s.path === path);
    if (!section) return undefined;
    return {
      path: section.path,
      file: `${section.path}.md`,
      title: section.title,
      content: section.content,
      tags: [],
      groups: [],
    };
  }
}
