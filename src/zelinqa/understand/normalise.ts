// Text normalisation N(s), tokens and similarity of docs/zelinqa-api.md §10.5.1.

const COMBINING_MARKS = /\p{M}/gu;
const APOSTROPHES = /['\u2019\u2018\u02BC`´]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/** N(s): NFKD, drop combining marks, lowercase, apostrophes and non-alphanumerics to spaces, collapse, trim. */
export function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(COMBINING_MARKS, "")
    .toLowerCase()
    .replace(APOSTROPHES, " ")
    .replace(NOT_LETTER_OR_DIGIT, " ")
    .replace(/ +/g, " ")
    .trim();
}

export function tokenise(text: string): string[] {
  const n = normalise(text);
  return n === "" ? [] : n.split(" ");
}

/** 1.0 when N(a) = N(b); otherwise Jaccard similarity of the token sets, tokens of length ≥ 3 only. */
export function similarity(a: string, b: string): number {
  const na = normalise(a);
  const nb = normalise(b);
  if (na === nb) return 1;
  const sa = new Set(na.split(" ").filter((t) => t.length >= 3));
  const sb = new Set(nb.split(" ").filter((t) => t.length >= 3));
  if (sa.size === 0 && sb.size === 0) return 0;
  let inter = 0;
  for (const t of sa) if (sb.has(t)) inter += 1;
  return inter / (sa.size + sb.size - inter);
}

/** True when the phrase's tokens occur contiguously in `tokens` (whole-phrase match on normalised text). */
export function containsPhrase(tokens: readonly string[], phrase: readonly string[]): boolean {
  return findPhrase(tokens, phrase, 0) >= 0;
}

export function findPhrase(tokens: readonly string[], phrase: readonly string[], from: number): number {
  if (phrase.length === 0) return -1;
  outer: for (let i = from; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return i;
  }
  return -1;
}
