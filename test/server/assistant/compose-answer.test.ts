import { describe, expect, it } from 'vitest';
import { composeAnswer, NOT_COVERED_LEAD } from '../../../src/server/assistant/compose-answer.ts';
import { TinyIndex } from '../../support/assistant-index.ts';

const index = new TinyIndex();
const answer = (question: string, siteUrl?: string) =>
  composeAnswer(question, index.search(question, { pageSize: 5 }), { siteUrl });

describe('composeAnswer', () => {
  it('quotes retrieved sentences with numbered links to their page and anchor', () => {
    const result = answer('Why does streaming improve latency?');
    expect(result.covered).toBe(true);
    expect(result.text).toContain(
      '> Streaming improves perceived latency. [1](/docs/foundations/streaming#why-streaming)',
    );
    expect(result.sources[0]).toEqual({
      id: '1',
      url: '/docs/foundations/streaming',
      title: 'Streaming',
      path: 'docs/foundations/streaming',
    });
  });

  it('quotes only text that exists in the sections', () => {
    const question = 'How do I stream text with streamText?';
    const passages = index.search(question, { pageSize: 5 });
    const result = composeAnswer(question, passages);
    const quotes = result.text
      .split('\n\n')
      .slice(1)
      .filter((block) => block.startsWith('> '))
      .map((block) => block.slice(2).replace(/ \[\d+\]\([^)]*\)$/, ''));
    expect(quotes.length).toBeGreaterThan(0);
    const corpus = passages.map((p) => `${p.content} ${p.metadata.description ?? ''}`).join('\n');
    for (const quote of quotes) expect(corpus.replace(/\n/g, ' ')).toContain(quote);
    expect(result.text).toContain('```ts\nimport { streamText } from "ai";');
  });

  it('cites a quoted code block above it, never in a paragraph of its own', () => {
    const passages = [
      {
        path: 'docs/reference/stream-text',
        content:
          'Parameters of the call.\n\n```ts\nconst result = streamText({ model, prompt });\nfor await (const part of result.textStream) console.log(part);\n```',
        metadata: { title: 'streamText', anchor: 'example', score: 1 },
      },
    ];
    const { text } = composeAnswer('streamText textStream example', passages);
    expect(text).toContain(
      'From **streamText** [1](/docs/reference/stream-text#example):\n\n```ts\nconst result',
    );
    const blocks = text.split('\n\n');
    expect(blocks.filter((block) => /^\[\d+\]\([^)]*\)$/.test(block.trim()))).toEqual([]);
  });

  it('leaves the citation to the sentence that introduces a quoted code block', () => {
    const { text } = answer('How do I stream text with streamText?');
    expect(text).toContain(
      'from a language model. [1](/docs/ai-sdk-core/generating-text#streamtext)\n\n```ts',
    );
    expect(text).not.toContain('From **');
  });

  it('leaves out a line that shares only one word with a question of several', () => {
    const passages = [
      {
        path: 'theming',
        content: 'The accent color is used for the launcher, links and the send button.',
        metadata: { title: 'Theming', anchor: 'custom-properties', score: 1 },
      },
      {
        path: 'server-cli',
        content: 'With `--watch`, changed, added and removed files are re-indexed.',
        metadata: { title: 'Server CLI', anchor: 'watch', score: 0.8 },
      },
    ];
    const { text, sources } = composeAnswer(
      'How do I change the accent color of the panel?',
      passages,
    );
    expect(text).toContain('> The accent color is used for the launcher');
    expect(text).not.toContain('re-indexed');
    expect(sources.map((s) => s.path)).toEqual(['theming']);
  });

  it('keeps a line sharing one question word when its section is about that word', () => {
    const passages = [
      {
        path: 'getting-started',
        content: 'Add the assistant to your pages in five minutes.',
        metadata: { title: 'Getting started', score: 1 },
      },
      {
        path: 'embedding',
        content: 'The companion server serves the script at `/widget/docs-assistant.js`.',
        metadata: { title: 'Embedding the widget', heading: 'The script tag', score: 0.8 },
      },
    ];
    const { text } = composeAnswer('How do I add the widget to my pages?', passages);
    expect(text).toContain('> The companion server serves the script at');
  });

  it('numbers sources by page and makes links absolute with a site URL', () => {
    const result = answer('Why does streaming improve latency?', 'https://docs.example.com/');
    expect(result.text).toContain(
      '(https://docs.example.com/docs/foundations/streaming#why-streaming)',
    );
    expect(result.sources.map((s) => s.id)).toEqual(result.sources.map((_, i) => String(i + 1)));
  });

  it('says the docs do not cover an unrelated question and names the closest pages', () => {
    const result = composeAnswer(
      'How do I bake sourdough bread at home?',
      index.search('streaming'),
    );
    expect(result.covered).toBe(false);
    expect(result.text.startsWith(NOT_COVERED_LEAD)).toBe(true);
    expect(result.text).toContain('- [Streaming](/docs/foundations/streaming)');
    expect(result.sources).toEqual([]);
  });

  it('says so without pages when nothing was retrieved', () => {
    expect(composeAnswer('anything at all', []).text).toBe(
      `${NOT_COVERED_LEAD} No page came close.`,
    );
  });

  it('is deterministic', () => {
    expect(answer('How do tools work?')).toEqual(answer('How do tools work?'));
  });
});
