import { describe, expect, it } from 'vitest';
import { normalizePagePath } from '../../src/api/paths.ts';
import { normalizeRequestPath } from '../../src/server/docs-index/paths.ts';

describe('normalizePagePath', () => {
  it.each([
    // what links in answers and pages look like
    ['/docs/a/b', 'docs/a/b'],
    ['docs/a/b/', 'docs/a/b'],
    ['./docs/a.md', 'docs/a'],
    ['docs/foundations/tools.mdx', 'docs/foundations/tools'],
    ['/docs/x?y=1#Intro', 'docs/x'],
    ['https://docs.example.com/Docs/Guide/#setup', 'docs/guide'],
    ['/docs/index.md', 'docs'],
    ['/', ''],
    ['docs/caf%C3%A9', 'docs/café'],
    // what people paste, and what tries to leave the docs folder
    ['  docs//a/./b  ', 'docs/a/b'],
    ['../up', undefined],
    ['docs/../../etc/passwd', undefined],
    ['docs/%2e%2e/%2e%2e/etc', undefined],
    ['docs/%252e%252e/etc', undefined],
    ['docs\\..\\x', undefined],
    ['C:/Windows', undefined],
    ['docs/%00', undefined],
    ['docs/%E0%A4%A', undefined],
  ])('%s -> %s', (input, expected) => {
    expect(normalizePagePath(input)).toBe(expected);
  });

  it('is how the server keys the paths clients send', () => {
    for (const input of ['/Docs/A.mdx#x', 'docs/%2e%2e/x', 'https://x.test/a/index']) {
      expect(normalizeRequestPath(input)).toBe(normalizePagePath(input));
    }
  });
});
