/** The build's minifier of the widget's `css` templates: smaller, and the same rules. */
import { describe, expect, test } from 'vitest';
import { minifyCss } from '../../scripts/vite-minify-css.ts';

describe('minifyCss', () => {
  test('drops comments and whitespace around braces, semicolons, commas and declaration colons', () => {
    const source = `
      /* Tokens */
      :host {
        --_z: var(--docs-assistant-z-index, 45);
        font-family: var( --docs-assistant-font, inherit );
      }
      @media (max-width: 640px) {
        dialog { inset: 0; }
      }
    `;
    expect(minifyCss(source)).toBe(
      ':host{--_z:var(--docs-assistant-z-index,45);font-family:var(--docs-assistant-font,inherit)}@media (max-width:640px){dialog{inset:0}}',
    );
  });

  test('keeps the spaces that mean something: descendant combinators and value lists', () => {
    expect(minifyCss('.a :is(b, c) > d { margin: 0 auto; box-shadow: 0 1px 2px red; }')).toBe(
      '.a :is(b,c) > d{margin:0 auto;box-shadow:0 1px 2px red}',
    );
  });
});
