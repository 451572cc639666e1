// Damerau–Levenshtein distance (optimal string alignment) used by the fuzzy phrase match of docs/zelinqa-api.md §10.5.2.

/** Three rows of the distance matrix, reused by every call (grown for longer words). */
let rows = new Int32Array(3 * 64);

/**
 * Distance between two strings (optimal string alignment). With a finite `max`, only the cells within `max` of the
 * diagonal are computed (no path through the others stays within `max`), it stops as soon as a whole row exceeds
 * `max`, and any distance over `max` is returned as `max + 1`. Allocation-free: the fuzzy match of docs/zelinqa-api.md §10.5.2 calls it
 * for every word of a reply against every word of the labels.
 */
export function damerauLevenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const cols = b.length + 1;
  if (rows.length < 3 * cols) rows = new Int32Array(6 * cols);
  const d = rows;
  const bounded = Number.isFinite(max);
  const band = bounded ? max : a.length + b.length;
  // Stands for every cell outside the band: more than `max`, and more than any real distance when unbounded.
  const beyond = bounded ? max + 1 : a.length + b.length + 1;
  let before = 0; // row i - 2
  let prev = cols; // row i - 1
  let cur = 2 * cols; // row i
  for (let j = 0; j < cols; j++) d[prev + j] = j <= band ? j : beyond;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - band);
    const hi = Math.min(cols - 1, i + band);
    d[cur] = i <= band ? i : beyond;
    if (lo > 1) d[cur + lo - 1] = beyond;
    let rowMin = d[cur]!;
    const ai = a.charCodeAt(i - 1);
    for (let j = lo; j <= hi; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(d[prev + j]! + 1, d[cur + j - 1]! + 1, d[prev + j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) v = Math.min(v, d[before + j - 2]! + 1);
      d[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (hi < cols - 1) d[cur + hi + 1] = beyond;
    if (rowMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  const distance = d[prev + cols - 1]!;
  return bounded ? Math.min(distance, max + 1) : distance;
}

/** docs/zelinqa-api.md §10.5.2 token tolerance: exact under 4 characters, ≤ 1 for 4–7, ≤ 2 for 8 and more. */
export function tokensMatchFuzzily(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  if (expected.length < 4) return false;
  const max = expected.length >= 8 ? 2 : 1;
  return damerauLevenshtein(expected, actual, max) <= max;
}
