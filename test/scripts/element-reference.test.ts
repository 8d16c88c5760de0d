/**
 * docs/reference/element.md is generated from the element's manifest and committed (it is a page
 * of the docs site). These tests analyze the source as `cem analyze` does, in memory, so they
 * need no build: the committed page must be exactly what the generator makes of it.
 */
import { readFileSync } from 'node:fs';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  defaultValue,
  elementReference,
  type Manifest,
  PAGE,
  publicElement,
} from '../../scripts/element-reference.ts';

let manifest: Manifest;

beforeAll(async () => {
  // The repository's custom-elements-manifest.config.mjs, as `npm run build:types` uses it.
  manifest = (await cli({ argv: ['analyze', '--quiet'], noWrite: true })) as Manifest;
});

describe(PAGE, () => {
  test('is what scripts/element-reference.ts generates from the current source', () => {
    const committed = readFileSync(PAGE, 'utf8');
    const message = `${PAGE} is stale: run \`npm run docs:element\` and commit it`;
    expect(committed, message).toBe(elementReference(manifest));
  });

  test('names every attribute, property, method, event, part and custom property', () => {
    const element = publicElement(manifest);
    const page = readFileSync(PAGE, 'utf8');
    const names = [
      ...(element.attributes ?? []).map((a) => a.name),
      ...(element.members ?? [])
        .filter((m) => !m.privacy || m.privacy === 'public')
        .map((m) => (m.kind === 'method' ? `${m.name}(` : m.name)),
      ...(element.events ?? []).map((e) => e.name),
      ...(element.cssParts ?? []).map((p) => p.name),
      ...(element.cssProperties ?? []).map((p) => p.name),
    ];
    expect(names.length).toBeGreaterThan(50);
    expect(names.filter((name) => !page.includes(`\`${name}`))).toEqual([]);
  });
});

describe('elementReference', () => {
  const tiny: Manifest = {
    modules: [
      {
        path: 'src/x.ts',
        declarations: [
          {
            name: 'X',
            tagName: 'docs-assistant',
            attributes: [
              {
                name: 'mode',
                fieldName: 'mode',
                type: { text: "'a' | 'b' | undefined" },
                default: "'a'",
                description: 'One of\nseveral | modes.',
              },
              { name: 'secret', fieldName: 'secret', type: { text: 'string' } },
            ],
            members: [
              { kind: 'field', name: 'mode', reflects: true },
              { kind: 'field', name: 'secret', privacy: 'private' },
              { kind: 'field', name: 'styles', static: true },
              { kind: 'field', name: 'strings', type: { text: 'object' }, description: 'Texts.' },
              {
                kind: 'method',
                name: 'go',
                parameters: [{ name: 'to', type: { text: 'string' } }],
                return: { type: { text: 'void' } },
              },
            ],
          },
        ],
      },
    ],
  };
  const page = elementReference(tiny);

  test('keeps each table row on one line with its pipes escaped', () => {
    expect(page).toContain(
      "| `mode` | `mode` | `'a' \\| 'b'` | `a` | One of several \\| modes. Reflected to the attribute. |",
    );
  });

  test('leaves out private and static members, and lists properties without an attribute', () => {
    expect(page).not.toContain('secret');
    expect(page).not.toContain('styles');
    expect(page).toContain('## Properties without an attribute');
    expect(page).toContain('| `strings` | `object` |  | Texts. |');
    expect(page).toContain('| `go(to: string)` | `void` |');
  });

  test('shows defaults as a reader writes them: contract constants by value, no empty quotes', () => {
    expect(defaultValue('RETRIEVAL_PAGE_SIZE_DEFAULT')).toBe('`5`');
    expect(defaultValue("'mod+i'")).toBe('`mod+i`');
    expect(defaultValue("''")).toBe('');
    expect(defaultValue(undefined)).toBe('');
  });

  test('refuses a manifest without the element', () => {
    expect(() => elementReference({ modules: [] })).toThrow(/no <docs-assistant>/);
  });
});
