/**
 * V8 settings for a server that holds many streamed replies open at once. With Node's defaults
 * the young generation grows to 64-128 MB committed under that load and old space is collected
 * only once it has grown far past what survived the last collection, so a server with 1,000
 * open replies peaks 100 MB or more above what it holds (README, Assistant, "Figures").
 * `--optimize-for-size` is V8's switch to favor memory over speed: a 1 MB young generation (it
 * sets `--max-semi-space-size=1`) and V8's memory-saving heuristics. With a full collection once
 * old space grew 5% it keeps the peak near the live heap: 273-280 MB in the bench on Node 24,
 * where the 8 MB young generation shipped before peaked at 301-326 MB.
 * The cost is CPU: about a third fewer whole replies per second one at a time (133-141 instead
 * of about 200 with the embedded model) and 1-2 ms more to the first chunk (README).
 * A server holding replies open for seconds runs out of memory long before it runs out of
 * CPU, so memory wins; DOCS_ASSISTANT_NODE_FLAGS picks other flags.
 * Without Maglev (V8's mid-tier compiler; hot code still gets Turbofan) the peak is 12-20 MB
 * lower: while replies start by the hundred it compiles and re-compiles the same stream code,
 * and its compile jobs' zones leave glibc holding about 15 MB more.
 */
export const STREAMING_NODE_FLAGS = [
  '--optimize-for-size',
  '--heap-growing-percent=5',
  '--no-maglev',
];

/**
 * glibc's allocator gives each thread that allocates its own arena. V8's worker threads (optimizing
 * compiler, concurrent marking) each leave one holding 5-12 MB of freed memory it does not hand
 * back, 30-35 MB in all with 1,000 replies open (malloc_stats: 59 MB held, 23 MB in use). One
 * arena for the whole process keeps that memory where it is reused. Ignored by other C libraries.
 */
export const STREAMING_ENV: Record<string, string> = { MALLOC_ARENA_MAX: '1' };

/** Heap settings a user may give themselves; any of them keeps the CLI from restarting. */
const USERS_OWN_HEAP_FLAGS =
  /--(max-semi-space-size|heap-growing-percent|optimize-for-size|memory-saver-mode)\b/;

/** Set in the restarted process; set it yourself (to anything) to keep Node's defaults. */
export const NODE_FLAGS_ENV = 'DOCS_ASSISTANT_NODE_FLAGS';

/**
 * Restarts the CLI in place with STREAMING_NODE_FLAGS and STREAMING_ENV: same pid, same stdio,
 * through `process.execve` (Node 22.15 or later, not on Windows). Does nothing, and returns, when
 * the platform cannot, when it already happened, or when the user chose heap flags of their own.
 * An allocator setting of the user's own (`MALLOC_ARENA_MAX`, `GLIBC_TUNABLES`) is kept.
 */
export function restartWithStreamingFlags(): void {
  if (!process.execve || process.env[NODE_FLAGS_ENV] !== undefined) return;
  const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');
  if (USERS_OWN_HEAP_FLAGS.test(chosen)) return;
  process.execve(
    process.execPath,
    [process.execPath, ...STREAMING_NODE_FLAGS, ...process.execArgv, ...process.argv.slice(1)],
    {
      // the user's own MALLOC_ARENA_MAX comes after, and wins
      ...(!process.env.GLIBC_TUNABLES?.includes('arena_max') && STREAMING_ENV),
      ...process.env,
      [NODE_FLAGS_ENV]: STREAMING_NODE_FLAGS.join(' '),
    },
  );
}
