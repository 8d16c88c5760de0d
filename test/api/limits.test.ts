import { describe, expect, it } from 'vitest';
import { KEY_PATTERN, KEY_PREFIX } from '../../src/api/limits.ts';
import { generateKey } from '../../src/server/config.ts';

describe('KEY_PATTERN', () => {
  it('accepts every key the server generates, and they differ', () => {
    const keys = Array.from({ length: 500 }, generateKey);
    expect(keys.filter((key) => !KEY_PATTERN.test(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.startsWith(KEY_PREFIX))).toBe(true);
  });

  it.each([
    ['16 characters after the prefix', `${KEY_PREFIX}${'a'.repeat(16)}`],
    ['every URL-safe character', `${KEY_PREFIX}AZaz09_-AZaz09_-`],
    ['a long key', `${KEY_PREFIX}${'x'.repeat(200)}`],
  ])('accepts %s', (_case, key) => {
    expect(KEY_PATTERN.test(key)).toBe(true);
  });

  it.each([
    ['15 characters after the prefix', `${KEY_PREFIX}${'a'.repeat(15)}`],
    ['the prefix alone', KEY_PREFIX],
    ['an upper-case prefix', `DA_DSC_${'a'.repeat(16)}`],
    ['another prefix', `da_admin_${'a'.repeat(16)}`],
    ['text before the prefix', ` ${KEY_PREFIX}${'a'.repeat(16)}`],
    ['a trailing newline', `${KEY_PREFIX}${'a'.repeat(16)}\n`],
    ['a space inside', `${KEY_PREFIX}${'a'.repeat(8)} ${'a'.repeat(8)}`],
    ['standard base64 characters', `${KEY_PREFIX}${'a'.repeat(15)}+/=`],
    ['a non-ASCII letter', `${KEY_PREFIX}${'a'.repeat(15)}é`],
    ['a dot', `${KEY_PREFIX}${'a'.repeat(15)}.`],
  ])('rejects %s', (_case, key) => {
    expect(KEY_PATTERN.test(key)).toBe(false);
  });
});
