import { getHeapSpaceStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { releaseStartupMemory } from '../../src/server/memory.ts';

const youngGeneration = () =>
  getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

describe('releaseStartupMemory', () => {
  it('shrinks the young generation an allocation burst grew, without exposing a global gc', () => {
    // Like an index build: many objects that survive young collections for a while.
    let kept: object[] = [];
    for (let i = 0; i < 2_000_000; i++) {
      kept.push({ i, list: [i] });
      if (kept.length > 400_000) kept = kept.slice(100_000);
    }
    const grown = youngGeneration();
    kept = [];
    releaseStartupMemory();
    expect(youngGeneration()).toBeLessThan(grown);
    expect(kept).toHaveLength(0);
    expect('gc' in globalThis).toBe(false);
  });
});
