// Damerau–Levenshtein distance (optimal string alignment) used by the fuzzy phrase match of docs/zelinqa-api.md §10.5.2.

/** Distance between two strings, stopping early once it is certain to exceed `max`. */
export function damerauLevenshtein(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => {
    const row = new Array<number>(cols).fill(0);
    row[0] = i;
    return row;
  });
  const first = d[0] as number[];
  for (let j = 0; j < cols; j++) first[j] = j;
  for (let i = 1; i < rows; i++) {
    const row = d[i] as number[];
    const prev = d[i - 1] as number[];
    let rowMin = Number.POSITIVE_INFINITY;
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (row[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
  }
  return (d[rows - 1] as number[])[cols - 1] as number;
}

/** docs/zelinqa-api.md §10.5.2 token tolerance: exact under 4 characters, ≤ 1 for 4–7, ≤ 2 for 8 and more. */
export function tokensMatchFuzzily(expected: string, actual: string): boolean {
  if (expected === actual) return true;
  if (expected.length < 4) return false;
  const max = expected.length >= 8 ? 2 : 1;
  return damerauLevenshtein(expected, actual, max) <= max;
}
