import { expect, test } from 'vitest';
import { KEY_PATTERN } from '../../src/api/limits.ts';

test('key pattern', () => {
  expect(KEY_PATTERN.test('da_dsc_0123456789abcdefXYZ')).toBe(true);
  expect(KEY_PATTERN.test('da_dsc_short')).toBe(false);
});
