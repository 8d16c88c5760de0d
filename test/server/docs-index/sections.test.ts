import { describe, expect, it } from 'vitest';
import { parsePage } from '../../../src/server/docs-index/page.ts';
import { splitSections } from '../../../src/server/docs-index/sections.ts';

const page = parsePage(
  'docs/guide.mdx',
  [
    '---',
    'title: Guide',
    '---',
    '# Guide',
    'Intro text.',
    '## Install the `cli`',
    'Run it.',
    '```sh',
    '# not a heading',
    '```',
    '### On macOS',
    'Use brew.',
    '## Configure',
    '### On macOS',
    'Edit the file.',
    '#### Deep',
    'Deeper.',
  ].join('\n'),
);

describe('splitSections', () => {
  const sections = splitSections(page);

  it('splits at headings outside code', () => {
    expect(sections.map((section) => section.heading)).toEqual([
      'Guide',
      'Install the cli',
      'On macOS',
      'Configure',
      'On macOS',
      'Deep',
    ]);
    expect(sections[1]!.content).toContain('# not a heading');
  });

  it('gives each section its heading trail and a unique anchor', () => {
    expect(sections.map((section) => section.anchor)).toEqual([
      '',
      'install-the-cli',
      'on-macos',
      'configure',
      'on-macos-1',
      'deep',
    ]);
    expect(sections[4]!.headings).toEqual(['Guide', 'Configure', 'On macOS']);
    expect(sections[5]!.headings).toEqual(['Guide', 'Configure', 'On macOS', 'Deep']);
  });

  it('knows its page', () => {
    expect(sections.every((section) => section.pagePath === 'docs/guide')).toBe(true);
    expect(sections[0]!.pageTitle).toBe('Guide');
    expect(new Set(sections.map((section) => section.id)).size).toBe(sections.length);
  });
});
