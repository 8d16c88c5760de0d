/** Small statistics helpers for the benchmarks. */

/** The p-th percentile (nearest rank) of a list of numbers. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}

/** Rounds for display: 2 decimals below 10, 1 below 100, integers above. */
export function round(value: number): number {
  const digits = value < 10 ? 100 : value < 100 ? 10 : 1;
  return Math.round(value * digits) / digits;
}
