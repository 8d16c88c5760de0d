/**
 * Gives back what building the indexes used and left behind. Indexing allocates a lot that
 * survives young-generation collections, so V8 grows its young generation to the maximum
 * (64 MB on a machine with a 4 GB heap limit) and keeps it, along with old-space pages emptied
 * by the build. Nothing runs after start-up to make V8 shrink them, so the server would sit
 * about 80 MB above what it needs (README, "Memory"). One full collection that reduces the
 * heap's footprint (what V8 does under memory pressure) returns them; it takes about 0.1 s.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type GcFunction = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

export function releaseStartupMemory(): void {
  try {
    (exposedGc() ?? gcFromThrowawayContext())({
      type: 'major',
      execution: 'sync',
      flavor: 'last-resort',
    });
  } catch {
    // Only a saving: a Node without V8's gc extension keeps the memory, and works the same.
  }
}

const exposedGc = () => (globalThis as { gc?: GcFunction }).gc;

/**
 * The function `--expose-gc` installs, taken from a throwaway context so that no global `gc`
 * appears in ours; the flag is turned off again right away.
 */
function gcFromThrowawayContext(): GcFunction {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as GcFunction;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
