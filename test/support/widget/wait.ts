/**
 * Options for `@open-wc/testing`'s `waitUntil` in the widget tests: its 1 s default is short for
 * a lazily loaded chunk or a highlighter on a busy machine. How long, not whether: a condition
 * that never holds still fails.
 */
export const WAIT = { timeout: 5000 } as const;
