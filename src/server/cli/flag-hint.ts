/**
 * "Did you mean": node:util parseArgs says `Unknown option '--data'` and stops there. The
 * commands (and the config file's unknown fields) add the flag the person most likely meant (`--data-dir`), found by a shared start
 * (`--data`, `--docs-folder`, `--output`) or a typo (`--prot`, `--modle`: at most two edits, a swap of
 * two neighbouring letters counting as one).
 */

/**
 * The known flag closest to `typed` (without dashes), if one is close enough. Case is not
 * compared: config file fields are camelCase (`siteURL` is `siteUrl`).
 */
export function closestFlag(typed: string, known: readonly string[]): string | undefined {
  const name = typed.replace(/^-+/, '').split('=')[0]!.toLowerCase();
  if (name.length < 2) return undefined;
  let best: { flag: string; cost: number } | undefined;
  for (const original of known) {
    const flag = original.toLowerCase();
    const shared = flag.startsWith(name) || (flag.length >= 3 && name.startsWith(flag));
    const cost = shared ? 0.5 : editDistance(name, flag);
    const allowed = Math.min(name.length, flag.length) >= 5 ? 2 : 1;
    if (cost <= allowed && (!best || cost < best.cost)) best = { flag: original, cost };
  }
  return best?.flag;
}

/**
 * parseArgs' message for an unknown option with the closest known flag appended; any other
 * message unchanged.
 */
export function withFlagHint(message: string, known: readonly string[]): string {
  const match = /^Unknown option '([^']+)'/.exec(message);
  if (!match) return message;
  const flag = closestFlag(match[1]!, known);
  const hint = flag ? ` (did you mean --${flag}?)` : '';
  return `unknown option ${match[1]}${hint}; --help lists them all`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const substitution = a[i - 1] === b[j - 1] ? 0 : 1;
      let cost = Math.min(
        rows[i - 1]![j]! + 1,
        rows[i]![j - 1]! + 1,
        rows[i - 1]![j - 1]! + substitution,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        cost = Math.min(cost, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = cost;
    }
  }
  return rows[a.length]![b.length]!;
}
