// `@open-wc/testing/pure` exports `waitUntil` (from @open-wc/testing-helpers) at run time, but its
// type declarations leave it out; this adds the declaration the helpers package gives it.
import '@open-wc/testing/pure';

declare module '@open-wc/testing/pure' {
  /** Polls `predicate` until it is truthy; rejects with `message` after `options.timeout` ms. */
  export function waitUntil(
    predicate: () => unknown | Promise<unknown>,
    message?: string,
    options?: { interval?: number; timeout?: number },
  ): Promise<void>;
}
