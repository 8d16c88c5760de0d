import { describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../src/api/types.ts';
import { composeAnswer } from '../../../src/server/assistant/compose-answer.ts';
import { splitSnippets } from '../../../src/server/assistant/snippets.ts';

const page = 'integrations/tracing';
const result = (content: string, heading: string): SearchResult => ({
  path: page,
  content,
  metadata: {
    title: 'Tracing',
    score: 1,
    heading,
    anchor: heading.toLowerCase().replace(/\s+/g, '-'),
  },
});
const rarity = { sectionCount: 1000, termFrequency: () => 20 };

/** An exporter config of `filler` lines, then the line naming the header. */
const exporter = (filler: number) =>
  [
    'Create `instrumentation.ts`:',
    '',
    '```ts',
    "import { registerOTel } from '@vercel/otel';",
    ...Array.from({ length: filler }, (_, i) => `// setup step ${i + 1}`),
    'registerOTel({',
    '  traceExporter: new Exporter({',
    "    url: 'https://ingest.example.com/v1/traces',",
    "    headers: { 'acme-ingestion-key': '<your-ingestion-key>' },",
    '  }),',
    '});',
    '```',
    '',
    '- Replace `<your-ingestion-key>` with your ingestion key from the dashboard.',
  ].join('\n');

describe('withCodeLine (through composeAnswer)', () => {
  it('quotes the code block whose line holds the word of the question no quote holds', () => {
    const { text } = composeAnswer(
      'Which header do I put the ingestion key in when sending traces?',
      [result(exporter(2), 'Send traces')],
      { rarity },
    );
    expect(text).toMatch(/Replace `<your-ingestion-key>`/);
    expect(text).toContain("headers: { 'acme-ingestion-key': '<your-ingestion-key>' },");
    expect(text).toContain('```ts\n');
  });

  it('quotes the lines around that line when the block is longer than a quote shows', () => {
    const { text } = composeAnswer(
      'Which header do I put the ingestion key in when sending traces?',
      [result(exporter(30), 'Send traces')],
      { rarity },
    );
    expect(text).toContain("headers: { 'acme-ingestion-key': '<your-ingestion-key>' },");
    expect(text).toContain('```ts\n// …\nregisterOTel({\n');
    expect(text).not.toContain('setup step 1\n');
  });

  it('adds no code when the quotes already hold every word of the question', () => {
    const { text } = composeAnswer(
      'Where do I get my ingestion key?',
      [result(exporter(2), 'Send traces')],
      { rarity },
    );
    expect(text).not.toContain('acme-ingestion-key');
  });
});

describe('splitSnippets: long code', () => {
  it('keeps all the lines of a block cut to its first ones', () => {
    const body = Array.from({ length: 25 }, (_, i) => `line${i}();`);
    const [code] = splitSnippets(['```js', ...body, '```'].join('\n'));
    expect(code?.text.split('\n')).toHaveLength(23);
    expect(code?.body).toEqual(body);
    const [short] = splitSnippets('```js\nshort();\n```');
    expect(short?.body).toBeUndefined();
  });
});

describe('withCodeLine: another section of the lead page', () => {
  it('quotes the code of another section of the lead page that holds what no quote holds', () => {
    const passages = [
      result(
        'Older phones run the on-device model only with the assistant feature enabled.',
        'Device models',
      ),
      result(
        [
          '```ts',
          'if (!phone.isReady()) {',
          '  // fall back to a server model',
          '}',
          '```',
          '',
          'Do this once per session, before anything else.',
        ].join('\n'),
        'Runtime check',
      ),
    ];
    const { text } = composeAnswer(
      'How do I check at runtime that the on-device model can run on older phones?',
      passages,
      { rarity },
    );
    expect(text).toMatch(/^> \*\*Device models\*\*/);
    expect(text).toContain('if (!phone.isReady()) {');
  });
});
