import { describe, expect, it } from 'vitest';
import {
  TypeFiles,
  typeRows,
  typeTableMarkdown,
} from '../../../../src/server/docs-index/frameworks/type-tables.ts';

const SOURCE = `
import type { Imported } from './elsewhere';
type Shared = { /** Shared id. */ id: string };
export type Options = Shared & Imported & { mode: 'a' | 'b'; id: number };
export interface Props {
  /** Size.
   * @defaultValue \`'md'\`
   * @see https://example.com
   */
  readonly size?: 'sm' | 'md';
  'data-name': string;
  /** @fumadocsType \`Handler\` */
  handler(event: Event, extra?: number): Promise<void>;
}
`;

describe('typeRows', () => {
  it('reads interfaces, aliases and intersections of the file, later members winning', () => {
    expect(typeRows(SOURCE, 'Props')).toEqual([
      { name: 'size', type: "'sm' | 'md'", optional: true, description: 'Size.', default: "'md'" },
      { name: 'data-name', type: 'string' },
      { name: 'handler', type: 'Handler' },
    ]);
    // Imported types are not read; a later `id` replaces the shared one.
    expect(typeRows(SOURCE, 'Options')).toEqual([
      { name: 'mode', type: "'a' | 'b'" },
      { name: 'id', type: 'number' },
    ]);
  });

  it('reads a type written inline, in the context of the file', () => {
    expect(typeRows(SOURCE, undefined, 'Shared & { extra?: boolean }')).toEqual([
      { name: 'id', type: 'string', description: 'Shared id.' },
      { name: 'extra', type: 'boolean', optional: true },
    ]);
    expect(typeRows(undefined, undefined, '{ hello: string }')).toEqual([
      { name: 'hello', type: 'string' },
    ]);
  });

  it('has no rows for what it cannot read', () => {
    expect(typeRows(undefined, 'Props')).toEqual([]);
    expect(typeRows(SOURCE, 'Missing')).toEqual([]);
    expect(typeRows('this is { not TypeScript', 'X')).toEqual([]);
    expect(typeTableMarkdown([])).toBe('');
  });

  it('parses a file once for the tables that name it, again once its text changes', () => {
    const files = new TypeFiles();
    const declarations = files.declarationsOf('lib/props.ts', SOURCE);
    expect(files.declarationsOf('lib/props.ts', SOURCE)).toBe(declarations);
    expect(typeRows(SOURCE, 'Props', undefined, declarations)).toEqual(typeRows(SOURCE, 'Props'));
    expect(typeRows(SOURCE, 'Options', undefined, declarations)).toEqual(
      typeRows(SOURCE, 'Options'),
    );
    const changed = `${SOURCE}\nexport interface Extra { on: boolean }`;
    const again = files.declarationsOf('lib/props.ts', changed);
    expect(again).not.toBe(declarations);
    expect(typeRows(changed, 'Extra', undefined, again)).toEqual([{ name: 'on', type: 'boolean' }]);
  });

  it('escapes pipes and backticks in cells', () => {
    expect(typeTableMarkdown([{ name: 'a', type: '`x` | y', default: '1' }])).toBe(
      '| Prop | Type | Description |\n| --- | --- | --- |\n| `a` | `` `x` \\| y `` | Default: `1` |',
    );
    // A run of two backticks needs a span of three.
    expect(typeTableMarkdown([{ name: 'b', type: '``t``' }])).toContain('| ``` ``t`` ``` |');
  });
});
