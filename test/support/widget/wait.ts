/**
 * Options for `@open-wc/testing`'s `waitUntil` in the widget tests: its 1 s default is short for
 * a lazily loaded chunk or a highlighter on a busy machine. How long, not whether: a condition
 * that never holds still fails.
 */
export const WAIT = { timeout: 5000 } as const;

/**
 * Waits until the animations `of` returns have ended. A transition cut short by another (the
 * panel closed while it opens, a viewport change) is cancelled and its `finished` rejects with
 * an AbortError: that one is over too, and the animations are looked up again for the one that
 * replaced it.
 */
export async function animationsDone(of: () => Animation[]): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const animations = of();
    if (animations.length === 0) return;
    const ended = await Promise.allSettled(animations.map((a) => a.finished));
    if (ended.every((result) => result.status === 'fulfilled')) return;
  }
}
