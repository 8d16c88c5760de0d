import { describe, expect, test } from 'vitest';
import { keyProblem } from '../../src/insights-app/session.ts';

describe('keyProblem', () => {
  test('an admin key passes; a public key, a short one and other text are explained', () => {
    expect(keyProblem('da_admin_0123456789abcdefghijklmn')).toBeUndefined();
    expect(keyProblem('')).toMatch(/Enter your admin key/);
    expect(keyProblem('da_dsc_0123456789abcdefghij')).toMatch(/public key/);
    expect(keyProblem('da_admin_short')).toMatch(/at least 24/);
    expect(keyProblem('da_admin_0123456789abcdefghijklm!')).toMatch(/at least 24/);
    expect(keyProblem('hunter2')).toMatch(/starts with da_admin_/);
  });
});
