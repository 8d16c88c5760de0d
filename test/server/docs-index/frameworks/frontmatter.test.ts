import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import {
  splitFrontmatter,
  splitFrontmatterBody,
} from '../../../../src/server/docs-index/frameworks/frontmatter.ts';

/** What gray-matter itself makes of the whole source. */
function byGrayMatter(source: string) {
  const { data, content } = matter(source.replace(/^\uFEFF/, ''), { engines: {} });
  return { data, body: content };
}

describe('splitFrontmatter', () => {
  it.each([
    ['frontmatter and body', '---\ntitle: Home\n---\n# Home\n\nText'],
    ['Windows line ends', '---\r\ntitle: Home\r\n---\r\n# Home\r\n'],
    ['a byte order mark', '\uFEFF---\ntitle: Home\n---\nText'],
    ['no frontmatter', '# Home\n\n---\n\nText'],
    ['four dashes first', '----\ntitle: Home\n---\nText'],
    ['a closing line with more dashes', '---\ntitle: Home\n-----\nText'],
    ['no closing delimiter', '---\ntitle: Home\n'],
    ['an empty block', '---\n---\nText'],
    ['a comment only', '---\n# draft\n---\nText'],
    ['a language after the delimiter', '---yaml\ntitle: Home\n---\nText'],
    ['nothing after the delimiter', '---\ntitle: Home\n---'],
    ['a rule in the body', '---\ntitle: Home\n---\n\nText\n\n---\n\nMore'],
  ])('cuts %s as gray-matter does', (_, source) => {
    expect(splitFrontmatter(source)).toEqual(byGrayMatter(source));
  });

  it('refuses executable frontmatter', () => {
    expect(() => splitFrontmatter('---js\n{ title: "x" }\n---\nText')).toThrow(/executable/);
  });

  it('throws on broken YAML, and a partial is then used as it is', () => {
    const source = '---\ntitle: [Home\n---\nText';
    expect(() => splitFrontmatter(source)).toThrow();
    expect(splitFrontmatterBody(source)).toBe(source);
  });
});
