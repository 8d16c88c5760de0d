import { describe, expect, it } from 'vitest';
import {
  applySlug,
  normalizeRequestPath,
  pagePathFromFile,
} from '../../../src/server/docs-index/paths.ts';

describe('pagePathFromFile', () => {
  it('drops extensions and numeric ordering prefixes', () => {
    expect(pagePathFromFile('docs/02-foundations/01-overview.mdx')).toBe(
      'docs/foundations/overview',
    );
    expect(pagePathFromFile('guide.md')).toBe('guide');
  });
  it('lets index files name their folder', () => {
    expect(pagePathFromFile('docs/00-introduction/index.mdx')).toBe('docs/introduction');
    expect(pagePathFromFile('index.md')).toBe('');
  });
  it('keeps a bare number, which is a name and not a prefix', () => {
    expect(pagePathFromFile('errors/404.md')).toBe('errors/404');
  });
});

describe('applySlug', () => {
  it('replaces the whole path when absolute, the last segment when relative', () => {
    expect(applySlug('docs/foundations/overview', '/start')).toBe('start');
    expect(applySlug('docs/foundations/overview', 'intro')).toBe('docs/foundations/intro');
  });
});

describe('normalizeRequestPath', () => {
  it.each([
    ['docs/foundations/overview', 'docs/foundations/overview'],
    ['/docs/foundations/overview/', 'docs/foundations/overview'],
    ['docs/foundations/overview.mdx', 'docs/foundations/overview'],
    ['docs/foundations/overview.md', 'docs/foundations/overview'],
    ['docs/foundations/overview#streaming', 'docs/foundations/overview'],
    ['docs/foundations/overview?tab=1', 'docs/foundations/overview'],
    ['docs%2Ffoundations%2Foverview', 'docs/foundations/overview'],
    ['https://sdk.example.dev/docs/foundations/overview#x', 'docs/foundations/overview'],
    ['Docs/Foundations/Overview', 'docs/foundations/overview'],
    ['docs/introduction/index', 'docs/introduction'],
    ['./docs//foundations/./overview', 'docs/foundations/overview'],
    ['/', ''],
  ])('%s -> %s', (input, expected) => {
    expect(normalizeRequestPath(input)).toBe(expected);
  });

  it.each([
    '../etc/passwd',
    'docs/../../etc/passwd',
    '..%2f..%2fetc%2fpasswd',
    '%2e%2e/%2e%2e/etc/passwd',
    '%252e%252e%252fetc%252fpasswd',
    'docs\\..\\secret',
    'docs/overview\u0000.mdx',
    'docs/overview%00',
    'C:/Windows/win.ini',
    '%E0%A4%A',
  ])('rejects %j', (input) => {
    expect(normalizeRequestPath(input)).toBeUndefined();
  });
});
