/**
 * The AI SDK validates stream chunks with Zod, whose JIT probes `new Function("")` when a
 * schema is built. Under a strict CSP (no 'unsafe-eval') the probe is caught but still
 * reported as a violation, so turn the JIT off before the SDK's schemas exist: imported
 * ahead of `ai`. Parsing without the JIT gives the same results.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
