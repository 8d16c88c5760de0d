/**
 * The slips of a reader's fingers, and only those: how a word the site never uses may be read as
 * one it does (docs-index/engine.ts, `readingOf`). Edit distance alone reads real words as other
 * words one letter away ("wherever" as "whenever", "smell" as "small", "timer" as "time",
 * "chart" as "chat"): a reader who types an ordinary word means it. A slip is what typing does
 * and spelling seldom yields: two neighbouring letters swapped ("serach"), a letter left out
 * inside the word ("sidbar"), a letter doubled ("siddebar"), a key next to the meant one
 * ("sesrch"), an accent left off ("configuracion"), or a British spelling of an American
 * word ("colour", "customise"). A letter added that is none of these ("timer" for "time"), a
 * letter swapped for a far key ("smell" for "small") and a word cut short ("regist" for
 * "registr", the stem of "registry") are other words, not slips.
 */

const KEYBOARD_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Neighbouring keys on a QWERTY keyboard, both ways. */
const NEAR_KEYS: ReadonlySet<string> = (() => {
  const near = new Set<string>();
  const pair = (a: string | undefined, b: string | undefined) => {
    if (a && b) near.add(a + b).add(b + a);
  };
  KEYBOARD_ROWS.forEach((row, r) => {
    const below = KEYBOARD_ROWS[r + 1] ?? '';
    for (let c = 0; c < row.length; c++) {
      pair(row[c], row[c + 1]);
      pair(row[c], below[c - 1]);
      pair(row[c], below[c]);
    }
  });
  return near;
})();

const MARKS = /\p{M}/gu;
const bare = (letter: string) => letter.normalize('NFD').replace(MARKS, '');

/** Whether typing `typed` for `meant` at one position is a slip of one letter. */
function slippedLetter(typed: string, meant: string): boolean {
  return (
    NEAR_KEYS.has(typed + meant) ||
    (bare(typed) === bare(meant) && typed !== meant) ||
    // British -ise, -yse, -isation for American -ize, -yze, -ization.
    (typed === 's' && meant === 'z')
  );
}

/**
 * The fewest slips that turn `meant` (a word of the site) into `typed` (the reader's), or
 * Infinity when it takes more than `max` or anything that is not a slip.
 */
export function slipsBetween(typed: string, meant: string, max: number): number {
  const memo = new Map<number, number>();
  const width = meant.length + 1;
  const walk = (i: number, j: number): number => {
    if (i === typed.length) return j === meant.length ? 0 : Number.POSITIVE_INFINITY;
    const key = i * width + j;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Number.POSITIVE_INFINITY;
    const t = typed[i]!;
    const m = meant[j];
    if (m !== undefined) {
      if (t === m) best = walk(i + 1, j + 1);
      else if (slippedLetter(t, m)) best = 1 + walk(i + 1, j + 1);
      // Two neighbouring letters swapped.
      if (t !== m && t === meant[j + 1] && typed[i + 1] === m) {
        best = Math.min(best, 1 + walk(i + 2, j + 2));
      }
      // A letter of the meant word left out (never its last: a word cut short is another form).
      if (j + 1 < meant.length) best = Math.min(best, 1 + walk(i, j + 1));
    }
    // A letter typed twice, or the "u" of British "-our" ("colour" for "color").
    if (t === typed[i - 1] || t === typed[i + 1] || (t === 'u' && typed[i - 1] === 'o')) {
      best = Math.min(best, 1 + walk(i + 1, j));
    }
    best = best > max ? Number.POSITIVE_INFINITY : best;
    memo.set(key, best);
    return best;
  };
  return walk(0, 0);
}
